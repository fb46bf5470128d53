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

  /// A chapter keeps its page name with its path: a changed path gives the new path's name.
  func testAChaptersPageNameFollowsItsPath() {
    var chapter = Chapter(
      path: "Chapters/01-a.md", number: 1, title: "T", document: MarkdownParser.parse(""), listings: [], lines: [])
    XCTAssertEqual(chapter.pageName, "01-a.html")
    chapter.path = "Chapters/02-b.md"
    XCTAssertEqual(chapter.pageName, "02-b.html")
  }

  /// Paths, info strings and targets split by bytes give the parts `String.split` gives.
  func testASCIISplitsAreTheSplitsByCharacters() {
    let texts = [
      "Sources/M/A.swift", "a//b", "/a/", "", "/", "//", "Tests/T/X.swift", "a\r\n/b", "x", "Package.swift",
      "Sources/é/A.swift", "a/\u{301}b",
    ]
    for text in texts {
      for omitting in [true, false] {
        let expected = text.split(separator: "/", omittingEmptySubsequences: omitting)
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
          XCTAssertEqual(ASCIISplit.parts(of: text, separator: "/", omittingEmpty: omitting), expected, text)
        } else {
          XCTAssertNil(ASCIISplit.parts(of: text, separator: "/", omittingEmpty: omitting), text)
        }
      }
      XCTAssertEqual(
        TangleDirective(file: text).target, text.split(separator: "/").dropFirst().first.map(String.init) ?? "", text)
    }
    for info in ["swift file=A.swift  chunk=x", " \tswift\t", "", "   ", "swift é=1", "a \u{301}b\tc"] {
      XCTAssertEqual(ListingTagParser.splitWords(info), info.split(whereSeparator: { $0 == " " || $0 == "\t" }), info)
    }
  }

  /// A `{{data:` after many braces, or at the very end, is found; a near miss at the end is not.
  func testTheOpeningOfADataReferenceIsFoundPastManyBraces() {
    XCTAssertTrue(DataReference.hasOpeningBytes(String(repeating: "{", count: 40) + "data:"))
    XCTAssertTrue(DataReference.hasOpeningBytes("{{{data:"))
    XCTAssertFalse(DataReference.hasOpeningBytes("{{data{{data{{dat"))
    XCTAssertFalse(DataReference.hasOpeningBytes("{"))
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

  /// Plain paths are split at every `/` byte, as the file system splits them: a `/` that a combining mark
  /// follows is not a `Character` of its own, yet `..` before it still leaves the folder.
  func testPlainPathsAreSplitByBytes() {
    XCTAssertEqual(Workspace.plainPath("Sources/M/A.swift"), "Sources/M/A.swift")
    XCTAssertEqual(Workspace.plainPath("a/.../b\u{301}"), "a/.../b\u{301}")
    XCTAssertNil(Workspace.plainPath("../\u{301}x"))
    XCTAssertNil(Workspace.plainPath("a/./\u{301}x"))
    XCTAssertNil(Workspace.plainPath("a//b"))
    XCTAssertNil(Workspace.plainPath("/a"))
    XCTAssertNil(Workspace.plainPath("a/"))
    XCTAssertNil(Workspace.plainPath(""))
    XCTAssertEqual(Workspace.temporaryPath(for: "Site/a/b.html"), "Site/a/.b.html.book-tmp")
    XCTAssertEqual(Workspace.temporaryPath(for: "b.html"), ".b.html.book-tmp")
  }

  /// A folder on the way that is a symbolic link is never opened as a checked folder: the write takes the
  /// general path and is refused there, naming the link; nothing is written through it.
  func testWritesSharingCheckedFoldersRefuseALinkOnTheWay() throws {
    let checked = CheckedFolders()
    let workspace = self.fixture.workspace
    try self.fixture.write("Elsewhere/keep.txt", "keep")
    try FileManager.default.createSymbolicLink(
      at: self.fixture.url("Site"), withDestinationURL: self.fixture.url("Elsewhere"))
    XCTAssertThrowsError(
      try workspace.write(Data("x".utf8), to: "Site/page.html", knownToDiffer: true, checked: checked)
    ) { error in
      XCTAssertEqual((error as? Workspace.Failure)?.rule, .pathThroughSymlink, "\(error)")
    }
    XCTAssertFalse(checked.contains("Site"))
    XCTAssertFalse(self.fixture.exists("Elsewhere/page.html"))
    XCTAssertFalse(self.fixture.exists("Elsewhere/.page.html.book-tmp"))
  }

  /// Past `CheckedFolders.maximumOpen` folders, files are written by their paths: every file lands.
  func testWritesInMoreFoldersThanAreHeldOpenAllLand() throws {
    let checked = CheckedFolders()
    let workspace = self.fixture.workspace
    let count = CheckedFolders.maximumOpen + 20
    for index in 0..<count {
      XCTAssertTrue(
        try workspace.write(Data("\(index)".utf8), to: "Site/f\(index)/p.html", knownToDiffer: true, checked: checked))
    }
    XCTAssertTrue(checked.contains("Site/f0"))
    XCTAssertFalse(checked.contains("Site/f\(count - 1)"), "past the limit, by path")
    for index in [0, CheckedFolders.maximumOpen, count - 1] {
      XCTAssertEqual(try workspace.read("Site/f\(index)/p.html"), Data("\(index)".utf8))
    }
  }

  /// A checked folder is written through the descriptor opened when it was checked: a leftover temporary
  /// file is replaced, and a folder moved away and replaced by a link afterwards is not followed.
  func testWritesSharingCheckedFoldersStayInTheFolderChecked() throws {
    let checked = CheckedFolders()
    let workspace = self.fixture.workspace
    try self.fixture.write("Site/a/.two.html.book-tmp", "half a page")
    XCTAssertTrue(try workspace.write(Data("1".utf8), to: "Site/a/one.html", knownToDiffer: true, checked: checked))
    XCTAssertTrue(try workspace.write(Data("2".utf8), to: "Site/a/two.html", knownToDiffer: true, checked: checked))
    XCTAssertEqual(try workspace.read("Site/a/two.html"), Data("2".utf8))
    XCTAssertFalse(self.fixture.exists("Site/a/.two.html.book-tmp"))
    try FileManager.default.moveItem(at: self.fixture.url("Site/a"), to: self.fixture.url("Moved"))
    try self.fixture.write("Other/x.txt", "x")
    try FileManager.default.createSymbolicLink(
      at: self.fixture.url("Site/a"), withDestinationURL: self.fixture.url("Other"))
    XCTAssertTrue(try workspace.write(Data("3".utf8), to: "Site/a/three.html", knownToDiffer: true, checked: checked))
    XCTAssertEqual(try workspace.read("Moved/three.html"), Data("3".utf8))
    XCTAssertFalse(self.fixture.exists("Other/three.html"))
  }
}
