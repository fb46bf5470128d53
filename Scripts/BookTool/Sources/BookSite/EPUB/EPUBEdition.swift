import BookKit
import Foundation

/// The book as an EPUB 3 e-book, made from the site's own chapter pages: each page's article (headings,
/// highlighted listings, tables, footnotes, diagrams as SVG) becomes one XHTML document, with the pictures
/// the pages use, a table of contents by part, chapter and section, and a stylesheet for e-readers.
///
/// The same pages give the same bytes: nothing depends on the clock (`dcterms:modified` is `book.json`'s
/// `modified`), the identifier is derived from the title, and the archive is written with fixed dates in
/// a fixed order (`ZipArchive`).
struct EPUBEdition {
  /// One chapter of the e-book.
  struct ChapterPage: Sendable {
    /// The chapter's title and number, as the table of contents says them.
    var title: String, number: Int?
    /// The chapter's site page (`01-x.html`) and its bytes as the site renders them.
    var pageName: String, page: Data
    /// Its headings, for the table of contents.
    var sections: [Section]
  }

  /// The folder inside the archive that holds the book's documents.
  static let folder = "EPUB"
  /// The package document's path inside the archive.
  static let packagePath = "\(folder)/package.opf"
  /// The e-book's language (the site's pages say the same).
  static let language = "en"
  /// `dcterms:modified` when `book.json` gives no `modified`: a fixed date rather than the clock.
  static let defaultModified = "2000-01-01T00:00:00Z"

  /// The title, subtitle, parts and date.
  var metadata: BookMetadata
  /// Every chapter, in reading order.
  var chapters: [ChapterPage]
  /// The parts: titles and indices into `chapters` (`BookMetadata.groups`).
  var groups: [(title: String?, chapterIndices: [Int])]
  /// The pictures the pages use, by path inside the site (`images/a.svg`), with their bytes.
  var resources: [String: Data]

  /// The e-book's file name inside the site: the title in lowercase words joined by `-`
  /// (`Immutable Swift` → `immutable-swift.epub`), or `book.epub` for a title without letters or digits.
  static func fileName(for metadata: BookMetadata) -> String {
    var words: [String] = []
    var word = ""
    for scalar in metadata.title.lowercased().unicodeScalars {
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        word.unicodeScalars.append(scalar)
      } else if !word.isEmpty {
        words.append(word)
        word = ""
      }
    }
    if !word.isEmpty { words.append(word) }
    return words.isEmpty ? "book.epub" : words.joined(separator: "-") + ".epub"
  }

  /// A chapter's e-book document name: `01-x.html` → `01-x.xhtml`.
  static func documentName(of pageName: String) -> String {
    (pageName.hasSuffix(".html") ? String(pageName.dropLast(5)) : pageName) + ".xhtml"
  }

  /// The e-book's identifier: a UUID made from the title, so that every edition of the book has the same
  /// one (`urn:uuid:…`, version 8: "made by the application").
  var identifier: String {
    let title = Data("epub-identifier\u{0}\(self.metadata.title)".utf8)
    let high = ContentHash.of(title)
    let low = ContentHash.of(Data("second half\u{0}".utf8) + title)
    var bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
    bytes += (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    bytes[6] = (bytes[6] & 0x0F) | 0x80
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    let hex = bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
      .joined()
    let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
      String(hex.dropFirst(range.lowerBound).prefix(range.count))
    }
    return "urn:uuid:" + groups.joined(separator: "-")
  }

  /// `dcterms:modified`: `book.json`'s `modified`, a date alone taken as its midnight UTC.
  var modified: String {
    guard let modified = self.metadata.modified else { return Self.defaultModified }
    return modified.count == 10 ? modified + "T00:00:00Z" : modified
  }

  /// The chapters' articles converted, each taken from `cached` when it is there: by chapter, with the key
  /// of each, and how many were taken.
  func bodies(reusing cached: [EPUBChapterCache.Key: Data]) -> (
    bodies: [Data], keys: [EPUBChapterCache.Key], reused: Int
  ) {
    let documents = Dictionary(
      self.chapters.map { ($0.pageName, Self.documentName(of: $0.pageName)) }, uniquingKeysWith: { first, _ in first })
    let destinations = XHTMLConverter.Destinations(documents: documents, resources: Set(self.resources.keys))
    // Where links may lead decides what a link becomes, so it is part of every key.
    let digest = (documents.keys.sorted() + ["\u{0}"] + self.resources.keys.sorted()).joined(separator: "\n")
    let results = Parallel.map(self.chapters) { chapter in
      let article = Self.article(of: chapter.page)
      let key = EPUBChapterCache.key(article: article, digest: digest)
      if let body = cached[key] { return (body: body, key: key, reused: true) }
      return (body: Data(XHTMLConverter.convertedBytes(article, destinations: destinations)), key: key, reused: false)
    }
    return (results.map(\.body), results.map(\.key), results.filter(\.reused).count)
  }

  /// The archive's files in order: `mimetype` first, then the container, the package document, the
  /// table of contents, the stylesheet, the chapters and the pictures. `bodies` are the chapters' articles
  /// converted (`bodies(reusing:)`).
  /// Each file's bytes may come in parts, which the archive writes one after the other (a chapter's
  /// frame and its body, never copied together).
  func files(bodies: [Data]) -> [(path: String, parts: [Data])] {
    var files: [(path: String, parts: [Data])] = [
      ("mimetype", [Data("application/epub+zip".utf8)]),
      ("META-INF/container.xml", [Data(Self.container.utf8)]),
      (Self.packagePath, [Data(self.packageDocument(bodies: bodies).utf8)]),
      ("\(Self.folder)/\(Self.navigationName)", [Data(self.navigationDocument.utf8)]),
      ("\(Self.folder)/\(Self.stylesheetName)", [Data(EPUBStylesheet.css.utf8)]),
    ]
    for (chapter, body) in zip(self.chapters, bodies) {
      let path = "\(Self.folder)/\(Self.documentName(of: chapter.pageName))"
      files.append((path, Self.contentDocument(title: chapter.title, body: body)))
    }
    for path in self.resources.keys.sorted() { files.append(("\(Self.folder)/\(path)", [self.resources[path]!])) }
    return files
  }

  /// The `.epub` file's bytes.
  func archive() -> Data {
    self.archive(bodies: self.bodies(reusing: [:]).bodies)
  }

  /// The `.epub` file's bytes, given the chapters' articles converted.
  func archive(bodies: [Data]) -> Data {
    var zip = ZipArchive()
    for file in self.files(bodies: bodies) { zip.add(file.path, parts: file.parts) }
    return zip.data
  }

  /// The chapter's article in its site page: from `<article class="chapter">` to the last `</article>`
  /// (the code header before it and the pager after it are the site's own).
  static func article(of page: Data) -> Data.SubSequence {
    let start = Data("<article class=\"chapter\"".utf8)
    let end = Data("</article>".utf8)
    guard let from = page.range(of: start), let to = page.range(of: end, options: .backwards),
      from.lowerBound < to.upperBound
    else { return page[page.startIndex..<page.startIndex] }
    return page[from.lowerBound..<to.upperBound]
  }
}
