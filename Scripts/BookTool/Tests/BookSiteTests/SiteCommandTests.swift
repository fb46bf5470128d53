import ArgumentParser
import BookKit
import Foundation
import XCTest

@testable import BookSite
@testable import book

/// `book site --chapters DIR --output DIR` end to end: renders, writes nothing on errors.
final class SiteCommandTests: XCTestCase {
  func testRendersAFolderOfChaptersIntoAFolder() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chapters = folder.appendingPathComponent("notes")
    let output = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: chapters, withIntermediateDirectories: true)
    try Data("# One\n\nSee [two](02-two.md).\n".utf8).write(to: chapters.appendingPathComponent("01-one.md"))
    try Data("# Two\n".utf8).write(to: chapters.appendingPathComponent("02-two.md"))

    try SiteRuns.run(["site", "--chapters", chapters.path, "--output", output.path])
    let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
    XCTAssertEqual(
      written,
      [
        ".site-files", "01-one.html", "02-two.html", "assets", "index.html", "notes.epub", "print.html",
        "symbols.html",
      ],
      "the e-book is named after the title, which is the folder's name without book.json")
    let page = try String(contentsOf: output.appendingPathComponent("01-one.html"), encoding: .utf8)
    XCTAssertTrue(page.contains("<a href=\"02-two.html\">two</a>"))
    XCTAssertTrue(page.contains("<title>One · notes</title>"), "without book.json the title is the folder's name")
  }

  func testWritesNothingWhenBookMetadataIsInvalid() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chapters = folder.appendingPathComponent("notes")
    let output = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: chapters, withIntermediateDirectories: true)
    try Data("# One\n".utf8).write(to: chapters.appendingPathComponent("01-one.md"))
    try Data("{\"parts\": 3}".utf8).write(to: chapters.appendingPathComponent("book.json"))

    var timings = SiteTimings()
    let site = try SiteBuild.make(from: Workspace(root: folder, chaptersFolder: "notes"), timings: &timings).site
    XCTAssertEqual(site.diagnostics.map { "\($0.location) \($0.id)" }, ["notes/book.json:1:1 invalid-book-metadata"])
    XCTAssertThrowsError(try SiteRuns.run(["site", "--chapters", chapters.path, "--output", output.path])) { error in
      XCTAssertEqual(error as? ExitCode, .failure, "the diagnostics were reported: \(error)")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: output.path), "not even the output folder is created")
  }

  func testTheOutputFolderIsCreatedWhenTheSiteIsWritten() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chapters = folder.appendingPathComponent("notes")
    try FileManager.default.createDirectory(at: chapters, withIntermediateDirectories: true)
    try Data("# One\n".utf8).write(to: chapters.appendingPathComponent("01-one.md"))
    let output = folder.appendingPathComponent("deep/out")
    try SiteRuns.run(["site", "--chapters", chapters.path, "--output", output.path])
    XCTAssertTrue(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
  }

  func testChaptersWithoutOutputIsACommandLineErrorOnStandardError() throws {
    let executable = try XCTUnwrap(ServeTests.bookExecutable, "the built `book` executable next to the tests")
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try Self.runProcess(executable, ["site", "--chapters", folder.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertEqual(
      result.stderr,
      "<command-line>: error: --chapters needs --output: the workspace's Site/ holds the workspace's own book "
        + "[chapters-without-output]\n")
  }

  func testAManifestEntryOutsideTheSiteIsALocatedErrorAndDeletesNothing() throws {
    let executable = try XCTUnwrap(ServeTests.bookExecutable, "the built `book` executable next to the tests")
    let root = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let workspace = Workspace(root: root)
    try workspace.write(Data("// test workspace\n".utf8), to: "Package.swift")
    try workspace.write(Data("# One\n".utf8), to: "Chapters/01-one.md")
    XCTAssertEqual(try Self.runProcess(executable, ["site", "--root", root.path]).status, 0)
    var manifest = try workspace.read("Site/.site-files")
    manifest.append(Data("../Chapters/01-one.md\n".utf8))
    try workspace.write(manifest, to: "Site/.site-files")
    let line = String(decoding: manifest, as: UTF8.self).split(separator: "\n").count

    let result = try Self.runProcess(executable, ["site", "--full", "--root", root.path])
    XCTAssertEqual(result.status, 1)
    XCTAssertTrue(
      result.stderr.contains("Site/.site-files:\(line):1: error: '../Chapters/01-one.md' "), result.stderr)
    XCTAssertTrue(result.stderr.contains("[invalid-output-manifest]"), result.stderr)
    XCTAssertEqual(try workspace.read("Chapters/01-one.md"), Data("# One\n".utf8), "the chapter is untouched")
    XCTAssertTrue(workspace.exists("Site/index.html"))
  }

  func testDiagramsWithSubgraphsRenderTheSameInEveryProcess() throws {
    // Laid out in one `dot` run with other graphs, a graph's clusters moved from process to process.
    let executable = try XCTUnwrap(ServeTests.bookExecutable, "the built `book` executable next to the tests")
    let root = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let workspace = Workspace(root: root)
    func diagram(_ name: String) -> String {
      "```mermaid\nflowchart LR\n  accTitle: \(name)\n  subgraph One\n    A --> B\n  end\n"
        + "  subgraph Two\n    C -- \"label\" --> D\n  end\n  subgraph Three\n    E --> F\n  end\n  B --> C\n```\n"
    }
    let diagrams = ["a", "b", "c", "d", "e", "f"].map(diagram).joined(separator: "\n")
    try workspace.write(Data("# One\n\n\(diagrams)".utf8), to: "Chapters/01-one.md")
    var pages: Set<Data> = []
    for run in 0..<5 {
      let output = root.appendingPathComponent("out\(run)")
      let result = try Self.runProcess(
        executable, ["site", "--chapters", root.appendingPathComponent("Chapters").path, "--output", output.path])
      XCTAssertEqual(result.status, 0, result.stderr)
      pages.insert(try Data(contentsOf: output.appendingPathComponent("01-one.html")))
    }
    XCTAssertEqual(pages.count, 1, "the page differs between processes")
  }

  /// Runs the `book` executable and collects its exit status and standard error.
  static func runProcess(_ executable: URL, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
