import BookKit
import Foundation
import XCTest

@testable import BookSite
@testable import book

/// Code pages: one per version of each tangled file, linked from captions and changes pages, and a site
/// that works when copied alone.
final class CodePagesTests: XCTestCase {
  static let chapters = [
    (
      "01-one.md",
      """
      # One

      ```swift file=Sources/M/A.swift chunk=a
      let a = 1
      ```

      ```swift file=Sources/M/A.swift chunk=b
      let b = 1
      ```

      ```swift file=Sources/M/B.swift
      let c = 1
      ```

      """
    ),
    (
      "02-two.md",
      """
      # Two

      ```swift file=Sources/M/A.swift chunk=a
      let a = 2
      ```

      The whole file: [A.swift](../Sources/M/A.swift#L3).

      """
    ),
    ("03-three.md", "# Three\n\nProse only.\n"),
  ]

  func testEachVersionIsTheRunOfChaptersAtWhoseEndTheFileReadsTheSame() {
    let versions = CodeVersions(book: SiteFixture.book(Self.chapters))
    let found = versions.versions.map { "\($0.sitePath) \($0.first)…\($0.last)" }
    XCTAssertEqual(
      found,
      [
        "code/01-one/Sources/M/A.swift.html 0…0", "code/01-one/Sources/M/B.swift.html 0…2",
        "code/02-two/Sources/M/A.swift.html 1…2",
      ])
    XCTAssertEqual(versions.pages(atChapter: 2)["Sources/M/A.swift"], "code/02-two/Sources/M/A.swift.html")
    XCTAssertEqual(versions.pages(atChapter: 1)["Sources/M/B.swift"], "code/01-one/Sources/M/B.swift.html")
  }

  func testACodePageNumbersItsLinesAndLinksBackToTheChaptersAndListings() {
    let site = SiteFixture.site(Self.chapters)
    let page = SiteFixture.text(site, "code/02-two/Sources/M/A.swift.html")
    XCTAssertTrue(page.contains("<title>Sources/M/A.swift at the end of chapter 2 · Fixture Book</title>"), page)
    XCTAssertTrue(page.contains("<link rel=\"stylesheet\" href=\"../../../../assets/book.css\">"), page)
    XCTAssertTrue(page.contains("<a href=\"../../../../02-two.html\">chapter 2</a>"), page)
    XCTAssertTrue(page.contains("and unchanged at the end of <a href=\"../../../../03-three.html\">chapter 3</a>."))
    XCTAssertTrue(page.contains("<li><a href=\"#L1\">line 1</a>: <a href=\"../../../../02-two.html#listing-m-a-a\">"))
    XCTAssertTrue(page.contains("<li><a href=\"#L3\">line 3</a>: <a href=\"../../../../01-one.html#listing-m-a-b\">"))
    XCTAssertTrue(page.contains("<span class=\"code-line\" id=\"L3\">"), page)
    XCTAssertFalse(page.contains("repository"), "no repository link without a repositoryURL")
  }

  func testCaptionsChangesPagesAndLinksToTangledFilesGoToTheCodePage() {
    let site = SiteFixture.site(Self.chapters)
    let two = SiteFixture.text(site, "02-two.html")
    XCTAssertTrue(two.contains("<a class=\"listing-file\" href=\"code/02-two/Sources/M/A.swift.html\""), two)
    XCTAssertTrue(two.contains("<a href=\"code/02-two/Sources/M/A.swift.html#L3\">A.swift</a>"), two)
    let changes = SiteFixture.text(site, "02-two.changes.html")
    XCTAssertTrue(changes.contains("<a href=\"code/02-two/Sources/M/A.swift.html\">The whole file at the end"), changes)
    let print = SiteFixture.text(site, "print.html")
    XCTAssertTrue(print.contains("href=\"code/01-one/Sources/M/B.swift.html\""))
    XCTAssertFalse(print.contains("href=\"../"), "the print edition links nothing outside the site")
  }

  func testWithARepositoryTheCodePageOffersTheFileAtTheChaptersTag() {
    var metadata = SiteFixture.metadata
    metadata.repositoryURL = "https://example.org/book"
    let page = SiteFixture.text(
      SiteFixture.site(Self.chapters, metadata: metadata), "code/01-one/Sources/M/B.swift.html")
    XCTAssertTrue(page.contains("<a href=\"https://example.org/book/blob/chapter-01/Sources/M/B.swift\">"), page)
  }

  func testTheSiteCopiedAloneHasNoLinkThatLeavesItOrNamesNothing() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chapters = folder.appendingPathComponent("Chapters")
    try FileManager.default.createDirectory(at: chapters, withIntermediateDirectories: true)
    for (name, text) in Self.chapters { try Data(text.utf8).write(to: chapters.appendingPathComponent(name)) }
    let rendered = folder.appendingPathComponent("rendered")
    var command = try BookCommand.parseAsRoot(["site", "--chapters", chapters.path, "--output", rendered.path])
    try command.run()
    // Published alone: the site's folder copied where nothing of the workspace lies beside it.
    let alone = folder.appendingPathComponent("elsewhere/published")
    try FileManager.default.createDirectory(at: alone.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: rendered, to: alone)
    let problems = try Self.unresolvedLinks(in: alone)
    XCTAssertEqual(problems, [])
    let pages = try FileManager.default.subpathsOfDirectory(atPath: alone.path).filter { $0.hasPrefix("code/") }
    XCTAssertTrue(pages.contains("code/01-one/Sources/M/B.swift.html"), "\(pages)")
  }

  func testTheSiteLinkCheckReportsLinksThatLeaveTheSiteOrNameNothing() {
    let page = """
      <p><a href="../Sources/M/A.swift">out</a>
      <a href="gone.html">gone</a> <a href="index.html#nowhere">no id</a> <img src="/x.png">
      <a href="index.html#top">fine</a> <a href="https://example.org/x">web</a> <a href="#here" id="here">self</a>
      """
    let files = ["index.html": Data("<p id=\"top\">\n".utf8), "a.html": Data(page.utf8)]
    XCTAssertEqual(
      SiteLinkCheck.check(files, folder: "Site").map(\.description),
      [
        "Site/a.html:1:13: error: link '../Sources/M/A.swift' leaves the site [broken-site-link]",
        "Site/a.html:2:10: error: link 'gone.html' names no file of the site (looked for gone.html) [broken-site-link]",
        "Site/a.html:2:39: error: link 'index.html#nowhere' points to no id of index.html [broken-site-link]",
        "Site/a.html:2:79: error: link '/x.png' starts at the server's root, outside the site [broken-site-link]",
      ])
  }

  /// Every `href` and `src` of every page under `root` that is not an absolute URL, but leaves `root` or
  /// names no file (read from disk with a pattern of its own, independent of `SiteLinkCheck`).
  static func unresolvedLinks(in root: URL) throws -> [String] {
    let pattern = try NSRegularExpression(pattern: " (?:href|src)=\"([^\"]*)\"")
    let base = root.standardizedFileURL.path
    var problems: [String] = []
    for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) where path.hasSuffix(".html") {
      let page = root.appendingPathComponent(path)
      let text = try String(contentsOf: page, encoding: .utf8)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        let value = String(text[Range(match.range(at: 1), in: text)!]).replacingOccurrences(of: "&amp;", with: "&")
        if value.isEmpty || value.hasPrefix("#")
          || value.range(of: "^[a-zA-Z][a-zA-Z0-9+.-]*:", options: .regularExpression) != nil
        {
          continue
        }
        let file = value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let decoded = file.removingPercentEncoding ?? String(file)
        let target = URL(fileURLWithPath: decoded, relativeTo: page.deletingLastPathComponent()).standardizedFileURL
        if !target.path.hasPrefix(base + "/") || !FileManager.default.fileExists(atPath: target.path) {
          problems.append("\(path): \(value)")
        }
      }
    }
    return problems.sorted()
  }
}
