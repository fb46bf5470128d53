/// Writing JavaScript literals.
enum JS {
  /// A double-quoted JavaScript string literal, safe inside a script file: `a "b"` → `"a \"b\""`.
  static func string(_ text: String) -> String {
    var literal: [UInt8] = []
    Self.appendString(text, to: &literal)
    return String(decoding: literal, as: UTF8.self)
  }

  /// Appends the literal of `text` (see `appendString(utf8:to:)`).
  static func appendString(_ text: String, to literal: inout [UInt8]) {
    var text = text
    text.withUTF8 { Self.appendString(utf8: $0, to: &literal) }
  }

  /// Appends the literal of some UTF-8 text: `"`, `\`, line breaks, tabs, other control characters, `<`
  /// (so that no `</script>` ends it) and the line separators U+2028, U+2029 (not string characters before
  /// ES2019) escaped, every other byte as it is.
  static func appendString(utf8 text: UnsafeBufferPointer<UInt8>, to literal: inout [UInt8]) {
    literal.append(UInt8(ascii: "\""))
    var index = 0
    while index < text.count {
      let byte = text[index]
      index += 1
      switch byte {
      case UInt8(ascii: "\""): literal += #"\""#.utf8
      case UInt8(ascii: "\\"): literal += #"\\"#.utf8
      case UInt8(ascii: "\n"): literal += #"\n"#.utf8
      case UInt8(ascii: "\r"): literal += #"\r"#.utf8
      case UInt8(ascii: "\t"): literal += #"\t"#.utf8
      case UInt8(ascii: "<"): literal += #"\u003c"#.utf8
      case 0..<0x20:
        literal += #"\u00"#.utf8
        literal.append(byte < 0x10 ? UInt8(ascii: "0") : UInt8(ascii: "1"))
        literal.append(Self.hexDigits[Int(byte % 16)])
      case 0xE2 where Self.isLineSeparator(text, at: index):
        literal += (text[index + 1] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8
        index += 2
      default: literal.append(byte)
      }
    }
    literal.append(UInt8(ascii: "\""))
  }

  /// Whether the bytes after an E2 at `index - 1` finish U+2028 or U+2029 (E2 80 A8, E2 80 A9).
  private static func isLineSeparator(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    index + 1 < text.count && text[index] == 0x80 && (text[index + 1] == 0xA8 || text[index + 1] == 0xA9)
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
