import XCTest

@testable import BookKit

/// The depth limit of the Markdown tree: what fits is kept whole, what is deeper is reported at its place
/// and left out, so that no later recursive walk of the tree can overflow the stack.
final class MarkdownDepthTests: XCTestCase {
  /// The number of levels of a tree, counting its root as 1.
  private func depth(_ node: MarkdownNode) -> Int {
    1 + (node.children.map(self.depth).max() ?? 0)
  }

  /// A single line of `count` block-quote markers: `>>> x` nests `count` quotes in the document.
  private func quotes(_ count: Int) -> String {
    String(repeating: ">", count: count) + " x\n"
  }

  func testAQuoteThatFitsIsKeptWholeWithoutDiagnostics() {
    // document + 97 quotes + paragraph + text = 100 levels.
    let parsed = MarkdownParser.parse(self.quotes(97), path: "Chapters/01-a.md")
    XCTAssertEqual(parsed.diagnostics, [])
    XCTAssertEqual(self.depth(parsed.document), MarkdownParser.maximumDepth)
  }

  func testOneLevelMoreIsReportedAtTheFirstNodeLeftOut() {
    // document + 98 quotes + paragraph: the paragraph's text would be level 101. cmark-gfm places a
    // paragraph's text where the paragraph starts, after the 98 markers and their space.
    let parsed = MarkdownParser.parse(self.quotes(98), path: "Chapters/01-a.md")
    XCTAssertEqual(
      parsed.diagnostics.map(\.description),
      [
        "Chapters/01-a.md:1:100: error: Markdown nested deeper than 100 levels (lists, quotes, emphasis or links "
          + "inside one another); flatten it [nesting-too-deep]"
      ])
    XCTAssertEqual(self.depth(parsed.document), MarkdownParser.maximumDepth)
  }

  func testThousandsOfLevelsAreCutAndReportedOnce() {
    let source =
      "# Deep\n\n" + (0..<3000).map { String(repeating: "  ", count: $0) + "- x\n" }.joined()
      + "\n" + self.quotes(7000) + "\n"
      + String(repeating: "*a ", count: 5000) + "x" + String(repeating: " b*", count: 5000)
    let parsed = MarkdownParser.parse(source, path: "Chapters/01-a.md")
    // Item k of the list is on line 3 + k at column 2k + 1, at level 2k + 3; its paragraph's text is at
    // level 2k + 5, and at column 2k + 3. The first text past level 100 is item 48's, on line 51.
    XCTAssertEqual(parsed.diagnostics.map(\.id), [.nestingTooDeep])
    XCTAssertEqual(
      parsed.diagnostics.map(\.location), [SourceLocation(path: "Chapters/01-a.md", line: 51, column: 99)])
    XCTAssertEqual(self.depth(parsed.document), MarkdownParser.maximumDepth)
    // What is not too deep is still there: the heading, the list, the quote and the paragraph after it.
    XCTAssertEqual(
      parsed.document.children.map(\.kind),
      [.heading(level: 1), .list(ordered: false, start: 0, tight: true), .blockQuote, .paragraph])
  }

  func testEveryRecursiveWalkSurvivesTheDeepestTreeKept() {
    // Walking, comparing, hashing and releasing a tree at the limit, on a secondary thread whose stack is
    // far smaller than the main thread's.
    let source = (0..<200).map { String(repeating: "  ", count: $0) + "- *a **b [c](d)**" + "\n" }.joined()
    let finished = expectation(description: "walked on a small stack")
    let thread = Thread {
      let document = MarkdownParser.parse(source)
      var count = 0
      document.forEachNode { _ in count += 1 }
      XCTAssertGreaterThan(count, MarkdownParser.maximumDepth)
      XCTAssertEqual(document, MarkdownParser.parse(source))
      XCTAssertFalse(document.plainText.isEmpty)
      _ = document.hashValue
      finished.fulfill()
    }
    thread.stackSize = 512 * 1024
    thread.start()
    self.wait(for: [finished], timeout: 60)
  }
}

/// The width limit of table rows: cmark-gfm reads a row in time quadratic in its cells.
final class MarkdownTableWidthTests: XCTestCase {
  /// A table whose one body row has `cells` cells, on line 3.
  private func table(cells: Int) -> String {
    "|a|b|\n|-|-|\n|" + String(repeating: "x|", count: cells) + "\n"
  }

  func testARowUpToTheLimitIsATable() {
    let cells = MarkdownParser.maximumPipesPerLine - 1
    let parsed = MarkdownParser.parse(self.table(cells: cells), path: "Chapters/01-a.md")
    XCTAssertEqual(parsed.diagnostics, [])
    XCTAssertEqual(parsed.document.children.map(\.kind), [.table(alignments: [nil, nil])])
  }

  func testAWiderRowIsAnErrorAndTheChapterIsReadWithoutTables() {
    // With the table extension this row alone would take cmark-gfm about 10 s.
    let parsed = MarkdownParser.parse(self.table(cells: 40_000), path: "Chapters/01-a.md")
    XCTAssertEqual(parsed.diagnostics.map(\.id), [.tableTooWide])
    XCTAssertEqual(parsed.diagnostics.map(\.location), [SourceLocation(path: "Chapters/01-a.md", line: 3)])
    XCTAssertEqual(parsed.document.children.map(\.kind), [.paragraph])
  }

  func testLinesAreCountedAsCmarkGFMCountsThem() {
    let wide = String(repeating: "|", count: MarkdownParser.maximumPipesPerLine + 1)
    XCTAssertEqual(MarkdownParser.firstLineWithTooManyPipes(in: Array("a\r\nb\rc\n\(wide)".utf8)), 4)
    XCTAssertNil(MarkdownParser.firstLineWithTooManyPipes(in: Array((wide.dropLast() + "\n" + wide.dropLast()).utf8)))
  }
}
