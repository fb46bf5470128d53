import BookKit
import Foundation

@testable import BookSite

/// Small books written inline, rendered the way `book site` renders them.
enum SiteFixture {
  /// A book of chapters given as (file name, Markdown).
  static func book(_ chapters: [(String, String)]) -> Book {
    Book(chapters: chapters.map { ChapterLoader.chapter(path: "Chapters/\($0.0)", source: $0.1).chapter })
  }

  /// Every file of the site of a book.
  static func site(_ chapters: [(String, String)], metadata: BookMetadata = Self.metadata) -> RenderedSite {
    SiteRenderer(book: Self.book(chapters), metadata: metadata).render()
  }

  /// The metadata of the fixtures.
  static let metadata = BookMetadata(
    title: "Fixture Book", subtitle: "Small books for tests",
    parts: [
      BookMetadata.Part(title: "Part 1: Basics", chapters: [1, 2]),
      BookMetadata.Part(title: "Missing", chapters: [9]),
    ])

  /// The text of one file of a site.
  static func text(_ site: RenderedSite, _ path: String) -> String {
    String(decoding: site.files[path] ?? Data(), as: UTF8.self)
  }

  /// The `<article>` of a chapter page: the part the Markdown renderer writes.
  static func article(_ page: String) -> String {
    guard let start = page.range(of: "<article"), let end = page.range(of: "</article>\n") else { return page }
    return String(page[start.lowerBound..<end.upperBound])
  }

  /// A fresh temporary folder.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("BookSiteTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
