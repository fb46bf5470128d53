import XCTest

@testable import BookKit

/// Generated files pass `swift format lint --strict` with the workspace's `.swift-format` whenever their
/// listings do, though every chunk sits under a `#sourceLocation` directive and a chunk's imports follow
/// its directive rather than head the file.
final class GeneratedSourceFormatTests: WorkspaceTestCase {
  /// The workspace's house style, two folders above the tool's package.
  private static let configuration = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent(".swift-format")

  /// Two chapters writing one file, each chunk opening with imports, in the house style.
  private func tangleListingsInTheHouseStyle() throws -> String {
    try self.fixture.writeChapter(
      "01-one.md",
      chapterText([("swift file=Sources/M/A.swift chunk=a", "import Foundation\n\n/// The answer.\nlet a = 1")]))
    try self.fixture.writeChapter(
      "02-two.md",
      chapterText([("swift file=Sources/M/A.swift chunk=b", "import Dispatch\n\n/// Twice the answer.\nlet b = a * 2")])
    )
    try self.tangle()
    return try self.fixture.read("Sources/M/A.swift")
  }

  /// The findings of `swift format lint --strict` on `text`, one `[Rule] message` per finding.
  private func lint(_ text: String) throws -> [String] {
    try self.fixture.write("Linted.swift", text)
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      ["swift", "format", "lint", "--strict", "--configuration", Self.configuration.path, "Linted.swift"],
      in: self.fixture.root)
    let findings = result.stderrLines.compactMap { line in line.range(of: "[").map { String(line[$0.lowerBound...]) } }
    XCTAssertEqual(result.status == 0, findings.isEmpty, "exit status \(result.status): \(result.stderr)")
    return findings
  }

  func testAGeneratedFileOfCleanListingsHasNoFindings() throws {
    let generated = try self.tangleListingsInTheHouseStyle()
    XCTAssertTrue(generated.contains("\n#sourceLocation(file:\"Chapters/02-two.md\",line:4)\nimport Dispatch\n"))
    XCTAssertEqual(try self.lint(generated), [])
  }

  /// The controls: without the header's note, and with the directive spelt with spaces, swift-format
  /// objects, so the test above passes because of them.
  func testTheHeaderNoteAndTheDirectivesSpellingAreWhatLintNeeds() throws {
    let generated = try self.tangleListingsInTheHouseStyle()
    let withoutNote = generated.replacingOccurrences(of: "// swift-format-ignore-file: OrderedImports\n", with: "")
    XCTAssertTrue(try self.lint(withoutNote).contains { $0.hasPrefix("[OrderedImports]") })
    let spaced = generated.replacingOccurrences(of: "(file:\"", with: "(file: \"")
    XCTAssertTrue(try self.lint(spaced).contains { $0.hasPrefix("[Spacing]") })
  }

  func testAFindingInAListingIsStillReported() throws {
    try self.fixture.writeChapter(
      "01-one.md", chapterText([("swift file=Sources/M/A.swift", "/// The answer.\nlet a = 1; let b = 2")]))
    try self.tangle()
    XCTAssertEqual(
      try self.lint(try self.fixture.read("Sources/M/A.swift")).map { $0.prefix { $0 != "]" } },
      ["[DoNotUseSemicolons"])
  }
}
