import XCTest

@testable import BookKit
@testable import BookSite

/// Each chapter's changes page: the line diff, its hunks, the files a chapter adds, changes and removes,
/// and the listing each hunk links back to.
final class ChapterChangesTests: XCTestCase {
  private func lines(_ text: String) -> [Substring] { text.split(separator: "\n") }

  /// `+x`, `-x` and ` x` for each line of each hunk.
  private func render(_ diff: FileDiff, old: [Substring], new: [Substring]) -> [[String]] {
    diff.hunks.map { hunk in
      hunk.lines.map { line in
        switch line.kind {
        case .context: " " + new[line.newIndex!]
        case .added: "+" + new[line.newIndex!]
        case .removed: "-" + old[line.oldIndex!]
        }
      }
    }
  }

  func testADiffKeepsThreeLinesOfContextAndSplitsDistantChanges() {
    let old = self.lines("a b c d e f g h i j k l m n o p".replacingOccurrences(of: " ", with: "\n"))
    var new = old
    new[1] = "B"
    new.insert("new", at: 14)
    let diff = FileDiff(old: old, new: new)
    XCTAssertEqual(diff.added, 2)
    XCTAssertEqual(diff.removed, 1)
    XCTAssertEqual(
      self.render(diff, old: old, new: new),
      [[" a", "-b", "+B", " c", " d", " e"], [" l", " m", " n", "+new", " o", " p"]])
    XCTAssertEqual(diff.hunks.map(\.firstLineNumber), [1, 12])
  }

  func testNearbyChangesShareAHunkAndEqualFilesHaveNone() {
    let old = self.lines("a\nb\nc\nd\ne")
    let new = self.lines("A\nb\nc\nd\nE")
    XCTAssertEqual(self.render(FileDiff(old: old, new: new), old: old, new: new).count, 1)
    XCTAssertEqual(FileDiff(old: old, new: old).hunks.count, 0)
    XCTAssertEqual(self.render(FileDiff(old: [], new: old), old: [], new: old), [["+a", "+b", "+c", "+d", "+e"]])
    XCTAssertEqual(self.render(FileDiff(old: old, new: []), old: old, new: []), [["-a", "-b", "-c", "-d", "-e"]])
  }

  /// Chapter 1 adds a file; chapter 2 replaces its chunk and adds another file; chapter 3 removes the first
  /// file's only chunk; chapter 4 is prose.
  private static let book: Book = {
    let chapters = [
      ("01-one.md", "# One\n\n```swift file=Sources/M/A.swift chunk=a\nlet a = 1\n```\n"),
      (
        "02-two.md",
        "# Two\n\n```swift file=Sources/M/A.swift chunk=a\nlet a = 2\n```\n\n```swift file=Sources/M/B.swift\nlet b = 1\n```\n"
      ),
      ("03-three.md", "# Three\n\n```swift file=Sources/M/A.swift chunk=a mode=remove\n```\n"),
      ("04-four.md", "# Four\n\nProse only.\n"),
    ].map { ChapterLoader.chapter(path: "Chapters/\($0.0)", source: $0.1).chapter }
    return Book(chapters: chapters)
  }()

  func testEachChapterListsTheFilesItAddsChangesAndRemoves() {
    let anchors = Self.book.chapters.map { ListingView.anchors(of: $0) }
    let changes = ChapterChanges.all(in: Self.book, anchors: anchors)
    let summary = changes.map { $0.files.map { "\($0.status.rawValue) \($0.path)" } }
    XCTAssertEqual(
      summary,
      [
        ["added Sources/M/A.swift"], ["changed Sources/M/A.swift", "added Sources/M/B.swift"],
        ["removed Sources/M/A.swift"], [],
      ])
    XCTAssertEqual(changes[1].files[0].hunkAnchors, [anchors[1][0]])
    XCTAssertEqual(changes[1].files[1].hunkAnchors, [anchors[1][1]])
    // A hunk that only removes lines links to the listing that removed them.
    XCTAssertEqual(changes[2].files[0].hunkAnchors, [anchors[2][0]])
  }

  func testTheHighlightKeysAreEveryPrefixsTextsOnceAndTheEmptyText() {
    let texts = ChapterChanges.texts(of: ChapterChanges.prefixTangles(of: Self.book))
    // Chapter 4 keeps chapter 3's file, and a gap (a prefix not needed) hides nothing after it.
    for texts in [texts, [texts[0], [:], texts[2], texts[3]]] {
      var expected = Set<Highlighter.Key>()
      for (path, text) in texts.flatMap({ $0 }) {
        let kind: Highlighter.Kind = path.hasSuffix(".swift") ? .swift : .plain
        expected.formUnion([Highlighter.Key(kind: kind, code: text), Highlighter.Key(kind: kind, code: "")])
      }
      let keys = ChapterChanges.highlightKeys(of: texts)
      XCTAssertEqual(Set(keys), expected)
      XCTAssertEqual(keys.count, expected.count, "each key once")
    }
  }

  func testTheRendersHighlightKeysHoldEveryCodeVersion() {
    // Two chunks: the file's text is no listing's code.
    let chapters = [
      (
        "01-one.md",
        "# One\n\n```swift file=Sources/M/A.swift chunk=a\nlet a = 1\n```\n\n"
          + "```swift file=Sources/M/A.swift chunk=b\nlet b = 1\n```\n"
      ),
      ("02-two.md", "# Two\n\n```swift file=Sources/M/A.swift chunk=b\nlet b = 2\n```\n"),
    ].map { ChapterLoader.chapter(path: "Chapters/\($0.0)", source: $0.1).chapter }
    let renderer = SiteRenderer(book: Book(chapters: chapters), metadata: BookMetadata(title: "T"))
    let plan = renderer.plan()
    let needs = SiteRenderer.Needs(rendering: plan.parts)
    let keys = renderer.highlightKeys(for: needs, texts: renderer.changeTexts(for: needs), plan: plan)
    let versions = plan.code.versions.map { version in
      Highlighter.Key(
        kind: version.path.hasSuffix(".swift") ? .swift : .plain, code: ChapterChanges.readerText(version.file))
    }
    XCTAssertFalse(versions.isEmpty)
    XCTAssertTrue(Set(versions).isSubset(of: Set(keys)), "each code page's text is highlighted ahead")
  }

  func testTheSiteHasAChangesPageAndAHeaderForChaptersWithCodeOnly() throws {
    let site = SiteRenderer(book: Self.book, metadata: BookMetadata(title: "T")).render()
    XCTAssertNotNil(site.files["02-two.changes.html"])
    XCTAssertNil(site.files["04-four.changes.html"])
    let two = String(decoding: try XCTUnwrap(site.files["02-two.html"]), as: UTF8.self)
    XCTAssertTrue(two.contains("<a href=\"02-two.changes.html\">What this chapter changes in the code"), two)
    XCTAssertTrue(two.contains("tag <code>chapter-02</code>"))
    let four = String(decoding: try XCTUnwrap(site.files["04-four.html"]), as: UTF8.self)
    XCTAssertFalse(four.contains("chapter-code"))
    let changes = String(decoding: try XCTUnwrap(site.files["02-two.changes.html"]), as: UTF8.self)
    XCTAssertTrue(changes.contains("<span class=\"line del\"><span class=\"hl-keyword\">let</span> a = "), changes)
    XCTAssertTrue(changes.contains("href=\"02-two.html#\(ListingView.anchors(of: Self.book.chapters[1])[0])\""))
  }
}
