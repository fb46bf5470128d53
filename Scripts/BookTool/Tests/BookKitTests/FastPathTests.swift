import XCTest

@testable import BookKit

/// The shortcuts taken for speed decide only what the general path would decide: a read with no link on
/// the way, the byte scans before searches by character, and writes that share their checked folders.
final class FastPathTests: WorkspaceTestCase {
  func testAPlainReadGivesTheFilesBytesAndAMissingFileNothing() throws {
    try self.fixture.write("Sources/M/A.swift", "let a = 1\n")
    XCTAssertEqual(try self.fixture.workspace.read("Sources/M/A.swift"), Data("let a = 1\n".utf8))
    XCTAssertEqual(try self.fixture.workspace.readIfPresent("Sources/M/A.swift"), Data("let a = 1\n".utf8))
    try self.fixture.write("Sources/M/Empty.swift", "")
    XCTAssertEqual(try self.fixture.workspace.readIfPresent("Sources/M/Empty.swift"), Data())
    XCTAssertNil(try self.fixture.workspace.readIfPresent("Sources/M/A.swift/under-a-file"))
    XCTAssertNil(try self.fixture.workspace.readIfPresent("Sources/Nowhere/B.swift"))
  }

  /// A folder, or a link on the way, takes the general path, with its errors.
  func testAFolderOrALinkOutTakesTheGeneralPath() throws {
    try self.fixture.write("Sources/M/A.swift", "a")
    XCTAssertThrowsError(try self.fixture.workspace.readIfPresent("Sources/M")) { error in
      XCTAssertEqual("\(error)", "Sources/M: cannot be read")
    }
    let outside = try TempWorkspace()
    defer { outside.destroy() }
    try outside.write("secret.txt", "secret")
    try FileManager.default.createSymbolicLink(
      at: self.fixture.url("Sources/out.txt"), withDestinationURL: outside.url("secret.txt"))
    XCTAssertThrowsError(try self.fixture.workspace.readIfPresent("Sources/out.txt")) { error in
      XCTAssertEqual((error as? Workspace.Failure)?.rule, .readOutsideWorkspace, "\(error)")
    }
    try FileManager.default.createSymbolicLink(
      at: self.fixture.url("Sources/in.swift"), withDestinationURL: self.fixture.url("Sources/M/A.swift"))
    XCTAssertEqual(try self.fixture.workspace.readIfPresent("Sources/in.swift"), Data("a".utf8))
  }

  /// Lines are counted in characters; the byte count only rules lines out.
  func testLongLinesAreFoundByCharactersNotBytes() {
    XCTAssertFalse(ListingLineLength.mayHaveLongLine(String(repeating: "x", count: 120) + "\nshort", limit: 120))
    XCTAssertTrue(ListingLineLength.mayHaveLongLine("short\n" + String(repeating: "x", count: 121), limit: 120))
    // 100 characters of two bytes each: ruled in by bytes, then counted.
    XCTAssertTrue(ListingLineLength.mayHaveLongLine(String(repeating: "é", count: 100), limit: 120))
    XCTAssertTrue(ListingLineLength.mayHaveLongLine("a\r\nb", limit: 120), "a CR is always counted")
  }

  /// A chapter's page name by bytes is the one by characters, `/`-separated parts and all.
  func testPageNamesByBytesAreTheOnesByCharacters() {
    let paths = [
      "Chapters/01-a.md", "01-a.md", "a/b/c.md", "a//b.md", "/x.md", "a/", "", "/", "x.txt", ".md", "a/.md",
      "md", "a.md.md", "Chapters/é.md", "Chapters/\u{301}x.md", "a/\u{301}/b.md", "a\r\n/b.md",
    ]
    for path in paths {
      let chapter = Chapter(
        path: path, number: nil, title: "T", document: MarkdownParser.parse(""), listings: [], lines: [])
      let fileName = path.split(separator: "/").last.map(String.init) ?? path
      let expected = (fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName) + ".html"
      XCTAssertEqual(chapter.pageName, expected, path)
    }
  }

  func testTheOpeningOfADataReferenceIsFoundByItsBytes() {
    XCTAssertTrue(DataReference.hasOpeningBytes("see {{data:reads#1.tree}}"))
    XCTAssertTrue(DataReference.hasOpeningBytes("{{data:"))
    XCTAssertFalse(DataReference.hasOpeningBytes("{{data"))
    XCTAssertFalse(DataReference.hasOpeningBytes("{ {data: and {{date:"))
    XCTAssertFalse(DataReference.hasOpeningBytes(""))
    XCTAssertEqual(DataReference.occurrences(in: "é {{data:reads#1.tree}}").map(\.offset), [3])
  }

  /// Files written together share the folders checked on the way, and each file is still checked: a link
  /// at a second file's place in a checked folder is refused.
  func testWritesSharingCheckedFoldersStillRefuseALinkAtTheFile() throws {
    let checked = CheckedFolders()
    let workspace = self.fixture.workspace
    func write(_ text: String, to path: String, knownToDiffer: Bool = false) throws -> Bool {
      try workspace.write(Data(text.utf8), to: path, knownToDiffer: knownToDiffer, checked: checked)
    }
    XCTAssertTrue(try write("1", to: "Site/a/b/one.html"))
    XCTAssertTrue(checked.contains("Site/a/b") && checked.contains("Site/a") && checked.contains(""))
    XCTAssertTrue(try write("2", to: "Site/a/b/two.html"))
    XCTAssertFalse(try write("2", to: "Site/a/b/two.html"), "the same bytes are not written again")
    XCTAssertEqual(try workspace.read("Site/a/b/two.html"), Data("2".utf8))
    try FileManager.default.createSymbolicLink(
      at: self.fixture.url("Site/a/b/three.html"), withDestinationURL: self.fixture.url("Chapters"))
    XCTAssertThrowsError(try write("3", to: "Site/a/b/three.html", knownToDiffer: true)) { error in
      XCTAssertEqual((error as? Workspace.Failure)?.rule, .pathThroughSymlink, "\(error)")
    }
    XCTAssertFalse(self.fixture.exists("Site/a/b/.three.html.book-tmp"))
  }
}
