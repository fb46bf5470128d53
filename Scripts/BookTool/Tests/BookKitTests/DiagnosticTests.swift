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

  /// The tool's package, found from this file's path (`Scripts/BookTool/Tests/BookKitTests/…`).
  private static let toolRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  /// The workspace's root, two folders above the tool's package.
  private static let workspaceRoot = DiagnosticTests.toolRoot.deletingLastPathComponent().deletingLastPathComponent()

  /// Every `id: "rule"` literal (and every `staleRule:`/`manifestRule:` of an output kind) in BookKit's
  /// sources, except the notes'.
  private static func ruleLiteralsInBookKit() throws -> Set<String> {
    let folder = Self.toolRoot.appendingPathComponent("Sources/BookKit")
    let pattern = try NSRegularExpression(pattern: #"(?:id|Rule): "([a-z0-9-]+)""#)
    var rules: Set<String> = []
    for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) ?? .init()
    where url.pathExtension == "swift" {
      let text = try String(contentsOf: url, encoding: .utf8)
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        rules.insert(String(text[Range(match.range(at: 1), in: text)!]))
      }
    }
    return rules.subtracting(["note"])
  }

  func testEveryRuleBookKitReportsIsInTheRuleLists() throws {
    let listed = Set(
      Diagnostic.chapterRules + Diagnostic.generatedFileRules + Diagnostic.captureRules + Diagnostic.tagRules)
    let literals = try Self.ruleLiteralsInBookKit()
    XCTAssertFalse(literals.isEmpty)
    XCTAssertEqual(literals.subtracting(listed).sorted(), [], "reported but not listed")
    XCTAssertEqual(Set(Diagnostic.generatedFileRules).subtracting(literals).sorted(), [], "listed but never reported")
    XCTAssertEqual(
      listed.count,
      Diagnostic.chapterRules.count + Diagnostic.generatedFileRules.count + Diagnostic.captureRules.count
        + Diagnostic.tagRules.count,
      "listed twice")
  }

  func testTheReadmeRuleTableNamesEveryRule() throws {
    let readme = try String(contentsOf: Self.workspaceRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let table = readme.split(separator: "\n").filter { $0.hasPrefix("| `") }.joined(separator: "\n")
    let rules =
      Diagnostic.chapterRules + Diagnostic.generatedFileRules + Diagnostic.captureRules + Diagnostic.tagRules
      + Diagnostic.diagramWarningRules
    for rule in rules {
      XCTAssertTrue(table.contains("`\(rule)`"), "README's rule table does not name `\(rule)`")
    }
  }

  func testByteSearchFindsTheFirstOccurrenceAtOrAfterTheStart() {
    let haystack = Array("abab".utf8)
    XCTAssertEqual(ByteSearch.offset(of: Array("b".utf8), in: haystack), 1)
    XCTAssertEqual(ByteSearch.offset(of: Array("b".utf8), in: haystack, from: 2), 3)
    XCTAssertEqual(ByteSearch.offset(of: Array("ab".utf8), in: haystack, from: 1), 2)
    XCTAssertNil(ByteSearch.offset(of: Array("ba".utf8), in: haystack, from: 2))
    XCTAssertNil(ByteSearch.offset(of: [], in: haystack))
    XCTAssertNil(ByteSearch.offset(of: Array("a".utf8), in: haystack, from: 5))
  }
}
