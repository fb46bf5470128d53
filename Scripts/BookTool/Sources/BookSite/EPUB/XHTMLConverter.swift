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

  /// What a start tag becomes. Its bytes lie in the converter's `store`, so that writing a tag met before
  /// and opening its element retain nothing.
  struct Tag {
    /// Where the XHTML written for it lies in `store`.
    var text: Range<Int>
    /// The element it opens, if any.
    var opened: OpenElement?
  }

  /// An element written (or left out) and not yet closed.
  struct OpenElement {
    /// Where its name lies in `store`: in lowercase, as end tags are matched.
    let name: Range<Int>
    /// Where the end tag written for it lies in `store` (`</span>` for a link the e-book cannot follow), or
    /// nil when it is left out with its content.
    let endTag: Range<Int>?
    /// Whether the element is SVG or inside SVG, where names keep their case.
    let inSVG: Bool
  }

  let destinations: Destinations
  /// The source, followed by a NUL (a stop of every text run).
  private let bytes: [UInt8]
  /// The source's length (the NUL's index).
  private let end: Int
  private var position = 0
  private var out: [UInt8] = []
  private var open: [OpenElement] = []
  /// The depth in `open` of the element being left out with its content, if any.
  private var skippedDepth: Int?
  /// What each start tag met so far became, by its source bytes and whether it is inside SVG. Books
  /// repeat a few tags thousands of times (`<span class="hl-keyword">`); each is parsed once.
  private var tags = TagTable()
  /// The bytes of every tag's XHTML, element name and end tag made so far.
  private var store: [UInt8] = []

  /// The XHTML of `html`.
  static func convert(_ html: some Collection<UInt8>, destinations: Destinations) -> String {
    String(decoding: Self.convertedBytes(html, destinations: destinations), as: UTF8.self)
  }

  /// The XHTML of `html`, as UTF-8.
  static func convertedBytes(_ html: some Collection<UInt8>, destinations: Destinations) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(html.count + 1)
    bytes.append(contentsOf: html)
    bytes.append(0)
    var converter = XHTMLConverter(destinations: destinations, bytes: bytes)
    converter.run()
    return converter.out
  }

  private init(destinations: Destinations, bytes: [UInt8]) {
    self.destinations = destinations
    self.bytes = bytes
    self.end = bytes.count - 1
    self.out.reserveCapacity(bytes.count + bytes.count / 16)
  }

  private mutating func run() {
    while self.position < self.end {
      switch self.bytes[self.position] {
      case UInt8(ascii: "<"): self.markup()
      case UInt8(ascii: "&"): self.characterReference()
      case UInt8(ascii: ">"):
        self.write("&gt;")
        self.position += 1
      default:
        let length = self.textLength(from: self.position)
        if length == 0 {
          self.position += 1  // a character XML forbids (a control character, NUL)
        } else {
          if self.skippedDepth == nil {
            let range = self.position..<(self.position + length)
            self.bytes.withUnsafeBufferPointer { self.out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
          }
          self.position += length
        }
      }
    }
    while !self.open.isEmpty { self.closeLast() }
  }

  /// Whether a byte ends a run of plain text: markup, references, and the control characters XML forbids
  /// (NUL among them), by byte value.
  private static let isTextStop: [Bool] = (0...255).map { byte in
    byte < 0x20 && ![0x9, 0xA, 0xD].contains(byte) || [0x3C, 0x26, 0x3E].contains(byte)
  }

  /// How many bytes from `start` are plain text (this runs over every byte; the C library's `strcspn`
  /// builds its table of stops again on each call, and Swift's `SIMD16` compares were slower still).
  private func textLength(from start: Int) -> Int {
    self.bytes.withUnsafeBufferPointer { buffer in
      Self.isTextStop.withUnsafeBufferPointer { isTextStop in
        var index = start
        while index < self.end, !isTextStop[Int(buffer[index])] { index += 1 }
        return index - start
      }
    }
  }

  /// The index of the first `byte` at or after `start`, or the end of the source.
  private func index(of byte: UInt8, from start: Int) -> Int {
    guard start < self.end else { return self.end }
    return self.bytes.withUnsafeBufferPointer { buffer in
      guard let found = memchr(buffer.baseAddress! + start, Int32(byte), self.end - start) else { return self.end }
      return buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  // MARK: Writing

  private mutating func write(_ text: String) {
    if self.skippedDepth == nil { self.out.append(contentsOf: text.utf8) }
  }

  /// Writes bytes of `store`.
  private mutating func writeStored(_ range: Range<Int>) {
    guard self.skippedDepth == nil else { return }
    self.store.withUnsafeBufferPointer { self.out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Keeps some bytes in `store`: where they lie.
  private mutating func stored(_ bytes: some Sequence<UInt8>) -> Range<Int> {
    let start = self.store.count
    self.store.append(contentsOf: bytes)
    return start..<self.store.count
  }

  /// An element named `name` (in lowercase), written as `written` or left out (nil).
  private mutating func element(name: String, written: String?, inSVG: Bool) -> OpenElement {
    OpenElement(name: self.stored(name.utf8), endTag: written.map { self.stored("</\($0)>".utf8) }, inSVG: inSVG)
  }

  /// Source bytes as text: `<diet>` → `&lt;diet&gt;`.
  private func text(_ range: Range<Int>) -> String {
    var text: [UInt8] = []
    for byte in self.bytes[range] {
      switch byte {
      case UInt8(ascii: "<"): text += "&lt;".utf8
      case UInt8(ascii: ">"): text += "&gt;".utf8
      case UInt8(ascii: "&"): text += "&amp;".utf8
      case let byte where byte >= 0x20 || byte == 0x9 || byte == 0xA || byte == 0xD: text.append(byte)
      default: break
      }
    }
    return String(decoding: text, as: UTF8.self)
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
    let limit = min(self.end, start + 40)
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
    guard self.index(of: UInt8(ascii: "&"), from: range.lowerBound) < range.upperBound else {
      return String(decoding: self.bytes[range], as: UTF8.self)
    }
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
    let next = self.position + 1 < self.end ? self.bytes[self.position + 1] : 0
    if next == UInt8(ascii: "!"), self.position + 3 < self.end, self.bytes[self.position + 2] == UInt8(ascii: "-"),
      self.bytes[self.position + 3] == UInt8(ascii: "-")
    {
      self.position = self.index(after: "-->", from: self.position + 4)
    } else if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
      self.position = min(self.index(of: UInt8(ascii: ">"), from: self.position + 2) + 1, self.end)
    } else if next == UInt8(ascii: "/"), self.isLetter(at: self.position + 2) {
      self.endTag()
    } else if self.isLetter(at: self.position + 1) {
      self.startTag()
    } else {
      self.write("&lt;")
      self.position += 1
    }
  }

  /// The index just past the first `text` at or after `start`, or the end of the source.
  private func index(after text: String, from start: Int) -> Int {
    let needle = Array(text.utf8)
    var index = start
    while index + needle.count <= self.end {
      if self.bytes[index] == needle[0], Array(self.bytes[index..<(index + needle.count)]) == needle {
        return index + needle.count
      }
      index += 1
    }
    return self.end
  }

  private func isLetter(at index: Int) -> Bool {
    guard index < self.end else { return false }
    return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self.bytes[index] | 0x20)
  }

  private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x9 || byte == 0xA || byte == 0xD || byte == 0xC
  }

  /// Reads a name from `position` up to a space, `/`, `>` or (for attributes) `=`.
  private mutating func readName(stoppingAtEquals: Bool) -> String {
    let start = self.position
    while self.position < self.end {
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
    while self.position < self.end, self.isSpace(self.bytes[self.position]) { self.position += 1 }
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
    let inSVG = self.open.last?.inSVG ?? false
    // A tag met before, up to the first `>` (the parse of the same bytes ends at the same `>`).
    let firstEnd = min(self.index(of: UInt8(ascii: ">"), from: start) + 1, self.end)
    let key = self.bytes.withUnsafeBufferPointer { TagTable.Key(source: $0, start..<firstEnd, inSVG: inSVG) }
    if let known = self.bytes.withUnsafeBufferPointer({ self.tags.tag(for: key, source: $0) }) {
      self.position = firstEnd
      self.apply(known)
      return
    }
    self.position += 1
    let rawName = self.readName(stoppingAtEquals: false)
    var attributes: [SourceAttribute] = []
    var selfClosing = false
    var closed = false
    while self.position < self.end {
      self.skipSpaces()
      guard self.position < self.end else { break }
      let byte = self.bytes[self.position]
      if byte == UInt8(ascii: ">") {
        self.position += 1
        closed = true
        break
      }
      if byte == UInt8(ascii: "/") {
        self.position += 1
        selfClosing = self.position < self.end && self.bytes[self.position] == UInt8(ascii: ">")
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
    let name = inSVG ? rawName : rawName.lowercased()
    if !inSVG, Self.droppedElements.contains(name) {
      if !selfClosing { self.position = self.endOfRawText(name) }
      return
    }
    let tag = self.tag(
      name, attributes: attributes, selfClosing: selfClosing, source: start..<self.position, inSVG: inSVG)
    if self.position == firstEnd { self.tags.insert(tag, for: key) }
    self.apply(tag)
  }

  /// Writes what a start tag became and opens its element.
  private mutating func apply(_ tag: Tag) {
    self.writeStored(tag.text)
    if let opened = tag.opened { self.push(opened, skipped: opened.endTag == nil) }
  }

  /// After an attribute's name: the source range of its value, if it has one.
  private mutating func readValue() -> Range<Int>? {
    self.skipSpaces()
    guard self.position < self.end, self.bytes[self.position] == UInt8(ascii: "=") else { return nil }
    self.position += 1
    self.skipSpaces()
    guard self.position < self.end else { return nil }
    let quote = self.bytes[self.position]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      let start = self.position + 1
      let end = self.bytes[start...].firstIndex(of: quote) ?? self.end
      self.position = min(end + 1, self.end)
      return start..<end
    }
    let start = self.position
    while self.position < self.end, !self.isSpace(self.bytes[self.position]),
      self.bytes[self.position] != UInt8(ascii: ">")
    {
      self.position += 1
    }
    return start..<self.position
  }

  /// What a start tag becomes: its XHTML and the element it opens (none for a void element; one written
  /// as nothing for an element left out with its content).
  private mutating func tag(
    _ name: String, attributes: [SourceAttribute], selfClosing: Bool, source: Range<Int>, inSVG: Bool
  ) -> Tag {
    guard inSVG || Self.knownElements.contains(name) else {
      return Tag(text: self.stored(self.text(source).utf8), opened: nil)
    }
    var values: [(name: String, value: String)] = []
    for attribute in attributes {
      // SVG's attribute names keep their case (`viewBox`), on `<svg>` itself too.
      let attributeName = inSVG || name == "svg" ? attribute.name : attribute.name.lowercased()
      guard Self.isWritableAttribute(attributeName), !values.contains(where: { $0.name == attributeName }) else {
        continue
      }
      // A closure rather than `map(self.decodedValue)`, which would copy the converter and its buffers.
      values.append((attributeName, attribute.value.map { self.decodedValue($0) } ?? attributeName))
    }
    let written = self.rewrite(name, attributes: &values, inSVG: inSVG)
    let isEmpty = selfClosing || (!inSVG && Self.voidElements.contains(name))
    guard let written else {
      let opened = isEmpty ? nil : self.element(name: name.lowercased(), written: nil, inSVG: inSVG)
      return Tag(text: self.store.count..<self.store.count, opened: opened)
    }
    let start = self.store.count
    if name == "img", written == "span" {
      // A picture the e-book lacks: its text alternative instead.
      self.store += #"<span class="missing-picture">"#.utf8
      Self.appendXMLText(values.first { $0.name == "title" }?.value ?? "", to: &self.store)
      self.store += "</span>".utf8
      return Tag(text: start..<self.store.count, opened: nil)
    }
    self.store += "<\(written)".utf8
    for (attributeName, value) in values {
      self.store += " \(attributeName)=\"".utf8
      Self.appendXMLText(value, to: &self.store)
      self.store.append(UInt8(ascii: "\""))
    }
    self.store += (isEmpty ? "/>" : ">").utf8
    let text = start..<self.store.count
    guard !isEmpty else { return Tag(text: text, opened: nil) }
    return Tag(
      text: text, opened: self.element(name: name.lowercased(), written: written, inSVG: inSVG || name == "svg"))
  }

  /// Appends `xmlText(text)`, by bytes when the text holds no character XML forbids.
  static func appendXMLText(_ text: String, to out: inout [UInt8]) {
    var plain = true
    var escaped = false
    for byte in text.utf8 {
      plain = plain && (byte >= 0x20 && byte != 0xEF || byte == 0x9 || byte == 0xA || byte == 0xD)
      escaped =
        escaped || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
        || byte == UInt8(ascii: "\"")
    }
    guard plain else {
      out += Self.xmlText(text).utf8
      return
    }
    guard escaped else {
      out += text.utf8
      return
    }
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): out += "&amp;".utf8
      case UInt8(ascii: "<"): out += "&lt;".utf8
      case UInt8(ascii: ">"): out += "&gt;".utf8
      case UInt8(ascii: "\""): out += "&quot;".utf8
      default: out.append(byte)
      }
    }
  }

  /// Text escaped for XML content or a double-quoted attribute, without the characters XML forbids.
  static func xmlText(_ text: String) -> String {
    // Only control characters and U+FFFE, U+FFFF (UTF-8 EF BF BE, EF BF BF) are not XML characters.
    let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 != 0xEF || $0 == 0x9 || $0 == 0xA || $0 == 0xD }
    let allowed = plain || text.unicodeScalars.allSatisfy { Self.isXMLCharacter($0.value) }
    return MarkupText.escape(allowed ? text : String(text.unicodeScalars.filter { Self.isXMLCharacter($0.value) }))
  }

  /// An attribute name that XML accepts and an e-book keeps: no event handler, no unknown prefix.
  ///
  /// By bytes: a name with any other byte than these ASCII ones is refused whatever its first letters.
  private static func isWritableAttribute(_ name: String) -> Bool {
    let bytes = name.utf8
    guard let first = bytes.first else { return false }
    let isNameStart = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first | 0x20) || first == UInt8(ascii: "_")
    let allowed = bytes.allSatisfy { byte in
      (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (0x30...0x39).contains(byte)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: ":")
    }
    guard isNameStart, allowed else { return false }
    let isEventHandler =
      bytes.count >= 2 && first | 0x20 == UInt8(ascii: "o")
      && bytes[bytes.index(after: bytes.startIndex)] | 0x20 == UInt8(ascii: "n")
    guard !isEventHandler else { return false }
    guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return true }
    let prefix = name[..<colon]
    return !bytes[bytes.index(after: colon)...].contains(UInt8(ascii: ":")) && (prefix == "xml" || prefix == "xlink")
  }

  private mutating func push(_ element: OpenElement, skipped: Bool) {
    if skipped, self.skippedDepth == nil { self.skippedDepth = self.open.count }
    self.open.append(element)
  }

  /// The index just past `</name…>` (any case), or the end of the source.
  private func endOfRawText(_ name: String) -> Int {
    let needle = Array("</\(name)".utf8)
    var index = self.position
    while index + needle.count <= self.end {
      if self.bytes[index] == UInt8(ascii: "<"),
        zip(self.bytes[index..<(index + needle.count)], needle).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
      {
        return self.bytes[index...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? self.end
      }
      index += 1
    }
    return self.end
  }

  /// An end tag: closes its element and any left open inside it; shown as text when it ends no HTML
  /// element (`</diet>`), ignored when it ends nothing open.
  fileprivate mutating func endTag() {
    let start = self.position
    if self.closesInnermost(from: start + 2) { return }
    self.position += 2
    let name = self.readName(stoppingAtEquals: false).lowercased()
    self.position = min(self.index(of: UInt8(ascii: ">"), from: self.position) + 1, self.end)
    let nameBytes = Array(name.utf8)
    if let depth = self.open.lastIndex(where: { self.store[$0.name].elementsEqual(nameBytes) }) {
      while self.open.count > depth { self.closeLast() }
    } else if !(self.open.last?.inSVG ?? false), !Self.knownElements.contains(name),
      !Self.droppedElements.contains(name)
    {
      self.write(self.text(start..<self.position))
    }
  }

  /// Whether the end tag whose name starts at `start` is `</name>` of the innermost element: then it is
  /// closed. (Nearly every end tag is; this spares building its name.)
  private mutating func closesInnermost(from start: Int) -> Bool {
    guard let innermost = self.open.last else { return false }
    let name = innermost.name
    guard start + name.count < self.end, self.bytes[start + name.count] == UInt8(ascii: ">") else { return false }
    for offset in 0..<name.count where self.bytes[start + offset] | 0x20 != self.store[name.lowerBound + offset] | 0x20
    {
      return false
    }
    self.position = start + name.count + 1
    self.closeLast()
    return true
  }

  /// Closes the innermost open element.
  fileprivate mutating func closeLast() {
    let element = self.open.removeLast()
    if let endTag = element.endTag { self.writeStored(endTag) }
    if self.skippedDepth == self.open.count { self.skippedDepth = nil }
  }
}
