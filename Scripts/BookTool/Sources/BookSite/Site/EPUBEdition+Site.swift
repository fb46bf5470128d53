import BookKit
import Foundation

/// The e-book as one more file of the site, made from the site's chapter pages and pictures.
extension EPUBEdition {
  /// Claims the e-book's name in `site` before the pictures are copied, so that a picture of the same
  /// name is reported (`image-name-collision`) rather than replaced.
  static func reserveName(in site: inout RenderedSite, metadata: BookMetadata) {
    site.files[Self.fileName(for: metadata)] = Data()
  }

  /// Adds the e-book to a rendered site whose chapter pages and pictures are in `site.files`, converting
  /// only the chapters that `cache` lacks; returns what the cache should keep. Nothing is made for a site
  /// with errors, which is never written. `sections` are each chapter's headings when the render has
  /// found them already (its plan's), else they are found here.
  @discardableResult
  static func add(
    to site: inout RenderedSite, book: Book, metadata: BookMetadata, sections: [[Section]] = [],
    cache: EPUBChapterCache? = nil
  ) -> EPUBChapterCache.Pending? {
    guard !site.diagnostics.hasErrors else { return nil }
    let known = sections.count == book.chapters.count
    let chapters = book.chapters.enumerated().map { index, chapter in
      ChapterPage(
        title: chapter.title, number: chapter.number, pageName: chapter.pageName,
        page: site.files[chapter.pageName] ?? Data(), sections: known ? sections[index] : chapter.sections)
    }
    var resources: [String: Data] = [:]
    for image in site.images {
      let path = SiteImages.normalized(image)
      if Self.mediaType(of: path) != nil, let data = site.files[path] { resources[path] = data }
    }
    let edition = EPUBEdition(
      metadata: metadata, chapters: chapters,
      groups: metadata.groups(of: book.chapters).map { ($0.title, $0.chapterIndices) }, resources: resources)
    let cached = cache?.load() ?? (entries: [:], stored: [], unreadable: [])
    let converted = edition.bodies(reusing: cached.entries)
    site.files[Self.fileName(for: metadata)] = edition.archive(bodies: converted.bodies)
    guard let cache else { return nil }
    let entries = Dictionary(zip(converted.keys, converted.bodies), uniquingKeysWith: { first, _ in first })
    return EPUBChapterCache.Pending(
      cache: cache, entries: entries, reused: converted.reused, stored: cached.stored, unreadable: cached.unreadable)
  }

  /// `add(to:…)` on another thread, for a site that goes on growing meanwhile: once asked for its `value`,
  /// the e-book's name, its file as `add` leaves it (the reserved empty file when the site has errors) and
  /// what the cache should keep.
  static func adding(
    to site: RenderedSite, book: Book, metadata: BookMetadata, sections: [[Section]], cache: EPUBChapterCache?
  ) -> Background<(name: String, data: Data?, pending: EPUBChapterCache.Pending?)> {
    Background {
      var site = site
      let pending = Self.add(to: &site, book: book, metadata: metadata, sections: sections, cache: cache)
      let name = Self.fileName(for: metadata)
      return (name, site.files[name], pending)
    }
  }
}
