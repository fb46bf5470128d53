import BookKit
import Foundation
import XCTest

/// Hostile case 5 of issue 18, through the built binary: an incremental `book site` must never leave a page
/// stale that `book check` (a full render) would call drift. Case 6 (graphviz changes) is no longer about a
/// `dot` on `PATH`: diagrams are laid out by the graphviz library linked into the tool, which the no-change
/// stamp names (`GraphvizLibraryTests`).
final class HostileSiteTests: XCTestCase {
  /// Runs `book` in the sandbox with `environment` added, requiring success; returns standard output.
  private func book(_ sandbox: Sandbox, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
    let result = try BookBinary.run(
      arguments + ["--root", sandbox.workspace.path], in: sandbox.workspace, environment: environment)
    XCTAssertEqual(result.status, 0, "book \(arguments): \(result.stderr)")
    return result.stdout
  }

  func testRenamingAChapterWithoutAHeadingRendersItsSearchEntriesAgain() throws {
    let sandbox = try Sandbox()
    defer { sandbox.destroy() }
    try sandbox.write("Chapters/01-a.md", "# A\n\nOne.\n")
    try sandbox.write("Chapters/02-untitled.md", "Words without a heading.\n")
    _ = try self.book(sandbox, ["site"])
    try FileManager.default.moveItem(
      at: sandbox.workspace.appendingPathComponent("Chapters/02-untitled.md"),
      to: sandbox.workspace.appendingPathComponent("Chapters/02-renamed.md"))
    _ = try self.book(sandbox, ["site"])
    _ = try self.book(sandbox, ["check"])
  }
}
