import XCTest

@testable import BookKit

/// Proof that `#sourceLocation` works: the Swift compiler reports errors in generated files at the exact
/// chapter line and column.
final class SourceLocationCompileTests: WorkspaceTestCase {
  /// Runs `swiftc -typecheck` on generated files, with the workspace as the current folder.
  private func typecheck(_ paths: [String]) throws -> ProcessResult {
    try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-typecheck"] + paths, in: self.fixture.root)
  }

  /// The `path:line:col: error:` prefixes of the compiler's error lines.
  private func errorLocations(_ result: ProcessResult) -> [String] {
    result.stderrLines.compactMap { line in
      guard let range = line.range(of: ": error: ") else { return nil }
      return String(line[..<range.lowerBound])
    }
  }

  func testTypeErrorsAreReportedAtTheirChapterLineAndColumn() throws {
    try self.fixture.writeChapter(
      "01-errors.md",
      """
      # Errors

      Some prose.

      ```swift file=Sources/M/Good.swift
      public let answer = 42
      ```

      ```swift file=Sources/M/Bad.swift chunk=first
      let fine = 1
      let wrong: Int = "forty-two"
      ```

      """)
    try self.fixture.writeChapter(
      "02-more.md",
      """
      # More

      ```swift file=Sources/M/Bad.swift chunk=second
      let alsoWrong: String = 7
      ```

      """)
    try self.tangle()
    let generated = try self.fixture.read("Sources/M/Bad.swift")
    XCTAssertTrue(generated.contains("#sourceLocation(file:\"Chapters/01-errors.md\",line:10)\n"), generated)
    let result = try self.typecheck(["Sources/M/Bad.swift"])
    XCTAssertNotEqual(result.status, 0, "the deliberate type errors compiled")
    XCTAssertTrue(
      result.stderr.contains("Chapters/01-errors.md:11:18: error:"), "compiler output:\n\(result.stderr)")
    XCTAssertTrue(
      result.stderr.contains("Chapters/02-more.md:4:25: error:"), "compiler output:\n\(result.stderr)")
    XCTAssertEqual(
      self.errorLocations(result), ["Chapters/01-errors.md:11:18", "Chapters/02-more.md:4:25"],
      "compiler output:\n\(result.stderr)")
    XCTAssertFalse(result.stderr.contains("Sources/M/Bad.swift:"), "an error named the generated file")
    let good = try self.typecheck(["Sources/M/Good.swift"])
    XCTAssertEqual(good.status, 0, good.stderr)
  }

  func testAReplacedChunkReportsTheReplacingChapter() throws {
    try self.fixture.writeChapter(
      "01-one.md", chapterText([("swift file=Sources/M/A.swift chunk=x", "let x: Int = 1")]))
    try self.fixture.writeChapter(
      "02-two.md", chapterText([("swift file=Sources/M/A.swift chunk=y", "let y = x")]))
    try self.fixture.writeChapter(
      "03-three.md", chapterText([("swift file=Sources/M/A.swift chunk=x", "let x: Int = undefinedName")]))
    try self.tangle()
    let result = try self.typecheck(["Sources/M/A.swift"])
    XCTAssertEqual(self.errorLocations(result), ["Chapters/03-three.md:4:14"], "compiler output:\n\(result.stderr)")
  }

  /// A listing inside a list item is indented in the chapter. `#sourceLocation` can only move lines, not
  /// columns, so `GeneratedSource` writes the code with the listing's indentation restored: the compiler's
  /// column is the chapter's (the string literal at column 20).
  func testAnIndentedListingReportsTheChapterColumn() throws {
    try self.fixture.writeChapter(
      "01-list.md",
      """
      - Step one:

        ```swift file=Sources/M/List.swift
        let wrong: Int = "x"
        ```

      """)
    try self.tangle()
    let result = try self.typecheck(["Sources/M/List.swift"])
    XCTAssertEqual(self.errorLocations(result), ["Chapters/01-list.md:4:20"], "compiler output:\n\(result.stderr)")
  }
}
