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

  /// A file of no target, or no package before: every test runs.
  func testWhatCannotBeAttributedRunsEverything() throws {
    let current = try Self.shape(Self.chapterTwo)
    XCTAssertEqual(
      TestSelection.select(previous: current, current: current, changedPaths: ["Sources/shared.h"]),
      .all(reason: "Sources/shared.h changed and belongs to no target"))
    XCTAssertEqual(
      TestSelection.select(previous: nil, current: current, changedPaths: []),
      .all(reason: "no package in the previous snapshot"))
    var platforms = try Self.shape(Self.chapterTwo)
    platforms.packageLevel["platforms"] = "[{\"platformName\": \"macos\"}]"
    XCTAssertEqual(
      TestSelection.select(previous: current, current: platforms, changedPaths: ["Package.swift"]),
      .all(reason: "the manifest's platforms changed"))
  }

  // MARK: - Package dependencies

  /// A package dependency as `dump-package` prints it: `grdb.swift`, from `lowerBound`.
  private static func package(_ identity: String, from lowerBound: String = "7.0.0") -> String {
    """
    {"sourceControl": [{"identity": "\(identity)", "location": {"remote": [{"urlString": "https://x/\(identity)"}]},
     "requirement": {"range": [{"lowerBound": "\(lowerBound)", "upperBound": "99.0.0"}]}}]}
    """
  }

  /// A target using a product of another package: `{"product": [name, package, aliases, condition]}`.
  private static func target(_ name: String, test: Bool = false, on dependencies: [String], products: [String])
    -> String
  {
    let names = dependencies.map { "{\"byName\": [\"\($0)\", null]}" }
    let used = products.map { "{\"product\": [\"Product\", \"\($0)\", null, null]}" }
    return """
      {"name": "\(name)", "type": "\(test ? "test" : "regular")", "path": null, "settings": [],
       "dependencies": [\((names + used).joined(separator: ", "))]}
      """
  }

  /// Chapter 2's book with A on GRDB.swift (spelt as the manifest spells it), B on A, and C on nothing.
  private static func onGRDB(_ packages: [String], pins: [String: String], extra: [String] = []) throws
    -> PackageShape
  {
    let targets = [
      target("A", on: [], products: ["GRDB.swift"]), target("ATests", test: true, on: ["A"]),
      target("B", on: ["A"]), target("BTests", test: true, on: ["B"]),
      target("C"), target("CTests", test: true, on: ["C"]),
    ]
    var shape = try Self.shape(targets + extra, dependencies: "[\(packages.joined(separator: ", "))]")
    shape.resolvedPins = pins
    return shape
  }

  /// A package declared anew (here a higher lower bound) runs the tests of the targets that use its
  /// products and of their dependants, not the others'.
  func testAChangedPackageRunsTheTestsOfTheTargetsThatReachIt() throws {
    let pins = ["grdb.swift": "7.10.0"]
    let selection = TestSelection.select(
      previous: try Self.onGRDB([Self.package("grdb.swift")], pins: pins),
      current: try Self.onGRDB([Self.package("grdb.swift", from: "7.10.0")], pins: pins),
      changedPaths: ["Package.swift"])
    XCTAssertEqual(
      selection,
      .some([
        "ATests": "depends on A", "BTests": "depends on B",
      ]))
  }

  /// An added package that enters the graph for the first time runs only the new targets that use it,
  /// and a product named alone (`"Logging"`) may be its.
  func testAnAddedPackageRunsOnlyTheTargetsThatCanUseIt() throws {
    let before = try Self.onGRDB([Self.package("grdb.swift")], pins: ["grdb.swift": "7.10.0"])
    let added = [
      Self.target("Server", on: [], products: ["hummingbird"]), Self.target("ServerTests", test: true, on: ["Server"]),
      Self.target("Logs", on: ["Logging"]), Self.target("LogsTests", test: true, on: ["Logs"]),
    ]
    let after = try Self.onGRDB(
      [Self.package("grdb.swift"), Self.package("hummingbird")],
      pins: ["grdb.swift": "7.10.0", "hummingbird": "2.28.1", "swift-nio": "2.101.3"], extra: added)
    XCTAssertEqual(
      TestSelection.select(previous: before, current: after, changedPaths: ["Package.swift"]),
      .some(["ServerTests": "new target", "LogsTests": "new target"]))
    // The same book a chapter later, with nothing changed but the package list: `Logs` names a product
    // that the new package may provide, so its tests run; `Server` uses the package by name.
    let later = try Self.onGRDB(
      [Self.package("grdb.swift"), Self.package("hummingbird", from: "2.29.0")],
      pins: ["grdb.swift": "7.10.0", "hummingbird": "2.28.1", "swift-nio": "2.101.3"], extra: added)
    XCTAssertEqual(
      TestSelection.select(previous: after, current: later, changedPaths: ["Package.swift"]),
      .some([
        "ServerTests": "depends on Server",
        "LogsTests": "depends on Logs",
      ]))
  }

  /// What can reach every target runs every test: a package already in the graph resolving to another
  /// version, unknown versions, or a dependency's module compiled anew (other traits, other flags). A
  /// package of the graph declared directly at the version it had changes no build: no test runs.
  func testAPackageGraphChangeThatCanReachAnyTargetRunsEverything() throws {
    let before = try Self.onGRDB([Self.package("grdb.swift")], pins: ["grdb.swift": "7.10.0", "swift-log": "1.6.0"])
    let repinned = try Self.onGRDB([Self.package("grdb.swift")], pins: ["grdb.swift": "7.10.0", "swift-log": "1.7.0"])
    XCTAssertEqual(
      TestSelection.select(previous: before, current: repinned, changedPaths: []),
      .all(reason: "swift-log resolved to another version"))
    let direct = try Self.onGRDB(
      [Self.package("grdb.swift"), Self.package("swift-log")], pins: ["grdb.swift": "7.10.0", "swift-log": "1.6.0"])
    XCTAssertEqual(
      TestSelection.select(previous: before, current: direct, changedPaths: ["Package.swift"]), .some([:]))
    var unknown = before
    unknown.resolvedPins = [:]
    XCTAssertEqual(
      TestSelection.select(previous: unknown, current: direct, changedPaths: ["Package.swift"]),
      .all(reason: "packages changed, and the previous snapshot's resolved versions are unknown"))
    XCTAssertEqual(
      TestSelection.select(previous: before, current: before, changedPaths: [], rebuiltModules: ["GRDB"]),
      .all(reason: "the build compiled GRDB of a package dependency anew"))
  }

  /// The pins of `Package.resolved`, version 3 (identity, version or branch and revision) and version 1.
  func testResolvedPinsAreReadFromEitherFormat() {
    let three = """
      {"originHash": "x", "version": 3, "pins": [
        {"identity": "GRDB.swift", "kind": "remoteSourceControl", "location": "https://x",
         "state": {"revision": "abc", "version": "7.10.0"}},
        {"identity": "edge", "kind": "remoteSourceControl", "location": "https://y",
         "state": {"branch": "main", "revision": "def"}}]}
      """
    XCTAssertEqual(
      PackageShape.resolvedPins(from: Data(three.utf8)), ["grdb.swift": "7.10.0", "edge": "main def"])
    let one = """
      {"version": 1, "object": {"pins": [{"package": "Old", "repositoryURL": "https://z",
        "state": {"branch": null, "revision": "123", "version": "1.0.0"}}]}}
      """
    XCTAssertEqual(PackageShape.resolvedPins(from: Data(one.utf8)), ["old": "1.0.0"])
    XCTAssertEqual(PackageShape.resolvedPins(from: Data("not json".utf8)), [:])
  }

  /// Each target's packages come from `.product(name:package:)` and plugin usages, lowercased.
  func testATargetsPackagesAreTheOnesItsProductsAndPluginsName() throws {
    let json = """
      {"name": "P", "dependencies": [], "products": [], "targets": [
        {"name": "T", "type": "regular", "dependencies": [{"product": ["GRDB", "GRDB.swift", null, null]},
         {"product": ["Solo", null, null, null]}], "pluginUsages": [{"plugin": ["Lint", "Some-Linter"]}]}]}
      """
    let shape = try PackageShape(dumpPackageJSON: Data(json.utf8))
    XCTAssertEqual(shape.targets["T"]?.packages, ["grdb.swift", "solo", "some-linter"])
  }
}
