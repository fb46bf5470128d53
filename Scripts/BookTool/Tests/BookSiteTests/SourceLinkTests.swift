import XCTest

@testable import BookSite

/// A listing's caption links to its file as of its chapter's tag.
final class SourceLinkTests: XCTestCase {
  func testWithARepositoryTheLinkNamesTheChapterTag() {
    let link = SourceLink(repositoryURL: "https://example.org/book/", tag: "chapter-03")
    XCTAssertEqual(
      link.href(for: "Sources/CounterData/CounterState.swift"),
      "https://example.org/book/blob/chapter-03/Sources/CounterData/CounterState.swift")
  }

  func testWithoutARepositoryTheLinkIsAPathInTheLocalClone() {
    let link = SourceLink(repositoryURL: nil, tag: "chapter-01")
    XCTAssertEqual(
      link.href(for: "Tests/ImmutableDataTests/StoreTests.swift"), "../Tests/ImmutableDataTests/StoreTests.swift")
    XCTAssertEqual(
      link.title(for: "Sources/A/B.swift"),
      "Sources/A/B.swift at the end of this chapter: tag chapter-01 (git show chapter-01:Sources/A/B.swift)")
  }
}
