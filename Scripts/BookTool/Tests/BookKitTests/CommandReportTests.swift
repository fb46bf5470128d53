import XCTest

@testable import BookKit

/// How commands report failures: compiler-format lines, and a failing status whenever a stage stopped.
final class CommandReportTests: XCTestCase {
  private let location = SourceLocation(path: "Chapters/01-a.md", line: 3, column: 2)

  func testLinesAreInCompilerFormat() {
    XCTAssertEqual(
      CommandReport.line("no chapter numbered 9", rule: .unknownChapter),
      "<command-line>: error: no chapter numbered 9 [unknown-chapter]")
    XCTAssertEqual(
      CommandReport.line("the chapter has no tests", at: "Chapters/01-a.md", rule: .chapterWithoutTests),
      "Chapters/01-a.md:1:1: error: the chapter has no tests [chapter-without-tests]")
  }

  /// A stage that threw diagnostics has stopped the command, even when none of them is an error.
  func testACaughtDiagnosticsErrorFailsEvenWithoutAnError() {
    var written: [String] = []
    let warning = Diagnostic(.warning, id: .diagramTooWide, at: self.location, "odd")
    XCTAssertThrowsError(
      try CommandReport.failures({ throw DiagnosticsError([warning]) }, write: { written.append($0) })
    ) { error in
      XCTAssertEqual(error as? CommandReport.Failed, CommandReport.Failed())
    }
    XCTAssertEqual(written, ["Chapters/01-a.md:3:2: warning: odd [diagram-too-wide]"])
  }

  func testACaughtDiagnosticsErrorWithAnErrorCountsIt() {
    var written: [String] = []
    let error = Diagnostic(.error, id: .duplicateChunk, at: self.location, "bad")
    XCTAssertThrowsError(try CommandReport.failures({ throw DiagnosticsError([error]) }, write: { written.append($0) }))
    XCTAssertEqual(written, ["Chapters/01-a.md:3:2: error: bad [duplicate-chunk]", "book: 1 error; nothing written"])
  }

  func testWorkspaceFailuresBecomeOneLocatedLine() {
    var written: [String] = []
    XCTAssertThrowsError(
      try CommandReport.failures({ throw Workspace.Failure.missing("Chapters") }, write: { written.append($0) }))
    XCTAssertThrowsError(
      try CommandReport.failures({ throw Workspace.Failure.notFound("/tmp/x") }, write: { written.append($0) }))
    XCTAssertEqual(
      written,
      [
        "Chapters:1:1: error: the folder 'Chapters' does not exist [missing-folder]",
        "<command-line>: error: no book workspace (a folder with Chapters/) at or above /tmp/x "
          + "[workspace-not-found]",
      ])
  }

  func testWarningsAloneDoNotFailAndOtherErrorsPassThrough() throws {
    var written: [String] = []
    try CommandReport.diagnostics(
      [Diagnostic(.warning, id: .diagramTooWide, at: self.location, "odd")], write: { written.append($0) })
    XCTAssertEqual(written, ["Chapters/01-a.md:3:2: warning: odd [diagram-too-wide]"])
    struct Other: Error {}
    XCTAssertThrowsError(try CommandReport.failures({ throw Other() }, write: { _ in })) { error in
      XCTAssertTrue(error is Other)
    }
  }
}
