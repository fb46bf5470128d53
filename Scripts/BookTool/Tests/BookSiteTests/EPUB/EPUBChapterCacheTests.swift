import BookKit
import Foundation
import XCTest

@testable import BookSite

/// `EPUBChapterCache`: a build after an edit converts only the edited chapter, and the e-book's bytes are
/// the same as without the cache.
final class EPUBChapterCacheTests: XCTestCase {
  func workspace() throws -> Workspace {
    let folder = try SiteFixture.temporaryFolder()
    self.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let workspace = Workspace(root: folder)
    for (name, text) in EPUBEditionTests.chapters { try workspace.write(Data(text.utf8), to: "Chapters/\(name)") }
    try workspace.write(Data(#"{"title": "Fixture Book"}"#.utf8), to: "Chapters/book.json")
    return workspace
  }

  /// Renders and writes the site with the workspace's caches, keeping them as `book site` does.
  func build(_ workspace: Workspace) throws -> BuiltSite {
    var timings = SiteTimings()
    let highlights = HighlightCache(workspaceRoot: workspace.root)
    let site = try SiteBuild.make(from: workspace, cache: highlights, timings: &timings)
    XCTAssertEqual(site.site.diagnostics, [])
    _ = try SiteOutput(site: site.site, workspace: workspace, folder: "Site").apply(to: workspace)
    SiteBuild.keepCaches(of: site, highlights: highlights, diagrams: nil, memo: nil)
    return site
  }

  /// The e-book a build without any cache makes.
  func uncachedEBook(_ workspace: Workspace) throws -> Data? {
    var timings = SiteTimings()
    return try SiteBuild.make(from: workspace, timings: &timings).site.files["fixture-book.epub"]
  }

  func testAnEditConvertsOnlyItsChapterAndTheBytesAreTheSameAsWithoutTheCache() throws {
    let workspace = try self.workspace()
    XCTAssertEqual(try self.build(workspace).epubChapters?.reused, 0)
    let warm = try self.build(workspace)
    XCTAssertEqual(warm.epubChapters?.reused, 2)
    XCTAssertEqual(warm.site.files["fixture-book.epub"], try self.uncachedEBook(workspace))
    try workspace.write(Data("# Next\n\n## Details\n\nEdited.\n".utf8), to: "Chapters/02-next.md")
    let edited = try self.build(workspace)
    XCTAssertEqual(edited.epubChapters?.reused, 1, "only the edited chapter is converted")
    XCTAssertEqual(edited.site.files["fixture-book.epub"], try self.uncachedEBook(workspace))
    XCTAssertTrue(
      String(decoding: try ZipReader(edited.site.files["fixture-book.epub"]!)["EPUB/02-next.xhtml"]!, as: UTF8.self)
        .contains("Edited."))
  }

  func testADamagedOrForeignCacheIsIgnored() throws {
    let workspace = try self.workspace()
    _ = try self.build(workspace)
    // Through the cache files, so that the damage below is past their keyed hash (the tool's own signature,
    // `CacheKey`): what is tested is the e-book cache's own checks of magic, tool build, length and hash.
    let cache = EPUBChapterCache(workspace: workspace)
    let stored = cache.load()
    XCTAssertEqual(stored.entries.count, 2)
    let file = cache.file(for: try XCTUnwrap(stored.stored.min { $0.high < $1.high }))
    let saved = try XCTUnwrap(file.read())
    XCTAssertNotNil(EPUBChapterCache.decode(saved))
    var damaged = saved
    damaged[damaged.count - 2] ^= 0x20
    let foreign = Data(
      String(decoding: saved, as: UTF8.self).replacingOccurrences(of: SiteStamp.toolIdentity, with: "another tool").utf8
    )
    for (label, bytes) in [("damaged", damaged), ("foreign", foreign), ("cut", saved.prefix(saved.count - 10))] {
      XCTAssertNil(EPUBChapterCache.decode(Data(bytes)), label)
      file.write(Data(bytes))
      let site = try self.build(workspace)
      XCTAssertEqual(site.epubChapters?.reused, 1, label)
      XCTAssertEqual(site.site.files["fixture-book.epub"], try self.uncachedEBook(workspace), label)
    }
  }

  func testOnlyTheConvertedChaptersFilesAreWrittenAndUnusedOnesRemoved() throws {
    let workspace = try self.workspace()
    _ = try self.build(workspace)
    let cache = EPUBChapterCache(workspace: workspace)
    let before = cache.load().stored
    try workspace.write(Data("# Next\n\n## Details\n\nEdited.\n".utf8), to: "Chapters/02-next.md")
    let edited = try self.build(workspace)
    let after = cache.load().stored
    XCTAssertEqual(after.count, 2, "the edited chapter's old entry is removed")
    XCTAssertEqual(after.intersection(before).count, 1, "the other chapter's entry stays")
    XCTAssertEqual(after, Set(try XCTUnwrap(edited.epubChapters).entries.keys))
  }
}
