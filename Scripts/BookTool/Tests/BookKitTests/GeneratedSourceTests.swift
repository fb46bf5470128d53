import XCTest

@testable import BookKit

/// The rendered text of generated files: header, `#sourceLocation` blocks, and the line → chapter-line map.
final class GeneratedSourceTests: XCTestCase {
  /// Three chapters with multi-line blocks, blank code lines, `after=`, cross-chapter and `mode=` replacement,
  /// two source files and a test file.
  static let fixture: [(name: String, text: String)] = [
    (
      "01-store.md",
      """
      # Store

      Intro paragraph.

      ```swift file=Sources/Store/Store.swift chunk=imports
      import Foundation
      ```

      Some text, then a type.

      ```swift file=Sources/Store/Store.swift chunk=store
      public struct Store {
        public var count = 0

        public init() {}
      }
      ```

      ```swift file=Tests/StoreTests/StoreTests.swift
      import XCTest
      @testable import Store

      final class StoreTests: XCTestCase {
        func testCount() { XCTAssertEqual(Store().count, 0) }
      }
      ```

      ```swift compile=false
      let notTangled = true
      ```

      """
    ),
    (
      "02-actions.md",
      """
      # Actions

      ```swift file=Sources/Store/Store.swift chunk=action after=imports
      public enum Action {
        case increment
      }
      ```

      - A list item before the next block.

      ```swift file=Sources/Store/Store.swift chunk=store
      public struct Store {
        public var count = 0
        public init() {}
        public mutating func send(_ action: Action) { count += 1 }
      }
      ```

      ```swift file=Sources/Store/Extras.swift chunk=old
      let old = 1
      ```

      """
    ),
    (
      "03-cleanup.md",
      """
      # Cleanup

      ```swift file=Sources/Store/Extras.swift chunk=old mode=replace
      let old = 2
      ```

      ```swift file=Sources/Store/Extras.swift chunk=new
      let new = 3


          let indentedInsideTheBlock = 4
      ```

      ```swift file=Tests/StoreTests/StoreTests.swift
      extension StoreTests {
        func testSend() {}
      }
      ```

      """
    ),
  ]

  func testOriginsMapEveryGeneratedCodeLineToTheSameTextInItsChapter() throws {
    let chapters = loadChapters(Self.fixture)
    let linesByPath = Dictionary(uniqueKeysWithValues: chapters.map { ($0.path, $0.lines) })
    let result = Tangler.tangle(chapters)
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(
      result.files.map(\.path),
      ["Sources/Store/Extras.swift", "Sources/Store/Store.swift", "Tests/StoreTests/StoreTests.swift"])
    var checkedLines = 0
    for file in result.files {
      let source = GeneratedSource(file)
      let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      XCTAssertEqual(lines.last, "", "\(file.path) ends with a newline")
      XCTAssertEqual(source.origins.count, lines.count - 1, "\(file.path): one origin per line")
      let expectedCodeLines = file.chunks.map {
        $0.code.split(separator: "\n", omittingEmptySubsequences: false).count - 1
      }
      XCTAssertEqual(source.origins.compactMap { $0 }.count, expectedCodeLines.reduce(0, +), "\(file.path)")
      for (index, origin) in source.origins.enumerated() {
        let generated = lines[index]
        guard let origin else {
          XCTAssertTrue(
            generated.isEmpty || generated.hasPrefix("//") || generated.hasPrefix("#sourceLocation("),
            "\(file.path):\(index + 1) has no origin but is not header or directive: \(generated)")
          continue
        }
        XCTAssertEqual(origin.column, 1, "\(file.path):\(index + 1)")
        let chapterLines = try XCTUnwrap(linesByPath[origin.path], "\(origin.path) is not a chapter")
        XCTAssertTrue(chapterLines.indices.contains(origin.line - 1), "\(origin) is past the chapter's end")
        guard chapterLines.indices.contains(origin.line - 1) else { continue }
        XCTAssertEqual(String(chapterLines[origin.line - 1]), generated, "\(file.path):\(index + 1) ← \(origin)")
        checkedLines += 1
      }
      // Each directive names the origin of the line that follows it.
      for (index, line) in lines.enumerated() where line.hasPrefix("#sourceLocation(file:") {
        let next = source.origins.indices.contains(index + 1) ? source.origins[index + 1] : nil
        if let next {
          XCTAssertEqual(
            line, "#sourceLocation(file:\"\(next.path)\",line:\(next.line))", "\(file.path):\(index + 1)")
        }
      }
    }
    XCTAssertEqual(checkedLines, 23)
  }

  func testTheFixtureTanglesToTheExpectedChunks() {
    let result = Tangler.tangle(loadChapters(Self.fixture))
    let store = tangledFile("Sources/Store/Store.swift", in: result)
    XCTAssertEqual(store?.chunks.map(\.name), ["imports", "action", "store"])
    XCTAssertEqual(
      store?.chunks.map { "\($0.origin)" },
      ["Chapters/01-store.md:6:1", "Chapters/02-actions.md:4:1", "Chapters/02-actions.md:12:1"])
    XCTAssertEqual(store?.chapterPaths, ["Chapters/01-store.md", "Chapters/02-actions.md"])
    let extras = tangledFile("Sources/Store/Extras.swift", in: result)
    XCTAssertEqual(
      extras?.chunks.map(\.code), ["let old = 2\n", "let new = 3\n\n\n    let indentedInsideTheBlock = 4\n"])
    XCTAssertEqual(extras?.chapterPaths, ["Chapters/03-cleanup.md"])
    let tests = tangledFile("Tests/StoreTests/StoreTests.swift", in: result)
    XCTAssertEqual(tests?.chapterPaths, ["Chapters/01-store.md", "Chapters/03-cleanup.md"])
  }

  func testHeaderListsContributingChaptersInBookOrderAndChunksInFileOrder() {
    let chapters = loadChapters([
      ("01-one.md", chapterText([("swift file=Sources/M/A.swift chunk=a", "let a = 1")])),
      ("02-two.md", chapterText([("swift file=Sources/M/A.swift chunk=b", "let b = 2")])),
      ("03-three.md", chapterText([("swift file=Sources/M/A.swift chunk=a", "let a = 3")])),
    ])
    let result = Tangler.tangle(chapters)
    let file = tangledFile("Sources/M/A.swift", in: result)
    XCTAssertNotNil(file)
    guard let file else { return }
    let source = GeneratedSource(file)
    XCTAssertEqual(
      source.text,
      """
      // Generated by `book tangle` from the book's chapters. Do not edit this file:
      // change the chapter, then run `book tangle` (`book check` reports any difference).
      // Chapters:
      //   Chapters/02-two.md
      //   Chapters/03-three.md
      // Imports stay under the directive naming their chapter line, so they cannot head the file:
      // swift-format-ignore-file: OrderedImports

      #sourceLocation(file:"Chapters/03-three.md",line:4)
      let a = 3
      #sourceLocation()

      #sourceLocation(file:"Chapters/02-two.md",line:4)
      let b = 2
      #sourceLocation()

      """)
    XCTAssertEqual(
      source.origins.map { $0.map(\.description) ?? "-" },
      [
        "-", "-", "-", "-", "-", "-", "-", "-", "-", "Chapters/03-three.md:4:1", "-", "-", "-",
        "Chapters/02-two.md:4:1",
        "-",
      ])
  }

  func testAnEmptyBlockRendersAnEmptyDirectivePair() {
    let chapter = loadChapter("# E\n\n```swift file=Sources/M/A.swift\n```\n").chapter
    let result = Tangler.tangle([chapter])
    XCTAssertEqual(result.files.map(\.path), ["Sources/M/A.swift"])
    guard let file = result.files.first else { return }
    let source = GeneratedSource(file)
    XCTAssertTrue(
      source.text.hasSuffix("\n\n#sourceLocation(file:\"Chapters/01-test.md\",line:4)\n#sourceLocation()\n"))
    XCTAssertEqual(source.origins.compactMap { $0 }, [])
  }

  func testAManifestKeepsItsToolsVersionLineFirstAndTheHeaderSecond() {
    let chapter = loadChapter(
      "# M\n\n```swift file=Package.swift\n// swift-tools-version: 6.2\nimport PackageDescription\n```\n"
    ).chapter
    let later = loadChapter(
      "# N\n\n```swift file=Package.swift\npackage.targets += []\n```\n", path: "Chapters/02-n.md"
    )
    .chapter
    guard let file = Tangler.tangle([chapter, later]).files.first else { return XCTFail("no manifest") }
    let source = GeneratedSource(file)
    XCTAssertEqual(
      source.text,
      """
      // swift-tools-version: 6.2
      \(GeneratedSource.marker) Do not edit this file:
      // change the chapter, then run `book tangle` (`book check` reports any difference).
      // Chapters:
      //   Chapters/01-test.md
      //   Chapters/02-n.md
      // Imports stay under the directive naming their chapter line, so they cannot head the file:
      // swift-format-ignore-file: OrderedImports

      #sourceLocation(file:"Chapters/01-test.md",line:5)
      import PackageDescription
      #sourceLocation()

      #sourceLocation(file:"Chapters/02-n.md",line:4)
      package.targets += []
      #sourceLocation()

      """)
    XCTAssertEqual(
      source.origins.map { $0.map(\.description) ?? "-" },
      [
        "Chapters/01-test.md:4:1", "-", "-", "-", "-", "-", "-", "-", "-", "-", "Chapters/01-test.md:5:1", "-", "-",
        "-",
        "Chapters/02-n.md:4:1", "-",
      ])
    XCTAssertTrue(GeneratedSource.isGenerated(source.text))
    XCTAssertFalse(GeneratedSource.isGenerated("// swift-tools-version: 6.2\n// Hand-written.\n"))
    XCTAssertFalse(GeneratedSource.isGenerated("// swift-tools-version: 6.2"))
  }

  func testAManifestListingOfOnlyTheToolsVersionLineAddsNoEmptyDirectives() {
    let chapter = loadChapter("# M\n\n```swift file=Package.swift\n// swift-tools-version: 6.2\n```\n").chapter
    guard let file = Tangler.tangle([chapter]).files.first else { return XCTFail("no manifest") }
    XCTAssertFalse(GeneratedSource(file).text.contains("#sourceLocation"), GeneratedSource(file).text)
  }

  func testGeneratedTextStartsWithTheMarker() {
    let source = GeneratedSource(TangledFile(path: "Sources/M/A.swift"))
    XCTAssertTrue(source.text.hasPrefix(GeneratedSource.marker))
    XCTAssertTrue(GeneratedSource.isGenerated(source.text))
    XCTAssertFalse(GeneratedSource.isGenerated("// Hand-written.\n" + GeneratedSource.marker))
    XCTAssertFalse(GeneratedSource.isGenerated(""))
    XCTAssertEqual(GeneratedSource.marker, "// Generated by `book tangle` from the book's chapters.")
  }

  /// Three chapters writing twelve files, each file with chunks from several chapters (one replaced,
  /// one placed `after=`), so that any iteration over a hashed collection would show in the output.
  private static func manyFileBook() -> [(name: String, text: String)] {
    let modules = ["Alpha", "Beta", "Gamma", "Delta"]
    let files = modules.flatMap { module in ["One", "Two", "Three"].map { "Sources/\(module)/\($0).swift" } }
    return (1...3).map { chapter in
      let blocks = files.enumerated().flatMap { index, file -> [(info: String, code: String)] in
        var blocks = [("swift file=\(file) chunk=c\(chapter)", "let c\(chapter)_\(index) = \(chapter)")]
        if chapter == 2 { blocks.append(("swift file=\(file) chunk=c1", "let c1_\(index) = 21")) }
        if chapter == 3 { blocks.append(("swift file=\(file) chunk=d after=c1", "let d_\(index) = 3")) }
        return blocks
      }
      return ("0\(chapter)-chapter.md", chapterText("Chapter \(chapter)", blocks))
    }
  }

  /// Each `book tangle` runs in its own process, with its own hash seed: the files, the manifest and the
  /// report must still be identical, byte for byte.
  func testSameChaptersGiveByteIdenticalFilesAcrossProcesses() throws {
    var outcomes: [(files: [String: Data?], stdout: String)] = []
    for _ in 0..<3 {
      let fixture = try TempWorkspace()
      defer { fixture.destroy() }
      for chapter in Self.manyFileBook() { try fixture.writeChapter(chapter.name, chapter.text) }
      let tangle = try BookBinary.run(["tangle"], in: fixture.root)
      XCTAssertEqual(tangle.status, 0, tangle.stderr)
      outcomes.append((try fixture.snapshot(), tangle.stdout))
    }
    XCTAssertEqual(outcomes[0].files.keys.filter { $0.hasPrefix("Sources/") && $0.hasSuffix(".swift") }.count, 12)
    for outcome in outcomes.dropFirst() {
      XCTAssertEqual(outcome.stdout, outcomes[0].stdout)
      XCTAssertEqual(outcome.files.keys.sorted(), outcomes[0].files.keys.sorted())
      for (path, data) in outcomes[0].files { XCTAssertEqual(outcome.files[path], data, "\(path) differs") }
    }
  }
}
