import Foundation
import XCTest

@testable import BookKit

/// The record `book tag --verify` writes (`Chapters/status.json`) and what `book check` says about it.
final class ChapterStatusRecordTests: WorkspaceTestCase {
  private let withCode = "# Two\n\n```swift file=Sources/A/A.swift\nlet a = 1\n```\n"

  private func entry(_ tag: String, digest: String = "d", passed: Bool = true) -> ChapterStatusRecord.Entry {
    ChapterStatusRecord.Entry(
      tag: tag, chapter: "Chapters/\(tag).md", prefixDigest: digest, toolchain: "Swift version 6.2.1",
      date: "2026-11-26T06:40:00Z", passed: passed, buildMilliseconds: 41_234, testMilliseconds: 3_049,
      testSummary: "Executed 2 tests, with 0 failures")
  }

  func testTheRecordRoundTripsAndItsBytesDoNotDependOnOrder() throws {
    let record = ChapterStatusRecord().merging([self.entry("chapter-02"), self.entry("chapter-01", passed: false)])
    let data = record.encoded
    XCTAssertEqual(try ChapterStatusRecord.decode(data, path: "Chapters/status.json").get(), record)
    let reversed = ChapterStatusRecord().merging([self.entry("chapter-01", passed: false), self.entry("chapter-02")])
    XCTAssertEqual(reversed.encoded, data)
    let text = String(decoding: data, as: UTF8.self)
    XCTAssertTrue(text.hasSuffix("}\n"))
    let keys = ["buildMilliseconds", "chapter", "date", "passed", "prefixDigest", "tag", "testMilliseconds"]
    let positions = keys.map { text.range(of: "\"\($0)\"")!.lowerBound }
    XCTAssertEqual(positions, positions.sorted(), "keys are sorted")
    XCTAssertLessThan(text.range(of: "chapter-01")!.lowerBound, text.range(of: "chapter-02")!.lowerBound)
  }

  func testMergingReplacesTheEntriesOfVerifiedTagsOnly() {
    let record = ChapterStatusRecord().merging([self.entry("chapter-01"), self.entry("chapter-02")])
    let merged = record.merging([self.entry("chapter-02", digest: "new")])
    XCTAssertEqual(merged.chapters.map(\.prefixDigest), ["d", "new"])
  }

  func testARecordThatIsNotOneIsALocatedError() {
    for text in ["not json", "{\"format\": 2, \"chapters\": []}", "{\"chapters\": [{\"tag\": 1}]}"] {
      let result = ChapterStatusRecord.decode(Data(text.utf8), path: "Chapters/status.json")
      guard case .failure(let error) = result else { return XCTFail("accepted \(text)") }
      XCTAssertEqual(error.diagnostics.map(\.id), [.invalidStatusRecord], text)
      XCTAssertEqual(error.diagnostics.first?.location, SourceLocation(path: "Chapters/status.json", line: 1))
    }
  }

  func testAnEditMakesTheRecordOfItsChapterAndEveryLaterOneStale() throws {
    let one = ChapterLoader.chapter(path: "Chapters/01-one.md", source: "# One\n").chapter
    let two = ChapterLoader.chapter(path: "Chapters/02-two.md", source: self.withCode).chapter
    let editedOne = ChapterLoader.chapter(path: "Chapters/01-one.md", source: "# One, edited\n").chapter
    let chapters = [one, two]
    let record = ChapterStatusRecord().merging(
      chapters.indices.map { index in
        self.entry(
          ChapterTagger.tagName(for: chapters[index], index: index),
          digest: ChapterStatusRecord.prefixDigest(of: chapters, through: index))
      })
    XCTAssertEqual(record.status(ofChapter: 1, in: chapters, tag: "chapter-02"), .current(record.chapters[1]))
    XCTAssertEqual(record.status(ofChapter: 1, in: [editedOne, two], tag: "chapter-02"), .stale(record.chapters[1]))
    XCTAssertEqual(record.status(ofChapter: 0, in: [editedOne, two], tag: "chapter-01"), .stale(record.chapters[0]))
    let editedTwo = ChapterLoader.chapter(path: "Chapters/02-two.md", source: self.withCode + "More.\n").chapter
    XCTAssertEqual(record.status(ofChapter: 0, in: [one, editedTwo], tag: "chapter-01"), .current(record.chapters[0]))
    XCTAssertEqual(record.status(ofChapter: 0, in: chapters, tag: "chapter-09"), .notVerified)
  }

  func testCheckWarnsAtTheFirstLineOfAStaleOrUnverifiedChapterWithCode() throws {
    try self.fixture.writeChapter("01-one.md", "# One\n")
    try self.fixture.writeChapter("02-two.md", self.withCode)
    try self.fixture.writeChapter("03-three.md", "# Three\n")
    var book = try Book.load(from: self.fixture.workspace)
    XCTAssertTrue(try ChapterStatusRecord.problems(in: self.fixture.workspace, book: book).isEmpty, "no record")
    let digest = ChapterStatusRecord.prefixDigest(of: book.chapters, through: 0)
    try ChapterStatusRecord.record([self.entry("chapter-01", digest: digest)], in: self.fixture.workspace)
    let unverified = try ChapterStatusRecord.problems(in: self.fixture.workspace, book: book)
    XCTAssertEqual(unverified.map(\.id), [.staleChapterStatus], "chapter 3 has no code: no warning")
    XCTAssertEqual(unverified.first?.severity, .warning)
    XCTAssertEqual(unverified.first?.location, SourceLocation(path: "Chapters/02-two.md", line: 1))
    try self.fixture.writeChapter("01-one.md", "# One, edited\n")
    book = try Book.load(from: self.fixture.workspace)
    let stale = try ChapterStatusRecord.problems(in: self.fixture.workspace, book: book)
    XCTAssertEqual(stale.map(\.location.path), ["Chapters/01-one.md", "Chapters/02-two.md"])
    XCTAssertTrue(stale[0].message.contains("is older than the chapters up to this one"), stale[0].message)
  }

  func testRecordingKeepsOtherTagsAndWritesThroughTheGuardedWrites() throws {
    try ChapterStatusRecord.record([self.entry("chapter-01"), self.entry("chapter-02")], in: self.fixture.workspace)
    try ChapterStatusRecord.record([self.entry("chapter-02", digest: "new")], in: self.fixture.workspace)
    let data = try Data(contentsOf: self.fixture.url("Chapters/status.json"))
    let record = try ChapterStatusRecord.decode(data, path: "Chapters/status.json").get()
    XCTAssertEqual(record.chapters.map(\.prefixDigest), ["d", "new"])
    // A record that is a symbolic link is never written through.
    try FileManager.default.removeItem(at: self.fixture.url("Chapters/status.json"))
    try self.fixture.write("elsewhere.json", "{}")
    try FileManager.default.createSymbolicLink(
      at: self.fixture.url("Chapters/status.json"), withDestinationURL: self.fixture.url("elsewhere.json"))
    XCTAssertThrowsError(try ChapterStatusRecord.record([self.entry("chapter-01")], in: self.fixture.workspace))
    XCTAssertEqual(try String(contentsOf: self.fixture.url("elsewhere.json"), encoding: .utf8), "{}")
  }
}
