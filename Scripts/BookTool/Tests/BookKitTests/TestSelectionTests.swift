import Foundation
import XCTest

@testable import BookKit

/// Which test targets `book tag --verify` runs in a snapshot, given the previous one: a book whose
/// chapter 1 writes target A and its tests, chapter 2 target B (on A) and its tests, chapter 3 target C.
final class TestSelectionTests: XCTestCase {
  /// A target as `swift package dump-package` prints it.
  private static func target(_ name: String, test: Bool = false, on dependencies: [String] = []) -> String {
    let names = dependencies.map { "{\"byName\": [\"\($0)\", null]}" }.joined(separator: ", ")
    return """
      {"name": "\(name)", "type": "\(test ? "test" : "regular")", "path": null, "settings": [],
       "dependencies": [\(names)]}
      """
  }

  private static func shape(_ targets: [String], dependencies: String = "[]") throws -> PackageShape {
    let json = """
      {"name": "Fixture", "dependencies": \(dependencies), "products": [], "platforms": [],
       "targets": [\(targets.joined(separator: ", "))]}
      """
    return try PackageShape(dumpPackageJSON: Data(json.utf8))
  }

  private static let chapterOne = [target("A"), target("ATests", test: true, on: ["A"])]
  private static let chapterTwo = chapterOne + [target("B", on: ["A"]), target("BTests", test: true, on: ["B"])]

  /// Chapter 2 replaces a listing of chapter 1 in A: A's tests run again, and so do B's (B depends on A).
  func testReplacingAnEarlierListingRerunsItsTests() throws {
    let selection = TestSelection.select(
      previous: try Self.shape(Self.chapterTwo), current: try Self.shape(Self.chapterTwo),
      changedPaths: ["Chapters/02-two.md", "Sources/A/A.swift", "Site/02-two.html"])
    XCTAssertEqual(selection, .some(["ATests": "depends on A", "BTests": "depends on B"]))
  }

  /// A chapter that only adds a target (and its manifest listing, its chapter and pages) runs only its tests.
  func testAddingATargetRunsOnlyItsTests() throws {
    let selection = TestSelection.select(
      previous: try Self.shape(Self.chapterOne), current: try Self.shape(Self.chapterTwo),
      changedPaths: [
        "Chapters/02-two.md", "Package.swift", "Sources/B/B.swift", "Tests/BTests/BTests.swift",
        ".book/tangled-files",
      ])
    XCTAssertEqual(selection, .some(["BTests": "new target"]))
    XCTAssertEqual(selection.targets, ["BTests"])
  }

  /// A test file changed alone runs its own target, and nothing else.
  func testChangedTestFileRunsItsTarget() throws {
    let selection = TestSelection.select(
      previous: try Self.shape(Self.chapterTwo), current: try Self.shape(Self.chapterTwo),
      changedPaths: ["Tests/ATests/More.swift"])
    XCTAssertEqual(selection, .some(["ATests": "its files changed"]))
  }

  /// Prose only: no test runs.
  func testProseOnlyRunsNoTests() throws {
    let selection = TestSelection.select(
      previous: try Self.shape(Self.chapterTwo), current: try Self.shape(Self.chapterTwo),
      changedPaths: ["Chapters/03-three.md", "Site/03-three.html"])
    XCTAssertEqual(selection, .some([:]))
    XCTAssertEqual(selection.description, "tests: none (no test target's code changed)")
  }

  /// A changed declaration (a setting, a dependency) counts as a change of that target.
  func testChangedDeclarationRerunsDependents() throws {
    let changed = Self.chapterOne + [Self.target("B", on: ["A", "X"]), Self.target("BTests", test: true, on: ["B"])]
    let selection = TestSelection.select(
      previous: try Self.shape(Self.chapterTwo), current: try Self.shape(changed), changedPaths: ["Package.swift"])
    XCTAssertEqual(selection, .some(["BTests": "depends on B"]))
  }

  /// New package dependencies, a file of no target, or no package before: every test runs.
  func testWhatCannotBeAttributedRunsEverything() throws {
    let withGRDB = try Self.shape(Self.chapterTwo, dependencies: "[{\"sourceControl\": [{\"identity\": \"grdb\"}]}]")
    let current = try Self.shape(Self.chapterTwo)
    XCTAssertEqual(
      TestSelection.select(previous: current, current: withGRDB, changedPaths: ["Package.swift"]),
      .all(reason: "the manifest's dependencies changed"))
    XCTAssertEqual(
      TestSelection.select(previous: current, current: current, changedPaths: ["Sources/shared.h"]),
      .all(reason: "Sources/shared.h changed and belongs to no target"))
    XCTAssertEqual(
      TestSelection.select(previous: nil, current: current, changedPaths: []),
      .all(reason: "no package in the previous snapshot"))
  }
}
