import Foundation
import XCTest

@testable import BookKit

/// Which test targets a snapshot leaves out under `--workspace-tested` as HEAD's: a book whose chapter 1
/// writes target A and its tests, chapter 2 target B (on A) and its tests, and HEAD, chapter 3, target C.
final class TestSelectionHeadTests: XCTestCase {
  private static func target(_ name: String, test: Bool = false, on dependencies: [String] = [], setting: String? = nil)
    -> String
  {
    let names = dependencies.map { "{\"byName\": [\"\($0)\", null]}" }.joined(separator: ", ")
    let settings = setting.map { "[{\"tool\": \"swift\", \"kind\": {\"define\": {\"_0\": \"\($0)\"}}}]" } ?? "[]"
    return """
      {"name": "\(name)", "type": "\(test ? "test" : "regular")", "path": null, "settings": \(settings),
       "dependencies": [\(names)]}
      """
  }

  private static let grdb = """
    [{"sourceControl": [{"identity": "grdb.swift", "location": {"remote": [{"urlString": "https://g"}]},
      "requirement": {"range": [{"lowerBound": "7.0.0", "upperBound": "8.0.0"}]}}]}]
    """

  private static func shape(_ targets: [String], pins: [String: String] = ["grdb.swift": "7.1.0"]) throws
    -> PackageShape
  {
    let json = """
      {"name": "Fixture", "dependencies": \(grdb), "products": [], "platforms": [],
       "targets": [\(targets.joined(separator: ", "))]}
      """
    var shape = try PackageShape(dumpPackageJSON: Data(json.utf8))
    shape.resolvedPins = pins
    return shape
  }

  private static let one = [target("A"), target("ATests", test: true, on: ["A"])]
  private static let two = one + [target("B", on: ["A"]), target("BTests", test: true, on: ["B"])]
  private static let three = two + [target("C", on: ["B"]), target("CTests", test: true, on: ["C"])]
  /// Chapter 2's selection after chapter 1, as `select` makes it.
  private static let afterOne = TestSelection.some(["ATests": "depends on A", "BTests": "new target"])
  /// What git says differs between chapter 2's snapshot and HEAD when chapter 3 only adds C.
  private static let addingC = [
    "Chapters/03-three.md", "Package.swift", "Sources/C/C.swift", "Tests/CTests/CTests.swift", "Site/index.html",
  ]

  private func leftOut(head: PackageShape, snapshot: PackageShape, paths: [String], rebuilt: [String] = [])
    -> (selection: TestSelection, sameAsHead: [String])
  {
    let againstHead = TestSelection.select(
      previous: head, current: snapshot, changedPaths: paths, rebuiltModules: rebuilt)
    return Self.afterOne.leavingOut(sameAs: againstHead, in: snapshot)
  }

  /// A later chapter that only adds a target leaves the snapshot's tests HEAD's: none runs again.
  func testTargetsUnchangedSinceTheSnapshotAreLeftOut() throws {
    let result = leftOut(head: try Self.shape(Self.three), snapshot: try Self.shape(Self.two), paths: Self.addingC)
    XCTAssertEqual(result.selection, .some([:]))
    XCTAssertEqual(result.sameAsHead, ["ATests", "BTests"])
    XCTAssertEqual(
      TestSelection.description(of: result.selection, sameAsHead: result.sameAsHead),
      "tests: none; not run again, same as HEAD's: ATests, BTests")
  }

  /// A later chapter that replaces a listing in A changes what ATests and BTests run: both run.
  func testAChangedFileOfADependencyRunsItsDependents() throws {
    let result = leftOut(
      head: try Self.shape(Self.three), snapshot: try Self.shape(Self.two), paths: Self.addingC + ["Sources/A/A.swift"])
    XCTAssertEqual(result.selection, Self.afterOne)
    XCTAssertEqual(result.sameAsHead, [])
    XCTAssertEqual(TestSelection.description(of: result.selection, sameAsHead: []), Self.afterOne.description)
  }

  /// A setting HEAD's manifest gives B: BTests runs, ATests (which does not reach B) is HEAD's.
  func testAChangedDeclarationRunsOnlyWhatItReaches() throws {
    let head = Self.one + [Self.target("B", on: ["A"], setting: "FAST"), Self.target("BTests", test: true, on: ["B"])]
    let result = leftOut(head: try Self.shape(head), snapshot: try Self.shape(Self.two), paths: ["Package.swift"])
    XCTAssertEqual(result.selection, .some(["BTests": "new target"]))
    XCTAssertEqual(result.sameAsHead, ["ATests"])
    XCTAssertEqual(
      TestSelection.description(of: result.selection, sameAsHead: result.sameAsHead),
      "tests: BTests (new target); not run again, same as HEAD's: ATests")
  }

  /// Another resolved version, a dependency compiled anew, a file of no target: nothing is left out.
  func testWhatHEADCannotVouchForRunsAsSelected() throws {
    let snapshot = try Self.shape(Self.two)
    let repinned = leftOut(
      head: try Self.shape(Self.three, pins: ["grdb.swift": "7.2.0"]), snapshot: snapshot, paths: [])
    XCTAssertEqual(repinned.selection, Self.afterOne)
    XCTAssertEqual(repinned.sameAsHead, [])
    let rebuilt = leftOut(head: try Self.shape(Self.three), snapshot: snapshot, paths: [], rebuilt: ["GRDB"])
    XCTAssertEqual(rebuilt.sameAsHead, [])
    let stray = leftOut(head: try Self.shape(Self.three), snapshot: snapshot, paths: ["Sources/shared.h"])
    XCTAssertEqual(stray.sameAsHead, [])
  }

  /// Every test, for a reason of the previous snapshot's, narrows to those that differ from HEAD's.
  func testEveryTestNarrowsToWhatDiffersFromHEAD() throws {
    let every = TestSelection.all(reason: "no passing snapshot verified just before it")
    let againstHead = TestSelection.select(
      previous: try Self.shape(Self.three), current: try Self.shape(Self.two),
      changedPaths: ["Tests/BTests/BTests.swift"])
    let result = every.leavingOut(sameAs: againstHead, in: try Self.shape(Self.two))
    XCTAssertEqual(result.selection, .some(["BTests": "no passing snapshot verified just before it"]))
    XCTAssertEqual(result.sameAsHead, ["ATests"])
  }

  /// The root package's folder, which dump-package prints, is not a difference; another kind is.
  func testTheRootsFolderIsNoDifference() throws {
    func shape(_ kind: String) throws -> PackageShape {
      let json = """
        {"name": "P", "dependencies": [], "products": [], "packageKind": \(kind), "targets": [\(Self.one.joined(separator: ", "))]}
        """
      return try PackageShape(dumpPackageJSON: Data(json.utf8))
    }
    let snapshot = try shape("{\"root\": [\"/tmp/snapshot\"]}")
    let head = try shape("{\"root\": [\"/work/book\"]}")
    XCTAssertEqual(
      TestSelection.select(previous: head.locatedLike(snapshot), current: snapshot, changedPaths: []), .some([:]))
    XCTAssertEqual(
      TestSelection.select(previous: head, current: snapshot, changedPaths: []),
      .all(reason: "the manifest's packageKind changed"))
    let other = try shape("{\"fileSystem\": [\"/work/book\"]}")
    XCTAssertEqual(other.locatedLike(snapshot), other)
  }
}
