extension MarkdownParser {
  /// The most `|` a line may hold. cmark-gfm's table extension takes time quadratic in the cells of a
  /// row (measured with 0.29.0.gfm.6: a row of 20,000 cells takes 2.5 s, one of 40,000 cells 10 s), so a
  /// chapter with a longer line is read without tables, and that is an error. A table a reader can
  /// follow has a dozen columns.
  package static let maximumPipesPerLine = 500

  /// The 1-based number of the first line with more than `maximumPipesPerLine` `|`, or nil. Lines end
  /// at "\n", "\r\n" or a lone "\r", as cmark-gfm counts them.
  static func firstLineWithTooManyPipes(in bytes: [UInt8]) -> Int? {
    // Most chapters hold fewer `|` in all than one line may: then no line can hold too many.
    var total = 0
    for byte in bytes where byte == UInt8(ascii: "|") { total += 1 }
    guard total > Self.maximumPipesPerLine else { return nil }
    var line = 1
    var pipes = 0
    var previous: UInt8 = 0
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "|"):
        pipes += 1
        if pipes > Self.maximumPipesPerLine { return line }
      case UInt8(ascii: "\r"):
        (line, pipes) = (line + 1, 0)
      case UInt8(ascii: "\n") where previous != UInt8(ascii: "\r"):
        (line, pipes) = (line + 1, 0)
      default:
        break
      }
      previous = byte
    }
    return nil
  }

  /// The error for a line with too many `|`.
  static func tooManyPipes(at location: SourceLocation) -> Diagnostic {
    Diagnostic(
      .error, id: .tableTooWide, at: location,
      "line has more than \(Self.maximumPipesPerLine) '|'; cmark-gfm reads a table row in time quadratic in its "
        + "cells, so this chapter is read without tables: split the table")
  }
}
