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
  let bytes: [UInt8]
  /// The source's length (the NUL's index).
  let end: Int
  var position = 0
  var out: [UInt8] = []
  var open: [OpenElement] = []
  /// The depth in `open` of the element being left out with its content, if any.
  var skippedDepth: Int?
  /// What each start tag met so far became, by its source bytes and whether it is inside SVG. Books
  /// repeat a few tags thousands of times (`<span class="hl-keyword">`); each is parsed once.
  var tags = TagTable()
  /// The bytes of every tag's XHTML, element name and end tag made so far.
  var store: [UInt8] = []

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

  mutating func run() {
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
  func textLength(from start: Int) -> Int {
    self.bytes.withUnsafeBufferPointer { buffer in
      Self.isTextStop.withUnsafeBufferPointer { isTextStop in
        var index = start
        while index < self.end, !isTextStop[Int(buffer[index])] { index += 1 }
        return index - start
      }
    }
  }

  /// The index of the first `byte` at or after `start`, or the end of the source.
  func index(of byte: UInt8, from start: Int) -> Int {
    guard start < self.end else { return self.end }
    return self.bytes.withUnsafeBufferPointer { buffer in
      guard let found = memchr(buffer.baseAddress! + start, Int32(byte), self.end - start) else { return self.end }
      return buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
  }

  // MARK: Writing

  mutating func write(_ text: String) {
    if self.skippedDepth == nil { self.out.append(contentsOf: text.utf8) }
  }

  /// Writes bytes of `store`.
  mutating func writeStored(_ range: Range<Int>) {
    guard self.skippedDepth == nil else { return }
    self.store.withUnsafeBufferPointer { self.out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Keeps some bytes in `store`: where they lie.
  mutating func stored(_ bytes: some Sequence<UInt8>) -> Range<Int> {
    let start = self.store.count
    self.store.append(contentsOf: bytes)
    return start..<self.store.count
  }

  /// An element named `name` (in lowercase), written as `written` or left out (nil).
  mutating func element(name: String, written: String?, inSVG: Bool) -> OpenElement {
    OpenElement(name: self.stored(name.utf8), endTag: written.map { self.stored("</\($0)>".utf8) }, inSVG: inSVG)
  }

  /// Source bytes as text: `<diet>` → `&lt;diet&gt;`.
  func text(_ range: Range<Int>) -> String {
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
  mutating func characterReference() {
    let (replacement, length) = self.reference(at: self.position)
    self.write(replacement)
    self.position += length
  }

  /// What a `&` at `start` stands for in XML, and how many bytes it takes in the source.
  func reference(at start: Int) -> (String, Int) {
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
  func decodedValue(_ range: Range<Int>) -> String {
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
  static func unescapedReference(_ reference: String) -> String {
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
  mutating func markup() {
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
  func index(after text: String, from start: Int) -> Int {
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

  func isLetter(at index: Int) -> Bool {
    guard index < self.end else { return false }
    return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self.bytes[index] | 0x20)
  }

  func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x9 || byte == 0xA || byte == 0xD || byte == 0xC
  }

  /// Reads a name from `position` up to a space, `/`, `>` or (for attributes) `=`.
  mutating func readName(stoppingAtEquals: Bool) -> String {
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

  mutating func skipSpaces() {
    while self.position < self.end, self.isSpace(self.bytes[self.position]) { self.position += 1 }
  }
}
