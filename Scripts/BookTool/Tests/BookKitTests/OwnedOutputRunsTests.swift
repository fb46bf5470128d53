import BookKit
import Foundation
import XCTest

/// The output plan checks its targets on every core, in runs of neighbouring paths (`checkTargets`): a
/// plan of many targets must find exactly what a plan of each target alone finds, in the same order.
final class OwnedOutputRunsTests: XCTestCase {
  static let kind = OwnedOutput.Kind(
    command: "book test-output", folder: "Out", manifestPath: "Out/.files", header: "# Test output",
    requiresMarker: false, pruneStops: ["Out"], staleRule: .staleSiteFile, manifestRule: .staleSiteManifest)

  func testAPlanInRunsFindsWhatEachTargetAloneFinds() throws {
    let sandbox = try Sandbox()
    defer { sandbox.destroy() }
    // 200 targets in 8 folders; among them, problems and files on disk spread over every run.
    let paths = (0..<200).map { String(format: "f%d/p%03d.txt", $0 % 8, $0) }.sorted()
    try sandbox.write("Out/.files", "# Test output\n" + paths.filter { $0.hasSuffix("5.txt") }.joined(separator: "\n"))
    let inside = paths.filter { !$0.hasPrefix("f7/") }
    let written = inside.enumerated().filter { $0.offset % 20 == 3 }.map(\.element)
    for path in written { try sandbox.write("Out/\(path)", "owned?") }
    try sandbox.write("Out/\(inside[101])/inside", "a folder where a file should be")
    try sandbox.link("Out/f7", to: sandbox.outside.path)
    let workspace = Workspace(root: sandbox.workspace)
    let targets = paths.map { path in
      OwnedOutput.Target(
        path: path, expected: Data("new \(path)".utf8), origin: SourceLocation(path: "Chapters/\(path).md", line: 1))
    }

    let whole = OwnedOutput(kind: Self.kind, targets: targets, workspace: workspace)
    let alone = targets.map { OwnedOutput(kind: Self.kind, targets: [$0], workspace: workspace) }

    XCTAssertEqual(whole.targets.map(\.current), alone.map { $0.targets[0].current })
    // A plan of one target finds the other listed files stale: only its target's own problems compare.
    let own = alone.flatMap { plan in plan.diagnostics.filter { $0.location.path != "Out/.files" } }
    XCTAssertEqual(whole.diagnostics, own)
    let rules = Set(whole.diagnostics.map(\.id))
    XCTAssertEqual(rules, [.fileNotOwned, .pathThroughSymlink, .fileSystemError], "every kind of problem is met")
    XCTAssertEqual(whole.targets.filter { $0.current != nil }.map(\.path), written, "the files there are read")
  }
}
