import BookKit
import Foundation
import XCTest

@testable import BookSite

/// `SiteBuild`: what `book site` and `book check` render, from which bytes, and which images it copies.
final class SiteBuildTests: XCTestCase {
  func testCheckComparesTheSiteOfTheBookItWasGivenWithoutReadingTheChaptersAgain() throws {
    let workspace = try self.workspace(["01-one.md": "# One\n"])
    try self.writeSite(of: workspace)
    XCTAssertEqual(try SiteBuild.drift(book: try Book.load(from: workspace), in: workspace), [])
    let other = SiteFixture.book([("01-one.md", "# Another title\n")])
    let found = try SiteBuild.drift(book: other, in: workspace).map { "\($0.location.path) \($0.id)" }
    XCTAssertTrue(found.contains("Site/01-one.html site-drift"), "the book given is the one rendered: \(found)")
  }

  func testTheStampRecordsTheBytesThatWereRenderedNotTheBytesOnDiskAfterwards() throws {
    let workspace = try self.workspace(["01-one.md": "# One\n"])
    var timings = SiteTimings()
    let site = try SiteBuild.make(from: workspace, timings: &timings)
    XCTAssertEqual(site.chapters, ["Chapters/01-one.md": Chapter.sourceDigest(of: Data("# One\n".utf8)).hex])
    XCTAssertEqual(site.inputs, [:])
    // The chapter is saved again while the site is being written.
    try workspace.write(Data("# One, edited\n".utf8), to: "Chapters/01-one.md")
    let plan = try SiteOutput(site: site.site, workspace: workspace, folder: "Site")
    _ = try plan.apply(to: workspace)
    let stamp = SiteStamp.after(writing: site, output: plan)
    XCTAssertFalse(try stamp.isCurrent(input: workspace, output: workspace), "the next run must render the edit")
  }

  func testTheStampHashesBookMetadataAndImagesAsRead() throws {
    let workspace = try self.workspace([
      "01-one.md": "# One\n\n![pic](img/p.png)\n", "book.json": "{\"title\": \"T\"}", "img/p.png": "png",
    ])
    var timings = SiteTimings()
    let site = try SiteBuild.make(from: workspace, timings: &timings)
    XCTAssertEqual(site.chapters.keys.sorted(), ["Chapters/01-one.md"])
    XCTAssertEqual(site.inputs.keys.sorted(), ["Chapters/book.json", "Chapters/img/p.png"])
    XCTAssertEqual(site.inputs["Chapters/img/p.png"], ContentHash.of(Data("png".utf8)))
  }

  func testTheStampIsCurrentUntilAChapterOrBookJSONIsEditedAddedOrRemoved() throws {
    let edits: [(label: String, edit: (Workspace) throws -> Void)] = [
      ("nothing", { _ in }),
      ("a chapter edited", { try $0.write(Data("# One, edited\n".utf8), to: "Chapters/01-one.md") }),
      ("a chapter added", { try $0.write(Data("# Three\n".utf8), to: "Chapters/03-three.md") }),
      ("a chapter removed", { try $0.remove("Chapters/02-two.md", pruningEmptyFoldersUpTo: []) }),
      ("book.json added", { try $0.write(Data("{\"title\": \"T\"}".utf8), to: "Chapters/book.json") }),
    ]
    for (label, edit) in edits {
      let workspace = try self.workspace(["01-one.md": "# One\n", "02-two.md": "# Two\n\nText.\n"])
      var timings = SiteTimings()
      let site = try SiteBuild.make(from: workspace, timings: &timings)
      let plan = try SiteOutput(site: site.site, workspace: workspace, folder: "Site")
      _ = try plan.apply(to: workspace)
      let stamp = SiteStamp.after(writing: site, output: plan)
      try edit(workspace)
      XCTAssertEqual(try stamp.isCurrent(input: workspace, output: workspace), label == "nothing", label)
    }
  }

  func testRenderAndWriteWritesNothingWhenTheBookHasAnErrorAndOnlyChangesAfterwards() throws {
    let workspace = try self.workspace(["01-one.md": "# One\n", "book.json": "{"])
    let build = CachedSiteBuild(input: workspace, output: workspace, folder: "Site", caching: false)
    var timings = SiteTimings()
    XCTAssertThrowsError(try build.renderAndWrite(timings: &timings)) { XCTAssertTrue($0 is DiagnosticsError, "\($0)") }
    XCTAssertFalse(workspace.exists("Site"), "nothing is written on error")
    try workspace.write(Data("{\"title\": \"T\"}".utf8), to: "Chapters/book.json")
    let written = try build.renderAndWrite(timings: &timings)
    XCTAssertTrue(written.changes.written.contains("01-one.html"), "\(written.changes.written)")
    XCTAssertFalse(try build.renderAndWrite(timings: &timings).changedFiles, "a second build writes nothing")
  }

  func testAnImageNamedLikeARenderedFileIsALocatedErrorAndNeverReplacesIt() throws {
    let workspace = try self.workspace([
      "01-one.md": "# One\n\nText.\n\n![x](index.html) and ![y](./assets/book.css)\n", "index.html": "not a page",
      "assets/book.css": "x",
    ])
    var timings = SiteTimings()
    let site = try SiteBuild.make(from: workspace, timings: &timings).site
    XCTAssertEqual(
      site.diagnostics.map { "\($0.location) \($0.id)" },
      ["Chapters/01-one.md:5:1 image-name-collision", "Chapters/01-one.md:5:22 image-name-collision"])
    XCTAssertTrue(SiteFixture.text(site, "index.html").contains("<!DOCTYPE html>"), "the contents page is kept")
  }

  func testAnImageNamedLikeTheManifestIsRefused() throws {
    let workspace = try self.workspace(["01-one.md": "# One\n\n![x](.site-files)\n", ".site-files": "x"])
    var timings = SiteTimings()
    let site = try SiteBuild.make(from: workspace, timings: &timings).site
    XCTAssertEqual(site.diagnostics.map(\.id), [.imageNameCollision])
  }

  /// A workspace whose `Chapters/` holds the given files.
  private func workspace(_ files: [String: String]) throws -> Workspace {
    let folder = try SiteFixture.temporaryFolder()
    self.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let workspace = Workspace(root: folder)
    for (name, text) in files { try workspace.write(Data(text.utf8), to: "Chapters/\(name)") }
    return workspace
  }

  /// Renders the workspace's chapters into its `Site/`.
  private func writeSite(of workspace: Workspace) throws {
    var timings = SiteTimings()
    let site = try SiteBuild.make(from: workspace, timings: &timings).site
    _ = try SiteOutput(site: site, workspace: workspace, folder: "Site").apply(to: workspace)
  }
}
