import Foundation

/// Links, images and ids as an e-book needs them.
extension XHTMLConverter {
  /// The name to write for an element, after rewriting its attributes in place; nil to leave the element
  /// out with its content (a heading's `#` anchor).
  func rewrite(_ name: String, attributes: inout [(name: String, value: String)], inSVG: Bool) -> String? {
    for index in attributes.indices where Self.idAttributes.contains(attributes[index].name) {
      let value = attributes[index].value
      attributes[index].value =
        value.utf8.contains(UInt8(ascii: " "))
        ? value.split(separator: " ").map { Self.xmlID(String($0)) }.joined(separator: " ") : Self.xmlID(value)
    }
    switch name {
    case "svg":
      attributes.removeAll { $0.name == "xmlns" }
      attributes.insert(("xmlns", "http://www.w3.org/2000/svg"), at: 0)
      return name
    case "a" where !inSVG:
      Self.markFootnote(&attributes, idPrefix: "fnref-", hrefPrefix: "#fn-", type: "noteref")
      return self.rewriteLink(&attributes)
    case "li" where !inSVG:
      Self.markFootnote(&attributes, idPrefix: "fn-", hrefPrefix: nil, type: "footnote")
      return name
    case "img" where !inSVG:
      return self.rewriteImage(&attributes)
    default:
      return name
    }
  }

  /// Gives a footnote reference (`<a href="#fn-x" id="fnref-x">`) or a footnote (`<li id="fn-x">`) its
  /// `epub:type`, so that e-readers can show the note where it is referenced.
  private static func markFootnote(
    _ attributes: inout [(name: String, value: String)], idPrefix: String, hrefPrefix: String?, type: String
  ) {
    guard let id = attributes.first(where: { $0.name == "id" })?.value, id.hasPrefix(idPrefix) else { return }
    if let hrefPrefix {
      guard let href = attributes.first(where: { $0.name == "href" })?.value, href.hasPrefix(hrefPrefix) else {
        return
      }
    }
    attributes.append(("epub:type", type))
  }

  /// `a`: the site's heading anchors are left out; a link the e-book can follow is kept (rewritten); any
  /// other becomes a `span` with the link's text.
  private func rewriteLink(_ attributes: inout [(name: String, value: String)]) -> String? {
    let classes = attributes.first { $0.name == "class" }?.value ?? ""
    if Self.hasClass("anchor", in: classes) { return nil }
    guard let index = attributes.firstIndex(where: { $0.name == "href" }) else { return "a" }
    if let href = self.bookHref(attributes[index].value) {
      attributes[index].value = href
      return "a"
    }
    attributes.removeAll { Self.linkAttributes.contains($0.name) }
    return "span"
  }

  /// Whether a space-separated list of classes holds `name`: `anchor` in `"x anchor"`.
  private static func hasClass(_ name: String, in classes: String) -> Bool {
    guard classes.utf8.allSatisfy({ $0 < 0x80 }) else {
      return classes == name || classes.split(separator: " ").contains(Substring(name))
    }
    // ASCII: every character is one byte.
    return classes.utf8.split(separator: UInt8(ascii: " ")).contains { $0.elementsEqual(name.utf8) }
  }

  /// The attributes of a link that a `span` has no use for.
  private static let linkAttributes: Set<String> = ["href", "rel", "target", "download", "hreflang", "type", "ping"]

  /// `img`: kept when its picture is in the e-book; otherwise its text alternative in a `span`.
  private func rewriteImage(_ attributes: inout [(name: String, value: String)]) -> String? {
    let source = attributes.first { $0.name == "src" }?.value ?? ""
    if self.destinations.resources.contains(Self.percentDecoded(Self.withoutDotSlash(source))) {
      if !attributes.contains(where: { $0.name == "alt" }) { attributes.append(("alt", "")) }
      return "img"
    }
    let alt = attributes.first { $0.name == "alt" }?.value ?? ""
    attributes = [("class", "missing-picture"), ("title", alt)]
    return "span"
  }

  /// Where a link leads in the e-book, or nil when it leads out of it to a file it does not hold.
  ///
  /// `#a` → `#a`; `02-x.html#a` → `02-x.xhtml#a`; `https://…` → itself; `../Sources/A.swift` → nil.
  func bookHref(_ href: String) -> String? {
    if href.hasPrefix("#") { return "#" + Self.xmlID(Self.percentDecoded(String(href.dropFirst()))) }
    if let scheme = Self.scheme(of: href) {
      return ["http", "https", "mailto"].contains(scheme.lowercased()) ? href : nil
    }
    let parts = Self.splitAtFragment(href)
    let path = Self.withoutDotSlash(parts.path)
    let decoded = Self.percentDecoded(path)
    let target: String
    if let document = self.destinations.documents[decoded] {
      target = document
    } else if self.destinations.resources.contains(decoded) {
      target = path
    } else {
      return nil
    }
    return target + (parts.fragment.map { "#" + Self.xmlID(Self.percentDecoded($0)) } ?? "")
  }

  /// A link's path and the fragment after its first `#`, if it has one: `a.html#b` → (`a.html`, `b`).
  private static func splitAtFragment(_ href: String) -> (path: String, fragment: String?) {
    if href.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII: every character is one byte.
      guard let hash = href.utf8.firstIndex(of: UInt8(ascii: "#")) else { return (href, nil) }
      return (String(href[..<hash]), String(href[href.utf8.index(after: hash)...]))
    }
    let parts = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    return (String(parts[0]), parts.count > 1 ? String(parts[1]) : nil)
  }

  /// A URL's scheme (`https`), if it has one: letters, digits, `+`, `-`, `.` before the first `:`, which
  /// comes before any `/`, `?` or `#`.
  private static func scheme(of href: String) -> Substring? {
    if href.utf8.allSatisfy({ $0 < 0x80 }) { return Self.asciiScheme(of: href) }
    guard let colon = href.firstIndex(of: ":") else { return nil }
    let scheme = href[..<colon]
    guard let first = scheme.unicodeScalars.first, first.properties.isAlphabetic,
      scheme.unicodeScalars.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || "0123456789+-.".unicodeScalars.contains($0))
      })
    else { return nil }
    return scheme
  }

  /// The same for an ASCII link, by bytes (every character is one byte, and no ASCII letter is alphabetic
  /// in another script).
  private static func asciiScheme(of href: String) -> Substring? {
    let bytes = href.utf8
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), let first = bytes.first,
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20)
    else { return nil }
    let isSchemeByte = { (byte: UInt8) in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
    guard bytes[..<colon].allSatisfy(isSchemeByte) else { return nil }
    return href[..<colon]
  }

  private static func withoutDotSlash(_ path: String) -> String {
    var path = Substring(path)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    return String(path)
  }

  /// `a%20b` → `a b`; an invalid escape is kept as it is.
  static func percentDecoded(_ text: String) -> String {
    guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
    return text.removingPercentEncoding ?? text
  }
}
