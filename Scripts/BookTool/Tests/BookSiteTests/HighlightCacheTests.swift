import BookKit
import Foundation
import XCTest

@testable import BookSite

/// The highlight cache: it saves work and never changes a byte of the site.
final class HighlightCacheTests: XCTestCase {
  static let chapters: [(String, String)] = [
    ("01-a.md", "# A\n\n```swift file=Sources/M/A.swift chunk=a\nlet a = \"<1>\" // one\n```\n\n```sh\nls <x>\n```\n"),
    ("02-b.md", "# B\n\n```swift file=Sources/M/A.swift chunk=a mode=replace\nlet a = 2\n```\n"),
  ]

  /// The site rendered with a highlighter that starts from `cached`.
  private func site(cached: [Highlighter.Key: [String]]) -> (RenderedSite, Highlighter) {
    var renderer = SiteRenderer(book: SiteFixture.book(Self.chapters), metadata: SiteFixture.metadata)
    renderer.highlighter = Highlighter(cached: cached)
    return (renderer.render(), renderer.highlighter)
  }

  func testARoundTripKeepsEveryEntryAndAHitGivesTheSameBytes() throws {
    let (plain, first) = self.site(cached: [:])
    let (results, changed) = first.usedResults()
    XCTAssertTrue(changed)
    let decoded = HighlightCache.decode(HighlightCache.encode(results, tool: "t"), tool: "t")
    XCTAssertEqual(decoded, results)
    let (cached, second) = self.site(cached: decoded)
    XCTAssertEqual(cached.files, plain.files)
    XCTAssertFalse(second.usedResults().changed, "every text came from the cache")
  }

  func testACorruptEntryIsIgnoredAndTheOthersKept() throws {
    let results: [Highlighter.Key: [String]] = [
      Highlighter.Key(kind: .swift, code: "let a = 1\n"): ["A"],
      Highlighter.Key(kind: .plain, code: "zzz\n"): ["Z"],
    ]
    var data = HighlightCache.encode(results, tool: "t")
    // The swift entry sorts last; flip a byte of its stored lines.
    let index = data.lastIndex(of: UInt8(ascii: "A"))!
    data[index] = UInt8(ascii: "B")
    XCTAssertEqual(HighlightCache.decode(data, tool: "t"), [Highlighter.Key(kind: .plain, code: "zzz\n"): ["Z"]])
    XCTAssertEqual(HighlightCache.decode(data.prefix(data.count - 3), tool: "t").count, 1, "a cut entry is dropped")
    XCTAssertEqual(HighlightCache.decode(HighlightCache.encode(results, tool: "t"), tool: "other"), [:])
    XCTAssertEqual(HighlightCache.decode(Data("garbage".utf8), tool: "t"), [:])
  }

  func testAWrongEntryCannotChangeTheOutputBecauseTheTextMustMatch() {
    let (plain, _) = self.site(cached: [Highlighter.Key(kind: .swift, code: "let a = 3\n"): ["WRONG"]])
    let (reference, _) = self.site(cached: [:])
    XCTAssertEqual(plain.files, reference.files)
  }

  func testTheSiteIsTheSameWithAndWithoutTheCacheOnDisk() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chaptersFolder = folder.appendingPathComponent("Chapters")
    try FileManager.default.createDirectory(at: chaptersFolder, withIntermediateDirectories: true)
    for (name, text) in Self.chapters {
      try Data(text.utf8).write(to: chaptersFolder.appendingPathComponent(name))
    }
    let workspace = Workspace(root: folder)
    let cache = HighlightCache(workspaceRoot: folder)
    var timings = SiteTimings()
    let without = try SiteBuild.make(from: workspace, timings: &timings)
    let cold = try SiteBuild.make(from: workspace, cache: cache, timings: &timings)
    XCTAssertFalse(FileManager.default.fileExists(atPath: cache.url.path), "kept only once the site is written")
    SiteBuild.keepHighlights(of: cold, in: cache)
    XCTAssertTrue(FileManager.default.fileExists(atPath: cache.url.path))
    let warm = try SiteBuild.make(from: workspace, cache: cache, timings: &timings)
    XCTAssertEqual(cold.site.files, without.site.files)
    XCTAssertEqual(warm.site.files, without.site.files)
    // A cache overwritten with garbage is ignored, and replaced.
    try Data(repeating: 0xFF, count: 100).write(to: cache.url)
    let afterGarbage = try SiteBuild.make(from: workspace, cache: cache, timings: &timings)
    XCTAssertEqual(afterGarbage.site.files, without.site.files)
    SiteBuild.keepHighlights(of: afterGarbage, in: cache)
    XCTAssertEqual(
      cache.load().count, 6,
      "the swift listing, the sh block, two versions of A.swift, and the declarations of the two listings")
    XCTAssertEqual(cache.load().keys.filter { $0.kind == .declarations }.count, 2)
  }

  func testACacheLargerThanItsBoundIsNotWritten() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var cache = HighlightCache(workspace: Workspace(root: folder), path: "highlight.bin")
    cache.maximumBytes = 10
    let highlighter = Highlighter()
    _ = highlighter.lines("let a = 1\n", kind: .swift)
    cache.save(highlighter)
    XCTAssertFalse(FileManager.default.fileExists(atPath: cache.url.path))
  }
}

extension HighlightCacheTests {
  func testKeysCompareBytesNotCanonicalEquivalence() {
    let composed = "let s = \"\u{E9}\"\n"
    let decomposed = "let s = \"e\u{301}\"\n"
    XCTAssertEqual(composed, decomposed, "Swift's String equality calls these equal")
    XCTAssertNotEqual(Highlighter.Key(kind: .swift, code: composed), Highlighter.Key(kind: .swift, code: decomposed))
    XCTAssertEqual(
      Highlighter.Key(kind: .plain, code: composed), Highlighter.Key(kind: .plain, code: "let s = \"é\"\n"))
    XCTAssertNotEqual(Highlighter.Key(kind: .plain, code: composed), Highlighter.Key(kind: .swift, code: composed))
  }

  func testCachesNeitherWriteNorReadThroughALinkedBuildFolderThatLeavesTheWorkspace() throws {
    let (workspace, outside) = (try SiteFixture.temporaryFolder(), try SiteFixture.temporaryFolder())
    defer { for folder in [workspace, outside] { try? FileManager.default.removeItem(at: folder) } }
    try FileManager.default.createSymbolicLink(
      at: workspace.appendingPathComponent(".build"), withDestinationURL: outside)
    // A cache this tool build would trust, if it read it: only the link keeps it out.
    let secret = HighlightCache.encode(
      [Highlighter.Key(kind: .swift, code: "let a = 1\n"): ["SECRET"]], tool: SiteStamp.toolIdentity)
    try FileManager.default.createDirectory(
      at: outside.appendingPathComponent("book-site-cache"), withIntermediateDirectories: true)
    try secret.write(to: outside.appendingPathComponent("book-site-cache/highlight.bin"))

    let cache = HighlightCache(workspaceRoot: workspace)
    XCTAssertEqual(cache.load().count, 0, "nothing is read through the link")
    let highlighter = Highlighter()
    _ = highlighter.lines("let a = 1\n", kind: .swift)
    cache.save(highlighter)
    let file = CacheFile(workspace: Workspace(root: workspace), path: ".build/book-site-cache/diagrams.bin")
    file.write(Data("cache".utf8))
    XCTAssertNil(file.read())

    let left = try FileManager.default.contentsOfDirectory(
      atPath: outside.appendingPathComponent("book-site-cache").path)
    XCTAssertEqual(left, ["highlight.bin"], "nothing written outside")
    XCTAssertEqual(try Data(contentsOf: outside.appendingPathComponent("book-site-cache/highlight.bin")), secret)
  }

  func testASelectiveDecodeGivesOnlyTheWantedEntriesAsAFullDecodeGivesThem() {
    let (one, two) = (Highlighter.Key(kind: .swift, code: "let a = 1\n"), Highlighter.Key(kind: .plain, code: "zz\n"))
    // Same length as `one`, other kind and bytes: found by neither length nor kind alone.
    let twin = Highlighter.Key(kind: .plain, code: "let a = 1\n")
    let results = [one: ["A"], two: ["Z"], twin: ["T"]]
    let data = HighlightCache.encode(results, tool: "t")
    XCTAssertEqual(HighlightCache.decode(data, tool: "t"), results)
    let missing = Highlighter.Key(kind: .swift, code: "let b = 2\n")
    XCTAssertEqual(HighlightCache.decode(data, tool: "t", only: [one, missing]), [one: ["A"]])
    XCTAssertEqual(HighlightCache.decode(data, tool: "t", only: [twin, two]), [twin: ["T"], two: ["Z"]])
    XCTAssertEqual(HighlightCache.decode(data, tool: "other", only: [one]), [:])
    var corrupt = data
    corrupt[corrupt.lastIndex(of: UInt8(ascii: "A"))!] = UInt8(ascii: "B")
    XCTAssertEqual(HighlightCache.decode(corrupt, tool: "t", only: [one, two]), [two: ["Z"]], "a bad entry is skipped")
  }

  func testABuildThatKeepsUnusedEntriesDecodesTheRestOnlyWhenItMustSaveThem() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let cache = HighlightCache(workspaceRoot: folder)
    let (one, two) = (
      Highlighter.Key(kind: .swift, code: "let a = 1\n"), Highlighter.Key(kind: .swift, code: "let b = 2\n")
    )
    cache.file.write(HighlightCache.encode([one: ["ONE"], two: ["TWO"]], tool: SiteStamp.toolIdentity))

    // A memo build that needs one text: found in the cache, nothing highlighted, nothing to save.
    let reusing = Highlighter(lazilyFrom: cache)
    reusing.keepUnusedEntries()
    reusing.prepare([one])
    XCTAssertEqual(reusing.lines(one.code, kind: .swift), ["ONE"], "the cached lines, not a new highlight")
    XCTAssertFalse(reusing.usedResults().changed)
    // A text it did not prepare is still found in the cache rather than highlighted again.
    XCTAssertEqual(reusing.lines(two.code, kind: .swift), ["TWO"])
    XCTAssertFalse(reusing.usedResults().changed)

    // A build that highlights something new saves every entry of the cache, used or not.
    let highlighting = Highlighter(lazilyFrom: cache)
    highlighting.keepUnusedEntries()
    highlighting.prepare([one, Highlighter.Key(kind: .swift, code: "let c = 3\n")])
    let (saved, changed) = highlighting.usedResults()
    XCTAssertTrue(changed)
    XCTAssertEqual(saved[one], ["ONE"])
    XCTAssertEqual(saved[two], ["TWO"], "the unused entry is kept for the next build")
    XCTAssertEqual(saved.count, 3)
  }
}
