import BookKit

/// A part of the book that a page of the site reads, by name. Pages read the book only through a
/// `BookReader`, which notes every input it hands out; the page memo (`SiteMemo`) records the inputs each
/// page read with their digests, and the next build reuses a page only when every one of them is the same.
/// So what a page depends on is never listed by hand: it is whatever the page asked for.
enum BookInput: Hashable, Sendable {
  /// One chapter as a whole, at its place in the book: its index, its file's path and its bytes (its title,
  /// headings, listings and prose all come from those two).
  case chapter(Int)
  /// What frames every page: `book.json`, and every chapter's path, number, title and page name, in order
  /// (sidebar, pager, tags, "chapter N" captions, links between chapters).
  case outline
  /// The book's code and numbering: every chapter's listings (language, attributes, code), their anchors,
  /// and every chapter's labels (listing and figure numbers). The tangle, and all the site derives from it
  /// (changes, code pages, "replaces …" captions, changed-line marks), is a function of these.
  case listings
  /// The graphviz library that lays the diagrams out.
  case graphviz
  /// Chapter N's status as its page shows it (issue 19, item 8): its entry in `Chapters/status.json`
  /// (`BookMetadata.status`) and whether chapters 0…N still give that entry's digest, which an edit of an
  /// earlier chapter's prose changes. The outline leaves the record out.
  case status(Int)
  /// The result file `Chapters/data/NAME.json` (issue 22): its bytes, or that it is missing. A page that
  /// draws a figure from it or quotes one of its numbers reads it.
  case data(String)

  /// The name the memo stores: `chapter 3`, `outline`, `listings`, `graphviz`, `status 3`.
  var name: String {
    switch self {
    case .chapter(let index): "chapter \(index)"
    case .status(let index): "status \(index)"
    case .outline: "outline"
    case .listings: "listings"
    case .graphviz: "graphviz"
    case .data(let name): "data \(name)"
    }
  }
}

/// The digest of every `BookInput` of one book, computed once per build from the values the reader hands
/// out.
struct BookInputDigests: Sendable {
  /// Each input's digest, by name.
  private(set) var byName: [String: ContentDigest] = [:]

  /// The digests of `book`'s inputs, given each chapter's listing anchors and numbers.
  init(book: Book, metadata: BookMetadata, anchors: [[String]], numbers: [ReaderNumbers], graphviz: String) {
    for (index, chapter) in book.chapters.enumerated() {
      var hasher = DigestHasher()
      hasher.combine(index)
      hasher.combine(chapter.path)
      hasher.combine(chapter.sourceDigest)
      self.byName[BookInput.chapter(index).name] = hasher.finalize()
      self.byName[BookInput.status(index).name] = Self.status(index, of: book, metadata: metadata)
    }
    self.byName[BookInput.outline.name] = Self.outline(of: book, metadata: metadata)
    self.byName[BookInput.listings.name] = Self.listings(of: book, anchors: anchors, numbers: numbers)
    var hasher = DigestHasher()
    hasher.combine(graphviz)
    self.byName[BookInput.graphviz.name] = hasher.finalize()
  }

  /// Adds the digest of every result file `data` holds: its bytes, or that it is missing.
  mutating func add(_ data: BookData) {
    for (name, bytes) in data.bytes {
      var hasher = DigestHasher()
      hasher.combine(bytes.map { String(ContentHash.of($0)) + " " + String(decoding: $0, as: UTF8.self) })
      self.byName[BookInput.data(name).name] = hasher.finalize()
    }
  }

  /// The digest of the input named `name`, or nil when the book has no such input (a chapter past its end).
  func digest(named name: String) -> ContentDigest? {
    self.byName[name]
  }

  /// The digest of `input`.
  func digest(_ input: BookInput) -> ContentDigest? {
    self.byName[input.name]
  }

  /// Chapter `index`'s status: its record entry and whether it is current, stale or missing.
  private static func status(_ index: Int, of book: Book, metadata: BookMetadata) -> ContentDigest {
    var hasher = DigestHasher()
    hasher.combine(String(reflecting: ChapterStatusView.status(index, of: book.chapters, metadata: metadata)))
    return hasher.finalize()
  }

  /// `book.json` as read (without the status record, an input of its own), and each chapter's path,
  /// number, title and page name.
  private static func outline(of book: Book, metadata: BookMetadata) -> ContentDigest {
    var hasher = DigestHasher()
    hasher.combine(String(reflecting: metadata.withoutStatus))
    hasher.combine(book.chapters.count)
    for chapter in book.chapters {
      hasher.combine(chapter.path)
      hasher.combine(chapter.number.map(String.init))
      hasher.combine(chapter.title)
      hasher.combine(chapter.pageName)
    }
    return hasher.finalize()
  }

  /// Every chapter's path, listings, listing anchors and labels, in order.
  private static func listings(of book: Book, anchors: [[String]], numbers: [ReaderNumbers]) -> ContentDigest {
    var hasher = DigestHasher()
    hasher.combine(book.chapters.count)
    for (index, chapter) in book.chapters.enumerated() {
      hasher.combine(chapter.path)
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
    return hasher.finalize()
  }
}

extension BookMetadata {
  /// `book.json` alone: the metadata without the chapter status record, which pages read as
  /// `BookInput.status` so that a new result renders only the pages that show it.
  var withoutStatus: BookMetadata {
    var metadata = self
    metadata.status = nil
    return metadata
  }
}
