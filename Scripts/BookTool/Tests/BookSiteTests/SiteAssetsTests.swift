import BookSite
import XCTest

/// The site's stylesheet and script are the resource files beside `SiteAssets.swift`, byte for byte,
/// embedded in the binary (no resource bundle to find at run time).
final class SiteAssetsTests: XCTestCase {
  /// The resource folder, found from this file's path (`Scripts/BookTool/Tests/BookSiteTests/…`).
  private static let assetsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/BookSite/Assets")

  func testEveryAssetIsItsResourceFileByteForByte() throws {
    XCTAssertEqual(SiteAssets.files.keys.sorted(), ["assets/book.css", "assets/book.js"])
    for (path, bytes) in SiteAssets.files {
      let name = URL(fileURLWithPath: path).lastPathComponent
      let resource = try Data(contentsOf: Self.assetsFolder.appendingPathComponent(name))
      XCTAssertFalse(resource.isEmpty, name)
      XCTAssertEqual(Data(bytes), resource, "\(path) differs from its resource file")
    }
  }

  func testTheAssetsAreTheStylesheetAndTheScript() throws {
    let css = try XCTUnwrap(SiteAssets.files["assets/book.css"])
    XCTAssertTrue(String(decoding: css, as: UTF8.self).contains("prefers-color-scheme: dark"))
    let script = try XCTUnwrap(SiteAssets.files["assets/book.js"])
    XCTAssertTrue(String(decoding: script, as: UTF8.self).contains("BOOK_SEARCH"))
  }

  /// Reflow (WCAG 2.1 1.4.10): a word longer than the column breaks, and at phone width a listing in a
  /// list item takes the item's width. `Scripts/browser_check.py` measures the pages themselves; this
  /// keeps the two rules from being dropped without a build noticing.
  func testTheStylesheetKeepsPagesWithinAPhonesWindow() throws {
    let css = String(decoding: try XCTUnwrap(SiteAssets.files["assets/book.css"]), as: UTF8.self)
    XCTAssertTrue(css.contains(".content, .sidebar { overflow-wrap: break-word; }"))
    XCTAssertTrue(css.contains(":is(li, blockquote) > :is(figure.listing, details.tests) { --code-box: 100%; }"))
  }
}
