import BookKit
import Foundation
import XCTest

@testable import BookSite

/// The print edition's table of contents, and the listings print keeps whole.
final class PrintEditionTests: XCTestCase {
  /// Three chapters, two in the fixture's part and one outside any part, with repeated and non-ASCII
  /// headings and a level-3 heading that the contents leave out.
  private static let chapters = [
    ("01-a.md", "# Alpha\n\n## Same\n\n### Deeper\n\n## Same\n"),
    ("02-b.md", "# Beta\n\n## Café au lait\n"),
    ("03-c.md", "# Gamma\n\nNo sections.\n"),
  ]

  /// The `<nav>` of the print edition's contents, or an empty string.
  private static func contents(_ page: String) -> String {
    guard let start = page.range(of: "<nav class=\"contents print-contents\""),
      let end = page.range(of: "</nav>\n", range: start.upperBound..<page.endIndex)
    else { return "" }
    return String(page[start.lowerBound..<end.upperBound])
  }

  /// Every `href` in some HTML, in order, with its percent escapes decoded.
  private static func hrefs(_ html: String, linkClass: String? = nil) -> [String] {
    let prefix = linkClass.map { "<a class=\"\($0)\" href=\"" } ?? "href=\""
    return html.components(separatedBy: prefix).dropFirst().compactMap { rest in
      rest.split(separator: "\"", maxSplits: 1).first.flatMap { String($0).removingPercentEncoding }
    }
  }

  func testTheContentsComeAfterTheTitleAndListEveryChapterInOrder() throws {
    let page = SiteFixture.text(SiteFixture.site(Self.chapters), "print.html")
    let contents = Self.contents(page)
    XCTAssertFalse(contents.isEmpty, "print.html has no table of contents")
    let header = try XCTUnwrap(page.range(of: "</header>\n<nav class=\"contents print-contents\""))
    let firstArticle = try XCTUnwrap(page.range(of: "<article class=\"chapter\""))
    XCTAssertLessThan(header.lowerBound, firstArticle.lowerBound, "the contents come before the chapters")
    XCTAssertTrue(contents.contains("aria-label=\"Table of contents\""), contents)
    XCTAssertEqual(Self.hrefs(contents, linkClass: "chapter-link"), ["#01-a", "#02-b", "#03-c"])
    for label in [
      "<span class=\"number\">1</span> Alpha", "<span class=\"number\">3</span> Gamma",
      "<p class=\"part-name\">Part 1: Basics</p>", "<p class=\"part-name\">Chapters</p>",
    ] {
      XCTAssertTrue(contents.contains(label), label)
    }
    XCTAssertFalse(contents.contains("Deeper"), "only level-2 sections are listed")
    XCTAssertFalse(contents.contains(" id=\""), "the contents add no ids to the page")
  }

  func testEveryContentsLinkResolvesToOneIdOnThePage() {
    let page = SiteFixture.text(SiteFixture.site(Self.chapters), "print.html")
    let links = Self.hrefs(Self.contents(page))
    XCTAssertEqual(
      links, ["#01-a", "#01-a--same", "#01-a--same-1", "#02-b", "#02-b--café-au-lait", "#03-c"],
      "each chapter, then its level-2 sections")
    for link in links {
      XCTAssertTrue(link.hasPrefix("#"), "\(link) leaves the page")
      let id = HTML.escape(String(link.dropFirst()))
      XCTAssertEqual(page.components(separatedBy: "id=\"\(id)\"").count, 2, "\(link): no single id on the page")
    }
  }

  func testTheIndexStillLinksToTheChapterPages() {
    let index = SiteFixture.text(SiteFixture.site(Self.chapters), "index.html")
    XCTAssertTrue(index.contains("<li><a class=\"chapter-link\" href=\"01-a.html\">"), index)
    XCTAssertTrue(index.contains("<li><a href=\"01-a.html#same-1\">Same</a></li>"), index)
    XCTAssertFalse(index.contains("print-contents"), "the print edition's contents are its own")
  }

  func testAListingOfFifteenLinesIsShortAndOneOfSixteenIsNot() {
    func block(_ name: String, lines: Int) -> String {
      "```swift\n" + (1...lines).map { "let \(name)\($0) = \($0)" }.joined(separator: "\n") + "\n```\n"
    }
    let markdown = "# Listings\n\n" + block("fifteen", lines: 15) + "\n" + block("sixteen", lines: 16)
    let site = SiteFixture.site([("01-a.md", markdown)])
    for page in ["01-a.html", "print.html"] {
      let figures = SiteFixture.text(site, page).components(separatedBy: "<figure class=\"").dropFirst()
      let classes = figures.map { String($0.prefix { $0 != "\"" }) }
      XCTAssertEqual(classes, ["listing short", "listing"], page)
      XCTAssertTrue(figures.first?.contains("fifteen15") == true && figures.last?.contains("sixteen16") == true, page)
    }
  }
}
