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
}
