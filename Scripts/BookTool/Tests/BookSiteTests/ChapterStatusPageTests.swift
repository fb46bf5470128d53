import BookKit
import Foundation
import XCTest

@testable import BookSite

/// Each chapter's status on its page (issue 19, item 8): tag, tests, last verified result.
final class ChapterStatusPageTests: XCTestCase {
  private let chapters = [
    ("01-one.md", "# One\n\nNo code here.\n"),
    (
      "02-two.md",
      """
      # Two

      ```swift file=Sources/A/A.swift
      public let a = 1
      ```

      ```swift file=Tests/ATests/ATests.swift
      import XCTest
      final class ATests: XCTestCase {
        func testOne() {}
        func testTwo() throws {}
        func helper(_ x: Int) {}
        static func testNotATest() {}
      }
      extension ATests {
        func testThree() {}
      }
      ```

      ```swift file=Tests/ATests/Swifty.swift
      import Testing
      @Test func four() {}
      @Test("five") func five() async {}
      ```

      """
    ),
  ]

  private func metadata(digest: (Book) -> String, passed: Bool = true) -> BookMetadata {
    var metadata = SiteFixture.metadata
    let entry = ChapterStatusRecord.Entry(
      tag: "chapter-02", chapter: "Chapters/02-two.md", prefixDigest: digest(SiteFixture.book(self.chapters)),
      toolchain: "Swift version 6.2.1 (swift-6.2.1-RELEASE)", date: "2026-11-26T06:40:00Z", passed: passed,
      buildMilliseconds: 41_249, testMilliseconds: 3_050, testSummary: "Executed 3 tests, with 0 failures")
    metadata.status = ChapterStatusRecord().merging([entry])
    return metadata
  }

  private func page(_ metadata: BookMetadata, _ name: String = "02-two.html") -> String {
    SiteFixture.text(SiteFixture.site(self.chapters, metadata: metadata), name)
  }

  func testTestsAreCountedFromTheTangleXCTestAndSwiftTesting() {
    let book = SiteFixture.book(self.chapters)
    XCTAssertEqual(TestCount.of(book.chapters[1], prefix: book.prefixTangles[1]), 5)
    XCTAssertEqual(TestCount.of(book.chapters[0], prefix: book.prefixTangles[0]), 0)
    // Counts kept for a render give each text its own count, however often and in whatever order asked.
    let counts = TestCounts()
    XCTAssertEqual(TestCount.of(book.chapters[1], prefix: book.prefixTangles[1], counts: counts), 5)
    let two = "final class T: XCTestCase {\n  func testA() {}\n  func testB() {}\n}\n"
    let one = "@Test func works() {}\n"
    XCTAssertEqual([two, one, two, one].map(counts.tests(in:)), [2, 1, 2, 1])
  }

  func testAPageWithoutARecordSaysNotVerifiedYet() {
    let page = self.page(SiteFixture.metadata)
    XCTAssertTrue(page.contains("tag <code>chapter-02</code>"), page)
    XCTAssertTrue(page.contains("<span>5 tests in this chapter</span>"), page)
    XCTAssertTrue(page.contains("<span class=\"chapter-status\">Not verified yet</span>"), page)
    XCTAssertFalse(self.page(SiteFixture.metadata, "01-one.html").contains("chapter-status"), "no code, no record")
  }

  func testACurrentRecordGivesToolchainDateResultAndTimes() {
    let metadata = self.metadata { ChapterStatusRecord.prefixDigest(of: $0.chapters, through: 1) }
    let page = self.page(metadata)
    XCTAssertTrue(
      page.contains(
        "Last verified <time datetime=\"2026-11-26T06:40:00Z\">2026-11-26</time> with Swift version 6.2.1 "
          + "(swift-6.2.1-RELEASE): passed (build 41.2 s, tests 3.1 s)"), page)
    XCTAssertFalse(page.contains("Verified before"), page)
    let failed = self.page(
      self.metadata(digest: { ChapterStatusRecord.prefixDigest(of: $0.chapters, through: 1) }, passed: false))
    XCTAssertTrue(failed.contains("<strong>failed</strong>"), failed)
  }

  func testAStaleRecordIsMarkedAsOlderThanTheChapter() {
    let page = self.page(self.metadata { _ in "an older book" })
    XCTAssertTrue(
      page.contains("<strong>Verified before the latest changes</strong> to the chapters up to this one"), page)
  }

  func testTheRecordIsAnInputOfItsOwnSoAReusedPageIsNeverStale() {
    let book = SiteFixture.book(self.chapters)
    let numbers = book.chapters.map { ReaderNumbers(chapter: $0) }
    let anchors = book.chapters.map { _ in [String]() }
    func digests(_ metadata: BookMetadata) -> BookInputDigests {
      BookInputDigests(book: book, metadata: metadata, anchors: anchors, numbers: numbers, graphviz: "")
    }
    let before = digests(SiteFixture.metadata)
    let current = digests(self.metadata { ChapterStatusRecord.prefixDigest(of: $0.chapters, through: 1) })
    let stale = digests(self.metadata { _ in "x" })
    XCTAssertNotEqual(before.digest(.status(1)), current.digest(.status(1)))
    XCTAssertNotEqual(current.digest(.status(1)), stale.digest(.status(1)))
    XCTAssertEqual(before.digest(.status(0)), current.digest(.status(0)), "chapter 1 has no entry")
    XCTAssertEqual(before.digest(.outline), stale.digest(.outline), "the outline leaves the record out")
  }

  func testAChapterPageReadsItsStatusAndNoOtherPartDoes() {
    let book = SiteFixture.book(self.chapters)
    let renderer = SiteRenderer(book: book, metadata: self.metadata { _ in "x" })
    let entries = MemoizedRender.run(renderer).memo.entries
    XCTAssertEqual(entries["02-two.html"]?.reads.names.filter { $0.hasPrefix("status") }, ["status 1"])
    for (path, entry) in entries where path != "02-two.html" && path != "01-one.html" {
      XCTAssertFalse(entry.reads.names.contains { $0.hasPrefix("status") }, path)
    }
  }

  func testSecondsAreRoundedToTenthsWithoutTheLocale() {
    XCTAssertEqual(ChapterStatusView.seconds(41_249), "41.2 s")
    XCTAssertEqual(ChapterStatusView.seconds(41_250), "41.3 s")
    XCTAssertEqual(ChapterStatusView.seconds(0), "0.0 s")
  }
}
