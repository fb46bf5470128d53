/// Byte-level reading of a statement, so that offsets are UTF-8 columns.
extension StatementScanner {
  /// The byte at `index + offset`, or nil past the statement's end.
  func peek(_ offset: Int = 0) -> UInt8? {
    self.index + offset < self.end ? self.bytes[self.index + offset] : nil
  }

  /// Whether the statement continues with `prefix` at the current position.
  func hasPrefix(_ prefix: String) -> Bool {
    let utf8 = Array(prefix.utf8)
    guard self.index + utf8.count <= self.end else { return false }
    return self.bytes[self.index..<(self.index + utf8.count)].elementsEqual(utf8)
  }

  /// The offset of the next `needle` at or after `start`, optionally stepping over `"quoted"` text.
  func find(_ needle: String, from start: Int, skippingQuotes: Bool = false) -> Int? {
    let utf8 = Array(needle.utf8)
    var cursor = start
    var quoted = false
    while cursor + utf8.count <= self.end {
      if skippingQuotes, self.bytes[cursor] == UInt8(ascii: "\"") {
        quoted.toggle()
      } else if !quoted, self.bytes[cursor..<(cursor + utf8.count)].elementsEqual(utf8) {
        return cursor
      }
      cursor += 1
    }
    return nil
  }

  /// How many `byte`s follow one another from `start`.
  func run(of byte: UInt8, from start: Int) -> Int {
    var cursor = start
    while cursor < self.end, self.bytes[cursor] == byte { cursor += 1 }
    return cursor - start
  }

  /// Letters, digits, `_`, any non-ASCII byte, and `-` between such characters (`node-1`, but not `A-->`).
  func isIdentifierByte(at offset: Int) -> Bool {
    let byte = self.bytes[offset]
    if Self.isWordByte(byte) { return true }
    guard byte == UInt8(ascii: "-"), offset + 1 < self.end, offset > 0 else { return false }
    return Self.isWordByte(self.bytes[offset + 1]) && Self.isWordByte(self.bytes[offset - 1])
  }

  /// Letters, digits, `_` and non-ASCII bytes.
  static func isWordByte(_ byte: UInt8) -> Bool {
    byte >= 0x80 || byte == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  /// Moves past spaces and tabs.
  mutating func skipSpaces() {
    while let byte = self.peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { self.index += 1 }
  }

  /// The text of a byte range of the line.
  func text(_ range: Range<Int>) -> String {
    String(decoding: self.bytes[range], as: UTF8.self)
  }

  /// The run of non-space bytes at `offset`, for messages: `foo` in `foo bar`.
  func token(at offset: Int) -> String {
    var cursor = offset
    while cursor < self.end, self.bytes[cursor] != UInt8(ascii: " "), self.bytes[cursor] != UInt8(ascii: "\t") {
      cursor += 1
    }
    return self.text(offset..<cursor)
  }

  /// `"text"` → `text`; anything else unchanged.
  static func unquoted(_ text: String) -> String {
    guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return text }
    return String(text.dropFirst().dropLast())
  }

  /// The text without leading and trailing spaces and tabs: `"  a b "` → `"a b"`.
  static func trimmed(_ text: String) -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
  }
}
