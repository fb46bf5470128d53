import BookKit
import Foundation

/// Checks a rendered site as a reader would find it published alone: every `href` and `src` of every
/// page names a file of the site (and, with a fragment, an id on that page), or is an absolute URL
/// (`https://…`, `mailto:…`), which the chapters or `book.json` wrote. `book check` runs it on the site
/// it would write, so a renderer bug that links out of `Site/` (say, into `../Sources/`) fails the check.
///
/// `<a href="../Sources/M/A.swift">` in `01-one.html` → `Site/01-one.html:12: error: link
/// '../Sources/M/A.swift' leaves the site [broken-site-link]`.
package enum SiteLinkCheck {
  /// Every link of `files` (paths inside the site → bytes) that does not resolve inside the site, located
  /// in `folder` (the site's folder in the workspace, for the diagnostics' paths).
  package static func check(_ files: [String: Data], folder: String) -> [Diagnostic] {
    let pages = files.keys.filter { $0.hasSuffix(".html") }.sorted()
    let scanned = Parallel.map(pages) { Self.attributes(in: files[$0]!) }
    let ids = Dictionary(uniqueKeysWithValues: zip(pages, scanned.map { Set($0.ids) }))
    let found = Parallel.map(Array(pages.indices)) { index in
      let page = pages[index]
      let folderOfPage = page.split(separator: "/").dropLast().joined(separator: "/")
      return scanned[index].links.compactMap { link -> Diagnostic? in
        guard let message = Self.problem(link.value, folder: folderOfPage, page: page, files: files, ids: ids)
        else { return nil }
        let (line, column) = Self.position(of: link.offset, in: files[page]!)
        let path = folder.isEmpty ? page : "\(folder)/\(page)"
        return Diagnostic(
          .error, id: .brokenSiteLink, at: SourceLocation(path: path, line: line, column: column), message)
      }
    }
    return found.flatMap { $0 }
  }

  /// What is wrong with one URL of `page`, or nil when it resolves.
  static func problem(
    _ url: String, folder: String, page: String, files: [String: Data], ids: [String: Set<String>]
  ) -> String? {
    switch LinkDestination(url) {
    case .external, .empty:
      return nil
    case .absolute:
      return "link '\(url)' starts at the server's root, outside the site"
    case .fragment(let anchor):
      return ids[page]?.contains(anchor) == true ? nil : "link '\(url)' points to no id of this page"
    case .relative(let path, let fragment):
      guard Self.climbsNoHigherThanRoot(path, folder: folder), let resolved = LinkDestination.resolve(path, in: folder)
      else { return "link '\(url)' leaves the site" }
      guard files[resolved] != nil else { return "link '\(url)' names no file of the site (looked for \(resolved))" }
      guard let fragment, resolved.hasSuffix(".html") else { return nil }
      return ids[resolved]?.contains(fragment) == true ? nil : "link '\(url)' points to no id of \(resolved)"
    }
  }

  /// Whether a relative path stays inside the site from `folder` at every step (`../x` from the root
  /// does not, even when the resolved name happens to exist).
  private static func climbsNoHigherThanRoot(_ path: String, folder: String) -> Bool {
    var depth = folder.split(separator: "/").count
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == ".." { depth -= 1 } else if part != "." { depth += 1 }
      if depth < 0 { return false }
    }
    return true
  }

  /// The ids of a page, and its links (`href` and `src` values) with their byte offsets, unescaped.
  struct Attributes {
    var ids: [String] = []
    var links: [(value: String, offset: Int)] = []
  }

  /// The ` id="…"`, ` href="…"` and ` src="…"` attributes of an HTML page, in one pass over its bytes.
  static func attributes(in data: Data) -> Attributes {
    let names = [" id", " href", " src"].map { Array($0.utf8) }
    var found = Attributes()
    data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      guard let base = buffer.baseAddress else { return }
      let count = buffer.count
      var offset = 0
      // Each `="` (memchr finds the `=` fast), then which of the names stands right before it.
      while offset < count, let hit = memchr(base + offset, Int32(UInt8(ascii: "=")), count - offset) {
        let equals = base.distance(to: UnsafeRawPointer(hit))
        offset = equals + 1
        guard offset < count, buffer[offset] == UInt8(ascii: "\"") else { continue }
        let matched = names.firstIndex { name in
          equals >= name.count
            && name.withUnsafeBytes { memcmp(base + equals - name.count, $0.baseAddress!, name.count) == 0 }
        }
        guard let matched else { continue }
        let start = offset + 1
        guard let close = memchr(base + start, Int32(UInt8(ascii: "\"")), count - start) else { break }
        let end = base.distance(to: UnsafeRawPointer(close))
        let value = Self.unescaped(
          String(decoding: UnsafeRawBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self))
        if matched == 0 { found.ids.append(value) } else { found.links.append((value, start)) }
        offset = end
      }
    }
    return found
  }

  /// An attribute's text with the character references the site writes resolved: `a&amp;b` → `a&b`.
  private static func unescaped(_ text: String) -> String {
    guard text.contains("&") else { return text }
    return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#x27;", with: "'")
      .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
  }

  /// The 1-based line and column (in bytes) of a byte offset.
  private static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
    let before = data.prefix(offset)
    let line = before.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.startIndex
    return (line, offset - (lineStart - data.startIndex) + 1)
  }
}
