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

  func testANewGraphvizRendersTheSiteAgain() throws {
    // Diagrams are laid out by graphviz's library inside the tool, so "another graphviz" is another
    // libgvc: a copy the dynamic loader takes first (LD_LIBRARY_PATH), then that copy with another date.
    let system = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib"]
      .map { URL(fileURLWithPath: $0).appendingPathComponent("libgvc.so.6") }
      .first { FileManager.default.fileExists(atPath: $0.path) }
    guard let system else { throw XCTSkip("graphviz's libgvc.so.6 is not in a standard folder") }
    let sandbox = try Sandbox()
    defer { sandbox.destroy() }
    let chapter = "# A\n\n```mermaid\nflowchart LR\n  accTitle: T\n  a --> b\n```\n"
    try sandbox.write("Chapters/01-a.md", chapter)
    let library = sandbox.outside.appendingPathComponent("libgvc.so.6")
    try FileManager.default.copyItem(at: system.resolvingSymlinksInPath(), to: library)
    let environment = ["LD_LIBRARY_PATH": sandbox.outside.path]
    _ = try self.book(sandbox, ["site"], environment: environment)
    XCTAssertTrue(try self.book(sandbox, ["site"], environment: environment).contains("nothing changed"))
    // Another graphviz: the same library file, installed at another time.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: library.path)
    let again = try self.book(sandbox, ["site"], environment: environment)
    XCTAssertFalse(again.contains("nothing changed"), again)
  }
}
