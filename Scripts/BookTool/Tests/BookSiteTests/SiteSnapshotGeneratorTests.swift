import BookKit
import Foundation
import XCTest

@testable import BookSite
@testable import book

/// `book tag` renders each snapshot's site with the workspace's highlight and diagram caches, which
/// `book site` filled: the files are byte for byte the ones an uncached render makes, and the caches are
/// read, never written.
final class SiteSnapshotGeneratorTests: XCTestCase {
  func testASnapshotSiteDrawnWithTheWorkspacesCachesIsTheSameAndLeavesThemAlone() throws {
    let root = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: root) }
    let workspace = Workspace(root: root)
    let diagram = "```mermaid\nflowchart LR\n  accTitle: Flow\n  subgraph Store\n    A --> B\n  end\n```\n"
    let chapters = [
      ("01-one.md", "# One\n\n```swift file=Sources/M/A.swift\nstruct A { let value = 1 }\n```\n\n\(diagram)"),
      ("02-two.md", "# Two\n\n```swift file=Sources/M/B.swift\nenum B { case b }\n```\n"),
    ]
    for (name, text) in chapters { try workspace.write(Data(text.utf8), to: "Chapters/\(name)") }
    var command = try BookCommand.parseAsRoot(["site", "--root", root.path])
    try command.run()
    let caches = [".build/book-site-cache/highlight.bin", ".build/book-site-cache/diagrams.bin"]
    let before = try caches.map { try Data(contentsOf: root.appendingPathComponent($0)) }

    let prefix = SiteFixture.book([chapters[0]])
    let readHead = { (path: String) throws -> Data in try Data(contentsOf: root.appendingPathComponent(path)) }
    let cached = try SiteSnapshotGenerator(cachesOf: root).files(for: prefix, readHead: readHead)
    let uncached = try SiteSnapshotGenerator().files(for: prefix, readHead: readHead)
    XCTAssertEqual(cached.keys.sorted(), uncached.keys.sorted())
    for (path, data) in uncached { XCTAssertEqual(cached[path], data, path) }
    XCTAssertTrue(cached["Site/01-one.html"].map { String(decoding: $0, as: UTF8.self).contains("<svg") } == true)
    XCTAssertEqual(try caches.map { try Data(contentsOf: root.appendingPathComponent($0)) }, before)
  }
}
