import BookKit
import Foundation

/// The e-book as one more file of the site, made from the site's chapter pages and pictures.
extension EPUBEdition {
  /// Claims the e-book's name in `site` before the pictures are copied, so that a picture of the same
  /// name is reported (`image-name-collision`) rather than replaced.
  static func reserveName(in site: inout RenderedSite, metadata: BookMetadata) {
    site.files[Self.fileName(for: metadata)] = Data()
  }

  /// Adds the e-book to a rendered site whose chapter pages and pictures are in `site.files`. Nothing is
  /// made for a site with errors, which is never written.
  static func add(to site: inout RenderedSite, book: Book, metadata: BookMetadata) {
    guard !site.diagnostics.hasErrors else { return }
    let chapters = book.chapters.map { chapter in
      ChapterPage(
        title: chapter.title, number: chapter.number, pageName: chapter.pageName,
        page: site.files[chapter.pageName] ?? Data(), sections: chapter.sections)
    }
    var resources: [String: Data] = [:]
    for image in site.images {
      let path = SiteImages.normalized(image)
      if Self.mediaType(of: path) != nil, let data = site.files[path] { resources[path] = data }
    }
    let edition = EPUBEdition(
      metadata: metadata, chapters: chapters,
      groups: metadata.groups(of: book.chapters).map { ($0.title, $0.chapterIndices) }, resources: resources)
    site.files[Self.fileName(for: metadata)] = edition.archive()
  }
}
