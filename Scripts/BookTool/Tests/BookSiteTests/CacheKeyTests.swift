import BookKit
import Foundation
import XCTest

@testable import BookSite

/// A cache can never change a page (issue 18, hostile case 7): a crafted cache in the right format, with
/// this build's identity and valid entry hashes, is ignored unless the workspace's key signed it.
final class CacheKeyTests: XCTestCase {
  func testTheKeyedHashIsSipHash24() {
    // The reference vectors of the SipHash paper: key 00 01 … 0f; messages empty and 00 01 … 0e.
    let hash = KeyedHash(key0: 0x0706_0504_0302_0100, key1: 0x0f0e_0d0c_0b0a_0908)
    XCTAssertEqual([UInt8]().withUnsafeBytes(hash.hash), 0x726f_db47_dd0e_0e31)
    XCTAssertEqual((0..<15).map(UInt8.init).withUnsafeBytes(hash.hash), 0xa129_ca61_49be_45e5)
  }

  /// A workspace with one Swift listing, and its highlight cache.
  private func workspace() throws -> (Workspace, HighlightCache) {
    let folder = try SiteFixture.temporaryFolder()
    let chapter = "# A\n\n```swift file=Sources/M/A.swift\nlet a = 1\n```\n"
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent("Chapters"), withIntermediateDirectories: true)
    try Data(chapter.utf8).write(to: folder.appendingPathComponent("Chapters/01-a.md"))
    return (Workspace(root: folder), HighlightCache(workspaceRoot: folder))
  }

  /// A cache this tool build would trust but for its signature: HTML no highlighter made.
  private let crafted = HighlightCache.encode(
    [Highlighter.Key(kind: .swift, code: "let a = 1\n"): ["<script>planted()</script>"]],
    tool: SiteStamp.toolIdentity)

  func testACraftedHighlightCacheCannotChangeAPage() throws {
    let (workspace, cache) = try self.workspace()
    defer { try? FileManager.default.removeItem(at: workspace.root) }
    var timings = SiteTimings()
    let reference = try SiteBuild.make(from: workspace, timings: &timings)
    try FileManager.default.createDirectory(
      at: cache.url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try self.crafted.write(to: cache.url)
    XCTAssertEqual(
      try SiteBuild.make(from: workspace, cache: cache, timings: &timings).site.files, reference.site.files)
    // With a key made and a planted file unsigned, or signed by another key: still ignored.
    cache.file.write(Data())
    try self.crafted.write(to: cache.url)
    XCTAssertEqual(
      try SiteBuild.make(from: workspace, cache: cache, timings: &timings).site.files, reference.site.files)
    // Signed by the workspace's own key, the same bytes are trusted: the signature is what keeps them out.
    cache.file.write(self.crafted)
    let signed = try SiteBuild.make(from: workspace, cache: cache, timings: &timings)
    XCTAssertTrue(signed.site.files.values.contains { String(decoding: $0, as: UTF8.self).contains("planted()") })
  }

  func testAKeyFileCopiedInIsNotTrusted() throws {
    let (workspace, cache) = try self.workspace()
    defer { try? FileManager.default.removeItem(at: workspace.root) }
    cache.file.write(self.crafted)
    XCTAssertNotNil(cache.file.read())
    // The same secret in a new file (a copied `.build`): another inode, so another key.
    let keyURL = workspace.root.appendingPathComponent(CacheKey.path)
    let copy = keyURL.appendingPathExtension("copy")
    try Data(contentsOf: keyURL).write(to: copy)
    chmod(copy.path, 0o600)
    XCTAssertEqual(rename(copy.path, keyURL.path), 0)
    XCTAssertNil(cache.file.read())
  }
}
