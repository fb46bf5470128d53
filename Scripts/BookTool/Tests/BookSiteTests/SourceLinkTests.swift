import XCTest

@testable import BookSite

/// A listing's caption links to its file's code page in the site; the repository, when there is one, is
/// offered at the chapter's tag.
final class SourceLinkTests: XCTestCase {
  func testWithARepositoryTheRepositoryLinkNamesTheChapterTag() {
    let link = SourceLink(repositoryURL: "https://example.org/book/", tag: "chapter-03")
    XCTAssertEqual(
      link.repositoryHref(for: "Sources/CounterData/CounterState.swift"),
      "https://example.org/book/blob/chapter-03/Sources/CounterData/CounterState.swift")
  }

  func testTheLinkIsTheFilesCodePageAndNeverAPathOutsideTheSite() {
    let link = SourceLink(
      repositoryURL: nil, tag: "chapter-01",
      codePages: [
        "Tests/ImmutableDataTests/StoreTests.swift": "code/01-one/Tests/ImmutableDataTests/StoreTests.swift.html"
      ])
    XCTAssertEqual(
      link.href(for: "Tests/ImmutableDataTests/StoreTests.swift"),
      "code/01-one/Tests/ImmutableDataTests/StoreTests.swift.html")
    XCTAssertNil(link.href(for: "Sources/A/B.swift"), "a file the chapter does not end with has no page")
    XCTAssertNil(link.repositoryHref(for: "Sources/A/B.swift"))
    XCTAssertEqual(
      link.title(for: "Sources/A/B.swift"),
      "Sources/A/B.swift at the end of this chapter: tag chapter-01 (git show chapter-01:Sources/A/B.swift)")
  }
}
