import BookKit
import Foundation
import XCTest

@testable import BookSite

/// Writing the site: deterministic bytes, only changed files rewritten, stale files removed, drift reported.
final class SiteOutputTests: XCTestCase {
  private let chapters = [
    (
      "01-a.md",
      "# Alpha\n\nSome text[^n].\n\n[^n]: A note.\n\n```swift file=Sources/A/A.swift chunk=a\nlet a = 1\n```\n"
    ),
    ("02-b.md", "# Beta\n\nSee [alpha](01-a.md#alpha).\n\n```swift file=Sources/A/A.swift chunk=a\nlet a = 2\n```\n"),
    ("03-c.md", "# Gamma\n\n- [ ] to do\n"),
  ]

  func testRenderingTwiceGivesIdenticalBytes() {
    let first = SiteFixture.site(self.chapters)
    let second = SiteFixture.site(self.chapters)
    XCTAssertEqual(first.files.keys.sorted(), second.files.keys.sorted())
    for (path, data) in first.files {
      XCTAssertEqual(data, second.files[path], "\(path) differs between two renders")
    }
    XCTAssertEqual(
      first.files.keys.sorted(),
      [
        "01-a.changes.html", "01-a.html", "02-b.changes.html", "02-b.html", "03-c.html", "assets/book.css",
        "assets/book.js", "assets/search-index.js", "code/01-a/Sources/A/A.swift.html",
        "code/02-b/Sources/A/A.swift.html", "index.html", "print.html", "symbols.html",
      ])
  }

  func testPagesReadAheadAreTakenAsTheFilesOnDiskOnlyWhereThePathPassesTheChecks() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let workspace = Workspace(root: folder)
    let site = SiteFixture.site(self.chapters)
    _ = try self.apply(site, to: workspace)
    let page = try XCTUnwrap(site.files["01-a.html"])
    let readAhead = ["01-a.html": page]
    let plan = try SiteOutput(site: site, workspace: workspace, folder: "Site", readAhead: readAhead)
    XCTAssertEqual(plan.files.first { $0.path == "01-a.html" }?.current, page)
    XCTAssertFalse(plan.output.targets.contains(where: \.isOutOfDate))

    // A page behind a symbolic link is refused as before, whatever was read ahead.
    let outside = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: outside) }
    try page.write(to: outside.appendingPathComponent("a.html"))
    try FileManager.default.removeItem(at: folder.appendingPathComponent("Site/01-a.html"))
    try FileManager.default.createSymbolicLink(
      at: folder.appendingPathComponent("Site/01-a.html"), withDestinationURL: outside.appendingPathComponent("a.html"))
    let linked = try SiteOutput(site: site, workspace: workspace, folder: "Site", readAhead: readAhead)
    XCTAssertEqual(linked.diagnostics.map(\.id), [.pathThroughSymlink])
  }

  func testOnlyChangedPagesAreRewritten() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let workspace = Workspace(root: folder)
    let first = try self.apply(SiteFixture.site(self.chapters), to: workspace)
    XCTAssertEqual(first.written.count, 13)
    XCTAssertTrue(workspace.exists("Site/.site-files"))

    let unchanged = try self.apply(SiteFixture.site(self.chapters), to: workspace)
    XCTAssertEqual(unchanged.written, [], "nothing changed, nothing written")

    var edited = self.chapters
    edited[2].1 = "# Gamma\n\n- [x] done now\n"
    let changes = try self.apply(SiteFixture.site(edited), to: workspace)
    XCTAssertEqual(changes.written, ["03-c.html", "assets/search-index.js", "print.html"])
    XCTAssertEqual(changes.removed, [])
  }

  func testStaleFilesAreRemovedAndForeignFilesKept() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let workspace = Workspace(root: folder)
    _ = try self.apply(SiteFixture.site(self.chapters), to: workspace)
    try workspace.write(Data("mine".utf8), to: "Site/notes.txt")
    let changes = try self.apply(SiteFixture.site(Array(self.chapters.prefix(2))), to: workspace)
    XCTAssertEqual(changes.removed, ["03-c.html"])
    XCTAssertFalse(workspace.exists("Site/03-c.html"))
    XCTAssertTrue(workspace.exists("Site/notes.txt"), "a file the site did not write stays")
    let manifest = String(decoding: try workspace.read("Site/.site-files"), as: UTF8.self)
    XCTAssertFalse(manifest.contains("03-c.html"))
  }

  func testDriftIsReportedForEditedMissingAndStaleFiles() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let workspace = Workspace(root: folder)
    _ = try self.apply(SiteFixture.site(self.chapters), to: workspace)
    let clean = try SiteOutput(site: SiteFixture.site(self.chapters), workspace: workspace, folder: "Site")
    XCTAssertEqual(clean.drift(), [])

    try workspace.write(Data("hand edit\n".utf8), to: "Site/01-a.html")
    try workspace.remove("Site/index.html", pruningEmptyFoldersUpTo: ["Site"])
    let drifted = try SiteOutput(
      site: SiteFixture.site(Array(self.chapters.prefix(2))), workspace: workspace, folder: "Site")
    let found = drifted.drift().map { "\($0.location.path) \($0.id)" }
    // Without chapter 3 every sidebar changes too, so every page drifts; 03-c.html is stale.
    XCTAssertEqual(
      found.sorted(),
      [
        "Site/01-a.changes.html site-drift", "Site/01-a.html site-drift", "Site/02-b.changes.html site-drift",
        "Site/02-b.html site-drift", "Site/03-c.html stale-site-file",
        "Site/assets/search-index.js site-drift", "Site/code/01-a/Sources/A/A.swift.html site-drift",
        "Site/code/02-b/Sources/A/A.swift.html site-drift", "Site/index.html site-drift", "Site/print.html site-drift",
        "Site/symbols.html site-drift",
      ])
    let edited = drifted.drift().first { $0.location.path == "Site/01-a.html" }
    XCTAssertEqual(edited?.location.line, 1, "drift points at the first differing line")
  }

  func testAFolderWithFilesOfItsOwnIsRefused() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let workspace = Workspace(root: folder)
    try workspace.write(Data("someone's page".utf8), to: "Site/index.html")
    let output = try SiteOutput(site: SiteFixture.site(self.chapters), workspace: workspace, folder: "Site")
    XCTAssertEqual(output.diagnostics.map(\.id), [.fileNotOwned])
    XCTAssertThrowsError(try output.apply(to: workspace))
    XCTAssertEqual(String(decoding: try workspace.read("Site/index.html"), as: UTF8.self), "someone's page")
  }

  /// Plans and applies a site into `Site/` of a workspace.
  private func apply(_ site: RenderedSite, to workspace: Workspace) throws -> SiteOutput.Changes {
    try SiteOutput(site: site, workspace: workspace, folder: "Site").apply(to: workspace)
  }
}
