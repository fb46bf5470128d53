import BookKit
import Foundation
import XCTest

@testable import BookSite

/// Work a render does once for two outputs: the print article written in the same walk as the chapter
/// page's (`ArticleHTML`), and test counts taken from the trees the highlighter parses (`TestCounts`). Each
/// must give what the separate work gives, byte for byte, and read what it reads.
final class ArticleReuseTests: XCTestCase {
  private static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every construct whose HTML differs between the page and the print edition: headings, links to the
  /// chapter, to another chapter, to a fragment and to a tangled file, footnotes referenced twice, a
  /// figure, a test listing, a listing that replaces another, and a tight list ending in a paragraph.
  private static let fixture = [
    (
      "01-a.md",
      """
      # Alpha

      ## Start here

      See [the end](#end), [beta](02-b.md), [beta's part](02-b.md#part), [the file](../Sources/A/A.swift#L1)
      and [elsewhere](https://example.com/x?a=1&b=2).[^note] Again.[^note] And [^other].

      ```swift file=Sources/A/A.swift
      public let a = 1
      ```

      ```swift file=Tests/ATests/ATests.swift
      import XCTest
      final class ATests: XCTestCase { func testA() {} }
      ```

      - one
      - two [link](#start-here)

      ![A picture](images/p.png)

      ## End

      [^note]: The note, [with a link](02-b.md).
      [^other]: Another.

          indented code

      """
    ),
    (
      "02-b.md",
      """
      # Beta

      ## Part

      ```swift file=Sources/A/A.swift
      public let a = 2
      ```

      | x | y |
      |:-:|---|
      | [a](01-a.md#end) | `b` |

      """
    ),
  ]

  func testPrintArticlesWrittenBesideTheirPagesEqualTheirOwnRenderAndReadTheSame() throws {
    try self.assertPrintArticlesMatch(SiteFixture.book(Self.fixture), "the fixture")
    try self.assertPrintArticlesMatch(Self.repositoryBook(), "Chapters/")
  }

  func testTestCountsFromTheHighlighterEqualTheCounterOnEveryChapter() throws {
    let book = try Self.repositoryBook()
    let renderer = SiteRenderer(book: book, metadata: SiteFixture.metadata)
    let plan = renderer.plan()
    renderer.keepDeclarations()
    let texts = renderer.changeTexts(for: SiteRenderer.Needs(rendering: plan.parts))
    renderer.highlight(renderer.highlightKeys(for: SiteRenderer.Needs(rendering: plan.parts), texts: texts, plan: plan))
    let counts = TestCounts(highlighter: renderer.highlighter)
    var total = 0
    for (index, chapter) in book.chapters.enumerated() {
      let prefix = book.prefixTangles[index]
      for source in TestCount.sources(of: chapter, prefix: prefix) {
        // Counted from the tree the highlighter parsed for the file's code page: already there.
        XCTAssertNotNil(
          renderer.highlighter.usedResults().results[Highlighter.Key(kind: .tests, code: source)], chapter.path)
      }
      let count = TestCount.of(chapter, prefix: prefix, counts: counts)
      XCTAssertEqual(count, TestCount.of(chapter, prefix: prefix), chapter.path)
      total += count
    }
    XCTAssertGreaterThan(total, 20, "the book's chapters write tests")
  }

  /// Renders each chapter's print article on its own, then its page and the print article the page kept,
  /// in fresh renders, and compares the bytes and the inputs each read.
  private func assertPrintArticlesMatch(_ book: Book, _ name: String) throws {
    let renderer = SiteRenderer(book: book, metadata: SiteFixture.metadata)
    let plan = renderer.plan()
    func prepared() -> SiteRenderer.Prepared {
      renderer.prepared(
        plan: plan, texts: renderer.changeTexts(for: SiteRenderer.Needs(rendering: plan.parts)),
        diagrams: renderer.diagrams(store: nil))
    }
    let alone = prepared()
    let beside = prepared()
    var derived = 0
    for index in book.chapters.indices {
      let own = renderer.render(.article(index), prepared: alone)
      let page = renderer.render(.page(index), prepared: beside)
      XCTAssertNotNil(beside.printArticles.take(index), "\(name): chapter \(index)'s page keeps its print article")
      _ = renderer.render(.page(index), prepared: beside)
      let kept = renderer.render(.article(index), prepared: beside)
      XCTAssertEqual(kept.data, own.data, "\(name): chapter \(index)")
      XCTAssertEqual(kept.inputs, own.inputs, "\(name): chapter \(index) reads the same")
      XCTAssertTrue(Set(kept.inputs.keys).isSubset(of: page.inputs.keys), "\(name): the page reads what it wrote")
      XCTAssertNil(beside.printArticles.take(index), "taken once")
      derived += 1
    }
    XCTAssertGreaterThan(derived, 1, name)
  }

  /// The chapters of the repository's book.
  private static func repositoryBook() throws -> Book {
    let folder = Self.repositoryRoot.appendingPathComponent("Chapters")
    var chapters: [Chapter] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".md") {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      guard case .success(let loaded) = ChapterLoader.chapter(path: "Chapters/" + name, data: data) else {
        throw CocoaError(.fileReadCorruptFile)
      }
      chapters.append(loaded.chapter)
    }
    return Book(chapters: chapters)
  }
}
