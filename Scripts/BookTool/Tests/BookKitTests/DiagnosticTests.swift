import XCTest

@testable import BookKit

/// Diagnostics print in compiler format and sort into reading order.
final class DiagnosticTests: XCTestCase {
  func testDescriptionIsCompilerFormatWithNotesOnTheirOwnLines() {
    let diagnostic = Diagnostic(
      .error, id: .duplicateChunk, at: SourceLocation(path: "Chapters/01-a.md", line: 12, column: 5), "twice",
      notes: [.note(at: SourceLocation(path: "Chapters/01-a.md", line: 4), "first here")])
    XCTAssertEqual(
      diagnostic.description,
      "Chapters/01-a.md:12:5: error: twice [duplicate-chunk]\nChapters/01-a.md:4:1: note: first here [note]")
    XCTAssertEqual(
      Diagnostic(.warning, id: .diagramTooWide, at: SourceLocation(path: "p", line: 1), "m").description,
      "p:1:1: warning: m [diagram-too-wide]")
  }

  func testSortingIsByPathThenLineThenColumnThenMessage() {
    func at(_ path: String, _ line: Int, _ column: Int, _ message: String) -> Diagnostic {
      Diagnostic(.error, id: .duplicateChunk, at: SourceLocation(path: path, line: line, column: column), message)
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
    XCTAssertFalse([Diagnostic(.warning, id: .diagramTooWide, at: location, "m"), .note(at: location, "n")].hasErrors)
    XCTAssertTrue(
      [
        Diagnostic(.warning, id: .diagramTooWide, at: location, "m"),
        Diagnostic(.error, id: .duplicateChunk, at: location, "m"),
      ].hasErrors)
    XCTAssertFalse([Diagnostic]().hasErrors)
  }

  func testDiagnosticsErrorSortsAndJoins() {
    let error = DiagnosticsError([
      Diagnostic(.error, id: .duplicateChunk, at: SourceLocation(path: "p", line: 2), "second"),
      Diagnostic(.error, id: .chunkNotDefined, at: SourceLocation(path: "p", line: 1), "first"),
    ])
    XCTAssertEqual(error.description, "p:1:1: error: first [chunk-not-defined]\np:2:1: error: second [duplicate-chunk]")
  }

  /// The tool's package, found from this file's path (`Scripts/BookTool/Tests/BookKitTests/…`).
  private static let toolRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  /// The workspace's root, two folders above the tool's package.
  private static let workspaceRoot = DiagnosticTests.toolRoot.deletingLastPathComponent().deletingLastPathComponent()

  /// The rule identifiers the tables of the tool's guide (`Scripts/BookTool/README.md`) name: every
  /// `` `a-rule` `` in a table row (`| … |`) of its "Diagnostics" section.
  private static func rulesInTheGuidesTables() throws -> Set<String> {
    let guide = try String(contentsOf: Self.toolRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let section = guide.components(separatedBy: "\n## Diagnostics\n").dropFirst().first ?? ""
    let body = section.components(separatedBy: "\n## ").first ?? ""
    let rows = body.split(separator: "\n").filter { $0.hasPrefix("| `") }
    let named = try NSRegularExpression(pattern: #"`([a-z0-9]+(?:-[a-z0-9]+)+)`"#)
    return Set(
      rows.flatMap { row in
        let row = String(row)
        return named.matches(in: row, range: NSRange(row.startIndex..., in: row)).map {
          String(row[Range($0.range(at: 1), in: row)!])
        }
      })
  }

  func testTheGuidesRuleTablesNameEveryRuleAndNothingElse() throws {
    let named = try Self.rulesInTheGuidesTables()
    let rules = Set(RuleID.allCases.filter { $0 != .note }.map(\.rawValue))
    XCTAssertFalse(named.isEmpty, "the guide has no \"Diagnostics\" section with rule tables")
    XCTAssertEqual(rules.subtracting(named).sorted(), [], "rules the guide's tables do not name")
    XCTAssertEqual(named.subtracting(rules).sorted(), [], "named in the guide's tables, but not a RuleID")
  }

  /// `line-too-long` holds the book's listings to the width its `.swift-format` lints the tangled code at.
  func testTheListingLineLengthIsTheBooksSwiftFormatLineLength() throws {
    let data = try Data(contentsOf: Self.workspaceRoot.appendingPathComponent(".swift-format"))
    let configuration = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    XCTAssertEqual(configuration?["lineLength"] as? Int, ListingLineLength.limit)
  }

  /// The tool's sources, but the file that declares the rules and the one that groups them.
  private static func sourcesThatReport() throws -> String {
    let folder = Self.toolRoot.appendingPathComponent("Sources")
    var texts: [String] = []
    for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) ?? .init()
    where url.pathExtension == "swift" && !["RuleID.swift", "DiagnosticRules.swift"].contains(url.lastPathComponent) {
      texts.append(try String(contentsOf: url, encoding: .utf8))
    }
    return texts.joined(separator: "\n")
  }

  func testEveryRuleIsReportedSomewhereAndNamedAfterItsIdentifier() throws {
    let sources = try Self.sourcesThatReport()
    for rule in RuleID.allCases {
      let parts = rule.rawValue.split(separator: "-")
      let caseName = String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
      XCTAssertTrue(sources.contains(".\(caseName)"), "[\(rule)] is never reported, or its case is not \(caseName)")
    }
  }

  func testTheRuleGroupsNameEachRuleOnce() {
    let groups = [
      RuleID.chapterRules, RuleID.generatedFileRules, RuleID.captureRules, RuleID.tagRules,
      RuleID.diagramWarningRules,
    ]
    let all = groups.flatMap { $0 }
    XCTAssertEqual(Set(all).count, all.count, "a rule in two groups, or twice in one")
    XCTAssertTrue(RuleID.chapterReadingRules.isSubset(of: RuleID.chapterRules))
    XCTAssertFalse(all.contains(.note))
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
