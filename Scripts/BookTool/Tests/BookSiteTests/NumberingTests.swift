import BookKit
import XCTest

@testable import BookSite

/// Listing and figure numbers, and the references the renderer fills with them.
final class NumberingTests: XCTestCase {
  /// Chapter 2 of a small book: listings, a test, a shell block, a diagram, a picture and references.
  static let chapters: [(String, String)] = [
    (
      "01-a.md",
      """
      # One

      ```swift file=Sources/M/A.swift chunk=a
      let a = 1
      ```
      """
    ),
    (
      "02-b.md",
      """
      # Two

      See [](#listing-m-b-b), [listing](#listing-m-b-c), [Figure](#figure-the-loop) and [](01-a.md#listing-m-a-a).

      ```swift file=Sources/M/B.swift chunk=b
      let b = 2
      ```

      ```sh
      swift build
      ```

      ```swift file=Tests/MTests/BTests.swift
      import XCTest
      ```

      ```mermaid
      flowchart LR
        accTitle: The loop
        A --> B
      ```

      ![The counter](images/counter-session.svg)

      ```swift file=Sources/M/B.swift chunk=c
      let c = 3
      ```

      Inline ![icon](images/icon.svg) is not a figure; [the text stays](#listing-m-b-b).
      """
    ),
  ]

  func testNumbersCountListingsAndFiguresSeparatelyInReadingOrder() {
    let chapter = SiteFixture.book(Self.chapters).chapters[1]
    let numbers = ReaderNumbers(chapter: chapter)
    XCTAssertEqual(numbers.listingLabels, ["Listing 2.1", nil, nil, "Figure 2.1", "Listing 2.2"])
    XCTAssertEqual(
      Array(numbers.pictures.values), [ReaderNumbers.Picture(anchor: "figure-counter-session", label: "Figure 2.2")])
    XCTAssertEqual(numbers.labels["figure-the-loop"], "Figure 2.1")
    XCTAssertEqual(numbers.labels["listing-m-b-c"], "Listing 2.2")
    XCTAssertNil(numbers.labels["listing-mtests-btests"], "tests are not numbered")
  }

  func testReferencesAreFilledWithTheCurrentLabel() {
    let page = SiteFixture.text(SiteFixture.site(Self.chapters), "02-b.html")
    XCTAssertTrue(page.contains("See <a href=\"#listing-m-b-b\">Listing 2.1</a>, "), page)
    XCTAssertTrue(page.contains("<a href=\"#listing-m-b-c\">listing 2.2</a>"))
    XCTAssertTrue(page.contains("<a href=\"#figure-the-loop\">Figure 2.1</a>"))
    XCTAssertTrue(page.contains("<a href=\"01-a.html#listing-m-a-a\">Listing 1.1</a>"))
    XCTAssertTrue(page.contains("<a href=\"#listing-m-b-b\">the text stays</a>"))
    XCTAssertTrue(page.contains("<figure class=\"picture\" id=\"figure-counter-session\">"))
    XCTAssertTrue(page.contains("<p>Inline <img src=\"images/icon.svg\" alt=\"icon\"> is not a figure"))
  }

  func testInsertingAListingRenumbersButKeepsAnchorsAndReferences() {
    var chapters = Self.chapters
    chapters[1].1 = chapters[1].1.replacingOccurrences(
      of: "See [](#", with: "```swift file=Sources/M/Z.swift chunk=z\nlet z = 0\n```\n\nSee [](#")
    let page = SiteFixture.text(SiteFixture.site(chapters), "02-b.html")
    XCTAssertTrue(page.contains("See <a href=\"#listing-m-b-b\">Listing 2.2</a>, "), page)
    XCTAssertTrue(page.contains("id=\"listing-m-z-z\""))
  }

  func testThePrintEditionUsesTheSameNumbers() {
    let print = SiteFixture.text(SiteFixture.site(Self.chapters), "print.html")
    XCTAssertTrue(print.contains("<a href=\"#02-b--listing-m-b-b\">Listing 2.1</a>"), print)
    XCTAssertTrue(print.contains("<figure class=\"picture\" id=\"02-b--figure-counter-session\">"))
    XCTAssertTrue(print.contains("<span class=\"listing-number\">Figure 2.2</span>"))
  }
}

/// The golden file of a chapter with numbered listings, a diagram, a picture and references.
extension NumberingTests {
  func testNumberedChapterMatchesItsGoldenFile() {
    let site = SiteFixture.site(Self.chapters)
    GoldenFiles.assertMatches(SiteFixture.article(SiteFixture.text(site, "02-b.html")), name: "numbered-listings")
  }
}

/// What the link checker says about references that ask for a number.
extension LinkCheckerTests {
  /// The numbering book, its pictures replaced by the image the checker's workspace has.
  private var numberedChapters: [String: String] {
    Dictionary(
      uniqueKeysWithValues: NumberingTests.chapters.map { name, text in
        let text = text.replacingOccurrences(of: "images/counter-session.svg", with: "images/ok.svg")
        return (name, text.replacingOccurrences(of: "images/icon.svg", with: "images/ok.svg"))
      })
  }

  func testReferencesToNumberedListingsAndFiguresPass() throws {
    var chapters = self.numberedChapters
    chapters["03-c.md"] = "# Three\n\nSee [](02-b.md#figure-ok) and [Listing](02-b.md#listing-m-b-c).\n"
    XCTAssertEqual(try self.check(chapters), [])
  }

  func testAReferenceToSomethingWithoutANumberIsALocatedError() throws {
    var chapters = self.numberedChapters
    chapters["03-c.md"] = """
      # Three

      ```swift file=Tests/MTests/CTests.swift
      import XCTest
      ```

      Bad: [](#listing-mtests-ctests), then [Figure](#three)
      and [](02-b.md#listing-sh), [](#listing-nope), [](02-b.md).
      """
    let prefix = "Chapters/03-c.md"
    let advice =
      "asks for a listing or figure number, but its target has none; point it at a numbered listing or figure "
      + "(not a test, a heading or a shell block), or give the link its own text [unnumbered-reference]"
    XCTAssertEqual(
      try self.check(chapters),
      [
        "\(prefix):7:6: error: '[](#listing-mtests-ctests)' \(advice)",
        "\(prefix):7:39: error: '[Figure](#three)' \(advice)",
        "\(prefix):8:5: error: '[](02-b.md#listing-sh)' \(advice)",
        "\(prefix):8:29: error: link '#listing-nope' points to no anchor of this chapter [broken-anchor]",
        "\(prefix):8:48: error: '[](02-b.md)' \(advice)",
      ])
  }
}
