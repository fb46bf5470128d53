import XCTest

@testable import BookSite

/// `LineDiff.lines` splits by bytes exactly as splitting at the character "\n" would, and `lineCount`
/// agrees with it.
final class LineDiffTests: XCTestCase {
  static let samples = [
    "", "a", "a\n", "a\nb", "a\nb\n", "\n", "\n\n", "a\n\n", "a\r\nb", "a\r\n", "a\rb\n", "é\nü\r\n\n", "x\n\u{301}y\n",
  ]

  /// The definition the byte scan must match.
  private static func splitAtCharacters(_ code: String) -> [Substring] {
    var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  func testLinesMatchSplittingAtTheNewlineCharacter() {
    for sample in Self.samples {
      XCTAssertEqual(
        LineDiff.lines(sample).map(String.init), Self.splitAtCharacters(sample).map(String.init),
        "\(sample.debugDescription)")
      XCTAssertEqual(LineDiff.lineCount(sample), Self.splitAtCharacters(sample).count, "\(sample.debugDescription)")
    }
  }

  func testNumberedLinesGiveTheSameChangedLines() {
    let old = LineDiff.lines("a\nb\nc\nd\n")
    let new = LineDiff.lines("a\nx\nc\nd\ny\n")
    XCTAssertEqual(LineDiff.changedLines(old: old, new: new), [1, 4])
    let diff = FileDiff(old: old, new: new)
    XCTAssertEqual(diff.added, 2)
    XCTAssertEqual(diff.removed, 1)
  }
}
