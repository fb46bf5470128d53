import BookKit
import Foundation
import XCTest

@testable import BookSite

/// `Site/.site-files` is a file anyone can edit: no entry of it may make `book site` remove anything
/// outside the site folder, and one bad entry stops every removal.
final class SiteManifestSafetyTests: XCTestCase {
  private let chapters = [("01-one.md", "# One\n\nText.\n"), ("02-two.md", "# Two\n")]

  func testAnEntryThatClimbsOutOfTheSiteIsALocatedErrorAndNothingIsRemoved() throws {
    let workspace = try self.renderedWorkspace()
    try self.appendToManifest(["../Chapters/01-one.md"], in: workspace)
    let lines = try self.manifestLineCount(in: workspace)
    let output = try self.plan(self.chapters, in: workspace)
    XCTAssertEqual(
      output.diagnostics.map { "\($0.location) \($0.id)" }, ["Site/.site-files:\(lines):1 invalid-output-manifest"])
    XCTAssertTrue(output.diagnostics[0].message.contains("'../Chapters/01-one.md'"), output.diagnostics[0].message)
    XCTAssertEqual(output.staleFiles, [])
    XCTAssertThrowsError(try output.apply(to: workspace))
    XCTAssertTrue(workspace.exists("Chapters/01-one.md"), "the chapter is still there")
  }

  func testOneBadEntryStopsEveryRemoval() throws {
    let workspace = try self.renderedWorkspace()
    try self.appendToManifest(["/etc/hostname", "./index.html", "a//b.html"], in: workspace)
    let output = try self.plan(Array(self.chapters.prefix(1)), in: workspace)
    XCTAssertEqual(output.staleFiles, ["02-two.html"])
    XCTAssertEqual(output.diagnostics.map(\.id), Array(repeating: .invalidOutputManifest, count: 3))
    XCTAssertThrowsError(try output.apply(to: workspace))
    XCTAssertTrue(workspace.exists("Site/02-two.html"), "the valid stale file is not removed either")
  }

  func testAnEntryThroughASymbolicLinkOutOfTheSiteIsRefused() throws {
    let workspace = try self.renderedWorkspace()
    try FileManager.default.createSymbolicLink(
      at: workspace.root.appendingPathComponent("Site/linked"), withDestinationURL: try workspace.url("Chapters"))
    try self.appendToManifest(["linked/01-one.md"], in: workspace)
    let output = try self.plan(self.chapters, in: workspace)
    XCTAssertEqual(output.diagnostics.map(\.id), [.pathThroughSymlink])
    XCTAssertThrowsError(try output.apply(to: workspace))
    XCTAssertTrue(workspace.exists("Chapters/01-one.md"))
  }

  func testAFolderListedAsAFileIsRefused() throws {
    let workspace = try self.renderedWorkspace()
    try self.appendToManifest(["assets"], in: workspace)
    let output = try self.plan(self.chapters, in: workspace)
    XCTAssertEqual(output.diagnostics.map(\.id), [.invalidOutputManifest])
    XCTAssertThrowsError(try output.apply(to: workspace))
    XCTAssertTrue(workspace.exists("Site/assets/book.css"))
  }

  func testRemovingStaleFilesPrunesEmptyFoldersInsideTheSiteOnly() throws {
    let workspace = try self.renderedWorkspace()
    try workspace.write(Data("old".utf8), to: "Site/old/deep/page.html")
    try self.appendToManifest(["old/deep/page.html"], in: workspace)
    let changes = try self.plan(self.chapters, in: workspace).apply(to: workspace)
    XCTAssertEqual(changes.removed, ["old/deep/page.html"])
    XCTAssertFalse(workspace.exists("Site/old"), "the folders the removal emptied go")
    XCTAssertTrue(workspace.exists("Site/index.html"))
    XCTAssertTrue(workspace.exists("Chapters/01-one.md"))
  }

  func testSnapshotsOwnOnlyValidEntries() {
    let manifest = Data("# header\nindex.html\n../Chapters/01-one.md\n/abs\nassets/book.css\n".utf8)
    XCTAssertEqual(SiteOutput.paths(inManifest: manifest), ["index.html", "assets/book.css"])
  }

  /// A workspace whose chapters are rendered into `Site/`.
  private func renderedWorkspace() throws -> Workspace {
    let folder = try SiteFixture.temporaryFolder()
    self.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let workspace = Workspace(root: folder)
    for (name, text) in self.chapters { try workspace.write(Data(text.utf8), to: "Chapters/\(name)") }
    _ = try self.plan(self.chapters, in: workspace).apply(to: workspace)
    return workspace
  }

  /// Plans the site of some chapters into `Site/`.
  private func plan(_ chapters: [(String, String)], in workspace: Workspace) throws -> SiteOutput {
    try SiteOutput(site: SiteFixture.site(chapters), workspace: workspace, folder: "Site")
  }

  /// Adds lines to the end of `Site/.site-files`.
  private func appendToManifest(_ lines: [String], in workspace: Workspace) throws {
    var data = try workspace.read("Site/.site-files")
    data.append(Data(lines.map { $0 + "\n" }.joined().utf8))
    try workspace.write(data, to: "Site/.site-files")
  }

  /// The number of lines of `Site/.site-files`.
  private func manifestLineCount(in workspace: Workspace) throws -> Int {
    String(decoding: try workspace.read("Site/.site-files"), as: UTF8.self).split(separator: "\n").count
  }
}
