import XCTest

@testable import BookKit

/// Chapter files → `Chapter` values: UTF-8 validation, numbers, titles, lines, and loading in book order.
final class ChapterLoaderTests: WorkspaceTestCase {
  /// Bytes that are not UTF-8, with the line and column (in bytes) of the first bad byte.
  static let notUTF8Cases: [(label: String, bytes: [UInt8], line: Int, column: Int)] = [
    ("lone continuation byte", Array("# T\n\nab".utf8) + [0x80] + Array("c\n".utf8), 3, 3),
    ("0xFF on line 2", Array("# T\nx".utf8) + [0xFF], 2, 2),
    ("after a two-byte character", Array("# T\né".utf8) + Array("x".utf8) + [0xC3, 0x28, 0x0A], 2, 4),
    ("sequence cut off at the end", Array("# T\nabc".utf8) + [0xE2, 0x82], 2, 4),
    ("overlong encoding at the start", [0xC0, 0xAF] + Array("\n".utf8), 1, 1),
    ("UTF-16 surrogate", Array("ok\n".utf8) + [0xED, 0xA0, 0x80], 2, 1),
    ("beyond U+10FFFF", Array("a".utf8) + [0xF4, 0x90, 0x80, 0x80], 1, 2),
    ("first of several", Array("a\nb".utf8) + [0xFF] + Array("\nc".utf8) + [0xFF], 2, 2),
    (
      "inside a code block",
      Array("# T\n\n```swift file=Sources/M/A.swift\nlet s = \"".utf8) + [0xFF] + Array("\"\n```\n".utf8), 4, 10
    ),
    ("after a four-byte emoji", Array("😀".utf8) + [0xFF], 1, 5),
    ("Latin-1 e-acute", Array("# Caf".utf8) + [0xE9] + Array("\n".utf8), 1, 6),
    ("CRLF lines before it", Array("a\r\nb\r\n".utf8) + [0xFE], 3, 1),
  ]

  func testNotUTF8IsReportedAtTheFirstBadByte() {
    for (label, bytes, line, column) in Self.notUTF8Cases {
      let result = ChapterLoader.chapter(path: "Chapters/01-bad.md", data: Data(bytes))
      switch result {
      case .success:
        XCTFail("[\(label)] accepted as UTF-8")
      case .failure(let error):
        XCTAssertEqual(
          error.diagnostics.map(\.description),
          [
            "Chapters/01-bad.md:\(line):\(column): error: chapter is not valid UTF-8; save it as UTF-8 [not-utf8]"
          ], "[\(label)]")
      }
    }
  }

  func testValidMultiByteUTF8IsAccepted() throws {
    let text = "# Café ☕️ 😀 中文\n\nÅngström.\n"
    let loaded = try ChapterLoader.chapter(path: "Chapters/01-ok.md", data: Data(text.utf8)).get()
    XCTAssertEqual(loaded.diagnostics, [])
    XCTAssertEqual(loaded.chapter.title, "Café ☕️ 😀 中文")
    XCTAssertEqual(loaded.chapter.lines, ["# Café ☕️ 😀 中文", "", "Ångström.", ""])
  }

  /// The no-change stamp of `book site` compares chapter files by `Chapter.sourceDigest(of:)`, unparsed:
  /// it must be the digest the loader gives the chapter, whatever the bytes.
  func testTheDigestOfAChapterFileIsTheDigestOfTheLoadedChapter() throws {
    let texts = [
      "", "# T\n", "# T\r\nCRLF\r\n", "lone\rCR", "\u{FEFF}# BOM\n", "# Café ☕️ 😀 中文\n", "no newline",
      "# T\n\n```swift file=Sources/M/A.swift\nlet a = 1\n```\n",
    ]
    for text in texts {
      let data = Data(text.utf8)
      let loaded = try ChapterLoader.chapter(path: "Chapters/01-a.md", data: data).get()
      XCTAssertEqual(loaded.chapter.sourceDigest, Chapter.sourceDigest(of: data), text.debugDescription)
      XCTAssertNotEqual(Chapter.sourceDigest(of: data), Chapter.sourceDigest(of: data + Data("x".utf8)))
    }
  }

  func testLoadReportsANonUTF8ChapterAndLeavesItOut() throws {
    try self.fixture.writeChapter("01-good.md", chapterText([("swift file=Sources/M/A.swift", "let a = 1")]))
    try self.fixture.write("Chapters/02-bad.md", data: Data(Array("# Bad\n\nx".utf8) + [0xFF]))
    let loaded = try ChapterLoader.load(from: self.fixture.workspace)
    XCTAssertEqual(loaded.chapters.map(\.path), ["Chapters/01-good.md"])
    XCTAssertEqual(summary(loaded.diagnostics), ["not-utf8@Chapters/02-bad.md:3:2"])
  }

  func testChapterNumbersComeFromLeadingASCIIDigits() {
    let cases: [(String, Int?)] = [
      ("03-counter-data.md", 3), ("10-ten.md", 10), ("007-bond.md", 7), ("preface.md", nil),
      ("00-history.md", 0), ("x1-late.md", nil), ("٣-arabic.md", nil),
    ]
    for (name, number) in cases {
      XCTAssertEqual(Chapter.number(fromFileName: name), number, "[\(name)]")
    }
  }

  func testTitleIsTheFirstTopLevelHeadingOrTheFileName() {
    XCTAssertEqual(loadChapter("Intro.\n\n## Second *level*\n\n# First\n").chapter.title, "Second level")
    XCTAssertEqual(loadChapter("No heading.\n", path: "Chapters/05-plain.md").chapter.title, "05-plain.md")
    XCTAssertEqual(loadChapter("> # Quoted\n", path: "Chapters/06-q.md").chapter.title, "06-q.md")
    XCTAssertEqual(loadChapter("# One\n", path: "Chapters/04-four.md").chapter.number, 4)
  }

  func testLinesAreSplitWithoutTerminators() {
    XCTAssertEqual(loadChapter("a\nb\n\nc").chapter.lines, ["a", "b", "", "c"])
    XCTAssertEqual(loadChapter("a\n").chapter.lines, ["a", ""])
  }

  /// A chapter saved with CRLF line endings must give the same lines (without `\r`) as with LF, so that
  /// fence lines are found and attribute columns are right. `"\r\n"` is a single `Character` in Swift, so
  /// splitting a `String` on `"\n"` does not split CRLF text at all.
  func testCRLFChapterGivesTheSameLinesAndAttributeColumnsAsLF() {
    let lf = "# T\n\n```swift file=Sources/M/A.swift chunk=a\nlet a = 1\n```\n"
    let crlf = loadChapter(lf.replacingOccurrences(of: "\n", with: "\r\n")).chapter
    XCTAssertEqual(crlf.lines, loadChapter(lf).chapter.lines)
    XCTAssertEqual(crlf.listings.first?.attributes.map(\.location.column), [10, 33])
    XCTAssertEqual(crlf.listings.first?.code, "let a = 1\n")
    XCTAssertEqual(crlf.listings.first?.fence.line, 3)
  }

  func testCRLFChapterReportsBadAttributesAtTheirColumn() {
    let crlf = "# T\r\n\r\n```swift file=Sources/M/A.swift flie=x\r\nlet a = 1\r\n```\r\n"
    XCTAssertEqual(summary(loadChapter(crlf).diagnostics), ["unknown-attribute@Chapters/01-test.md:3:33"])
  }

  func testLoadReadsChaptersInFileNameOrderSkippingOtherFiles() throws {
    try self.fixture.writeChapter("10-ten.md", "# Ten\n")
    try self.fixture.writeChapter("02-two.md", "# Two\n")
    try self.fixture.writeChapter("01-one.md", "# One\n")
    try self.fixture.writeChapter("notes.txt", "# Not a chapter\n")
    try self.fixture.writeChapter(".03-hidden.md", "# Hidden\n")
    let loaded = try ChapterLoader.load(from: self.fixture.workspace)
    XCTAssertEqual(loaded.chapters.map(\.path), ["Chapters/01-one.md", "Chapters/02-two.md", "Chapters/10-ten.md"])
    XCTAssertEqual(loaded.chapters.map(\.title), ["One", "Two", "Ten"])
    XCTAssertEqual(loaded.chapters.map(\.number), [1, 2, 10])
    XCTAssertEqual(loaded.diagnostics, [])
  }

  func testLoadCollectsTagDiagnosticsOfEveryChapter() throws {
    try self.fixture.writeChapter("01-one.md", chapterText([("swift", "let a = 1")]))
    try self.fixture.writeChapter(
      "02-two.md", chapterText([("sh", "ls"), ("swift flie=Sources/M/A.swift", "let b = 1")]))
    let loaded = try ChapterLoader.load(from: self.fixture.workspace)
    XCTAssertEqual(
      summary(loaded.diagnostics.sortedByLocation()),
      ["untangled-swift@Chapters/01-one.md:3:1", "unknown-attribute@Chapters/02-two.md:7:10"])
  }
}
