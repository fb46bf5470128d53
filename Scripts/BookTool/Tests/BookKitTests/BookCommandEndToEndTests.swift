import XCTest

@testable import BookKit

/// The built `book` executable, run with `Process` in temporary workspaces.
final class BookCommandEndToEndTests: WorkspaceTestCase {
  /// A diagnostic line in compiler format: `Chapters/x.md:L:C: error: message [rule-id]` (or a note).
  private static let diagnosticLine = try! NSRegularExpression(
    pattern: #"^Chapters/[^/:]+\.md:[1-9][0-9]*:[1-9][0-9]*: (error|note): .+ \[[a-z0-9-]+\]$"#)

  private func isDiagnosticLine(_ line: String) -> Bool {
    Self.diagnosticLine.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
  }

  private func writeTwoChapters() throws {
    try self.fixture.writeChapter(
      "01-one.md",
      chapterText([
        ("swift file=Sources/M/A.swift chunk=a", "let a = 1"), ("swift file=Tests/MTests/T.swift", "let t = 1"),
      ]))
    try self.fixture.writeChapter(
      "02-two.md",
      chapterText([
        ("swift file=Sources/M/A.swift chunk=c", "let c = 2"), ("swift file=Sources/N/B.swift", "let n = 2"),
      ]))
  }

  private func book(_ arguments: String..., in folder: URL? = nil) throws -> ProcessResult {
    try BookBinary.run(arguments, in: folder ?? self.fixture.root)
  }

  /// Brings the generated site in step (`book check` compares it too), so that `book check` judges only
  /// what these tests are about.
  private func renderSite(_ arguments: String..., in folder: URL? = nil) throws {
    let site = try BookBinary.run(["site"] + arguments, in: folder ?? self.fixture.root)
    XCTAssertEqual(site.status, 0, "book site: \(site.stderr)")
  }

  func testTheBookExecutableIsFoundNextToTheTests() throws {
    let url = try BookBinary.require()
    XCTAssertEqual(url.lastPathComponent, "book")
    XCTAssertEqual(try self.book("--help").status, 0)
  }

  func testTangleThenCheckSucceed() throws {
    try self.writeTwoChapters()
    let tangle = try self.book("tangle")
    XCTAssertEqual(tangle.status, 0, tangle.stderr)
    XCTAssertEqual(tangle.stderr, "")
    XCTAssertEqual(
      tangle.stdoutLines,
      [
        "wrote Sources/M/A.swift", "wrote Sources/N/B.swift", "wrote Tests/MTests/T.swift",
        "book tangle: 2 chapters, 3 files, 3 written, 0 removed",
      ])
    try self.renderSite()
    let check = try self.book("check")
    XCTAssertEqual(check.status, 0, check.stderr)
    XCTAssertEqual(check.stderr, "")
    XCTAssertEqual(check.stdoutLines, ["book check: 2 chapters, 3 generated files, all in step"])
    XCTAssertTrue(try self.fixture.read("Sources/M/A.swift").hasPrefix(GeneratedSource.marker))
  }

  func testSecondTangleWritesNothing() throws {
    try self.writeTwoChapters()
    XCTAssertEqual(try self.book("tangle").status, 0)
    let before = try self.fixture.snapshot()
    let identity = try self.fixture.identity("Sources/M/A.swift")
    let second = try self.book("tangle")
    XCTAssertEqual(second.status, 0)
    XCTAssertEqual(second.stdoutLines, ["book tangle: 2 chapters, 3 files, 0 written, 0 removed"])
    XCTAssertEqual(try self.fixture.snapshot(), before)
    XCTAssertEqual(try self.fixture.identity("Sources/M/A.swift"), identity)
  }

  func testBadChapterFailsWithCompilerStyleLinesAndWritesNothing() throws {
    try self.fixture.writeChapter("01-one.md", chapterText([("swift file=Sources/M/A.swift chunk=a", "let a = 1")]))
    try self.fixture.writeChapter(
      "02-two.md",
      chapterText([
        ("swift flie=Sources/M/A.swift", "let b = 2"), ("swift", "let c = 2"),
        ("swift file=Sources/M/A.swift chunk=zz mode=replace", "let zz = 2"),
      ]))
    try self.fixture.writeChapter("03-three.md", chapterText([("swift file=Sources/M/A.swift chunk=zz", "let zz = 3")]))
    let before = try self.fixture.snapshot()
    let result = try self.book("tangle")
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(result.stdout, "")
    XCTAssertEqual(
      result.stderrLines,
      [
        "Chapters/02-two.md:3:10: error: unknown attribute 'flie'; did you mean 'file='? [unknown-attribute]",
        "Chapters/02-two.md:7:1: error: Swift block is neither tangled nor marked: add "
          + "'file=Sources/Module/File.swift' to compile it, or 'compile=false' to show it as an excerpt "
          + "[untangled-swift]",
        "Chapters/02-two.md:11:1: error: chunk 'zz' of Sources/M/A.swift is replaced before it is defined "
          + "[chunk-not-defined]",
        "Chapters/03-three.md:3:1: note: 'zz' is defined here, later in the book [note]",
        "book: 3 errors; nothing written",
      ])
    for line in result.stderrLines.dropLast() {
      XCTAssertTrue(self.isDiagnosticLine(line), "not in compiler format: \(line)")
    }
    XCTAssertEqual(try self.fixture.snapshot(), before, "book tangle wrote something")
    let check = try self.book("check")
    XCTAssertEqual(check.status, 1)
    for line in result.stderrLines.dropLast() {
      XCTAssertTrue(check.stderrLines.contains(line), "book check does not report: \(line)")
    }
    XCTAssertEqual(try self.fixture.snapshot(), before, "book check wrote something")
  }

  func testCheckAfterAHandEditFails() throws {
    try self.writeTwoChapters()
    XCTAssertEqual(try self.book("tangle").status, 0)
    try self.renderSite()
    let text = try self.fixture.read("Sources/N/B.swift")
    try self.fixture.write("Sources/N/B.swift", text.replacingOccurrences(of: "let n = 2", with: "let n = 3"))
    let check = try self.book("check")
    XCTAssertEqual(check.status, 1)
    XCTAssertEqual(check.stdout, "")
    XCTAssertEqual(
      check.stderrLines,
      [
        "Chapters/02-two.md:8:1: error: Sources/N/B.swift:9 differs from the chapter (a hand edit, or a forgotten "
          + "`book tangle`); edit the chapter, then run `book tangle` [generated-file-drift]",
        "book: 1 error; book check failed",
      ])
    XCTAssertTrue(self.isDiagnosticLine(check.stderrLines[0]))
    let tangle = try self.book("tangle")
    XCTAssertEqual(
      tangle.stdoutLines, ["wrote Sources/N/B.swift", "book tangle: 2 chapters, 3 files, 1 written, 0 removed"])
    XCTAssertEqual(try self.book("check").status, 0)
  }

  func testAHandEditOfTheTangledManifestIsCaughtAtItsChapterLine() throws {
    try self.fixture.writeChapter(
      "01-one.md",
      chapterText([
        ("swift file=Package.swift chunk=package", "// swift-tools-version: 6.2\nimport PackageDescription"),
        ("swift file=Sources/M/A.swift", "let a = 1"),
      ]))
    try self.fixture.writeChapter(
      "02-two.md", chapterText([("swift file=Package.swift", "let package = Package(name: \"M\")")]))
    XCTAssertEqual(try self.book("tangle").status, 0)
    try self.renderSite()
    XCTAssertEqual(try self.book("check").status, 0)
    let manifest = try self.fixture.read("Package.swift")
    XCTAssertTrue(manifest.hasPrefix("// swift-tools-version: 6.2\n\(GeneratedSource.marker)"), manifest)
    try self.fixture.write("Package.swift", manifest.replacingOccurrences(of: "name: \"M\"", with: "name: \"N\""))
    let check = try self.book("check")
    XCTAssertEqual(check.status, 1)
    XCTAssertEqual(
      check.stderrLines.first,
      "Chapters/02-two.md:4:1: error: Package.swift:15 differs from the chapter (a hand edit, or a forgotten "
        + "`book tangle`); edit the chapter, then run `book tangle` [generated-file-drift]")
    XCTAssertEqual(try self.book("tangle").stdoutLines.first, "wrote Package.swift")
    XCTAssertEqual(try self.book("check").status, 0)
  }

  func testCheckReportsAMissingGeneratedFile() throws {
    try self.writeTwoChapters()
    XCTAssertEqual(try self.book("tangle").status, 0)
    try self.fixture.remove("Tests/MTests/T.swift")
    let check = try self.book("check")
    XCTAssertEqual(check.status, 1)
    XCTAssertEqual(
      check.stderrLines.first,
      "Chapters/01-one.md:8:1: error: Tests/MTests/T.swift is missing; run `book tangle` to generate it "
        + "[missing-generated-file]")
  }

  func testTangleRemovesAStaleFileAndSaysSo() throws {
    try self.writeTwoChapters()
    XCTAssertEqual(try self.book("tangle").status, 0)
    try self.fixture.writeChapter("02-two.md", chapterText([("swift file=Sources/M/A.swift chunk=c", "let c = 2")]))
    let tangle = try self.book("tangle")
    XCTAssertEqual(tangle.status, 0, tangle.stderr)
    XCTAssertEqual(
      tangle.stdoutLines, ["removed Sources/N/B.swift", "book tangle: 2 chapters, 2 files, 0 written, 1 removed"])
    XCTAssertFalse(self.fixture.exists("Sources/N"))
  }

  func testHandWrittenFileAtAFilePathStopsTangle() throws {
    try self.writeTwoChapters()
    try self.fixture.write("Sources/N/B.swift", "// Mine.\n")
    let before = try self.fixture.snapshot()
    let tangle = try self.book("tangle")
    XCTAssertEqual(tangle.status, 1)
    XCTAssertEqual(
      tangle.stderrLines,
      [
        "Chapters/02-two.md:7:10: error: Sources/N/B.swift exists and `book tangle` did not write it "
          + "(.book/tangled-files does not list it, or it lacks the generated header); it will not overwrite it "
          + "(move that file away, or choose another name) [file-not-owned]",
        "book: 1 error; nothing written",
      ])
    XCTAssertEqual(try self.fixture.snapshot(), before)
  }

  func testRootOptionWorksFromAnUnrelatedFolder() throws {
    try self.writeTwoChapters()
    let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("BookKitTests-cwd-\(UUID())")
    try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let tangle = try self.book("tangle", "--root", self.fixture.root.path, in: elsewhere)
    XCTAssertEqual(tangle.status, 0, tangle.stderr)
    XCTAssertEqual(tangle.stdoutLines.last, "book tangle: 2 chapters, 3 files, 3 written, 0 removed")
    XCTAssertTrue(self.fixture.exists("Sources/M/A.swift"))
    try self.renderSite("--root", self.fixture.root.path, in: elsewhere)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path), [])
    let check = try self.book("check", "--root", self.fixture.root.path, in: elsewhere)
    XCTAssertEqual(check.status, 0, check.stderr)
    let lost = try self.book("check", in: elsewhere)
    XCTAssertEqual(lost.status, 1)
    XCTAssertEqual(
      lost.stderrLines,
      [
        "<command-line>: error: no book workspace (a folder with Chapters/) at or above "
          + "\(elsewhere.path) [workspace-not-found]"
      ])
  }

  func testWithoutRootTheEnclosingWorkspaceIsFound() throws {
    try self.writeTwoChapters()
    XCTAssertEqual(try self.book("tangle").status, 0)
    try self.renderSite()
    let check = try self.book("check", in: self.fixture.url("Sources/M"))
    XCTAssertEqual(check.status, 0, check.stderr)
    XCTAssertEqual(check.stdoutLines, ["book check: 2 chapters, 3 generated files, all in step"])
  }

  func testRootWithoutChaptersIsAnError() throws {
    try self.fixture.remove("Chapters")
    let check = try self.book("check", "--root", self.fixture.root.path)
    XCTAssertEqual(check.status, 1)
    XCTAssertEqual(check.stderrLines, ["Chapters:1:1: error: the folder 'Chapters' does not exist [missing-folder]"])
  }

  func testTestWithAnUnknownChapterFailsInCompilerFormat() throws {
    try self.writeTwoChapters()
    XCTAssertEqual(try self.book("tangle").status, 0)
    let unknown = try self.book("test", "99")
    XCTAssertEqual(unknown.status, 1)
    XCTAssertEqual(unknown.stdout, "")
    XCTAssertEqual(
      unknown.stderrLines, ["<command-line>: error: no chapter numbered 99; chapters are 1, 2 [unknown-chapter]"])
    let untested = try self.book("test", "2")
    XCTAssertEqual(untested.status, 1)
    XCTAssertEqual(untested.stdout, "")
    XCTAssertEqual(
      untested.stderrLines,
      [
        "Chapters/02-two.md:1:1: error: the chapter has no test listings (blocks with file=Tests/…) "
          + "[chapter-without-tests]"
      ])
  }

  func testTagOutsideAGitRepositoryFailsInCompilerFormat() throws {
    try self.writeTwoChapters()
    let tag = try self.book("tag")
    XCTAssertEqual(tag.status, 1)
    XCTAssertEqual(tag.stdout, "")
    XCTAssertEqual(tag.stderrLines.count, 1, tag.stderr)
    XCTAssertTrue(tag.stderrLines.first?.hasPrefix("<command-line>: error: git ") == true, tag.stderr)
    XCTAssertTrue(tag.stderrLines.first?.hasSuffix(" [git-failure]") == true, tag.stderr)
  }

  func testNotUTF8ChapterThroughTheCommand() throws {
    try self.fixture.write("Chapters/01-latin1.md", data: Data(Array("# Caf".utf8) + [0xE9] + Array("\n".utf8)))
    let tangle = try self.book("tangle")
    XCTAssertEqual(tangle.status, 1)
    XCTAssertEqual(
      tangle.stderrLines,
      [
        "Chapters/01-latin1.md:1:6: error: chapter is not valid UTF-8; save it as UTF-8 [not-utf8]",
        "book: 1 error; nothing written",
      ])
  }
}
