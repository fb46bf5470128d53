import BookKit
import Foundation
import SwiftParser
import SwiftSyntax

/// How many tests a chapter writes, counted in its tangled test files as they stand at the end of the
/// chapter: XCTest's `func test…()` methods (instance methods without parameters, in a class or an
/// extension) and swift-testing's `@Test` functions.
///
/// Counted from the tangle rather than from the last `book tag --verify` run: it needs no build, it is
/// always the chapter's current count (a verify run's may be older than the chapter), and it counts this
/// chapter's tests alone, where `swift test` in a snapshot runs every chapter's so far.
enum TestCount {
  /// The tests in the files of `prefix` (the tangle at the end of `chapter`) under the chapter's test
  /// targets.
  /// `counts` keeps each file text's count for the other chapters of the same render: a test target that
  /// several chapters write is parsed once per version of each file, not once per chapter.
  static func of(_ chapter: Chapter, prefix: [TangledFile], counts: TestCounts? = nil) -> Int {
    Self.sources(of: chapter, prefix: prefix).reduce(0) { count, source in
      count + (counts.map { $0.tests(in: source) } ?? Self.tests(in: source))
    }
  }

  /// The texts of the files of `prefix` under `chapter`'s test targets, as their code pages show them
  /// (`ChapterChanges.readerText`): the texts whose tests `of` counts.
  static func sources(of chapter: Chapter, prefix: [TangledFile]) -> [String] {
    let folders = chapter.testTargets.map { "\(Workspace.testsFolder)/\($0)/" }
    return prefix.filter { file in folders.contains { file.path.hasPrefix($0) } }.map(ChapterChanges.readerText)
  }

  /// The tests declared in one Swift source text.
  static func tests(in source: String) -> Int {
    Self.tests(in: Parser.parse(source: source))
  }

  /// The tests declared in a parsed Swift source file.
  static func tests(in tree: SourceFileSyntax) -> Int {
    let counter = Counter(viewMode: .sourceAccurate)
    counter.walk(tree)
    return counter.count
  }

  /// Walks a file, counting test functions.
  private final class Counter: SyntaxVisitor {
    var count = 0

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
      if Self.isTestAttributed(node) || Self.isXCTestMethod(node) { self.count += 1 }
      return .skipChildren
    }

    /// `@Test` or `@Testing.Test`, with or without arguments.
    private static func isTestAttributed(_ node: FunctionDeclSyntax) -> Bool {
      node.attributes.contains { element in
        guard case .attribute(let attribute) = element else { return false }
        let name = attribute.attributeName.trimmedDescription
        return name == "Test" || name == "Testing.Test"
      }
    }

    /// `func testSomething()` as an instance method of a class or an extension.
    private static func isXCTestMethod(_ node: FunctionDeclSyntax) -> Bool {
      let name = node.name.text
      guard name.hasPrefix("test"), node.signature.parameterClause.parameters.isEmpty else { return false }
      guard !node.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) else { return false }
      var parent = node.parent
      while let current = parent {
        if current.is(ClassDeclSyntax.self) || current.is(ExtensionDeclSyntax.self) { return true }
        if current.is(FunctionDeclSyntax.self) || current.is(StructDeclSyntax.self) { return false }
        parent = current.parent
      }
      return false
    }
  }
}

/// The test counts of the file texts one render has counted (`TestCount.tests(in:)`), shared by the
/// chapter pages it renders on several threads: kept by the render's highlighter (`Highlighter.Kind.tests`),
/// which counts them from the trees it parses anyway when it highlights those texts for their code pages.
final class TestCounts: Sendable {
  /// Where the counts are kept, and made when the highlighter has not made them.
  private let highlighter: Highlighter

  /// Counts kept by `highlighter` (by default one of their own).
  init(highlighter: Highlighter = Highlighter()) {
    self.highlighter = highlighter
  }

  /// The tests declared in `source`, counted once.
  func tests(in source: String) -> Int {
    Int(self.highlighter.lines(source, kind: .tests).first ?? "") ?? 0
  }
}
