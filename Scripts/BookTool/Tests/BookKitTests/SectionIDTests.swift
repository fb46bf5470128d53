import XCTest

@testable import BookKit

/// Heading ids: GitHub's for an ordinary chapter, but unique on the page whatever the headings say.
final class SectionIDTests: XCTestCase {
  private func ids(_ headings: [String]) -> [String] {
    let text = headings.map { "## \($0)\n" }.joined(separator: "\n")
    return loadChapter(text, path: "Chapters/01-a.md").chapter.sections.map(\.id)
  }

  func testRepeatsAreNumberedAsGitHubNumbersThem() {
    XCTAssertEqual(self.ids(["A", "A", "A", "B"]), ["a", "a-1", "a-2", "b"])
  }

  func testAHeadingNamedLikeAnEarlierRepeatGetsAnIdOfItsOwn() {
    XCTAssertEqual(self.ids(["A", "A", "A-1"]), ["a", "a-1", "a-1-1"])
    XCTAssertEqual(self.ids(["A-1", "A", "A"]), ["a-1", "a", "a-2"])
  }

  func testHeadingsNamedLikeThePagesOwnIdsAreMovedAside() {
    XCTAssertEqual(
      self.ids(["Search", "Search results", "Menu toggle", "fn-1", "fnref-1", "Diagram 01 a 3", "Section search"]),
      [
        "section-search", "section-search-results", "section-menu-toggle", "section-fn-1", "section-fnref-1",
        "section-diagram-01-a-3", "section-search-1",
      ])
  }
}
