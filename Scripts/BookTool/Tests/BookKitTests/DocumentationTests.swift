import Foundation
import XCTest

/// The tool's doc-comment rule. The tool ships only executables, so its declarations are `package`, and
/// swift-format's `AllPublicDeclarationsHaveDocumentation` (kept in `.swift-format` for the book's own
/// libraries, whose API is public) checks none of them. This test asks for a `///` comment where it
/// helps a reader: on every `package` type (what it is for) and every `package` function (its entry
/// points: what a call does beyond its name). Properties, enum cases, initialisers and type aliases may
/// go without: their names and types say what they hold.
final class DocumentationTests: XCTestCase {
  private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

  /// The lines of `text` (1-based) that declare a `package` type or function without a `///` comment
  /// above them (attribute lines between the two are skipped).
  static func undocumentedLines(in text: String) -> [Int] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    // A declaration that needs a comment: attributes, `package`, other modifiers, then a type or `func`.
    let needsDocumentation =
      #/(@\w+(\([^)]*\))?\s+)*package\s+(\w+\s+)*(struct|enum|class|actor|protocol|func)\s/#
    // A line of attributes alone (`@discardableResult`), which may stand between a comment and its declaration.
    let attributesOnly = #/(@\w+(\([^)]*\))?\s*)+/#
    var found: [Int] = []
    for (index, line) in lines.enumerated() where line.prefixMatch(of: needsDocumentation) != nil {
      var above = index - 1
      while above >= 0, lines[above].wholeMatch(of: attributesOnly) != nil { above -= 1 }
      if above < 0 || !lines[above].hasPrefix("///") { found.append(index + 1) }
    }
    return found
  }

  /// Every Swift file of the tool's sources, relative to `Sources/`.
  private static func sourceFiles() throws -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: Self.sources.path)
    var files: [String] = []
    while let path = enumerator?.nextObject() as? String {
      if path.hasSuffix(".swift") { files.append(path) }
    }
    return files.sorted()
  }

  func testEveryPackageTypeAndFunctionOfTheToolHasADocComment() throws {
    var missing: [String] = []
    for path in try Self.sourceFiles() {
      let text = try String(contentsOf: Self.sources.appendingPathComponent(path), encoding: .utf8)
      missing += Self.undocumentedLines(in: text).map { "Sources/\(path):\($0)" }
    }
    XCTAssertEqual(missing, [], "package types and functions without a /// comment")
  }

  func testTheRuleAsksForTypesAndFunctionsOnly() {
    let text = """
      /// Documented.
      package struct A {
        package var count = 0
        package init() {}
        package static func make() -> A { A() }
        /// Documented.
        @discardableResult
        package mutating func grow() -> Int { 1 }
      }
      package enum B {}
      @Sendable package func c() {}
      private func d() {}
      """
    XCTAssertEqual(Self.undocumentedLines(in: text), [5, 10, 11])
  }
}
