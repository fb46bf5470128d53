import BookKit

/// What each page of the site is rendered from, as a digest: two renders that give a page the same key
/// give it the same bytes, so a build may reuse the page an earlier build wrote under that key
/// (`SiteMemo`). ARCHITECTURE.md ("Incremental site builds") argues what each key must cover.
///
/// - The **book digest** covers everything one page reads about *other* chapters: the metadata
///   (`book.json`: title, parts, repository URL; and `BookMetadata.status`, the chapter status record
///   `Chapters/status.json` that each chapter page's code header shows), the graphviz library, and for every chapter in order its
///   path, number, title, listing anchors and labels (numbered cross-references, "replaces …" captions),
///   and each listing's language, attributes and code (which decide the tangle, hence every "replaces"
///   caption, changed-line mark and changes page). Prose and line numbers are left out: a page reads
///   those of its own chapter only.
/// - A **chapter page** or **print article** adds its chapter's index and source bytes; a chapter page also
///   its status (`ChapterStatus`): whether its verified result still matches the chapters 0…N, which an
///   edit of an earlier chapter's prose changes.
/// - A **changes page** adds its chapter's index: it shows tangled code only.
/// - A chapter's **search entries** are its index, path, title and source bytes alone.
struct PageKeys: Sendable {
  /// The digest of what pages read about the whole book.
  var book: ContentDigest
  /// Each chapter page's key, in book order.
  var pages: [ContentDigest]
  /// Each chapter's article in the print edition.
  var printArticles: [ContentDigest]
  /// Each chapter's changes page.
  var changes: [ContentDigest]
  /// Each chapter's entries in the search index: they read the chapter alone.
  var search: [ContentDigest]

  init(book: Book, metadata: BookMetadata, anchors: [[String]], numbers: [ReaderNumbers], dot: String) {
    var hasher = DigestHasher()
    hasher.combine("book-site pages 1")
    hasher.combine(String(reflecting: metadata))
    hasher.combine(dot)
    hasher.combine(book.chapters.count)
    for (index, chapter) in book.chapters.enumerated() {
      hasher.combine(chapter.path)
      hasher.combine(chapter.number.map(String.init))
      hasher.combine(chapter.title)
      hasher.combine(anchors[index].count)
      for anchor in anchors[index] { hasher.combine(anchor) }
      let labels = numbers[index].labels.sorted { $0.key < $1.key }
      hasher.combine(labels.count)
      for (anchor, label) in labels {
        hasher.combine(anchor)
        hasher.combine(label)
      }
      hasher.combine(chapter.listings.count)
      for listing in chapter.listings {
        hasher.combine(listing.language)
        hasher.combine(listing.attributes.count)
        for attribute in listing.attributes {
          hasher.combine(attribute.key)
          hasher.combine(attribute.value)
        }
        hasher.combine(listing.code)
      }
    }
    let digest = hasher.finalize()
    self.book = digest
    self.pages = book.chapters.indices.map { index in
      Self.key("page", digest, index: index, source: book.chapters[index], status: Self.status(index, book, metadata))
    }
    self.printArticles = book.chapters.indices.map { Self.key("print", digest, index: $0, source: book.chapters[$0]) }
    self.changes = book.chapters.indices.map { Self.key("changes", digest, index: $0, source: nil) }
    let none = ContentDigest(high: 0, low: 0)
    self.search = book.chapters.indices.map { Self.key("search", none, index: $0, source: book.chapters[$0]) }
  }

  /// A page's key: its kind, the book digest, its chapter's index and, for pages that show the chapter's
  /// prose, its path, title and source digest.
  private static func key(
    _ kind: String, _ book: ContentDigest, index: Int, source: Chapter?, status: String? = nil
  ) -> ContentDigest {
    var hasher = DigestHasher()
    hasher.combine(status)
    hasher.combine(kind)
    hasher.combine(book)
    hasher.combine(index)
    if let source {
      // The file's name too: a chapter without a `# ` heading is titled by it (hostile case 5).
      hasher.combine(source.path)
      hasher.combine(source.title)
      hasher.combine(source.sourceDigest)
    }
    return hasher.finalize()
  }

  /// A chapter's status as its page shows it, or nil when the book has no status record.
  private static func status(_ index: Int, _ book: Book, _ metadata: BookMetadata) -> String? {
    metadata.status.map { record in
      let tag = ChapterTagger.tagName(for: book.chapters[index], index: index)
      return String(reflecting: record.status(ofChapter: index, in: book.chapters, tag: tag))
    }
  }
}
