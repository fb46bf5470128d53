import XCTest

@testable import BookKit

/// Diagnostics print in compiler format and sort into reading order.
final class DiagnosticTests: XCTestCase {
  func testDescriptionIsCompilerFormatWithNotesOnTheirOwnLines() {
    let diagnostic = Diagnostic(
      .error, id: "duplicate-chunk", at: SourceLocation(path: "Chapters/01-a.md", line: 12, column: 5), "twice",
      notes: [.note(at: SourceLocation(path: "Chapters/01-a.md", line: 4), "first here")])
    XCTAssertEqual(
      diagnostic.description,
      "Chapters/01-a.md:12:5: error: twice [duplicate-chunk]\nChapters/01-a.md:4:1: note: first here [note]")
    XCTAssertEqual(
      Diagnostic(.warning, id: "w", at: SourceLocation(path: "p", line: 1), "m").description, "p:1:1: warning: m [w]")
  }

  func testSortingIsByPathThenLineThenColumnThenMessage() {
    func at(_ path: String, _ line: Int, _ column: Int, _ message: String) -> Diagnostic {
      Diagnostic(.error, id: "x", at: SourceLocation(path: path, line: line, column: column), message)
    }
    let sorted = [
      at("Chapters/02-b.md", 1, 1, "a"), at("Chapters/01-a.md", 10, 1, "a"), at("Chapters/01-a.md", 9, 20, "a"),
      at("Chapters/01-a.md", 9, 3, "b"), at("Chapters/01-a.md", 9, 3, "a"),
    ].sortedByLocation()
    XCTAssertEqual(
      sorted.map { "\($0.location) \($0.message)" },
      [
        "Chapters/01-a.md:9:3 a", "Chapters/01-a.md:9:3 b", "Chapters/01-a.md:9:20 a", "Chapters/01-a.md:10:1 a",
        "Chapters/02-b.md:1:1 a",
      ])
  }

  func testHasErrorsIgnoresWarningsAndNotes() {
    let location = SourceLocation(path: "p", line: 1)
    XCTAssertFalse([Diagnostic(.warning, id: "w", at: location, "m"), .note(at: location, "n")].hasErrors)
    XCTAssertTrue(
      [Diagnostic(.warning, id: "w", at: location, "m"), Diagnostic(.error, id: "e", at: location, "m")].hasErrors)
    XCTAssertFalse([Diagnostic]().hasErrors)
  }

  func testDiagnosticsErrorSortsAndJoins() {
    let error = DiagnosticsError([
      Diagnostic(.error, id: "b", at: SourceLocation(path: "p", line: 2), "second"),
      Diagnostic(.error, id: "a", at: SourceLocation(path: "p", line: 1), "first"),
    ])
    XCTAssertEqual(error.description, "p:1:1: error: first [a]\np:2:1: error: second [b]")
  }
}
