import Foundation
import XCTest

@testable import BookKit

/// The states a killed run leaves, made by hand at each step of `OwnedOutput.apply`, through the built
/// binary: `book check` reports each at its place, and the next run finishes the work.
final class OutputJournalTests: XCTestCase {
  private let siteHeader = "# Files written by `book site`; it keeps this list. Do not edit."

  /// Checks that `book check` fails with `interrupted-output` at `location`, then that `book tangle` and
  /// `book site` repair and `book check` passes.
  private func assertReportedThenRepaired(
    _ sandbox: Sandbox, at location: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let check = try BookBinary.run(["check", "--root", sandbox.workspace.path], in: sandbox.workspace)
    XCTAssertEqual(check.status, 1, check.stderr, file: file, line: line)
    XCTAssertTrue(
      check.stderrLines.contains { $0.hasPrefix("\(location): error: ") && $0.hasSuffix("[interrupted-output]") },
      check.stderr, file: file, line: line)
    try sandbox.book("tangle")
    try sandbox.book("site")
    let after = try BookBinary.run(["check", "--root", sandbox.workspace.path], in: sandbox.workspace)
    XCTAssertEqual(after.status, 0, after.stderr, file: file, line: line)
    XCTAssertEqual(try OutputCrashTests.orphans(in: sandbox), [], file: file, line: line)
  }

  /// The first `book site` killed while writing its journal: `Site/` holds only the journal's temporary
  /// file. The folder is not refused for ever: the next run removes the leftover and writes the site.
  func testTheFirstSiteKilledDuringItsJournalIsFinished() throws {
    let sandbox = try Sandbox()
    defer { sandbox.destroy() }
    try sandbox.write("Chapters/01-a.md", "# A\n")
    try sandbox.book("tangle")
    try sandbox.write("Site/..site-files.book-tmp", "\(self.siteHeader)\n\(OutputManifest.incompleteLine)\n01-a")
    try self.assertReportedThenRepaired(sandbox, at: "Site/..site-files.book-tmp:1:1")
  }

  /// A later `book site` killed while writing its journal: the old site and its stamp are intact, but the
  /// temporary file must stop the no-change shortcut, or the next run would leave it for ever.
  func testASiteKilledDuringItsJournalIsNotTakenForUnchanged() throws {
    let sandbox = try Sandbox()
    defer { sandbox.destroy() }
    try sandbox.write("Chapters/01-a.md", "# A\n")
    try sandbox.book("tangle")
    try sandbox.book("site")
    try sandbox.write("Site/..site-files.book-tmp", "\(self.siteHeader)\n\(OutputManifest.incompleteLine)\n")
    try self.assertReportedThenRepaired(sandbox, at: "Site/..site-files.book-tmp:1:1")
  }

  /// The first `book site` killed after its journal and one page: the page is listed, so it is owned.
  func testTheFirstSiteKilledAfterItsJournalIsFinished() throws {
    let sandbox = try Sandbox()
    defer { sandbox.destroy() }
    try sandbox.write("Chapters/01-a.md", "# A\n")
    try sandbox.book("tangle")
    try sandbox.write(
      "Site/.site-files", "\(self.siteHeader)\n\(OutputManifest.incompleteLine)\n01-a.html\nindex.html\nold.html\n")
    try sandbox.write("Site/01-a.html", "half")
    try sandbox.write("Site/old.html", "written by a run for other chapters")
    try self.assertReportedThenRepaired(sandbox, at: "Site/.site-files:2:1")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: sandbox.workspace.appendingPathComponent("Site/old.html").path))
  }

  /// A tangle killed after its journal and a file for other chapters: the file is listed, carries the
  /// marker, and is removed as stale by the next run (no orphan with duplicate declarations).
  func testATangleKilledAfterItsJournalLeavesNoOrphan() throws {
    let sandbox = try Sandbox()
    defer { sandbox.destroy() }
    try sandbox.write("Chapters/01-a.md", "# A\n\n```swift file=Sources/M/A.swift\nlet a = 1\n```\n")
    try sandbox.book("tangle")
    try sandbox.book("site")
    let header = TangleOutput.kind.header
    try sandbox.write(
      ".book/tangled-files", "\(header)\n\(OutputManifest.incompleteLine)\nSources/M/A.swift\nSources/M/B.swift\n")
    try sandbox.write("Sources/M/B.swift", GeneratedSource.marker + "\nlet a = 1\n")
    try sandbox.write("Sources/M/.A.swift.book-tmp", "half a file")
    try self.assertReportedThenRepaired(sandbox, at: ".book/tangled-files:2:1")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: sandbox.workspace.appendingPathComponent("Sources/M/B.swift").path))
  }

  /// A `book capture` killed after its journal: `book check` reports it without running the programs, and
  /// the next `book capture` finishes it, removing the picture of a run no declaration names any more.
  func testACaptureKilledAfterItsJournalIsReportedAndFinished() throws {
    let sandbox = try Sandbox()
    defer { sandbox.destroy() }
    try OutputCatalogueTests.captureWorkspace(sandbox, image: "images/p.svg")
    try sandbox.book("site")
    let header = TerminalCapture.outputKind(chaptersFolder: "Chapters").header
    try sandbox.write(
      ".book/captured-files", "\(header)\n\(OutputManifest.incompleteLine)\nimages/old.svg\nimages/p.svg\n")
    try sandbox.write("Chapters/images/old.svg", "<svg/>")
    let check = try BookBinary.run(["check", "--root", sandbox.workspace.path], in: sandbox.workspace)
    XCTAssertEqual(check.status, 1, check.stderr)
    XCTAssertTrue(check.stderrLines.contains { $0.hasPrefix(".book/captured-files:2:1: error: ") }, check.stderr)
    try sandbox.book("capture")
    let after = try BookBinary.run(["check", "--root", sandbox.workspace.path], in: sandbox.workspace)
    XCTAssertEqual(after.status, 0, after.stderr)
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: sandbox.workspace.appendingPathComponent("Chapters/images/old.svg").path))
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: sandbox.workspace.appendingPathComponent("Chapters/images/p.svg").path))
  }
}
