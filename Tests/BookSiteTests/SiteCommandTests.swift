import ArgumentParser
import BookKit
import Foundation
import XCTest

@testable import book

/// `book site --chapters DIR --output DIR` end to end: renders, writes nothing on errors.
final class SiteCommandTests: XCTestCase {
  func testRendersAFolderOfChaptersIntoAFolder() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chapters = folder.appendingPathComponent("notes")
    let output = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: chapters, withIntermediateDirectories: true)
    try Data("# One\n\nSee [two](02-two.md).\n".utf8).write(to: chapters.appendingPathComponent("01-one.md"))
    try Data("# Two\n".utf8).write(to: chapters.appendingPathComponent("02-two.md"))

    try Self.run(["site", "--chapters", chapters.path, "--output", output.path])
    let written = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
    XCTAssertEqual(written, [".site-files", "01-one.html", "02-two.html", "assets", "index.html", "print.html"])
    let page = try String(contentsOf: output.appendingPathComponent("01-one.html"), encoding: .utf8)
    XCTAssertTrue(page.contains("<a href=\"02-two.html\">two</a>"))
    XCTAssertTrue(page.contains("<title>One · notes</title>"), "without book.json the title is the folder's name")
  }

  func testWritesNothingWhenBookMetadataIsInvalid() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let chapters = folder.appendingPathComponent("notes")
    let output = folder.appendingPathComponent("out")
    try FileManager.default.createDirectory(at: chapters, withIntermediateDirectories: true)
    try Data("# One\n".utf8).write(to: chapters.appendingPathComponent("01-one.md"))
    try Data("{\"parts\": 3}".utf8).write(to: chapters.appendingPathComponent("book.json"))

    XCTAssertThrowsError(try Self.run(["site", "--chapters", chapters.path, "--output", output.path]))
    let written = (try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []
    XCTAssertEqual(written, [])
  }

  /// Parses and runs a `book` command line.
  private static func run(_ arguments: [String]) throws {
    var command = try BookCommand.parseAsRoot(arguments)
    try command.run()
  }
}
