import Foundation

/// What a link or image destination is, as far as checking it goes.
///
/// `https://x.org` → `.external`; `#the-store` → `.fragment("the-store")`;
/// `02-x.md#y` → `.relative(path: "02-x.md", fragment: "y")`; `/x` → `.absolute("/x")`.
enum LinkDestination: Hashable, Sendable {
  /// A URL with a scheme (`https:`, `mailto:`, `data:`) or a protocol-relative `//host/…`.
  case external(scheme: String?)
  /// `#id`: an anchor on the same page.
  case fragment(String)
  /// A path relative to the chapter file, percent-decoded, with its fragment (nil when there is none).
  case relative(path: String, fragment: String?)
  /// A path from the root of the server: it breaks when the site is opened from `file://`.
  case absolute(String)
  /// An empty destination, `[text]()`: the top of the same page.
  case empty

  /// Classifies a destination as written in the chapter.
  init(_ destination: String) {
    if destination.isEmpty {
      self = .empty
    } else if destination.hasPrefix("#") {
      self = .fragment(Self.decoded(String(destination.dropFirst())))
    } else if destination.hasPrefix("//") {
      self = .external(scheme: nil)
    } else if let scheme = Self.scheme(of: destination) {
      self = .external(scheme: scheme.lowercased())
    } else if destination.hasPrefix("/") {
      self = .absolute(destination)
    } else {
      let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
      let path = parts[0].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let fragment = parts.count > 1 && !parts[1].isEmpty ? Self.decoded(String(parts[1])) : nil
      self = .relative(path: Self.decoded(String(path)), fragment: fragment)
    }
  }

  /// The scheme of `scheme:rest` (letters, then letters, digits, `+`, `-`, `.`), if the text has one.
  private static func scheme(of destination: String) -> String? {
    guard let colon = destination.firstIndex(of: ":") else { return nil }
    let scheme = destination[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter else { return nil }
    let allowed = scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    return allowed ? String(scheme) : nil
  }

  /// Percent-decoded text, or the text itself when it is not valid percent-encoding.
  private static func decoded(_ text: String) -> String {
    // Without a `%` there is nothing to decode (and Foundation's decoder gives the text back).
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    return text.removingPercentEncoding ?? text
  }

  /// `folder` joined with a relative `path`, with `.` and `..` resolved: `Chapters` + `../README.md` →
  /// `README.md`; nil when the path climbs out of the workspace.
  static func resolve(_ path: String, in folder: String) -> String? {
    var parts = folder.split(separator: "/").map(String.init)
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch part {
      case ".": continue
      case "..":
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      default: parts.append(String(part))
      }
    }
    return parts.joined(separator: "/")
  }
}

extension LinkDestination {
  /// Whether an image source is a file beside the chapters (copied into the site), not a URL.
  static func isLocalFile(_ source: String) -> Bool {
    !source.isEmpty && !source.contains(":") && !source.hasPrefix("/") && !source.hasPrefix("#")
      && !source.split(separator: "/").contains("..")
  }
}
