import BookKit
import Foundation

extension XHTMLConverter {
  /// An attribute as the source wrote it: its name and its value's source bytes (nil when it has none).
  fileprivate struct SourceAttribute {
    var name: String
    var value: Range<Int>?
  }

  /// A start tag: kept, rewritten, shown as text, or left out with its content.
  mutating func startTag() {
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
  mutating func endTag() {
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
  mutating func closeLast() {
    let element = self.open.removeLast()
    if let endTag = element.endTag { self.writeStored(endTag) }
    if self.skippedDepth == self.open.count { self.skippedDepth = nil }
  }
}
