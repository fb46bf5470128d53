import Foundation
import XCTest

@testable import BookKit

/// `book tag` on a three-chapter fixture repository in which chapter 3 replaces a chunk of chapter 1.
final class ChapterTaggerTests: XCTestCase {
  private var root: URL!
  private var git: Git!

  override func setUpWithError() throws {
    self.root = FileManager.default.temporaryDirectory.appendingPathComponent("tagger-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: self.root.appendingPathComponent("Chapters"), withIntermediateDirectories: true)
    self.git = Git(root: self.root)
    try self.git.run(["init", "-q", "-b", "main"])
    try self.write(
      "Chapters/01-one.md",
      "# One\n\n```swift file=Package.swift\n\(Self.manifest)\n```\n\n"
        + "```swift file=Sources/A/A.swift chunk=greet\npublic func greet() -> String { \"hello\" }\n```\n")
    try self.write(
      "Chapters/02-two.md",
      "# Two\n\n```swift file=Package.swift\npackage.targets += [.target(name: \"B\")]\n```\n\n"
        + "```swift file=Sources/B/B.swift\npublic let two = 2\n```\n")
    try self.write(
      "Chapters/03-three.md",
      "# Three\n\n```swift file=Sources/A/A.swift chunk=greet\npublic func greet() -> String { \"hello, world\" }\n```\n"
    )
    try self.tangleAndCommit("main")
  }

  /// Chapter 1's manifest listing: a package with target A.
  private static let manifest = """
    // swift-tools-version: 6.2
    import PackageDescription

    let package = Package(name: "Fixture", targets: [.target(name: "A")])
    """

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: self.root)
  }

  func testSnapshotsHoldEachChapterVersionOfAReplacedChunk() throws {
    _ = try ChapterTagger(root: self.root).tagChapters()
    XCTAssertTrue(try self.show("chapter-01", "Sources/A/A.swift").contains("{ \"hello\" }"))
    XCTAssertTrue(try self.show("chapter-02", "Sources/A/A.swift").contains("{ \"hello\" }"))
    XCTAssertTrue(try self.show("chapter-03", "Sources/A/A.swift").contains("{ \"hello, world\" }"))
    XCTAssertEqual(
      try self.files("chapter-01"), [".book/tangled-files", "Chapters/01-one.md", "Package.swift", "Sources/A/A.swift"])
  }

  func testEachSnapshotManifestIsTheTangleOfItsChapters() throws {
    _ = try ChapterTagger(root: self.root).tagChapters()
    let first = try self.show("chapter-01", "Package.swift")
    XCTAssertTrue(first.hasPrefix("// swift-tools-version: 6.2\n\(GeneratedSource.marker)"), first)
    XCTAssertTrue(first.contains(".target(name: \"A\")"), first)
    XCTAssertFalse(first.contains("\"B\""), first)
    XCTAssertTrue(try self.show("chapter-02", "Package.swift").contains("package.targets += [.target(name: \"B\")]"))
    XCTAssertEqual(try self.show("chapter-03", "Package.swift"), try self.git.run(["show", "HEAD:Package.swift"]))
  }

  func testTheManifestDiffBetweenTagsIsExactlyTheChaptersManifestListing() throws {
    _ = try ChapterTagger(root: self.root).tagChapters()
    let diff = try self.git.run(["diff", "-U0", "chapter-01", "chapter-02", "--", "Package.swift"])
    let added = diff.split(separator: "\n").filter { $0.hasPrefix("+") && !$0.hasPrefix("+++") }
    XCTAssertEqual(
      added,
      [
        "+//   Chapters/02-two.md", "+", "+#sourceLocation(file:\"Chapters/02-two.md\",line:4)",
        "+package.targets += [.target(name: \"B\")]", "+#sourceLocation()",
      ])
    XCTAssertFalse(diff.split(separator: "\n").contains { $0.hasPrefix("-") && !$0.hasPrefix("---") }, diff)
  }

  func testDiffBetweenTagsIsExactlyTheChapterChange() throws {
    _ = try ChapterTagger(root: self.root).tagChapters()
    XCTAssertEqual(
      try self.git.run(["diff", "--name-only", "chapter-02", "chapter-03"]).split(separator: "\n"),
      ["Chapters/03-three.md", "Sources/A/A.swift"])
    XCTAssertEqual(
      try self.git.run(["diff", "--name-only", "chapter-01", "chapter-02"]).split(separator: "\n"),
      [".book/tangled-files", "Chapters/02-two.md", "Package.swift", "Sources/B/B.swift"])
    XCTAssertEqual(
      try self.git.run(["rev-parse", "chapter-03^"]), try self.git.run(["rev-parse", "chapter-02^{commit}"]))
    XCTAssertEqual(
      try self.git.run(["log", "--format=%s", "chapter-03"]).split(separator: "\n"),
      ["Chapter 03: Three", "Chapter 02: Two", "Chapter 01: One"])
  }

  func testSecondRunMovesNothingAndAChapterEditMovesOnlyItsTagAndLater() throws {
    let first = try ChapterTagger(root: self.root).tagChapters()
    let second = try ChapterTagger(root: self.root).tagChapters()
    XCTAssertEqual(second.map(\.outcome), [.unchanged, .unchanged, .unchanged])
    XCTAssertEqual(second.map(\.commit), first.map(\.commit))
    try self.write(
      "Chapters/03-three.md",
      "# Three, revised\n\n```swift file=Sources/A/A.swift chunk=greet\npublic func greet() -> String { \"hi\" }\n```\n"
    )
    try self.tangleAndCommit("edit chapter 3")
    let third = try ChapterTagger(root: self.root).tagChapters()
    XCTAssertEqual(third.map(\.outcome), [.unchanged, .unchanged, .moved])
    XCTAssertTrue(try self.show("chapter-03", "Sources/A/A.swift").contains("{ \"hi\" }"))
  }

  func testRefusesToMoveAForeignTagAndMovesNothing() throws {
    try self.git.run(["tag", "chapter-02", "HEAD"])
    XCTAssertThrowsError(try ChapterTagger(root: self.root).tagChapters()) { error in
      XCTAssertEqual("\(error)".contains("chapter-02"), true, "\(error)")
    }
    XCTAssertFalse(self.git.succeeds(["rev-parse", "-q", "--verify", "refs/tags/chapter-01"]))
    XCTAssertEqual(try self.git.run(["rev-parse", "chapter-02"]), try self.git.run(["rev-parse", "HEAD"]))
  }

  func testPrivateIndexesLiveUnderTheWorkspaceBuildFolderAndAreRemoved() throws {
    let folder = self.root.appendingPathComponent(".build/book-tag")
    XCTAssertEqual(SnapshotSource.indexFile(in: self.root, forChapter: 2).deletingLastPathComponent().path, folder.path)
    _ = try ChapterTagger(root: self.root).tagChapters()
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
  }

  func testLeavesHeadIndexWorkingTreeAndBranchesAlone() throws {
    try self.write("Chapters/01-one.md", "# One, uncommitted edit\n")
    let before = try self.repositoryState()
    _ = try ChapterTagger(root: self.root).tagChapters()
    XCTAssertEqual(try self.repositoryState(), before)
    XCTAssertEqual(
      try String(contentsOf: self.root.appendingPathComponent("Chapters/01-one.md"), encoding: .utf8),
      "# One, uncommitted edit\n")
  }

  func testVerifierCheckoutRewritesOnlyWhatTheNextSnapshotChanged() throws {
    _ = try ChapterTagger(root: self.root).tagChapters()
    let folder = self.root.appendingPathComponent(".build-snapshots")
    let tree = folder.appendingPathComponent("worktree")
    try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
    let verifier = SnapshotVerifier(
      root: self.root, folder: folder, scratch: folder.appendingPathComponent("build"),
      book: URL(fileURLWithPath: "/nonexistent/book"))
    try verifier.checkOut("chapter-02", into: tree)
    let untouched = tree.appendingPathComponent("Sources/B/B.swift")
    let before = try FileManager.default.attributesOfItem(atPath: untouched.path)[.systemFileNumber] as? Int
    try verifier.checkOut("chapter-03", into: tree)
    let after = try FileManager.default.attributesOfItem(atPath: untouched.path)[.systemFileNumber] as? Int
    XCTAssertEqual(before, after, "an unchanged file was rewritten")
    XCTAssertTrue(
      try String(contentsOf: tree.appendingPathComponent("Sources/A/A.swift"), encoding: .utf8).contains("hello, world")
    )
    try verifier.checkOut("chapter-01", into: tree)
    XCTAssertFalse(FileManager.default.fileExists(atPath: untouched.path), "a file of a later snapshot was left behind")
    XCTAssertEqual(
      try self.git.run(["status", "--porcelain"]), "?? .build-snapshots/", "the repository's own index changed")
  }

  func testVerifierReadsXCTestSummary() {
    let output = "Test Suite 'All tests' passed\n\t Executed 12 tests, with 0 failures (0 unexpected) in 1.0 seconds\n"
    XCTAssertEqual(
      SnapshotVerifier.summary(of: output), "Executed 12 tests, with 0 failures (0 unexpected) in 1.0 seconds")
    XCTAssertEqual(SnapshotVerifier.summary(of: "error: build failed"), "no test summary")
    XCTAssertEqual(
      SnapshotVerifier.errorLines(
        of: "ok\n/x/T.swift:3: error: T.testA : XCTAssertEqual failed\nerror: not this one\n"),
      ["/x/T.swift:3: error: T.testA : XCTAssertEqual failed"])
  }

  /// A snapshot build that compiled a package dependency says so (the workspace's build did not hold it);
  /// the book's own modules and SwiftPM's generated test targets are not dependencies.
  func testVerifierNamesTheDependenciesASnapshotBuildCompiled() throws {
    let output = """
      [1/40] Compiling GRDB Database.swift
      [2/40] Compiling GRDB Row.swift
      [3/40] Compiling Store Store.swift
      [4/40] Compiling StoreTests StoreTests.swift
      [5/40] Compiling ArgumentParser Flag.swift
      [6/40] Compiling immutable_swiftPackageDiscoveredTests StoreTests.swift
      [7/40] Compiling immutable_swiftPackageTests runner.swift
      [1/1] Compiling plugin GenerateManual
      Build complete!
      """
    XCTAssertEqual(
      SnapshotVerifier.compiledModules(of: output, except: ["Store", "StoreTests"]),
      ["GRDB", "ArgumentParser", "plugin GenerateManual"])
    XCTAssertEqual(SnapshotVerifier.compiledModules(of: "[3/3] Compiling Store Store.swift", except: ["Store"]), [])
    try self.write(".build-snapshots/worktree/Sources/Store/Store.swift", "")
    try self.write(".build-snapshots/worktree/Tests/StoreTests/StoreTests.swift", "")
    XCTAssertEqual(
      SnapshotVerifier.ownModules(in: self.root.appendingPathComponent(".build-snapshots/worktree")),
      ["Store", "StoreTests"])
  }

  // MARK: - Helpers

  private func write(_ path: String, _ text: String) throws {
    let url = self.root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  private func tangleAndCommit(_ message: String) throws {
    let workspace = Workspace(root: self.root)
    _ = try TangleOutput(book: try Book.load(from: workspace), workspace: workspace).apply(to: workspace)
    try self.git.run(["add", "-A"])
    try self.git.run(["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", message])
  }

  private func show(_ tag: String, _ path: String) throws -> String {
    try self.git.run(["show", "\(tag):\(path)"])
  }

  private func files(_ tag: String) throws -> [Substring] {
    try self.git.run(["ls-tree", "-r", "--name-only", tag]).split(separator: "\n")
  }

  /// HEAD, the branches, the index's entries and `git status`, which `book tag` must not change.
  ///
  /// The index is compared by its entries (`ls-files --stage`), not its bytes: `git status` itself may
  /// rewrite the file's stat cache when entries are "racily clean" (written in the same second as the
  /// index), which made a byte comparison fail now and then for reasons that had nothing to do with the tool.
  private func repositoryState() throws -> [String] {
    [
      try self.git.run(["rev-parse", "HEAD"]), try self.git.run(["symbolic-ref", "HEAD"]),
      try self.git.run(["for-each-ref", "refs/heads"]), try self.git.run(["ls-files", "--stage"]),
      try self.git.run(["status", "--porcelain"]),
    ]
  }
}
