import BookKit
import XCTest

@testable import BookSite

/// The link checker: every case it knows, each reported at the exact chapter line and column.
final class LinkCheckerTests: XCTestCase {
  /// A chapter whose every link, image and footnote resolves.
  let goodChapter = """
    # Local Heading

    Good: [next](02-b.md), [section](02-b.md#second-heading), [here](#local-heading), [web](https://example.com/x).
    Also <https://example.org>, www.example.net, [mail](mailto:a@b.c), [code](../Sources/M/A.swift#L1), ![ok](images/ok.svg).
    Listing [l](#listing-text), footnote [fn](#fn-note), note[^note], diagram [d](#diagram-01-a-12), [c](#custom).

    <a id="custom"></a>

    [^note]: A note with [a link](02-b.md#second-heading) and ![inline](images/ok.svg "title").

    ```mermaid
    flowchart LR
      accTitle: T
      A --> B
    ```

    ```text
    [not a link](nowhere.md) and [^not-a-footnote]
    [^in-code]: not a definition
    ```

    A [query](02-b.md?x=1#second-heading), an [encoded](02-b.md#second%2Dheading).

    ```swift file=Sources/M/A.swift
    let a = 1
    ```

    """

  /// A chapter with one of each problem.
  let brokenChapter = """
    # B

    ## Second Heading

    Broken: [c](02-bb.md) and [d](02-b.md#second-headin) and [e](#secnd-heading).
    Far: [f](#zzz-qqq-www), ![m](images/missing.png), ![r](https://example.com/r.png).
    Out: ![o](../Other/pic.png), [s](../Sources/Nope.swift), [w](../../x.md), [abs](/index.html).
    Form: [g](./01-a.md#a) and [h](../Chapters/01-a.md). Unpublished: [r](../README.md), [k](../Sources/).

    - item [i](#nope)

    > quote [q](01-a.md#nope)

    | a | b |
    |---|---|
    | [t](#tab) | x |

    Missing[^mising] and escaped \\[^esc] and used[^used] and `[^code]`, ![empty]().

    [^used]: Used, with [bad](#bad-in-note).
    [^missing]: Nobody refers to this.

    """

  /// A temporary workspace holding the given chapters, `README.md`, `Chapters/images/ok.svg` and
  /// `Other/pic.png`.
  func workspace(_ chapters: [String: String]) throws -> Workspace {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("links-\(UUID().uuidString)")
    self.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
    let chapterFiles = Dictionary(uniqueKeysWithValues: chapters.map { ("Chapters/\($0.key)", $0.value) })
    let files = chapterFiles.merging([
      "Package.swift": "// test workspace\n", "README.md": "# Readme\n", "Chapters/images/ok.svg": "<svg/>\n",
      "Other/pic.png": "png\n", "Sources/Kept.swift": "\n",
    ]) { $1 }
    for (path, text) in files {
      let url = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return Workspace(root: root)
  }

  /// The checker's diagnostics for a book of these chapters, in compiler format.
  func check(_ chapters: [String: String]) throws -> [String] {
    let workspace = try self.workspace(chapters)
    let book = try Book.load(from: workspace)
    return LinkChecker.check(book: book, workspace: workspace).map(\.description)
  }

  /// `Chapters/<file>:<line>:<column>` of the first `needle` on a line of a chapter's text.
  func at(_ file: String, _ text: String, line: Int, _ needle: String) -> String {
    let source = text.split(separator: "\n", omittingEmptySubsequences: false)[line - 1]
    guard let range = source.range(of: needle) else {
      XCTFail("'\(needle)' is not on line \(line) of \(file)")
      return ""
    }
    return "Chapters/\(file):\(line):\(source.utf8.distance(from: source.startIndex, to: range.lowerBound) + 1)"
  }

  func testEveryKindOfGoodLinkPasses() throws {
    XCTAssertEqual(try self.check(["01-a.md": self.goodChapter, "02-b.md": "# B\n\n## Second Heading\n"]), [])
  }

  func testEveryKindOfBrokenLinkIsReportedAtItsLineAndColumn() throws {
    let text = self.brokenChapter
    func at(_ line: Int, _ needle: String) -> String { self.at("02-b.md", text, line: line, needle) }
    let expected = [
      "\(at(5, "[c]")): error: link to '02-bb.md', which is not a chapter of the book; did you mean '02-b.md'? [broken-link]",
      "\(at(5, "[d]")): error: link '02-b.md#second-headin' points to no anchor of this chapter; "
        + "did you mean '#second-heading'? [broken-anchor]",
      "\(at(5, "[e]")): error: link '#secnd-heading' points to no anchor of this chapter; did you mean '#second-heading'? [broken-anchor]",
      "\(at(6, "[f]")): error: link '#zzz-qqq-www' points to no anchor of this chapter [broken-anchor]",
      "\(at(6, "![m]")): error: image 'images/missing.png' does not exist (looked for Chapters/images/missing.png) [missing-image]",
      "\(at(6, "![r]")): error: image 'https://example.com/r.png' would load from the network; save it under "
        + "Chapters/images/ and link it relatively [remote-image]",
      "\(at(7, "![o]")): error: image '../Other/pic.png' lies outside Chapters/, so the site cannot copy it; "
        + "move it under Chapters/images/ [image-outside-chapters]",
      "\(at(7, "[s]")): error: link to '../Sources/Nope.swift', which does not exist (looked for Sources/Nope.swift) [broken-link]",
      "\(at(7, "[w]")): error: '../../x.md' leads out of the workspace [broken-link]",
      "\(at(7, "[abs]")): error: link to '/index.html' starts at the server's root and breaks when the site is "
        + "opened from a file; write it relative to the chapter [absolute-link]",
      "\(at(8, "[g]")): warning: link to chapter './01-a.md' should be written '01-a.md', so that the site "
        + "links to its page [chapter-link-form]",
      "\(at(8, "[h]")): warning: link to chapter '../Chapters/01-a.md' should be written '01-a.md', so that the "
        + "site links to its page [chapter-link-form]",
      "\(at(8, "[r]")): error: link to '../README.md' leaves the site: README.md lies outside Chapters/, and the "
        + "site publishes only the chapters' pages, their images and the code they tangle; link to a listing, or to "
        + "an absolute URL [link-leaves-site]",
      "\(at(8, "[k]")): error: link to '../Sources/' leaves the site: Sources lies outside Chapters/, and the "
        + "site publishes only the chapters' pages, their images and the code they tangle; link to a listing, or to "
        + "an absolute URL [link-leaves-site]",
      "\(at(10, "[i]")): error: link '#nope' points to no anchor of this chapter [broken-anchor]",
      "\(at(12, "[q]")): error: link '01-a.md#nope' points to no anchor of Chapters/01-a.md [broken-anchor]",
      "\(at(16, "[t]")): error: link '#tab' points to no anchor of this chapter [broken-anchor]",
      "\(at(18, "[^mising]")): error: footnote '[^mising]' has no definition; add '[^mising]: …' to the chapter; "
        + "did you mean '[^missing]'? [undefined-footnote]",
      "\(at(18, "![empty]")): error: image '' is not a path relative to the chapter (e.g. images/figure.svg) [missing-image]",
      "\(at(20, "[bad]")): error: link '#bad-in-note' points to no anchor of this chapter [broken-anchor]",
      "\(at(21, "[^missing]")): warning: footnote '[^missing]' is defined but never referenced [unused-footnote]",
    ]
    let found = try self.check(["01-a.md": "# A\n", "02-b.md": text])
    XCTAssertEqual(found, expected)
    for (index, pair) in zip(found, expected).enumerated() where pair.0 != pair.1 {
      XCTFail("diagnostic \(index):\n  found    \(pair.0)\n  expected \(pair.1)")
    }
  }

  func testAnchorSuggestionNamesTheOtherChapter() throws {
    let found = try self.check([
      "01-a.md": "# A\n\nSee [b](02-b.md#the-stor).\n", "02-b.md": "# B\n\n## The Store\n",
    ])
    XCTAssertEqual(
      found,
      [
        "Chapters/01-a.md:3:5: error: link '02-b.md#the-stor' points to no anchor of Chapters/02-b.md; "
          + "did you mean '#the-store'? [broken-anchor]"
      ])
  }

  func testDuplicateFootnoteDefinitionIsAWarningWithANote() throws {
    let found = try self.check(["01-a.md": "# A\n\nText[^a].\n\n[^a]: First.\n\n[^a]: Second.\n"])
    XCTAssertEqual(
      found,
      [
        "Chapters/01-a.md:7:1: warning: footnote '[^a]' is defined twice; only the first definition is shown "
          + "[duplicate-footnote]\nChapters/01-a.md:5:1: note: first defined here [note]"
      ])
  }

  func testFootnoteLabelsMatchWithoutCase() throws {
    XCTAssertEqual(try self.check(["01-a.md": "# A\n\nText[^Note].\n\n[^note]: Defined.\n"]), [])
  }

  func testRepeatedUndefinedMarksAreEachReported() throws {
    let found = try self.check(["01-a.md": "# A\n\nOne[^x], two[^x].\n"])
    XCTAssertEqual(
      found,
      [
        "Chapters/01-a.md:3:4: error: footnote '[^x]' has no definition; add '[^x]: …' to the chapter [undefined-footnote]",
        "Chapters/01-a.md:3:13: error: footnote '[^x]' has no definition; add '[^x]: …' to the chapter [undefined-footnote]",
      ])
  }

  func testLinksInsideAnIndentedListKeepTheirColumns() throws {
    let found = try self.check(["01-a.md": "# A\n\n1. First\n   - nested [x](#missing)\n     and [y](#gone)\n"])
    XCTAssertEqual(
      found,
      [
        "Chapters/01-a.md:4:13: error: link '#missing' points to no anchor of this chapter [broken-anchor]",
        "Chapters/01-a.md:5:10: error: link '#gone' points to no anchor of this chapter [broken-anchor]",
      ])
  }

  func testDestinationsAreClassified() {
    let cases: [(String, LinkDestination)] = [
      ("https://x.org/a#b", .external(scheme: "https")), ("HTTP://X", .external(scheme: "http")),
      ("mailto:a@b.c", .external(scheme: "mailto")), ("data:image/png;base64,AA", .external(scheme: "data")),
      ("//cdn.example.com/x.js", .external(scheme: nil)), ("#id", .fragment("id")), ("#a%20b", .fragment("a b")),
      ("02-x.md", .relative(path: "02-x.md", fragment: nil)),
      ("02-x.md#y", .relative(path: "02-x.md", fragment: "y")), ("02-x.md#", .relative(path: "02-x.md", fragment: nil)),
      ("a%20b.md?q=1#c", .relative(path: "a b.md", fragment: "c")),
      ("images/x:y.png", .relative(path: "images/x:y.png", fragment: nil)),
      ("/abs", .absolute("/abs")), ("", .empty),
    ]
    for (destination, expected) in cases {
      XCTAssertEqual(LinkDestination(destination), expected, destination)
    }
    XCTAssertEqual(LinkDestination.resolve("../README.md", in: "Chapters"), "README.md")
    XCTAssertEqual(LinkDestination.resolve("./images/../images/a.svg", in: "Chapters"), "Chapters/images/a.svg")
    XCTAssertNil(LinkDestination.resolve("../../x", in: "Chapters"))
  }

  func testSuggestionsNeedACloseName() {
    XCTAssertEqual(Suggestion.nearest(to: "the-stor", among: ["selectors", "the-store"]), "the-store")
    XCTAssertNil(Suggestion.nearest(to: "zebra", among: ["selectors", "the-store"]))
    XCTAssertEqual(Suggestion.nearest(to: "abc", among: ["abx", "aby"]), "abx", "ties go to the first")
    XCTAssertNil(Suggestion.nearest(to: "tab", among: ["b"]), "two edits are too many for three letters")
  }
}
