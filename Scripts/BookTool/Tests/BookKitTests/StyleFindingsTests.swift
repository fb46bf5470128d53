import XCTest

@testable import BookKit

/// `book lint`: swift-format's findings in generated files, moved to the chapter lines that wrote them.
final class StyleFindingsTests: WorkspaceTestCase {
  private func plannedOutput() throws -> TangleOutput {
    let book = try Book.load(from: self.fixture.workspace)
    return try TangleOutput(book: book, workspace: self.fixture.workspace)
  }

  /// The 1-based line of the generated file `path` that reads `text`.
  private func generatedLine(of text: String, in path: String, _ output: TangleOutput) throws -> Int {
    let file = try XCTUnwrap(output.files.first { $0.tangled.path == path })
    let lines = file.source.text.split(separator: "\n", omittingEmptySubsequences: false)
    return try XCTUnwrap(lines.firstIndex { $0 == text }) + 1
  }

  func testAFindingInAListingIsReportedAtItsChapterLineAndColumn() throws {
    try self.fixture.writeChapter(
      "01-one.md",
      chapterText([
        ("swift file=Sources/M/A.swift chunk=a", "let a = 1"), ("swift file=Sources/M/A.swift chunk=b", "let b = 2;"),
      ]))
    let output = try self.plannedOutput()
    let line = try self.generatedLine(of: "let b = 2;", in: "Sources/M/A.swift", output)
    let lint = """
      Sources/M/A.swift:\(line):10: error: [DoNotUseSemicolons] remove ';'
      \(self.fixture.root.path)/Sources/M/A.swift:\(line):1: warning: [LineLength] line is too long
      Sources/M/A.swift:1:1: error: [Header] a finding on the generated header
      not a finding at all
      """
    let diagnostics = StyleFindings.diagnostics(fromLintOutput: lint, files: output.files, root: self.fixture.root)
    XCTAssertEqual(
      diagnostics.map(\.description),
      [
        "Chapters/01-one.md:\(codeLine(1)):10: error: remove ';' (DoNotUseSemicolons) [swift-format]",
        "Chapters/01-one.md:\(codeLine(1)):1: warning: line is too long (LineLength) [swift-format]",
        "Sources/M/A.swift:1:1: error: a finding on the generated header (Header) [swift-format]",
      ])
  }

  func testAFindingBeyondTheFileOrInAnotherFileKeepsItsOwnLocation() throws {
    try self.fixture.writeChapter("01-one.md", chapterText([("swift file=Sources/M/A.swift", "let a = 1")]))
    let output = try self.plannedOutput()
    let lint = """
      Sources/M/A.swift:999:3: error: [TrailingComma] remove trailing comma
      Sources/Other/B.swift:4:2: error: [Indentation] indent by 2 spaces
      """
    let diagnostics = StyleFindings.diagnostics(fromLintOutput: lint, files: output.files, root: self.fixture.root)
    XCTAssertEqual(diagnostics.map(\.location.description), ["Sources/M/A.swift:999:3", "Sources/Other/B.swift:4:2"])
  }

  func testTheBuiltToolLintsTheTangledCodeAtChapterLines() throws {
    try self.fixture.writeChapter(
      "01-one.md",
      chapterText([
        ("swift file=Sources/M/A.swift chunk=a", "let a = 1"), ("swift file=Sources/M/B.swift", "let b = 2;"),
      ]))
    XCTAssertEqual(try BookBinary.run(["tangle"], in: self.fixture.root).status, 0)
    let lint = try BookBinary.run(["lint"], in: self.fixture.root)
    XCTAssertEqual(lint.status, 1, lint.stderr)
    XCTAssertTrue(
      lint.stderr.contains("Chapters/01-one.md:\(codeLine(1)):10: error: remove ';'"), lint.stderr)
    XCTAssertTrue(lint.stderr.contains("[swift-format]"), lint.stderr)

    try self.fixture.writeChapter(
      "01-one.md",
      chapterText([
        ("swift file=Sources/M/A.swift chunk=a", "let a = 1"), ("swift file=Sources/M/B.swift", "let b = 2"),
      ]))
    XCTAssertEqual(try BookBinary.run(["tangle"], in: self.fixture.root).status, 0)
    let clean = try BookBinary.run(["lint"], in: self.fixture.root)
    XCTAssertEqual(clean.status, 0, clean.stderr)
    XCTAssertEqual(clean.stdoutLines, ["book lint: 2 generated files in the house style"])
  }

  func testLintRefusesABookOutOfStepWithItsChapters() throws {
    try self.fixture.writeChapter("01-one.md", chapterText([("swift file=Sources/M/A.swift", "let a = 1")]))
    let lint = try BookBinary.run(["lint"], in: self.fixture.root)
    XCTAssertEqual(lint.status, 1)
    XCTAssertTrue(lint.stderr.contains("[missing-generated-file]"), lint.stderr)
  }
}
