import Foundation
import XCTest

@testable import BookKit

/// The stage work the commands used to do themselves: a chapter's test filter, the folders named on the
/// command line, and `book capture`'s planning.
final class CommandStageTests: WorkspaceTestCase {
  func testTheTestFilterNamesTheChaptersTestTargetsOrFailsAtAPlace() throws {
    _ = try self.fixture.writeChapter(
      "01-one.md", "# One\n\n```swift file=Tests/OneTests/A.swift\nimport XCTest\n```\n")
    _ = try self.fixture.writeChapter("02-two.md", "# Two\n")
    let book = try Book.load(from: self.fixture.workspace)
    XCTAssertEqual(try book.testFilter(forChapter: 1), "^(OneTests)\\.")
    XCTAssertThrowsError(try book.testFilter(forChapter: 3)) { error in
      XCTAssertEqual(
        error as? StageFailure, StageFailure("no chapter numbered 3; chapters are 1, 2", rule: .unknownChapter))
    }
    XCTAssertThrowsError(try book.testFilter(forChapter: 2)) { error in
      XCTAssertEqual((error as? StageFailure)?.location, "Chapters/02-two.md")
      XCTAssertEqual((error as? StageFailure)?.rule, .chapterWithoutTests)
    }
  }

  func testAChaptersFolderInsideTheCurrentFolderKeepsPathsShort() throws {
    let current = self.fixture.root
    try FileManager.default.createDirectory(at: self.fixture.url("notes/draft"), withIntermediateDirectories: true)
    let inside = Workspace.forChapters(inFolder: "notes/draft", near: current)
    XCTAssertEqual(inside.root.path, current.resolvingSymlinksInPath().path)
    XCTAssertEqual(inside.chaptersFolder, "notes/draft")
    let outside = Workspace.forChapters(inFolder: "../elsewhere", near: self.fixture.url("notes"))
    XCTAssertEqual(outside.root.path, current.resolvingSymlinksInPath().path)
    XCTAssertEqual(outside.chaptersFolder, "elsewhere")
  }

  func testAnOutputFolderIsResolvedThroughLinksWithoutBeingCreated() throws {
    try FileManager.default.createDirectory(at: self.fixture.url("real"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: self.fixture.url("link"), withDestinationURL: self.fixture.url("real"))
    let output = Workspace.forOutput(folder: "link/site/new", near: self.fixture.root)
    XCTAssertEqual(output.root.path, self.fixture.root.resolvingSymlinksInPath().path + "/real/site/new")
    XCTAssertFalse(FileManager.default.fileExists(atPath: self.fixture.url("real/site").path), "nothing is created")
  }

  func testCapturePlanningRefusesABadImageAndSkipsAProgramNotWrittenYet() throws {
    let declarations = """
      [{"image": "images/later.svg", "title": "Later", "program": "Later", "input": ""}]
      """
    try self.fixture.write("Chapters/captures.json", declarations)
    for checking in [false, true] {
      let run = try TerminalCapture.run(in: self.fixture.workspace, checking: checking)
      XCTAssertEqual(run.diagnostics, [], "checking: \(checking)")
      XCTAssertEqual(run.skipped.map(\.image), ["images/later.svg"])
      XCTAssertEqual(run.plan == nil, checking, "a plan to write only when not checking")
    }
    try self.fixture.write(
      "Chapters/captures.json",
      "[{\"image\": \"../out.svg\", \"title\": \"Out\", \"program\": \"Later\", \"input\": \"\"}]")
    let refused = try TerminalCapture.run(in: self.fixture.workspace, checking: false)
    XCTAssertEqual(refused.diagnostics.map(\.id), [.invalidCaptures])
    XCTAssertNil(refused.plan, "nothing is written on error")
  }
}
