import Foundation
import XCTest

@testable import BookKit

/// `book tag --verify` records each verified snapshot in `Chapters/status.json`, the pages show it, and
/// `book check` warns once a chapter changed since (issue 19, item 8). The fixture book has no
/// `Package.swift`, so verifying a snapshot runs `book check` in it and builds nothing: seconds, not minutes.
final class ChapterStatusEndToEndTests: WorkspaceTestCase {
  private var git: Git { Git(root: self.fixture.root) }

  private func book(_ arguments: String...) throws -> ProcessResult {
    try BookBinary.run(arguments, in: self.fixture.root)
  }

  private func commitAll() throws {
    try self.git.run(["add", "-A"])
    try self.git.run(["-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "book"])
  }

  override func setUpWithError() throws {
    try super.setUpWithError()
    try self.fixture.write(".gitignore", ".build/\n.build-snapshots/\n")
    try self.fixture.writeChapter("01-one.md", "# One\n\nNo code yet.\n")
    try self.fixture.writeChapter(
      "02-two.md",
      chapterText(
        "Two",
        [("swift file=Sources/M/A.swift", "let a = 1"), ("swift file=Tests/MTests/T.swift", "func testA() {}")]))
    try self.git.run(["init", "-q", "-b", "main"])
    XCTAssertEqual(try self.book("tangle").status, 0)
    XCTAssertEqual(try self.book("site").status, 0)
    try self.commitAll()
  }

  func testVerifyRecordsTheResultsThePagesShowThemAndAnEditMakesThemStale() throws {
    let unverified = try self.fixture.read("Site/02-two.html")
    XCTAssertTrue(unverified.contains("Not verified yet"), unverified)

    let verify = try self.book("tag", "--verify")
    XCTAssertEqual(verify.status, 0, verify.stdout + verify.stderr)
    let data = try Data(contentsOf: self.fixture.url("Chapters/status.json"))
    let record = try ChapterStatusRecord.decode(data, path: "Chapters/status.json").get()
    XCTAssertEqual(record.chapters.map(\.tag), ["chapter-01", "chapter-02"])
    XCTAssertEqual(record.chapters.map(\.passed), [true, true])
    XCTAssertTrue(record.chapters.allSatisfy { $0.toolchain.contains("Swift version") }, "\(record)")
    XCTAssertEqual(record.encoded, data, "the bytes are the record's one encoding")

    // The record is an input of the site: `book site` (stamp and memo included) renders it.
    XCTAssertEqual(try self.book("check").status, 1, "the pages do not show the new record yet")
    XCTAssertEqual(try self.book("site").status, 0)
    let verified = try self.fixture.read("Site/02-two.html")
    XCTAssertTrue(verified.contains("Last verified <time datetime="), verified)
    XCTAssertTrue(verified.contains("passed (checked only: no package yet)"), verified)
    let check = try self.book("check")
    XCTAssertEqual(check.status, 0, check.stderr)
    XCTAssertEqual(check.stderr, "")

    // An edit of chapter 1 makes both results older than their chapters: warnings, located, exit 0.
    try self.fixture.writeChapter("01-one.md", "# One\n\nStill no code.\n")
    XCTAssertEqual(try self.book("site").status, 0)
    let stale = try self.book("check")
    XCTAssertEqual(stale.status, 0, stale.stderr)
    XCTAssertEqual(
      stale.stderrLines.filter { $0.hasSuffix("[stale-chapter-status]") }.map { $0.prefix(32) },
      [
        "Chapters/01-one.md:1:1: warning:", "Chapters/02-two.md:1:1: warning:",
      ])
    let page = try self.fixture.read("Site/02-two.html")
    XCTAssertTrue(page.contains("Verified before the latest changes"), page)
  }

  /// Each snapshot is checked as `book check` would check it (in the `book tag` process): chapter 1 alone
  /// links to a chapter that comes later, so its snapshot fails with the link located, and chapter 2's
  /// passes; the snapshots' sites are the ones `book tag` wrote, and their links are checked as written.
  func testEachSnapshotIsCheckedOnItsOwnChapters() throws {
    try self.fixture.writeChapter("01-one.md", "# One\n\nNo code yet; [the next chapter](02-two.md) has some.\n")
    XCTAssertEqual(try self.book("site").status, 0)
    try self.commitAll()
    let verify = try self.book("tag", "--verify")
    XCTAssertEqual(verify.status, 1, verify.stdout + verify.stderr)
    let failed = verify.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(": error: ") }
    XCTAssertEqual(
      failed.map { $0.trimmingCharacters(in: .whitespaces).split(separator: ":").first ?? "" },
      ["Site/01-one.html", "Site/print.html", "Chapters/01-one.md"], verify.stdout)
    XCTAssertTrue(failed.last?.contains("Chapters/01-one.md:3:14: error:") == true, verify.stdout)
    let record = try ChapterStatusRecord.decode(
      Data(contentsOf: self.fixture.url("Chapters/status.json")), path: "Chapters/status.json"
    ).get()
    XCTAssertEqual(record.chapters.map(\.passed), [false, true])
  }

  /// `--workspace-tested` (CI, after `Scripts/test.sh`): with nothing changed since HEAD, the committed book
  /// is not checked a second time and the last snapshot, HEAD's tree, is skipped; with an untracked file,
  /// both are done.
  func testAWorkspaceJustTestedIsNotCheckedOrTestedAgain() throws {
    let tested = try self.book("tag", "--verify", "--workspace-tested")
    XCTAssertEqual(tested.status, 0, tested.stdout + tested.stderr)
    XCTAssertTrue(tested.stdout.contains("just checked (--workspace-tested): not checked again"), tested.stdout)
    XCTAssertTrue(tested.stdout.contains("[2/2] chapter-02: skipped: its tree"), tested.stdout)
    try self.fixture.write("notes.txt", "not committed\n")
    let changed = try self.book("tag", "--verify", "--workspace-tested")
    XCTAssertEqual(changed.status, 0, changed.stdout + changed.stderr)
    XCTAssertFalse(changed.stdout.contains("not checked again"), changed.stdout)
    XCTAssertTrue(changed.stdout.contains("the workspace differs from HEAD"), changed.stdout)
    XCTAssertTrue(changed.stdout.contains("[2/2] chapter-02: passed"), changed.stdout)
  }
}
