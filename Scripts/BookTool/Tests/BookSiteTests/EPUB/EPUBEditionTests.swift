import BookKit
import Foundation
import XCTest

@testable import BookSite

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The e-book `book site` writes beside the pages: its package structure, XML that parses, the same bytes
/// from the same chapters, and the site's link to it.
final class EPUBEditionTests: XCTestCase {
  /// Two chapters with every construct the e-book must carry, and raw HTML an XML parser would refuse.
  static let chapters = [
    (
      "01-start.md",
      """
      # Start

      Intro with a footnote.[^a] Raw HTML: a<br>b&nbsp;c, <img src="images/p.png" alt="inline">, and <diet> as
      prose, with &copy; written as a name.

      ## First section

      See [the next chapter](02-next.md#details), [a web page](https://example.com/) and
      [the code](../Sources/Demo/Store.swift).

      ![A picture](images/p.png)

      | a | b |
      |---|---|
      | 1 | 2 |

      ### Deeper

      ```swift file=Sources/Demo/Store.swift
      struct Store {}
      ```

      ```mermaid
      flowchart LR
        accTitle: Two boxes
        accDescr: A leads to B.
        A --> B
      ```

      ## 2024 notes

      [^a]: The note.

      """
    ),
    ("02-next.md", "# Next\n\n## Details\n\nBack to [the start](01-start.md#first-section).\n"),
  ]

  /// The fixture's site, built as `book site` builds it (pictures included).
  func site(metadata: BookMetadata = SiteFixture.metadata) -> RenderedSite {
    var timings = SiteTimings()
    return SiteBuild.make(
      book: SiteFixture.book(Self.chapters), metadata: .success(metadata), timings: &timings
    ) { path in path == "images/p.png" ? Data([0x89, 0x50, 0x4E, 0x47]) : nil }.site
  }

  /// The fixture's e-book, read back.
  func archive() throws -> ZipReader {
    let site = self.site()
    XCTAssertEqual(site.diagnostics, [])
    return try ZipReader(try XCTUnwrap(site.files["fixture-book.epub"], "no e-book among \(site.files.keys.sorted())"))
  }

  func testMimetypeComesFirstStoredWithNoExtraField() throws {
    let archive = try self.archive()
    let first = try XCTUnwrap(archive.entries.first)
    XCTAssertEqual(first.name, "mimetype")
    XCTAssertEqual(first.method, 0, "stored")
    XCTAssertEqual(first.extraLength, 0)
    XCTAssertEqual(String(decoding: first.data, as: UTF8.self), "application/epub+zip")
    XCTAssertTrue(archive.entries.allSatisfy(\.crcMatches), "every CRC-32 matches its bytes")
    XCTAssertEqual(archive.entries.map(\.name).count, Set(archive.entries.map(\.name)).count, "no name twice")
  }

  func testTheContainerNamesThePackageWhoseManifestListsEveryOtherFileOnceAndSpineIsChapterOrder() throws {
    let archive = try self.archive()
    let container = try XMLDocument(data: try XCTUnwrap(archive["META-INF/container.xml"]))
    let rootfile = Self.elements("rootfile", in: container).map { Self.attribute("full-path", of: $0) }
    XCTAssertEqual(rootfile, ["EPUB/package.opf"])
    let package = try XMLDocument(data: try XCTUnwrap(archive["EPUB/package.opf"]))
    let items = Self.elements("item", in: package)
    let hrefs = items.compactMap { Self.attribute("href", of: $0) }.map { "EPUB/" + $0 }
    XCTAssertEqual(hrefs.count, Set(hrefs).count, "each file listed once: \(hrefs)")
    let packaged = Set(archive.entries.map(\.name)).subtracting([
      "mimetype", "META-INF/container.xml", "EPUB/package.opf",
    ])
    XCTAssertEqual(Set(hrefs), packaged)
    XCTAssertTrue(packaged.contains("EPUB/images/p.png"), "the picture travels with the book")
    let ids = Dictionary(
      uniqueKeysWithValues: items.map {
        (Self.attribute("id", of: $0)!, Self.attribute("href", of: $0)!)
      })
    let spine = Self.elements("itemref", in: package).map { ids[Self.attribute("idref", of: $0)!]! }
    XCTAssertEqual(spine, ["nav.xhtml", "01-start.xhtml", "02-next.xhtml"])
    let navigation = items.filter { Self.attribute("properties", of: $0) == "nav" }
    XCTAssertEqual(navigation.compactMap { Self.attribute("href", of: $0) }, ["nav.xhtml"])
    let svg = items.filter { Self.attribute("properties", of: $0) == "svg" }
    XCTAssertEqual(svg.compactMap { Self.attribute("href", of: $0) }, ["01-start.xhtml"])
  }

  func testThePackageSaysTitleLanguageAStableIdentifierAndTheConfiguredDate() throws {
    var metadata = SiteFixture.metadata
    metadata.modified = "2026-11-26"
    var timings = SiteTimings()
    let site = SiteBuild.make(book: SiteFixture.book(Self.chapters), metadata: .success(metadata), timings: &timings) {
      _ in nil
    }.site
    let archive = try ZipReader(try XCTUnwrap(site.files["fixture-book.epub"]))
    let opf = String(decoding: try XCTUnwrap(archive["EPUB/package.opf"]), as: UTF8.self)
    XCTAssertTrue(opf.contains("<dc:title>Fixture Book</dc:title>"), opf)
    XCTAssertTrue(opf.contains("<dc:language>en</dc:language>"), opf)
    XCTAssertTrue(opf.contains("<meta property=\"dcterms:modified\">2026-11-26T00:00:00Z</meta>"), opf)
    let identifier = try XCTUnwrap(
      opf.firstMatch(of: /urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/))
    var renamed = metadata
    renamed.subtitle = "Another subtitle"
    let edition = EPUBEdition(metadata: renamed, chapters: [], groups: [], resources: [:])
    XCTAssertEqual(edition.identifier, String(identifier.output), "the identifier follows the title only")
    renamed.title = "Another Book"
    XCTAssertNotEqual(
      EPUBEdition(metadata: renamed, chapters: [], groups: [], resources: [:]).identifier, String(identifier.output))
  }

  func testEveryDocumentIsWellFormedXMLWithUniqueIDs() throws {
    let archive = try self.archive()
    let documents = archive.entries.filter { [".xhtml", ".opf", ".xml"].contains(where: $0.name.hasSuffix) }
    XCTAssertEqual(documents.count, 5)
    for document in documents {
      let xml: XMLDocument
      do {
        xml = try XMLDocument(data: document.data)
      } catch {
        XCTFail("\(document.name) is not well-formed XML: \(error)\n\(String(decoding: document.data, as: UTF8.self))")
        continue
      }
      let ids = Self.elements(nil, in: xml).compactMap { Self.attribute("id", of: $0) }
      if document.name.hasSuffix("01-start.xhtml") { XCTAssertTrue(ids.contains("id-2024-notes"), "\(ids)") }
      XCTAssertEqual(ids.count, Set(ids).count, "\(document.name): ids are unique")
      for id in ids { XCTAssertEqual(XHTMLConverter.xmlID(id), id, "\(document.name): '\(id)' is an XML name") }
    }
  }

  func testChaptersKeepListingsTablesFootnotesDiagramsAndPicturesAndLinkWithinTheBook() throws {
    let archive = try self.archive()
    let start = String(decoding: try XCTUnwrap(archive["EPUB/01-start.xhtml"]), as: UTF8.self)
    for expected in [
      "<span class=\"hl-keyword\">struct</span>", "<table>",
      "<sup class=\"footnote-ref\"><a href=\"#fn-a\" id=\"fnref-a\" data-footnote-ref=\"data-footnote-ref\" epub:type=\"noteref\">",
      "<li id=\"fn-a\" epub:type=\"footnote\">",
      "<section class=\"footnotes\"",
      "<svg xmlns=\"http://www.w3.org/2000/svg\"", "viewBox=", "<img src=\"images/p.png\" alt=\"A picture\"/>",
      "<br/>", "b\u{A0}c", "©", "&lt;diet&gt; as", "href=\"02-next.xhtml#details\"",
      "href=\"https://example.com/\"", "id=\"id-2024-notes\"",
    ] {
      XCTAssertTrue(start.contains(expected), "01-start.xhtml lacks \(expected):\n\(start)")
    }
    XCTAssertFalse(start.contains("../Sources"), "no link leaves the e-book")
    XCTAssertFalse(start.contains("class=\"anchor\""), "the site's heading anchors are left out")
    XCTAssertFalse(start.contains(".changes.html"), "changes pages are not in the e-book")
    let navigation = String(decoding: try XCTUnwrap(archive["EPUB/nav.xhtml"]), as: UTF8.self)
    for expected in [
      "<li><span>Part 1: Basics</span>", "<a href=\"01-start.xhtml\">1. Start</a>",
      "<a href=\"01-start.xhtml#first-section\">First section</a>", "<a href=\"01-start.xhtml#deeper\">Deeper</a>",
      "<a href=\"01-start.xhtml#id-2024-notes\">2024 notes</a>", "<a href=\"02-next.xhtml#details\">Details</a>",
    ] {
      XCTAssertTrue(navigation.contains(expected), "nav.xhtml lacks \(expected):\n\(navigation)")
    }
  }

  /// An attribute's value by its local name (FoundationXML's `attribute(forName:)` finds none on Linux
  /// when the element has a default namespace).
  static func attribute(_ name: String, of element: XMLElement) -> String? {
    element.attributes?.first { $0.localName == name || $0.name == name }?.stringValue
  }

  /// Every element of a document named `name` (any name when nil), in document order.
  static func elements(_ name: String?, in document: XMLDocument) -> [XMLElement] {
    var found: [XMLElement] = []
    var stack = document.rootElement().map { [$0] } ?? []
    while let element = stack.popLast() {
      if name == nil || element.localName == name { found.append(element) }
      stack += (element.children ?? []).compactMap { $0 as? XMLElement }.reversed()
    }
    return found
  }

  func testTheSameChaptersGiveTheSameBytes() throws {
    let first = try XCTUnwrap(self.site().files["fixture-book.epub"])
    let second = try XCTUnwrap(self.site().files["fixture-book.epub"])
    XCTAssertEqual(first, second)
    var edited = Self.chapters
    edited[1].1 += "\nOne more line.\n"
    var timings = SiteTimings()
    let other = SiteBuild.make(
      book: SiteFixture.book(edited), metadata: .success(SiteFixture.metadata), timings: &timings
    ) { _ in nil }.site
    XCTAssertNotEqual(other.files["fixture-book.epub"], first, "an edit reaches the e-book")
  }

  func testTheIndexPageLinksToTheEBook() {
    let index = SiteFixture.text(self.site(), "index.html")
    XCTAssertTrue(index.contains("<a href=\"fixture-book.epub\">EPUB</a>"), index)
  }

  func testCheckReportsAnEBookThatDiffersFromTheChapters() throws {
    let folder = try SiteFixture.temporaryFolder()
    self.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    let workspace = Workspace(root: folder)
    for (name, text) in Self.chapters { try workspace.write(Data(text.utf8), to: "Chapters/\(name)") }
    // The chapters' picture, so that the site's own link check has nothing to report but the e-book.
    try workspace.write(Data([0x89, 0x50, 0x4E, 0x47]), to: "Chapters/images/p.png")
    var timings = SiteTimings()
    let site = try SiteBuild.make(from: workspace, timings: &timings).site
    _ = try SiteOutput(site: site, workspace: workspace, folder: "Site").apply(to: workspace)
    let book = try Book.load(from: workspace)
    let name = EPUBEdition.fileName(for: try BookMetadata.load(from: workspace).get())
    XCTAssertEqual(try SiteBuild.drift(book: book, in: workspace).map(\.id), [])
    try workspace.write(Data("PK".utf8), to: "Site/\(name)")
    let drift = try SiteBuild.drift(book: book, in: workspace).map { "\($0.location.path) \($0.id)" }
    XCTAssertEqual(drift, ["Site/\(name) site-drift"])
  }

  func testAnInvalidModifiedDateIsAnErrorAtBookJSON() {
    let decoded = BookMetadata.decode(
      Data(#"{"title": "T", "modified": "26 November"}"#.utf8), path: "Chapters/book.json")
    guard case .failure(let error) = decoded else { return XCTFail("accepted: \(decoded)") }
    XCTAssertEqual(error.diagnostics.map(\.id), [.invalidBookMetadata])
    XCTAssertTrue(error.diagnostics[0].message.contains("'modified'"), error.diagnostics[0].message)
    for valid in ["2026-11-26", "2026-11-26T09:30:00Z"] {
      let decoded = BookMetadata.decode(Data(#"{"title": "T", "modified": "\#(valid)"}"#.utf8), path: "b.json")
      XCTAssertEqual(try? decoded.get().modified, valid)
    }
  }
}
