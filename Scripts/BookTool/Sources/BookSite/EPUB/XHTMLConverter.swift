import BookKit
import Foundation

/// Turns the HTML of a site page's article into well-formed XHTML for an e-book page, keeping its markup:
/// void elements closed (`<img …>` → `<img …/>`), attributes quoted, only XML's five named characters
/// (`&nbsp;` → `&#160;`), ids made XML names, elements left open closed at the end.
///
/// Links are rewritten for the e-book: `02-x.html#a` → `02-x.xhtml#a`, web addresses kept, and a link to
/// anything the e-book lacks (a changes page, a source file) becomes its text in a `<span>`. The site's
/// heading anchors (`<a class="anchor">#</a>`) and anything scripted are left out; raw HTML that is no
/// HTML element (`<diet>` written in prose) is shown as the text it was written as.
struct XHTMLConverter {
  /// Where links may lead inside the e-book.
  struct Destinations: Sendable {
    /// Each chapter's site page name and its e-book document: `01-x.html` → `01-x.xhtml`.
    var documents: [String: String]
    /// The other files of the e-book that pages may use, by path (`images/a.svg`).
    var resources: Set<String>
  }

  /// An element written (or left out) and not yet closed.
  private struct OpenElement {
    /// The name as the source matched it (lowercased outside SVG).
    var name: String
    /// The name written (`span` for a link the e-book cannot follow), or nil when left out.
    var written: String?
    /// Whether the element is SVG or inside SVG, where names keep their case.
    var inSVG: Bool
  }

  let destinations: Destinations
  private let bytes: [UInt8]
  private var position = 0
  private var out: [UInt8] = []
  private var open: [OpenElement] = []
  /// The depth in `open` of the element being left out with its content, if any.
  private var skippedDepth: Int?

  /// The XHTML of `html`.
  static func convert(_ html: some Collection<UInt8>, destinations: Destinations) -> String {
    var converter = XHTMLConverter(destinations: destinations, bytes: Array(html))
    converter.run()
    return String(decoding: converter.out, as: UTF8.self)
  }

  private init(destinations: Destinations, bytes: [UInt8]) {
    self.destinations = destinations
    self.bytes = bytes
    self.out.reserveCapacity(bytes.count + bytes.count / 16)
  }

  private mutating func run() {
    while self.position < self.bytes.count {
      switch self.bytes[self.position] {
      case UInt8(ascii: "<"): self.markup()
      case UInt8(ascii: "&"): self.characterReference()
      case UInt8(ascii: ">"):
        self.write("&gt;")
        self.position += 1
      case let byte:
        if byte >= 0x20 || byte == 0x9 || byte == 0xA || byte == 0xD { self.write(byte) }
        self.position += 1
      }
    }
    while !self.open.isEmpty { self.closeLast() }
  }

  // MARK: Writing

  private mutating func write(_ byte: UInt8) {
    if self.skippedDepth == nil { self.out.append(byte) }
  }

  private mutating func write(_ text: String) {
    if self.skippedDepth == nil { self.out.append(contentsOf: text.utf8) }
  }

  /// Source bytes written as text: `<diet>` → `&lt;diet&gt;`.
  private mutating func writeAsText(_ range: Range<Int>) {
    for byte in self.bytes[range] {
      switch byte {
      case UInt8(ascii: "<"): self.write("&lt;")
      case UInt8(ascii: ">"): self.write("&gt;")
      case UInt8(ascii: "&"): self.write("&amp;")
      case let byte where byte >= 0x20 || byte == 0x9 || byte == 0xA || byte == 0xD: self.write(byte)
      default: break
      }
    }
  }

  // MARK: Character references

  /// `&…;` in text: XML's five kept, numbers and known names written as numbers, anything else as text.
  private mutating func characterReference() {
    let (replacement, length) = self.reference(at: self.position)
    self.write(replacement)
    self.position += length
  }

  /// What a `&` at `start` stands for in XML, and how many bytes it takes in the source.
  private func reference(at start: Int) -> (String, Int) {
    let limit = min(self.bytes.count, start + 40)
    guard let end = self.bytes[start..<limit].firstIndex(of: UInt8(ascii: ";")), end > start + 1 else {
      return ("&amp;", 1)
    }
    let name = String(decoding: self.bytes[(start + 1)..<end], as: UTF8.self)
    if Self.xmlCharacters.contains(name) { return ("&\(name);", end - start + 1) }
    if let value = Self.namedCharacters[name] { return ("&#\(value);", end - start + 1) }
    if name.hasPrefix("#") {
      let digits = name.dropFirst()
      let value =
        digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
      guard let value else { return ("&amp;", 1) }
      return (Self.isXMLCharacter(value) ? "&#\(value);" : "\u{FFFD}", end - start + 1)
    }
    return ("&amp;", 1)
  }

  /// An attribute's source bytes as text: its character references decoded.
  private func decodedValue(_ range: Range<Int>) -> String {
    var text = ""
    var index = range.lowerBound
    var pending: [UInt8] = []
    while index < range.upperBound {
      let byte = self.bytes[index]
      guard byte == UInt8(ascii: "&") else {
        pending.append(byte)
        index += 1
        continue
      }
      let (replacement, length) = self.reference(at: index)
      text += String(decoding: pending, as: UTF8.self) + Self.unescapedReference(replacement)
      pending = []
      index += min(length, range.upperBound - index)
    }
    return text + String(decoding: pending, as: UTF8.self)
  }

  /// The character an XML reference written by `reference(at:)` stands for.
  private static func unescapedReference(_ reference: String) -> String {
    switch reference {
    case "&amp;": "&"
    case "&lt;": "<"
    case "&gt;": ">"
    case "&quot;": "\""
    case "&apos;": "'"
    default:
      if reference.hasPrefix("&#"), let value = UInt32(reference.dropFirst(2).dropLast()),
        let scalar = Unicode.Scalar(value)
      {
        String(scalar)
      } else {
        reference
      }
    }
  }

  // MARK: Markup

  /// A `<` in the source: a comment, a declaration, a start or end tag, or a `<` of the text.
  private mutating func markup() {
    let next = self.position + 1 < self.bytes.count ? self.bytes[self.position + 1] : 0
    if self.hasPrefix("<!--") {
      self.position = self.index(after: "-->", from: self.position + 4)
    } else if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
      self.position = self.index(after: ">", from: self.position + 2)
    } else if next == UInt8(ascii: "/"), self.isLetter(at: self.position + 2) {
      self.endTag()
    } else if self.isLetter(at: self.position + 1) {
      self.startTag()
    } else {
      self.write("&lt;")
      self.position += 1
    }
  }

  private func hasPrefix(_ text: String) -> Bool {
    let prefix = Array(text.utf8)
    return self.bytes.count - self.position >= prefix.count
      && Array(self.bytes[self.position..<(self.position + prefix.count)]) == prefix
  }

  /// The index just past the first `text` at or after `start`, or the end of the source.
  private func index(after text: String, from start: Int) -> Int {
    let needle = Array(text.utf8)
    var index = start
    while index + needle.count <= self.bytes.count {
      if self.bytes[index] == needle[0], Array(self.bytes[index..<(index + needle.count)]) == needle {
        return index + needle.count
      }
      index += 1
    }
    return self.bytes.count
  }

  private func isLetter(at index: Int) -> Bool {
    guard index < self.bytes.count else { return false }
    return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self.bytes[index] | 0x20)
  }

  private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x9 || byte == 0xA || byte == 0xD || byte == 0xC
  }

  /// Reads a name from `position` up to a space, `/`, `>` or (for attributes) `=`.
  private mutating func readName(stoppingAtEquals: Bool) -> String {
    let start = self.position
    while self.position < self.bytes.count {
      let byte = self.bytes[self.position]
      if self.isSpace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
        || (stoppingAtEquals && byte == UInt8(ascii: "="))
      {
        break
      }
      self.position += 1
    }
    return String(decoding: self.bytes[start..<self.position], as: UTF8.self)
  }

  private mutating func skipSpaces() {
    while self.position < self.bytes.count, self.isSpace(self.bytes[self.position]) { self.position += 1 }
  }
}

extension XHTMLConverter {
  /// An attribute as the source wrote it: its name and its value's source bytes (nil when it has none).
  fileprivate struct SourceAttribute {
    var name: String
    var value: Range<Int>?
  }

  /// A start tag: kept, rewritten, shown as text, or left out with its content.
  fileprivate mutating func startTag() {
    let start = self.position
    self.position += 1
    let rawName = self.readName(stoppingAtEquals: false)
    var attributes: [SourceAttribute] = []
    var selfClosing = false
    var closed = false
    while self.position < self.bytes.count {
      self.skipSpaces()
      guard self.position < self.bytes.count else { break }
      let byte = self.bytes[self.position]
      if byte == UInt8(ascii: ">") {
        self.position += 1
        closed = true
        break
      }
      if byte == UInt8(ascii: "/") {
        self.position += 1
        selfClosing = self.position < self.bytes.count && self.bytes[self.position] == UInt8(ascii: ">")
        continue
      }
      let name = self.readName(stoppingAtEquals: true)
      guard !name.isEmpty else {
        self.position += 1
        continue
      }
      attributes.append(SourceAttribute(name: name, value: self.readValue()))
    }
    guard closed else {
      // No `>` before the end: the `<` was text.
      self.position = start + 1
      self.write("&lt;")
      return
    }
    self.element(rawName, attributes: attributes, selfClosing: selfClosing, source: start..<self.position)
  }

  /// After an attribute's name: the source range of its value, if it has one.
  private mutating func readValue() -> Range<Int>? {
    self.skipSpaces()
    guard self.position < self.bytes.count, self.bytes[self.position] == UInt8(ascii: "=") else { return nil }
    self.position += 1
    self.skipSpaces()
    guard self.position < self.bytes.count else { return nil }
    let quote = self.bytes[self.position]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      let start = self.position + 1
      let end = self.bytes[start...].firstIndex(of: quote) ?? self.bytes.count
      self.position = min(end + 1, self.bytes.count)
      return start..<end
    }
    let start = self.position
    while self.position < self.bytes.count, !self.isSpace(self.bytes[self.position]),
      self.bytes[self.position] != UInt8(ascii: ">")
    {
      self.position += 1
    }
    return start..<self.position
  }

  /// Writes (or leaves out) the element a start tag opens.
  private mutating func element(
    _ rawName: String, attributes: [SourceAttribute], selfClosing: Bool, source: Range<Int>
  ) {
    let inSVG = self.open.last?.inSVG ?? false
    let name = inSVG ? rawName : rawName.lowercased()
    if !inSVG, Self.droppedElements.contains(name) {
      if !selfClosing { self.position = self.endOfRawText(name) }
      return
    }
    guard inSVG || Self.knownElements.contains(name) else {
      self.writeAsText(source)
      return
    }
    var values: [(name: String, value: String)] = []
    for attribute in attributes {
      // SVG's attribute names keep their case (`viewBox`), on `<svg>` itself too.
      let attributeName = inSVG || name == "svg" ? attribute.name : attribute.name.lowercased()
      guard Self.isWritableAttribute(attributeName), !values.contains(where: { $0.name == attributeName }) else {
        continue
      }
      values.append((attributeName, attribute.value.map(self.decodedValue) ?? attributeName))
    }
    let written = self.rewrite(name, attributes: &values, inSVG: inSVG)
    let isEmpty = selfClosing || (!inSVG && Self.voidElements.contains(name))
    guard let written else {
      if !isEmpty { self.push(OpenElement(name: name, written: nil, inSVG: inSVG), skipped: true) }
      return
    }
    if name == "img", written == "span" {
      // A picture the e-book lacks: its text alternative instead.
      let alt = values.first { $0.name == "title" }?.value ?? ""
      self.write("<span class=\"missing-picture\">\(Self.xmlText(alt))</span>")
      return
    }
    self.write("<" + written)
    for (attributeName, value) in values { self.write(" \(attributeName)=\"\(Self.xmlText(value))\"") }
    if isEmpty {
      self.write("/>")
    } else {
      self.write(">")
      self.push(OpenElement(name: name, written: written, inSVG: inSVG || name == "svg"), skipped: false)
    }
  }

  /// Text escaped for XML content or a double-quoted attribute, without the characters XML forbids.
  static func xmlText(_ text: String) -> String {
    let allowed = text.unicodeScalars.allSatisfy { Self.isXMLCharacter($0.value) }
    return MarkupText.escape(allowed ? text : String(text.unicodeScalars.filter { Self.isXMLCharacter($0.value) }))
  }

  /// An attribute name that XML accepts and an e-book keeps: no event handler, no unknown prefix.
  private static func isWritableAttribute(_ name: String) -> Bool {
    guard let first = name.utf8.first, !name.lowercased().hasPrefix("on") else { return false }
    let isNameStart = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) || first == UInt8(ascii: "_")
    let allowed = name.utf8.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (0x30...0x39).contains(byte)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: ":")
    }
    let prefix = name.split(separator: ":", omittingEmptySubsequences: false)
    return isNameStart && allowed && (prefix.count == 1 || (prefix.count == 2 && ["xml", "xlink"].contains(prefix[0])))
  }

  private mutating func push(_ element: OpenElement, skipped: Bool) {
    if skipped, self.skippedDepth == nil { self.skippedDepth = self.open.count }
    self.open.append(element)
  }

  /// The index just past `</name…>` (any case), or the end of the source.
  private func endOfRawText(_ name: String) -> Int {
    let needle = Array("</\(name)".utf8)
    var index = self.position
    while index + needle.count <= self.bytes.count {
      if self.bytes[index] == UInt8(ascii: "<"),
        zip(self.bytes[index..<(index + needle.count)], needle).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
      {
        return self.bytes[index...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? self.bytes.count
      }
      index += 1
    }
    return self.bytes.count
  }

  /// An end tag: closes its element and any left open inside it; shown as text when it ends no HTML
  /// element (`</diet>`), ignored when it ends nothing open.
  fileprivate mutating func endTag() {
    let start = self.position
    self.position += 2
    let name = self.readName(stoppingAtEquals: false).lowercased()
    self.position = self.index(after: ">", from: self.position)
    if let depth = self.open.lastIndex(where: { $0.name.lowercased() == name }) {
      while self.open.count > depth { self.closeLast() }
    } else if !(self.open.last?.inSVG ?? false), !Self.knownElements.contains(name),
      !Self.droppedElements.contains(name)
    {
      self.writeAsText(start..<self.position)
    }
  }

  /// Closes the innermost open element.
  fileprivate mutating func closeLast() {
    let element = self.open.removeLast()
    if let written = element.written { self.write("</\(written)>") }
    if self.skippedDepth == self.open.count { self.skippedDepth = nil }
  }
}
