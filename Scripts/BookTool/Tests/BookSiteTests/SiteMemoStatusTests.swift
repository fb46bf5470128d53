import BookKit
import Foundation
import XCTest

@testable import BookSite
@testable import book

/// The page memo trusts a file's status (device, inode, size, modification and change times) instead of
/// reading and hashing it, as git's index does, and reads it after all when the status changed or is racy
/// (ARCHITECTURE.md, "Incremental site builds").
final class SiteMemoStatusTests: XCTestCase {
  private var folder: URL!
  private var chapters: URL { self.folder.appendingPathComponent("Chapters") }
  private var site: URL { self.folder.appendingPathComponent("site") }

  override func setUpWithError() throws {
    self.folder = try SiteFixture.temporaryFolder()
    try FileManager.default.createDirectory(at: self.chapters, withIntermediateDirectories: true)
    try self.write("01-one.md", "# One\n\n```swift file=Sources/M/A.swift\nlet a = 1\n```\n")
    try self.write("02-two.md", "# Two\n\n```swift file=Sources/M/B.swift\nlet b = 2\n```\n\nWords.\n")
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: self.folder)
  }

  func testAStatusVouchesForAFileOnlyWhenItIsUnchangedAndNotRacy() {
    let recorded = FileStatus(device: 1, inode: 2, size: 6, modified: 1_000, changed: 1_000)
    let written = Data("page A".utf8)
    var record = SiteMemo.Record(tool: "test")
    record.entries["code/a.html"] = SiteMemo.Entry(part: "code 0", inputs: ["outline": "1"])
    record.entries["code/a.html"]?.hash = String(ContentHash.of(written), radix: 16)
    record.entries["code/a.html"]?.status = recorded.text
    func hash(clock: Int64, now: FileStatus) -> String? {
      record.clock = clock
      let earlier = EarlierSite(record: record, read: { _ in Data("page B".utf8) }, status: { _ in now })
      return earlier.prefetchingRecordedFiles().readAheadHashes["code/a.html"]
    }
    let edited = String(ContentHash.of(Data("page B".utf8)), radix: 16)
    XCTAssertEqual(hash(clock: 1_001, now: recorded), record.entries["code/a.html"]?.hash, "trusted, not read")
    XCTAssertEqual(hash(clock: 1_000, now: recorded), edited, "written within the clock's tick: racy, read")
    var changed = recorded
    changed.changed = 1_500
    XCTAssertEqual(hash(clock: 2_000, now: changed), edited, "a change time moved: read")
    var moved = recorded
    moved.inode = 3
    XCTAssertEqual(hash(clock: 2_000, now: moved), edited, "another file put in its place: read")
  }

  func testTheMemosBytesGiveBackItsRecord() {
    var record = SiteMemo.Record(tool: "tool é")
    record.clock = 1_795_717_314_145_881_343
    record.entries["01-one.html"] = SiteMemo.Entry(
      part: "page 0", inputs: ["chapter 0": "ab", "outline": "cd"], images: ["images/a b.png"])
    record.entries["01-one.html"]?.status = FileStatus(device: 1, inode: 2, size: 3, modified: 4, changed: -5).text
    record.entries["01-one.changes.html"] = SiteMemo.Entry(part: "changes 0", inputs: ["listings": "ef"], absent: true)
    let articles = [SiteMemo.Article(reads: SiteMemo.Reads(["chapter 0": "01"]), offset: 10, length: 20)]
    record.entries["print.html"] = SiteMemo.Entry(part: "print.html", inputs: [:], articles: articles)
    XCTAssertEqual(SiteMemo.Record(decoding: record.encoded), record)
    XCTAssertNil(SiteMemo.Record(decoding: record.encoded.dropLast()), "cut short")
    XCTAssertNil(SiteMemo.Record(decoding: record.encoded + Data([0])), "bytes past the end")
    XCTAssertEqual(
      FileStatus(text: FileStatus(device: 1, inode: 2, size: 3, modified: 4, changed: -5).text)?.changed, -5)
  }

  func testAHandEditThatKeepsTheSizeWithinTheSameSecondIsFound() throws {
    try self.build()
    try self.edit("02-two.md") { $0 + "More words.\n" }
    // Past the file system's timestamp tick, so that the second build's statuses are not racy.
    usleep(50_000)
    try self.build()
    let earlier = try XCTUnwrap(self.memo().load()).prefetchingRecordedFiles()
    let code = "code/01-one/Sources/M/A.swift.html"
    XCTAssertNil(earlier.readAhead[code], "an unchanged code page is trusted by its status, not read")
    XCTAssertNotNil(earlier.readAheadHashes[code])
    // Same size, within the same second: the modification time in nanoseconds and the change time differ.
    try self.replaceKeepingSize(code, restoringModificationTime: false)
    // The modification time set back as it was: the change time still tells.
    try self.replaceKeepingSize("symbols.html", restoringModificationTime: true)
    try self.replaceKeepingSize("01-one.html", restoringModificationTime: true)
    try self.build()
    try self.assertSameAsFullRender()
  }

  private func memo() -> SiteMemo {
    SiteMemo(input: Workspace(root: self.folder), output: Workspace(root: self.site), folder: "")
  }

  /// Overwrites a page in place with other bytes of the same length.
  private func replaceKeepingSize(_ path: String, restoringModificationTime: Bool) throws {
    let url = self.site.appendingPathComponent(path)
    var data = try Data(contentsOf: url)
    let before = try XCTUnwrap(Workspace(root: self.site).status(of: path))
    data[data.startIndex + data.count / 2] ^= 0x01
    let handle = try FileHandle(forWritingTo: url)
    try handle.write(contentsOf: data)
    try handle.close()
    if restoringModificationTime {
      let seconds = before.modified / 1_000_000_000
      var times = [
        timespec(tv_sec: Int(seconds), tv_nsec: Int(before.modified - seconds * 1_000_000_000)),
        timespec(tv_sec: Int(seconds), tv_nsec: Int(before.modified - seconds * 1_000_000_000)),
      ]
      XCTAssertEqual(utimensat(AT_FDCWD, url.path, &times, 0), 0)
    }
    let after = try XCTUnwrap(Workspace(root: self.site).status(of: path))
    XCTAssertEqual(after.size, before.size)
    XCTAssertEqual(after.inode, before.inode)
  }

  private func assertSameAsFullRender(line: UInt = #line) throws {
    let full = self.folder.appendingPathComponent("full")
    try SiteRuns.run(["site", "--chapters", self.chapters.path, "--output", full.path, "--full", "--no-cache"])
    let expected = try SiteRuns.files(in: full)
    let actual = try SiteRuns.files(in: self.site)
    XCTAssertEqual(actual.keys.sorted(), expected.keys.sorted(), line: line)
    for (path, data) in expected where actual[path] != data {
      XCTFail("\(path) differs from a full render", line: line)
    }
  }

  private func build() throws {
    try SiteRuns.run(["site", "--chapters", self.chapters.path, "--output", self.site.path])
  }

  private func write(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: self.chapters.appendingPathComponent(name))
  }

  private func edit(_ name: String, _ change: (String) -> String) throws {
    let url = self.chapters.appendingPathComponent(name)
    try self.write(name, change(try String(contentsOf: url, encoding: .utf8)))
  }
}
