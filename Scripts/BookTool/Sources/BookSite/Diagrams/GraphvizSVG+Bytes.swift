/// graphviz's SVG read by its UTF-8 bytes, giving exactly what the definitions on characters give
/// (`split(separator: "\n")`, `hasPrefix`, `hasSuffix`, `range(of:)`, `replacing`), at a fraction of the cost:
/// they break every line into grapheme clusters, and searched each one seven times for colours.
///
/// Why bytes agree with characters here: every text looked for is ASCII, holds no `\r`, and none of its
/// characters is the canonical equivalent of a non-ASCII one (only `K`, `;` and `` ` `` are). So a match on
/// characters is a match on bytes, and a match on bytes is one on characters when it starts and ends on
/// grapheme boundaries, which an ASCII byte next to it guarantees (only non-ASCII scalars extend or prepend
/// to a cluster; a `\r` joins only a following `\n`). Next to a non-ASCII byte, the characters decide.
enum SVGLines {
  static let svgStart = Array("<svg".utf8)
  static let svgEnd = Array("</svg>".utf8)
  static let commentStart = Array("<!--".utf8)
  static let titleStart = Array("<title>".utf8)

  /// The lines of `bytes` as `split(separator: "\n")` cuts a string: at each `\n` that is a character of its
  /// own, not the end of a `\r\n`. `"a\nb\r\nc\n"` → `a`, `b\r\nc`, and (unless omitted) an empty last line.
  static func ranges(in bytes: UnsafeBufferPointer<UInt8>, omittingEmpty: Bool) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
      guard index == 0 || bytes[index - 1] != UInt8(ascii: "\r") else { continue }
      if !omittingEmpty || index > start { ranges.append(start..<index) }
      start = index + 1
    }
    if !omittingEmpty || bytes.count > start { ranges.append(start..<bytes.count) }
    return ranges
  }

  /// The line as a string.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: bytes[line]), as: UTF8.self)
  }

  /// Whether the line starts with the characters of `prefix` (ASCII), as `String.hasPrefix` says.
  static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, _ prefix: [UInt8]) -> Bool {
    guard line.count >= prefix.count, bytes[line.prefix(prefix.count)].elementsEqual(prefix) else { return false }
    let next = line.lowerBound + prefix.count
    guard next < line.upperBound, bytes[next] >= 0x80 else { return true }
    return Self.string(bytes, line).hasPrefix(String(decoding: prefix, as: UTF8.self))
  }

  /// Whether the line's last character is `>`, as `String.hasSuffix(">")` says.
  static func endsWithTagEnd(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
    guard let last = line.last, bytes[last] == UInt8(ascii: ">") else { return false }
    guard last > line.lowerBound, bytes[last - 1] >= 0x80 else { return true }
    return Self.string(bytes, line).hasSuffix(">")
  }

  /// Whether the bytes are all ASCII.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
    !bytes[line].contains { $0 >= 0x80 }
  }

  /// The first offset where `pattern` starts in `line`, searched from `from`.
  static func firstOffset<Bytes: RandomAccessCollection<UInt8>>(
    of pattern: [UInt8], in line: Bytes, from: Int
  ) -> Int? where Bytes.Index == Int {
    guard let first = pattern.first, line.count >= pattern.count else { return nil }
    var index = from
    while index <= line.endIndex - pattern.count {
      if line[index] == first, line[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
      index += 1
    }
    return nil
  }
}

extension GraphvizSVG {
  /// The placeholder colours and their replacements, as bytes.
  private static let colorReplacementBytes: [(placeholder: [UInt8], replacement: [UInt8])] =
    Self.colorReplacements.map { (Array($0.placeholder.utf8), Array($0.replacement.utf8)) }
  private static let colorMark = Array("#0a0b0".utf8)
  private static let groupStart = Array("<g ".utf8)
  private static let idAttribute = Array(" id=\"".utf8)

  /// Appends the line with graphviz's id removed and its colours replaced: `recolored(removingID(line))`,
  /// on the bytes of an ASCII line (where bytes and characters agree), on characters otherwise.
  static func appendRewritten(_ line: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, to result: inout [UInt8]) {
    guard SVGLines.isASCII(bytes, line) else {
      result.append(contentsOf: Self.recolored(Self.removingID(SVGLines.string(bytes, line))).utf8)
      return
    }
    var text = ArraySlice(UnsafeBufferPointer(rebasing: bytes[line]))
    if text.starts(with: Self.groupStart),
      let start = SVGLines.firstOffset(of: Self.idAttribute, in: text, from: text.startIndex),
      let close = text[(start + Self.idAttribute.count)...].firstIndex(of: UInt8(ascii: "\""))
    {
      text = ArraySlice(text[..<start] + text[(close + 1)...])
    }
    guard SVGLines.firstOffset(of: Self.colorMark, in: text, from: text.startIndex) != nil else {
      result.append(contentsOf: text)
      return
    }
    for (placeholder, replacement) in Self.colorReplacementBytes {
      text = Self.replacing(placeholder, with: replacement, in: text)
    }
    result.append(contentsOf: text)
  }

  /// Every occurrence of `pattern` in `text`, left to right, replaced by `replacement`.
  private static func replacing(
    _ pattern: [UInt8], with replacement: [UInt8], in text: ArraySlice<UInt8>
  ) -> ArraySlice<UInt8> {
    guard var match = SVGLines.firstOffset(of: pattern, in: text, from: text.startIndex) else { return text }
    var output: [UInt8] = []
    output.reserveCapacity(text.count + 32)
    var copied = text.startIndex
    while true {
      output.append(contentsOf: text[copied..<match])
      output.append(contentsOf: replacement)
      copied = match + pattern.count
      guard let next = SVGLines.firstOffset(of: pattern, in: text, from: copied) else { break }
      match = next
    }
    output.append(contentsOf: text[copied...])
    return ArraySlice(output)
  }
}
