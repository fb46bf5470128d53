import BookKit
import Foundation
import XCTest

/// Hostile cases 5 and 6 of issue 18, through the built binary: an incremental `book site` must never
/// leave a page stale that `book check` (a full render) would call drift.
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

  func testANewDotRendersTheSiteAgain() throws {
    guard let dot = ["/usr/bin/dot", "/usr/local/bin/dot"].first(where: FileManager.default.isExecutableFile) else {
      throw XCTSkip("graphviz is not installed")
    }
    let sandbox = try Sandbox()
    defer { sandbox.destroy() }
    let chapter = "# A\n\n```mermaid\nflowchart LR\n  accTitle: T\n  a --> b\n```\n"
    try sandbox.write("Chapters/01-a.md", chapter)
    try sandbox.writeOutside("dot", "#!/bin/sh\nexec \(dot) \"$@\"\n")
    let wrapper = sandbox.outside.appendingPathComponent("dot").path
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper)
    let environment = ["PATH": sandbox.outside.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")]
    _ = try self.book(sandbox, ["site"], environment: environment)
    XCTAssertTrue(try self.book(sandbox, ["site"], environment: environment).contains("nothing changed"))
    // Another graphviz: the same path, other bytes.
    try sandbox.writeOutside("dot", "#!/bin/sh\n# graphviz, a later version\nexec \(dot) \"$@\"\n")
    let again = try self.book(sandbox, ["site"], environment: environment)
    XCTAssertFalse(again.contains("nothing changed"), again)
  }
}
