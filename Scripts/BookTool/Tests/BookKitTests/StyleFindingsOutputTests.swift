import XCTest

@testable import BookKit

/// Hostile case 15 of issue 18: what swift-format prints never makes a malformed diagnostic.
final class StyleFindingsOutputTests: XCTestCase {
  func testANegativeColumnBecomesTheFirstColumn() throws {
    let finding = try XCTUnwrap(StyleFindings.Finding("Sources/M/A.swift:12:-5: warning: [Indentation] indent"))
    XCTAssertEqual(finding.column, 1)
  }

  func testACrashReportBecomesOneLineWithoutTerminalEscapes() {
    let crash = "\u{1B}[1;31mFatal error\u{1B}[0m: something broke\n  at frame 1\n\n"
    XCTAssertEqual(StyleFindings.oneLine(crash), "Fatal error: something broke | at frame 1")
    XCTAssertEqual(StyleFindings.oneLine(String(repeating: "x", count: 1_000)).count, 401)
  }
}
