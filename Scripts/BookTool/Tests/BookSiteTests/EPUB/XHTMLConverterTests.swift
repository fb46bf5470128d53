import Foundation
import XCTest

@testable import BookSite

/// `XHTMLConverter`: site HTML in, e-book XHTML out, one construct at a time.
final class XHTMLConverterTests: XCTestCase {
  let destinations = XHTMLConverter.Destinations(
    documents: ["01-a.html": "01-a.xhtml", "02-b.html": "02-b.xhtml"], resources: ["images/p.svg"])

  func convert(_ html: String) -> String {
    XHTMLConverter.convert(Array(html.utf8), destinations: self.destinations)
  }

  func testEachConstruct() {
    let cases: [(label: String, html: String, xhtml: String)] = [
      ("void element", "a<br>b<hr>", "a<br/>b<hr/>"),
      ("void element already closed", "<br/>", "<br/>"),
      ("named character", "a&nbsp;b &mdash; &copy;", "a&#160;b &#8212; &#169;"),
      ("XML's own names kept", "&lt;&amp;&quot;&apos;&gt;", "&lt;&amp;&quot;&apos;&gt;"),
      ("unknown name as text", "&bogus; & x", "&amp;bogus; &amp; x"),
      ("hex reference", "&#x27;", "&#39;"),
      ("reference to a character XML forbids", "&#1;", "\u{FFFD}"),
      ("unknown element as text", "--diet <diet>", "--diet &lt;diet&gt;"),
      ("unknown end tag as text", "</diet>", "&lt;/diet&gt;"),
      ("unclosed element closed at the end", "<p><em>x", "<p><em>x</em></p>"),
      ("inner elements closed with their parent", "<p><em>x</p>y", "<p><em>x</em></p>y"),
      ("end tag of nothing open dropped", "x</span>", "x"),
      ("attributes quoted", "<td align=left class='a\"b'>", "<td align=\"left\" class=\"a&quot;b\"></td>"),
      ("boolean attribute", "<input type=checkbox disabled>", "<input type=\"checkbox\" disabled=\"disabled\"/>"),
      ("event handler dropped", "<p onclick=\"x()\">t</p>", "<p>t</p>"),
      ("script dropped with its content", "a<script>if (a < b) {}</script>b", "ab"),
      ("comment dropped", "a<!-- <p> -->b", "ab"),
      ("lone less-than", "a < b", "a &lt; b"),
      ("chapter link", "<a href=\"02-b.html#x\">t</a>", "<a href=\"02-b.xhtml#x\">t</a>"),
      ("fragment", "<a href=\"#s\">t</a>", "<a href=\"#s\">t</a>"),
      ("web link", "<a href=\"https://e.org/a?b=1&amp;c=2\">t</a>", "<a href=\"https://e.org/a?b=1&amp;c=2\">t</a>"),
      (
        "link out of the book", "<a class=\"listing-file\" href=\"../Package.swift\" title=\"T\">P</a>",
        "<span class=\"listing-file\" title=\"T\">P</span>"
      ),
      ("changes page", "<a href=\"02-b.changes.html\">c</a>", "<span>c</span>"),
      ("heading anchor left out", "<h2 id=\"s\">S <a class=\"anchor\" href=\"#s\">#</a></h2>", "<h2 id=\"s\">S </h2>"),
      (
        "id made an XML name", "<h2 id=\"2024-notes\">N</h2><a href=\"#2024-notes\">n</a>",
        "<h2 id=\"id-2024-notes\">N</h2><a href=\"#id-2024-notes\">n</a>"
      ),
      ("picture in the book", "<img src=\"images/p.svg\" alt=\"P\">", "<img src=\"images/p.svg\" alt=\"P\"/>"),
      (
        "picture not in the book", "<img src=\"https://e.org/p.png\" alt=\"P &amp; Q\">",
        "<span class=\"missing-picture\">P &amp; Q</span>"
      ),
      (
        "SVG keeps its names' case", "<svg viewBox=\"0 0 1 1\"><linearGradient id=\"g\"/></svg>",
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1 1\"><linearGradient id=\"g\"/></svg>"
      ),
      (
        "footnote reference and footnote", "<a href=\"#fn-x\" id=\"fnref-x\">1</a><li id=\"fn-x\">",
        "<a href=\"#fn-x\" id=\"fnref-x\" epub:type=\"noteref\">1</a><li id=\"fn-x\" epub:type=\"footnote\"></li>"
      ),
      ("HTML names lowercased", "<P CLASS=\"x\">t</P>", "<p class=\"x\">t</p>"),
      ("control character dropped", "a\u{1}b", "ab"),
    ]
    for (label, html, xhtml) in cases {
      XCTAssertEqual(self.convert(html), xhtml, label)
    }
  }

  func testXMLIDs() {
    XCTAssertEqual(XHTMLConverter.xmlID("the-store"), "the-store")
    XCTAssertEqual(XHTMLConverter.xmlID("_x.1"), "_x.1")
    XCTAssertEqual(XHTMLConverter.xmlID("1-a"), "id-1-a")
    XCTAssertEqual(XHTMLConverter.xmlID("a:b é"), "a_3Ab_20_C3_A9")
    XCTAssertEqual(XHTMLConverter.xmlID(""), "id-")
  }

  func testCRC32AndTheArchiveLayout() throws {
    XCTAssertEqual(CRC32.checksum(Data("123456789".utf8)), 0xCBF4_3926)
    XCTAssertEqual(CRC32.checksum(Data()), 0)
    var zip = ZipArchive()
    zip.add("mimetype", Data("application/epub+zip".utf8))
    zip.add("a/b.txt", Data("hello".utf8))
    let data = zip.data
    XCTAssertEqual(Array(data.prefix(4)), [0x50, 0x4B, 0x03, 0x04])
    // The first entry's name at offset 30, its bytes right after: what an EPUB's magic number is.
    XCTAssertEqual(String(decoding: data[30..<(30 + 8 + 20)], as: UTF8.self), "mimetypeapplication/epub+zip")
    let read = try ZipReader(data)
    XCTAssertEqual(read.entries.map(\.name), ["mimetype", "a/b.txt"])
    XCTAssertEqual(read["a/b.txt"], Data("hello".utf8))
    XCTAssertTrue(read.entries.allSatisfy(\.crcMatches))
  }

  /// CRC-32 bit by bit, as its definition says: what the sliced tables must agree with.
  private func bitwiseCRC32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return crc ^ 0xFFFF_FFFF
  }

  func testCRC32OfEveryLengthAndOfParts() {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    let bytes = (0..<40_000).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt8(truncatingIfNeeded: state >> 56)
    }
    for length in Array(0...70) + [1_000, 40_000] {
      let prefix = Array(bytes.prefix(length))
      XCTAssertEqual(CRC32.checksum(Data(prefix)), self.bitwiseCRC32(prefix), "\(length) bytes")
    }
    let parts = [Data(bytes[0..<13]), Data(), Data(bytes[13..<1_000]), Data(bytes[1_000...])]
    XCTAssertEqual(CRC32.checksum(parts), self.bitwiseCRC32(bytes), "the same bytes in parts")
  }
}
