import ArgumentParser
import BookKit
import Foundation
import XCTest

@testable import BookSite
@testable import book

/// An incremental `book site` (pages reused from the last build through the page memo) writes exactly
/// the bytes a full render (`--full --no-cache`) writes, edit after edit.
final class IncrementalSiteTests: XCTestCase {
  static let one = """
    # One

    The store keeps the state ([](02-two.md#listing-m-a-a)); [Figure](#figure-the-loop) shows the loop.

    ```swift file=Sources/M/A.swift chunk=a
    let a = 1
    ```

    ```mermaid
    flowchart LR
      accTitle: The loop
      A[Action] --> B[Store]
    ```

    Closing words.

    """
  static let two = """
    # Two

    ## Changing it

    ```swift file=Sources/M/A.swift chunk=a
    let a = 2
    ```

    See [](01-one.md#figure-the-loop) again.

    """
  static let three = "# Three\n\nProse only, and a [link](01-one.md).\n"

  private var folder: URL!
  private var chapters: URL { self.folder.appendingPathComponent("Chapters") }

  override func setUpWithError() throws {
    self.folder = try SiteFixture.temporaryFolder()
    try FileManager.default.createDirectory(at: self.chapters, withIntermediateDirectories: true)
    try self.write("01-one.md", Self.one)
    try self.write("02-two.md", Self.two)
    try self.write("03-three.md", Self.three)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: self.folder)
  }

  func testEveryEditRendersIncrementallyTheBytesOfAFullRender() throws {
    let site = self.folder.appendingPathComponent("site")
    try self.site(into: site)
    try self.assertSameAsFullRender(site, "first build")
    let edits: [(String, () throws -> Void)] = [
      ("prose", { try self.edit("02-two.md") { $0 + "One more sentence.\n" } }),
      ("lines shifted above a listing and a diagram", { try self.edit("01-one.md") { "\n\n" + $0 } }),
      ("a title", { try self.edit("02-two.md") { $0.replacingOccurrences(of: "# Two", with: "# Two, renamed") } }),
      (
        "a listing that a later chapter replaces",
        {
          try self.edit("01-one.md") { $0.replacingOccurrences(of: "let a = 1", with: "let a = 10\nlet b = 1") }
        }
      ),
      ("a diagram", { try self.edit("01-one.md") { $0.replacingOccurrences(of: "B[Store]", with: "B[The store]") } }),
      (
        "a cross-reference target renumbered",
        {
          try self.edit("02-two.md") {
            $0.replacingOccurrences(
              of: "## Changing it\n", with: "## Changing it\n\n```swift file=Sources/M/B.swift\nlet z = 0\n```\n")
          }
        }
      ),
      ("a heading in the last chapter", { try self.edit("03-three.md") { $0 + "\n## Later\n\nMore.\n" } }),
      (
        "a file's only listing removed, so its code page goes",
        {
          try self.edit("02-two.md") {
            $0.replacingOccurrences(of: "```swift file=Sources/M/B.swift\nlet z = 0\n```\n", with: "")
          }
        }
      ),
      ("a chapter without a heading added", { try self.write("04-untitled.md", "Words without a heading.\n") }),
      (
        "that chapter renamed: its title is its file name (hostile case 5 of issue 18)",
        {
          try FileManager.default.moveItem(
            at: self.chapters.appendingPathComponent("04-untitled.md"),
            to: self.chapters.appendingPathComponent("04-renamed.md"))
        }
      ),
      ("a chapter status record written (issue 19, item 8)", { try self.writeStatusRecord() }),
      (
        "an earlier chapter's prose, which makes the later chapters' status stale",
        {
          try self.edit("01-one.md") { $0 + "Stale now.\n" }
        }
      ),
      (
        "the status record removed",
        { try FileManager.default.removeItem(at: self.chapters.appendingPathComponent("status.json")) }
      ),
      (
        "a chapter removed",
        { try FileManager.default.removeItem(at: self.chapters.appendingPathComponent("03-three.md")) }
      ),
      (
        "a page edited by hand",
        {
          try Data("hand edit".utf8).write(to: site.appendingPathComponent("01-one.html"))
          try Data("hand edit".utf8).write(to: site.appendingPathComponent("print.html"))
        }
      ),
      (
        "the memo overwritten with garbage",
        {
          let memos = try FileManager.default.contentsOfDirectory(
            at: self.folder.appendingPathComponent(".build/book-site-cache"), includingPropertiesForKeys: nil
          ).filter { $0.lastPathComponent.hasPrefix("pages-") }
          XCTAssertEqual(memos.count, 1)
          try Data("BKSM0001 0\n{}".utf8).write(to: memos[0])
          try self.edit("01-one.md") { $0 + "Again.\n" }
        }
      ),
    ]
    for (name, edit) in edits {
      try edit()
      try self.site(into: site)
      try self.assertSameAsFullRender(site, name)
    }
  }

  func testAProseEditRendersOnlyThatChaptersPageAndReusesTheRest() throws {
    let site = self.folder.appendingPathComponent("site")
    try self.site(into: site)
    try self.edit("02-two.md") { $0 + "One more sentence.\n" }
    let input = Workspace(root: self.folder)
    let output = Workspace(root: site)
    var timings = SiteTimings()
    let rendered = try SiteBuild.make(
      from: input, memo: SiteMemo(input: input, output: output, folder: ""), timings: &timings)
    XCTAssertEqual(
      rendered.reusedFiles,
      [
        "01-one.html", "03-three.html", "01-one.changes.html", "03-three.changes.html",
        "code/01-one/Sources/M/A.swift.html", "code/02-two/Sources/M/A.swift.html", "symbols.html",
      ],
      "every code page and the symbol index are reused; the edited chapter's changes page reads the chapter (its "
        + "hunks' listings)")
    XCTAssertEqual(rendered.reusedArticles, 2, "the print edition keeps the articles of chapters 1 and 3")
    XCTAssertEqual(rendered.reusedSearchBlocks, 2, "the search index keeps the entries of chapters 1 and 3")
  }

  /// Compares `site` with a full render of the same chapters, byte for byte, file by file.
  private func assertSameAsFullRender(_ site: URL, _ name: String, line: UInt = #line) throws {
    let full = self.folder.appendingPathComponent("full")
    try? FileManager.default.removeItem(at: full)
    try SiteRuns.run(["site", "--chapters", self.chapters.path, "--output", full.path, "--full", "--no-cache"])
    let expected = try SiteRuns.files(in: full)
    let actual = try SiteRuns.files(in: site)
    XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted(), "after \(name)", line: line)
    for (path, data) in expected where actual[path] != data {
      XCTFail("after \(name): \(path) differs from a full render", line: line)
    }
  }

  private func site(into site: URL) throws {
    try SiteRuns.run(["site", "--chapters", self.chapters.path, "--output", site.path])
  }

  /// `Chapters/status.json` with a passed result for every chapter as it is now.
  private func writeStatusRecord() throws {
    let book = try Book.load(from: Workspace(root: self.folder))
    let entries = book.chapters.indices.map { index in
      ChapterStatusRecord.Entry(
        tag: ChapterTagger.tagName(for: book.chapters[index], index: index), chapter: book.chapters[index].path,
        prefixDigest: ChapterStatusRecord.prefixDigest(of: book.chapters, through: index), toolchain: "Swift 6",
        date: "2026-11-26T06:40:00Z", passed: true, buildMilliseconds: 1_000, testMilliseconds: 500,
        testSummary: "Executed 1 test, with 0 failures")
    }
    try ChapterStatusRecord().merging(entries).encoded.write(to: self.chapters.appendingPathComponent("status.json"))
  }

  private func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: self.chapters.appendingPathComponent(name))
  }

  private func edit(_ name: String, _ change: (String) -> String) throws {
    let url = self.chapters.appendingPathComponent(name)
    try self.write(name, change(try String(contentsOf: url, encoding: .utf8)))
  }
}
