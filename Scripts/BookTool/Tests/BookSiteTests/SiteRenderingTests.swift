import BookKit
import Foundation
import XCTest

@testable import BookSite

/// The pieces of the renderer that golden files do not show well on their own.
final class SiteRenderingTests: XCTestCase {
  func testFootnoteLabelsComeFromTheSource() {
    let document = MarkdownParser.parse("A[^second] b[^first] c[^second].\n\n[^first]: One.\n\n[^second]: Two.\n")
    var references: [String] = []
    var definitions: [String] = []
    document.forEachNode { node in
      if case .footnoteReference(let label) = node.kind { references.append(label) }
      if case .footnoteDefinition(let label) = node.kind { definitions.append(label) }
    }
    XCTAssertEqual(references, ["second", "first", "second"])
    XCTAssertEqual(definitions, ["second", "first"], "cmark-gfm orders definitions by first reference")
  }

  func testChangedLinesAreTheOnesOutsideACommonSubsequence() {
    let cases: [(old: [Substring], new: [Substring], changed: Set<Int>)] = [
      (["a", "b"], ["a", "b"], []),
      (["a", "b"], ["a", "c", "b"], [1]),
      (["a", "b", "c"], ["a", "x", "c"], [1]),
      ([], ["a", "b"], [0, 1]),
      (["a", "b"], [], []),
      (["a", "b", "a"], ["b", "a", "b"], [2]),
      (["x", "a", "y"], ["a", "z", "a"], [1, 2]),
    ]
    for (old, new, changed) in cases {
      XCTAssertEqual(LineDiff.changedLines(old: old, new: new), changed, "\(old) → \(new)")
    }
  }

  func testLinksAreRewrittenForEachPlace() {
    let pages = PageLinks(mode: .chapterPages, currentPage: "01-a.html", chapterPages: [])
    let print = PageLinks(mode: .printEdition, currentPage: "01-a.html", chapterPages: ["01-a.html", "02-b.html"])
    let cases: [(String, String, String)] = [
      ("02-b.md", "02-b.html", "#02-b"),
      ("02-b.md#x", "02-b.html#x", "#02-b--x"),
      ("#x", "#x", "#01-a--x"),
      ("09-z.md#y", "09-z.html#y", "09-z.html#y"),
      ("https://swift.org/a.md", "https://swift.org/a.md", "https://swift.org/a.md"),
      ("../README.md", "../README.md", "../README.md"),
      ("images/x.svg", "images/x.svg", "images/x.svg"),
    ]
    for (destination, onPage, inPrint) in cases {
      XCTAssertEqual(pages.rewrite(destination), onPage, destination)
      XCTAssertEqual(print.rewrite(destination), inPrint, destination)
      // Where a link leads does not depend on the place: one place's target serves the other.
      XCTAssertEqual(pages.target(of: destination), print.target(of: destination), destination)
      XCTAssertEqual(print.href(pages.target(of: destination)), inPrint, destination)
    }
  }

  func testSwiftHighlightingCoversEveryByteAndKeepsSpansOnOneLine() {
    let code = "/* a\n b */ let s = \"\"\"\n  x < y\n  \"\"\"\n"
    let lines = SwiftHighlighter.highlight(code)
    XCTAssertEqual(lines.count, 4)
    for line in lines {
      XCTAssertEqual(line.components(separatedBy: "<span").count, line.components(separatedBy: "</span>").count)
    }
    let text = lines.joined(separator: "\n").replacingOccurrences(of: "<[^>]+>", with: "", options: .regularExpression)
    let expected = "/* a\n b */ let s = \"\"\"\n  x &lt; y\n  \"\"\"".replacingOccurrences(of: "\"", with: "&quot;")
    XCTAssertEqual(text, expected)
  }

  func testCodeWithBracketsNestedTooDeepIsShownPlainly() {
    let limit = SwiftHighlighter.maximumBracketDepth
    let fits = "let a = " + String(repeating: "[", count: limit) + "1" + String(repeating: "]", count: limit)
    XCTAssertTrue(SwiftHighlighter.highlight(fits)[0].contains("<span class=\"hl-keyword\">let</span>"))
    // 40 unclosed brackets: about 2⁴⁰ steps for swift-syntax's parser, instant when shown plainly.
    let deep = "let a = " + String(repeating: "[", count: 40) + " x"
    XCTAssertEqual(SwiftHighlighter.highlight(deep), SwiftHighlighter.plain(deep))
    XCTAssertEqual(SwiftHighlighter.bracketDepth(of: "[a[b]c[d[e]]] ] ] [[x"), 3)
    // Brackets in string literals and comments are text: a test of terminal escapes nests nothing.
    XCTAssertEqual(SwiftHighlighter.bracketDepth(of: #"f([27, [91]], [.unknown("^[[[[[[[[[[A")])"#), 2)
    XCTAssertEqual(SwiftHighlighter.bracketDepth(of: #"let s = "a\"[[[[[[[[[b" + [x]"#), 1)
    XCTAssertEqual(SwiftHighlighter.bracketDepth(of: "// [[[[[[[[[[\n[1] /* [[[[[[[[[[ */ [[2]]"), 2)
    XCTAssertEqual(SwiftHighlighter.bracketDepth(of: "let t = \"\"\"\n[[[[[[[[[[\n\"\"\"\n[[3]]"), 2)
  }

  func testEscapingAndTagFilter() {
    XCTAssertEqual(HTML.escape("a < b & \"c\" > d"), "a &lt; b &amp; &quot;c&quot; &gt; d")
    XCTAssertEqual(HTML.filtered("<b>x</b><script>y</script><Style>"), "<b>x</b>&lt;script>y&lt;/script>&lt;Style>")
    XCTAssertEqual(HTML.filtered("<scripts>"), "<scripts>")
    XCTAssertEqual(HTML.escapeURL("a b.html?x=1&y=é"), "a%20b.html?x=1&amp;y=%C3%A9")
  }

  func testPartsSkipMissingChaptersAndCollectTheRest() {
    let book = SiteFixture.book([("00-a.md", "# A\n"), ("01-b.md", "# B\n"), ("notes.md", "# N\n")])
    let metadata = BookMetadata(
      title: "T", parts: [.init(title: "One", chapters: [1, 7]), .init(title: "Empty", chapters: [8])])
    let groups = metadata.groups(of: book.chapters)
    XCTAssertEqual(groups.map(\.title), ["One", nil])
    XCTAssertEqual(groups.map(\.chapterIndices), [[1], [0, 2]])
  }

  func testAPartSaysWhatIsToComeInTheContentsButNotInTheSidebar() throws {
    let book = SiteFixture.book([("01-b.md", "# B\n")])
    let metadata = BookMetadata(
      title: "T",
      parts: [
        .init(title: "One", chapters: [1], toCome: "Chapter 2: more"),
        .init(title: "Later", chapters: [], toCome: "Chapters 3–4"),
        .init(title: "Silent", chapters: []),
      ])
    XCTAssertEqual(metadata.groups(of: book.chapters).map(\.title), ["One", "Later"])
    let site = SiteRenderer(book: book, metadata: metadata).render()
    let index = String(decoding: try XCTUnwrap(site.files["index.html"]), as: UTF8.self)
    XCTAssertTrue(
      index.contains(
        "</ol>\n<p class=\"to-come\">To come: Chapter 2: more</p>\n<h2>Later</h2>\n<p class=\"to-come\">To come: Chapters 3–4</p>"
      ), index)
    XCTAssertFalse(index.contains("Silent"))
    let page = String(decoding: try XCTUnwrap(site.files["01-b.html"]), as: UTF8.self)
    XCTAssertFalse(page.contains(">Later<"), "the sidebar lists only parts with chapters")
  }

  func testBookMetadataLoadsOrDefaultsOrFails() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let workspace = Workspace(root: folder, chaptersFolder: "mybook")
    XCTAssertEqual(try BookMetadata.load(from: workspace).get().title, "mybook")
    let json = #"{"title": "T", "parts": [{"title": "P", "chapters": [0]}]}"#
    try workspace.write(Data(json.utf8), to: "mybook/book.json")
    XCTAssertEqual(try BookMetadata.load(from: workspace).get().parts.map(\.chapters), [[0]])
    try workspace.write(Data(#"{"subtitle": "no title"}"#.utf8), to: "mybook/book.json")
    guard case .failure(let error) = try BookMetadata.load(from: workspace) else {
      return XCTFail("a book.json without a title must fail")
    }
    XCTAssertEqual(error.diagnostics.map(\.id), [.invalidBookMetadata])
    XCTAssertEqual(error.diagnostics.first?.location.path, "mybook/book.json")
  }

  func testSearchIndexHasOneEntryPerSection() {
    let site = SiteFixture.site([("01-a.md", "# Alpha\n\nIntro words.\n\n## Beta part\n\nZebra `Quux` here.\n")])
    let script = SiteFixture.text(site, "assets/search-index.js")
    XCTAssertTrue(script.hasPrefix("window.BOOK_SEARCH = {"))
    XCTAssertTrue(script.contains(#"[0, "alpha", "Alpha", "Intro words.", "intro words alpha"]"#), script)
    let beta = #"[0, "beta-part", "Beta part", "Zebra Quux here.", "zebra quux here beta part"]"#
    XCTAssertTrue(script.contains(beta), script)
  }

  func testPrintEditionHoldsEveryChapterWithUniqueIds() {
    let site = SiteFixture.site([("01-a.md", "# Same\n\n## Same\n"), ("02-b.md", "# Same\n")])
    let print = SiteFixture.text(site, "print.html")
    for id in ["01-a", "02-b", "01-a--same", "01-a--same-1", "02-b--same"] {
      XCTAssertEqual(print.components(separatedBy: "id=\"\(id)\"").count, 2, id)
    }
  }

  func testABookWithoutTagsRenders() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let workspace = Workspace(root: folder, chaptersFolder: "notes")
    try workspace.write(Data("# Plain\n\n```swift\nlet x = 1\n```\n\n![pic](img/p.png)\n".utf8), to: "notes/a.md")
    try workspace.write(Data([0x89, 0x50]), to: "notes/img/p.png")
    var timings = SiteTimings()
    let site = try SiteBuild.make(from: workspace, timings: &timings).site
    XCTAssertEqual(site.diagnostics, [], "untagged Swift is fine for the site")
    XCTAssertEqual(site.files["img/p.png"], Data([0x89, 0x50]), "images are copied beside the pages")
    XCTAssertTrue(SiteFixture.text(site, "a.html").contains("<span class=\"hl-keyword\">let</span>"))
  }
}
