/// Where a source's lines start, to turn a byte offset into a line and column as swift-syntax's
/// `SourceLocationConverter` does (line breaks are `\n`, `\r` and `\r\n`; both 1-based, columns in UTF-8
/// bytes), from the bytes alone: the converter made from a tree walks every token to find them.
///
/// `"ab\ncd"`: offset 4 → line 2, column 2.
struct SourceLines {
  /// The offset after each line break, in order.
  private var lineEnds: [Int] = []
  /// The source's length.
  private let count: Int

  init(_ source: [UInt8]) {
    self.count = source.count
    var index = 0
    while index < source.count {
      let byte = source[index]
      index += 1
      if byte == UInt8(ascii: "\r"), index < source.count, source[index] == UInt8(ascii: "\n") { index += 1 }
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { self.lineEnds.append(index) }
    }
  }

  /// The 1-based line and column of byte `offset` (clamped to the source).
  func location(of offset: Int) -> (line: Int, column: Int) {
    let position = max(0, min(offset, self.count))
    // The first line end after `position`: its index is the 0-based line.
    var low = 0
    var high = self.lineEnds.count
    while low < high {
      let middle = (low + high) / 2
      if self.lineEnds[middle] <= position { low = middle + 1 } else { high = middle }
    }
    let lineStart = low == 0 ? 0 : self.lineEnds[low - 1]
    return (low + 1, position - lineStart + 1)
  }
}
