import XCTest

@testable import BookSite

/// `LineDiff.lines` splits by bytes exactly as splitting at the character "\n" would, and `lineCount`
/// agrees with it; a render's memo of edits (`LineDiffs`) gives each pair of texts its own edit.
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

  func testTheRendersMemoGivesEachPairTheEditOfItsOwnLines() {
    let diffs = LineDiffs()
    let texts = Self.samples + ["a\nb\nc\nd\n", "a\nx\nc\nd\ny\n", "e\u{301}\nb\n", "\u{E9}\nb\n"]
    // Twice over, so that the second pass reads every edit from the memo.
    for _ in 0..<2 {
      for old in texts {
        for new in texts {
          let (oldLines, newLines) = (LineDiff.lines(old), LineDiff.lines(new))
          let expected = LineDiff.edit(old: oldLines, new: newLines)
          let edit = diffs.edit(old: old, new: new)
          XCTAssertEqual(edit.removed, expected.removed, "\(old.debugDescription) → \(new.debugDescription)")
          XCTAssertEqual(edit.inserted, expected.inserted, "\(old.debugDescription) → \(new.debugDescription)")
          XCTAssertEqual(FileDiff(old: oldLines, new: newLines, edit: edit), FileDiff(old: oldLines, new: newLines))
          // Lines given as the caller split them give the same edit, from the memo or not.
          let given = LineDiffs().edit(old: old, new: new, lines: (oldLines, newLines))
          XCTAssertEqual(given.removed, expected.removed)
          XCTAssertEqual(given.inserted, expected.inserted)
        }
      }
    }
  }
}
