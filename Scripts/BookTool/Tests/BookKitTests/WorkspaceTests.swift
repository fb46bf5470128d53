import XCTest

@testable import BookKit

/// The workspace: finding the root, path confinement, atomic writes, pruning, and the manifest.
final class WorkspaceTests: WorkspaceTestCase {
  func testEnclosingFindsTheRootFromANestedFolder() throws {
    let nested = self.fixture.url("Sources/M/Deeper")
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    XCTAssertEqual(try Workspace.enclosing(nested).root.path, self.fixture.root.path)
    XCTAssertEqual(try Workspace.enclosing(self.fixture.root).root.path, self.fixture.root.path)
  }

  func testEnclosingNeedsAChaptersFolderButNoManifest() throws {
    let other = try TempWorkspace()
    defer { other.destroy() }
    XCTAssertEqual(try Workspace.enclosing(other.root).root.path, other.root.path)
    try other.remove("Chapters")
    try Data().write(to: other.root.appendingPathComponent("Chapters"))
    XCTAssertThrowsError(try Workspace.enclosing(other.root)) { error in
      XCTAssertEqual(
        "\(error)", "no book workspace (a folder with Chapters/) at or above \(other.root.path)")
    }
  }

  func testURLResolvesRelativePathsInsideTheRoot() throws {
    let workspace = self.fixture.workspace
    XCTAssertEqual(try workspace.url("Sources/M/A.swift").path, self.fixture.root.path + "/Sources/M/A.swift")
    XCTAssertEqual(try workspace.url("Sources/M/../N/A.swift").path, self.fixture.root.path + "/Sources/N/A.swift")
  }

  func testURLRefusesPathsThatLeaveTheRoot() {
    let workspace = self.fixture.workspace
    for path in ["../x.swift", "Sources/../../x.swift", "a/b/../../../x", ".."] {
      XCTAssertThrowsError(try workspace.url(path), "[\(path)]") { error in
        XCTAssertEqual("\(error)", "refusing to touch '\(path)': it lies outside the workspace", "[\(path)]")
      }
    }
  }

  func testURLRefusesAFolderSymlinkToAnUnrelatedFolder() throws {
    let outside = try TempWorkspace()
    defer { outside.destroy() }
    try FileManager.default.createSymbolicLink(at: self.fixture.url("Sources"), withDestinationURL: outside.root)
    XCTAssertThrowsError(try self.fixture.workspace.url("Sources/A.swift"))
  }

  /// A symlink to a sibling folder whose name merely starts with the root's name (`/tmp/ws` → `/tmp/ws-evil`)
  /// must be refused too: the check compares path prefixes without a `/` boundary.
  func testURLRefusesAFolderSymlinkToASiblingWithTheSamePrefix() throws {
    let sibling = URL(fileURLWithPath: self.fixture.root.path + "-evil")
    try FileManager.default.createDirectory(at: sibling, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: sibling) }
    try FileManager.default.createSymbolicLink(at: self.fixture.url("Sources"), withDestinationURL: sibling)
    XCTAssertThrowsError(try self.fixture.workspace.url("Sources/A.swift"), "a path through the symlink escapes")
    _ = try? self.fixture.workspace.write(Data("escaped".utf8), to: "Sources/A.swift")
    XCTAssertFalse(FileManager.default.fileExists(atPath: sibling.appendingPathComponent("A.swift").path))
  }

  func testWriteCreatesFoldersAndWritesOnlyWhenBytesChange() throws {
    let workspace = self.fixture.workspace
    XCTAssertTrue(try workspace.write(Data("one\n".utf8), to: "Sources/M/Sub/A.swift"))
    XCTAssertEqual(try self.fixture.read("Sources/M/Sub/A.swift"), "one\n")
    let identity = try self.fixture.identity("Sources/M/Sub/A.swift")
    XCTAssertFalse(try workspace.write(Data("one\n".utf8), to: "Sources/M/Sub/A.swift"))
    XCTAssertEqual(try self.fixture.identity("Sources/M/Sub/A.swift"), identity)
    XCTAssertTrue(try workspace.write(Data("two\n".utf8), to: "Sources/M/Sub/A.swift"))
    XCTAssertEqual(try self.fixture.read("Sources/M/Sub/A.swift"), "two\n")
  }

  func testWriteRefusesPathsOutsideTheRoot() {
    XCTAssertThrowsError(try self.fixture.workspace.write(Data(), to: "../escaped.swift"))
    XCTAssertFalse(
      FileManager.default.fileExists(
        atPath: self.fixture.root.deletingLastPathComponent().appendingPathComponent("escaped.swift").path))
  }

  func testRemovePrunesFoldersLeftEmptyUpToTheStopFolders() throws {
    try self.fixture.write("Sources/M/Sub/A.swift", "a")
    try self.fixture.write("Sources/N/B.swift", "b")
    try self.fixture.workspace.remove("Sources/M/Sub/A.swift", pruningEmptyFoldersUpTo: ["Sources", "Tests"])
    XCTAssertFalse(self.fixture.exists("Sources/M/Sub"))
    XCTAssertFalse(self.fixture.exists("Sources/M"))
    XCTAssertTrue(self.fixture.exists("Sources/N/B.swift"))
    try self.fixture.workspace.remove("Sources/N/B.swift", pruningEmptyFoldersUpTo: ["Sources", "Tests"])
    XCTAssertFalse(self.fixture.exists("Sources/N"))
    XCTAssertTrue(self.fixture.exists("Sources"), "the stop folder itself stays")
  }

  func testRemoveKeepsAFolderThatStillHoldsSomething() throws {
    try self.fixture.write("Sources/M/A.swift", "a")
    try self.fixture.write("Sources/M/README.md", "keep")
    try self.fixture.workspace.remove("Sources/M/A.swift", pruningEmptyFoldersUpTo: ["Sources", "Tests"])
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: self.fixture.url("Sources/M").path), ["README.md"])
  }

  func testReadFailuresNameThePath() throws {
    XCTAssertThrowsError(try self.fixture.workspace.read("Sources/M/Missing.swift")) { error in
      XCTAssertEqual("\(error)", "Sources/M/Missing.swift: cannot be read")
    }
    XCTAssertNil(try self.fixture.workspace.readIfPresent("Sources/M/Missing.swift"))
    XCTAssertFalse(self.fixture.workspace.exists("Sources/M/Missing.swift"))
    XCTAssertFalse(self.fixture.workspace.exists("../outside"))
  }

  func testChapterPathsFailWithoutAChaptersFolder() throws {
    try self.fixture.remove("Chapters")
    XCTAssertThrowsError(try self.fixture.workspace.chapterPaths()) { error in
      XCTAssertEqual("\(error)", "Chapters: no such folder")
      XCTAssertEqual((error as? Workspace.Failure)?.rule, .missingFolder)
      XCTAssertEqual((error as? Workspace.Failure)?.location, "Chapters")
    }
  }

  /// At the file-system root, paths are compared by component: `/` + `/` is not a prefix of `/Chapters`.
  func testAWorkspaceAtTheFileSystemRootResolvesItsPaths() throws {
    let workspace = Workspace(root: URL(fileURLWithPath: "/"), chaptersFolder: "no-such-chapters-\(UUID())")
    XCTAssertEqual(try workspace.url("Sources/M/A.swift").path, "/Sources/M/A.swift")
    XCTAssertThrowsError(try workspace.chapterPaths()) { error in
      XCTAssertEqual((error as? Workspace.Failure)?.rule, .missingFolder, "\(error)")
    }
  }

  /// A sibling folder whose name starts with the root's name is outside, not inside.
  func testASiblingWithTheRootsNameAsPrefixIsOutside() throws {
    let sibling = self.fixture.root.lastPathComponent + "-sibling/A.swift"
    XCTAssertThrowsError(try self.fixture.workspace.url("../" + sibling))
  }

  func testManifestRoundTripAndFormat() throws {
    let header = TangleOutput.kind.header
    let data = OutputManifest.data(header: header, paths: ["Tests/T/B.swift", "Sources/M/A.swift"])
    XCTAssertEqual(
      String(decoding: data, as: UTF8.self),
      "# Files written by `book tangle`; it keeps this list. Do not edit.\nSources/M/A.swift\nTests/T/B.swift\n")
    let manifest = OutputManifest(data: data)
    XCTAssertEqual(manifest.paths, ["Sources/M/A.swift", "Tests/T/B.swift"])
    XCTAssertEqual(manifest.entries.map(\.line), [2, 3])
    XCTAssertFalse(manifest.isIncomplete)
    XCTAssertEqual(OutputManifest(data: nil).paths, [])
    XCTAssertEqual(TangleOutput.kind.manifestPath, ".book/tangled-files")
  }

  func testAJournalIsMarkedIncompleteAndListsItsPaths() {
    let journal = OutputManifest(data: OutputManifest.data(header: "# H", paths: ["b", "a", "b"], incomplete: true))
    XCTAssertTrue(journal.isIncomplete)
    XCTAssertEqual(journal.paths, ["a", "b"])
  }

  func testEmptyManifestIsJustTheHeader() {
    XCTAssertEqual(
      String(decoding: OutputManifest.data(header: TangleOutput.kind.header, paths: []), as: UTF8.self),
      "# Files written by `book tangle`; it keeps this list. Do not edit.\n")
  }
}
