import BookKit
import Foundation
import XCTest

@testable import book_serve

/// `book serve` rebuilds with `book site`'s incremental build: after a chapter's prose is edited, the
/// served page changes, and it and every other file are the bytes `book site --full` writes.
final class ServeIncrementalTests: XCTestCase {
  /// A workspace with three chapters: listings, a diagram and cross-references between them.
  func makeWorkspace() throws -> Workspace {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-inc-\(UUID().uuidString)")
    self.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Chapters"), withIntermediateDirectories: true)
    try Data("// test workspace\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
    let workspace = Workspace(root: root)
    let chapters = [
      "01-one.md": IncrementalSiteTests.one, "02-two.md": IncrementalSiteTests.two,
      "03-three.md": IncrementalSiteTests.three,
    ]
    for (name, text) in chapters { try workspace.write(Data(text.utf8), to: "Chapters/\(name)") }
    return workspace
  }

  func testAnEditedChapterIsServedAsAFullRenderWritesIt() async throws {
    let workspace = try self.makeWorkspace()
    XCTAssertTrue(ServeCommand.renderSite(of: workspace), "the first render writes the site")
    let memos = try FileManager.default.contentsOfDirectory(
      atPath: workspace.url(".build/book-site-cache").path
    ).filter { $0.hasPrefix("pages-") }
    XCTAssertEqual(memos.count, 1, "the build leaves a page memo for the next one, as `book site` does")
    // The command's own builds: the caches are kept after the reload is answered.
    let builds = PreviewBuilds(workspace: workspace)
    let session = try await PreviewSession.start(
      site: workspace.url("Site"), chapters: workspace.url("Chapters"), host: "127.0.0.1", port: 0,
      reloadPollTimeout: .seconds(15), rebuild: builds.rebuild, afterReload: builds.keepCaches)
    self.addTeardownBlock { await session.stop() }
    let page = try XCTUnwrap(URL(string: session.address + "02-two.html"))
    let before = try await ServeTests.fetch(page)
    XCTAssertEqual(before.status, 200)

    async let signal = ServeTests.fetch(URL(string: session.address + "__reload?since=0")!)
    try await ServeTests.waitUntil { session.reload.waiters == 1 }
    let text = IncrementalSiteTests.two + "An edited sentence, served at once.\n"
    try workspace.write(Data(text.utf8), to: "Chapters/02-two.md")
    let reload = try await signal
    XCTAssertEqual(reload.body.trimmingCharacters(in: .whitespacesAndNewlines), "1")
    let after = try await ServeTests.fetch(page)
    XCTAssertNotEqual(after.body, before.body, "the served page changed")
    XCTAssertTrue(after.body.contains("An edited sentence, served at once."))

    let full = try Self.siteFull(workspace)
    XCTAssertEqual(full.status, 0, full.output)
    XCTAssertTrue(
      full.output.contains(", 0 written, 0 removed"), "serve wrote what a full render writes: \(full.output)")
    let rendered = String(decoding: try workspace.read("Site/02-two.html"), as: UTF8.self)
    XCTAssertEqual(after.body, LiveReload.injectingScript(into: rendered, generation: 1), "served as fully rendered")
  }

  func testABuildThatFailsLeavesTheLastGoodSiteAndKeepsNoCache() throws {
    let workspace = try self.makeWorkspace()
    let builds = PreviewBuilds(workspace: workspace)
    XCTAssertTrue(builds.rebuild(), "the first build writes the site")
    builds.keepCaches()
    let good = try workspace.read("Site/02-two.html")
    let memo = try Self.memo(in: workspace)
    try workspace.write(Data("{}".utf8), to: "Chapters/book.json")
    let text = IncrementalSiteTests.two + "Written while book.json is broken.\n"
    try workspace.write(Data(text.utf8), to: "Chapters/02-two.md")
    XCTAssertFalse(builds.rebuild(), "invalid book.json: not rebuilt")
    builds.keepCaches()
    XCTAssertEqual(try workspace.read("Site/02-two.html"), good, "the last good page stays")
    XCTAssertEqual(try Self.memo(in: workspace), memo, "a failed build keeps nothing")
    try FileManager.default.removeItem(at: workspace.url("Chapters/book.json"))
    XCTAssertTrue(builds.rebuild(), "mended: rebuilt")
    XCTAssertTrue(String(decoding: try workspace.read("Site/02-two.html"), as: UTF8.self).contains("is broken."))
  }

  /// The bytes of the workspace's one page memo.
  static func memo(in workspace: Workspace) throws -> Data {
    let folder = try workspace.url(".build/book-site-cache")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("pages-") }
    XCTAssertEqual(names.count, 1)
    return try Data(contentsOf: folder.appendingPathComponent(try XCTUnwrap(names.first)))
  }

  /// Runs `book site --full` on the workspace: its status and standard output.
  static func siteFull(_ workspace: Workspace) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = try XCTUnwrap(ServeTests.bookExecutable, "the built `book` executable")
    process.arguments = ["site", "--full", "--root", workspace.root.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }
}
