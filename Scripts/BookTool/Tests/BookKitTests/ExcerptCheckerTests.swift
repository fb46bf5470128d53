import XCTest

@testable import BookKit

/// Excerpts that name their source (`excerpt=PATH#CHUNK`) are checked against the code as tangled at the
/// end of their chapter: every kind of faithful quotation passes, every kind of drift is located.
final class ExcerptCheckerTests: XCTestCase {
  /// Chapter 1 defines chunk `store` of `Sources/M/Store.swift`.
  private static let storeCode = """
    public final class Store {
      var state = 0

      public func dispatch(_ action: Int) {
        let old = self.state
        self.state = old + action
        self.report(old)
      }
    }
    """

  private static let chapterOne = chapterText("One", [("swift file=Sources/M/Store.swift chunk=store", storeCode)])

  /// The diagnostics (`rule@line:col`) of a book whose chapter 2 holds one excerpt with `info` and `code`
  /// (its fence on line 3, its first code line on line 4).
  private func check(_ info: String, _ code: String, chapters extra: [(String, String)] = []) -> [String] {
    let chapters = loadChapters(
      [("01-one.md", Self.chapterOne), ("02-two.md", "# Two\n\n```\(info)\n\(code)\n```\n")] + extra)
    return summary(ExcerptChecker.check(chapters))
  }

  func testFaithfulQuotationsPass() {
    let faithful: [(label: String, code: String)] = [
      ("one line", "var state = 0"),
      ("consecutive lines", "let old = self.state\nself.state = old + action"),
      ("re-indented and spaced out", "public func dispatch(_ action: Int) {\n\n      let old = self.state"),
      ("elided with // …", "public func dispatch(_ action: Int) {\n  // …\n  self.report(old)\n}"),
      ("elided with …", "public final class Store {\n…\n}"),
      ("elided with ...", "var state = 0\n...\nself.report(old)"),
      ("elided with // ...", "var state = 0\n// ...\nself.report(old)"),
      ("an elision first and last", "// …\nself.state = old + action\n// …"),
      ("the whole chunk", Self.storeCode),
    ]
    for (label, code) in faithful {
      XCTAssertEqual(self.check("swift excerpt=Sources/M/Store.swift#store", code), [], "[\(label)]")
      XCTAssertEqual(self.check("swift excerpt=Sources/M/Store.swift", code), [], "[\(label), whole file]")
    }
  }

  func testDriftIsReportedAtTheFirstLineThatBreaksTheQuotation() {
    let drifted: [(label: String, code: String, line: Int)] = [
      ("a reworded line", "var state = 1", 4),
      ("a reworded second line", "let old = self.state\nself.state = old - action", 5),
      ("lines out of order", "self.report(old)\n// …\nvar state = 0", 6),
      ("a gap without an elision", "var state = 0\nlet old = self.state", 5),
      ("a line that exists nowhere", "var state = 0\n// …\nself.undo()", 6),
      ("a later segment before an earlier one", "let old = self.state\n// …\nvar state = 0", 6),
    ]
    for (label, code, line) in drifted {
      XCTAssertEqual(
        self.check("swift excerpt=Sources/M/Store.swift#store", code), ["excerpt-drift@Chapters/02-two.md:\(line):1"],
        "[\(label)]")
    }
  }

  func testAMissingFileOrChunkIsReportedAtTheAttribute() {
    XCTAssertEqual(
      self.check("swift excerpt=Sources/M/Other.swift", "var state = 0"),
      ["excerpt-source-missing@Chapters/02-two.md:3:10"])
    XCTAssertEqual(
      self.check("swift excerpt=Sources/M/Store.swift#nope", "var state = 0"),
      ["excerpt-source-missing@Chapters/02-two.md:3:10"])
  }

  func testAnExcerptQuotesTheCodeAsItStandsAtTheEndOfItsChapter() {
    // Chapter 3 rewrites the chunk; chapter 2's excerpt still quotes chapter 1's version.
    let three = (
      "03-three.md", chapterText("Three", [("swift file=Sources/M/Store.swift chunk=store", "let rewritten = 1")])
    )
    XCTAssertEqual(self.check("swift excerpt=Sources/M/Store.swift#store", "var state = 0", chapters: [three]), [])
    XCTAssertEqual(
      self.check("swift excerpt=Sources/M/Store.swift#store", "let rewritten = 1", chapters: [three]),
      ["excerpt-drift@Chapters/02-two.md:4:1"])
    // A chunk the same chapter defines after the excerpt counts: the excerpt previews it.
    let chapters = loadChapters([
      (
        "01-one.md",
        "# One\n\n```swift excerpt=Sources/M/Late.swift#late\nlet late = 1\n```\n\n"
          + "```swift file=Sources/M/Late.swift chunk=late\nlet late = 1\n```\n"
      )
    ])
    XCTAssertEqual(summary(ExcerptChecker.check(chapters)), [])
  }

  func testSketchesAreNeverChecked() {
    XCTAssertEqual(self.check("swift compile=false", "anything at all"), [])
  }

  func testABookReportsExcerptDriftAmongItsDiagnostics() {
    let chapters = loadChapters([
      ("01-one.md", Self.chapterOne),
      ("02-two.md", "# Two\n\n```swift excerpt=Sources/M/Store.swift\nvar x = 1\n```\n"),
    ])
    XCTAssertEqual(summary(Book(chapters: chapters).diagnostics), ["excerpt-drift@Chapters/02-two.md:4:1"])
  }
}
