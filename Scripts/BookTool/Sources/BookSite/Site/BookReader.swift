import BookKit
import Foundation

/// The inputs one part of the site has read so far. Thread-safe: a part's work may be spread over cores.
final class InputRecorder: @unchecked Sendable {
  // Unchecked: `read` is touched only while holding `lock`.
  private let lock = NSLock()
  private var read: Set<BookInput> = []

  /// Notes that `input` was read.
  func note(_ input: BookInput) {
    self.lock.withLock { _ = self.read.insert(input) }
  }

  /// Notes everything `other` has read.
  func note(everythingReadBy other: InputRecorder) {
    let read = other.lock.withLock { other.read }
    self.lock.withLock { self.read.formUnion(read) }
  }

  /// Everything read, with each input's digest in `digests`, by name.
  func inputs(in digests: BookInputDigests) -> [String: String] {
    let read = self.lock.withLock { self.read }
    var inputs: [String: String] = [:]
    for input in read { inputs[input.name] = digests.digest(input)?.hex ?? "" }
    return inputs
  }
}

/// What a page of the site may know about the book, each read noted (`BookInput`): the page functions
/// (`PageRenderer`) see the book only through this, so the memo's record of what a page read is complete
/// by construction. The values handed out were computed once for the whole render (`SiteRenderer.Prepared`);
/// each accessor names the inputs its value is computed from.
struct BookReader: Sendable {
  private let prepared: SiteRenderer.Prepared
  /// Where this part's reads are noted.
  let recorder: InputRecorder

  init(_ prepared: SiteRenderer.Prepared, recorder: InputRecorder = InputRecorder()) {
    self.prepared = prepared
    self.recorder = recorder
  }

  /// The same book, read through a recorder of its own.
  func withOwnRecorder() -> BookReader {
    BookReader(self.prepared)
  }

  /// Keeps chapter `index`'s print article, written beside its page, for the print edition's part.
  func keepPrintArticle(_ article: PrintArticles.Article, of index: Int) {
    self.prepared.printArticles.keep(article, of: index)
  }

  /// Chapter `index`'s print article as its page wrote it, with what it read noted as this part's reads;
  /// nil when no page wrote it in this render.
  func takePrintArticle(_ index: Int) -> ArticleHTML? {
    guard let article = self.prepared.printArticles.take(index) else { return nil }
    self.recorder.note(everythingReadBy: article.inputs)
    return article.html
  }

  /// Chapter `index` as a whole.
  func chapter(_ index: Int) -> Chapter {
    self.recorder.note(.chapter(index))
    return self.prepared.book.chapters[index]
  }

  /// Chapter `index`'s headings (with their ids).
  func sections(_ index: Int) -> [Section] {
    self.recorder.note(.chapter(index))
    return self.prepared.plan.sections[index]
  }

  /// The figures numbered among chapter `index`'s pictures, by line.
  func pictures(_ index: Int) -> [Int: ReaderNumbers.Picture] {
    self.recorder.note(.chapter(index))
    return self.prepared.plan.numbers[index].pictures
  }

  /// `book.json`'s title, parts and repository (the status record is read through `status(_:)`).
  var metadata: BookMetadata {
    self.recorder.note(.outline)
    return self.prepared.metadata.withoutStatus
  }

  /// Chapter `index`'s status for its code header: its tag, the tests it writes (counted in the tangle at
  /// its end) and its last verified result from the status record.
  func status(_ index: Int) -> ChapterStatusView {
    self.recorder.note(.status(index))
    self.recorder.note(.outline)
    self.recorder.note(.listings)
    return ChapterStatusView(
      index, of: self.prepared.book, metadata: self.prepared.metadata, testCounts: self.prepared.testCounts)
  }

  /// How many chapters the book has.
  var chapterCount: Int {
    self.recorder.note(.outline)
    return self.prepared.book.chapters.count
  }

  /// Chapter `index`'s path, number, title and page name (its prose is not read).
  func heading(_ index: Int) -> (path: String, number: Int?, title: String, pageName: String) {
    self.recorder.note(.outline)
    let chapter = self.prepared.book.chapters[index]
    return (chapter.path, chapter.number, chapter.title, chapter.pageName)
  }

  /// Every chapter's page name, in book order.
  var chapterPageNames: [String] {
    self.recorder.note(.outline)
    return self.prepared.book.chapters.map(\.pageName)
  }

  /// How captions name every chapter (`chapter 1`, or its title), in book order.
  var chapterLabels: [String] {
    self.recorder.note(.outline)
    return self.prepared.book.chapters.map(SiteRenderer.label)
  }

  /// Chapter `index`'s git tag (`chapter-03`).
  func tag(_ index: Int) -> String {
    self.recorder.note(.outline)
    return ChapterTagger.tagName(for: self.prepared.book.chapters[index], index: index)
  }

  /// How a caption names chapter `index`: `chapter 1`, or its title.
  func label(_ index: Int) -> String {
    self.recorder.note(.outline)
    return SiteRenderer.label(self.prepared.book.chapters[index])
  }

  /// The frame every page shares. It reads the outline, and the current chapter's headings only on that
  /// chapter's own page, which reads the chapter anyway.
  var template: PageTemplate {
    self.recorder.note(.outline)
    return self.prepared.plan.template
  }

  /// Every version of every tangled file, each with its code page.
  var code: CodeVersions {
    self.recorder.note(.listings)
    return self.prepared.plan.code
  }

  /// Chapter `index`'s listing anchors.
  func anchors(_ index: Int) -> [String] {
    self.recorder.note(.listings)
    return self.prepared.plan.anchors[index]
  }

  /// Every chapter's labels (listings and figures), by chapter path, then anchor.
  var labels: [String: [String: String]] {
    self.recorder.note(.listings)
    return self.prepared.labels
  }

  /// Where the listing `id` (the one that wrote a chunk) is: its chapter's index and its place among the
  /// chapter's listings; nil when the book has no such listing. An id names a chapter file and a place
  /// among its blocks, so the answer depends only on the listings (and the tangle, a function of them).
  func listing(_ id: ListingID) -> (chapter: Int, ordinal: Int)? {
    self.recorder.note(.listings)
    let book = self.prepared.book
    guard let chapter = book.chapterIndex(of: id), book.chapters[chapter].listings.indices.contains(id.ordinal)
    else { return nil }
    return (chapter, id.ordinal)
  }

  /// Every declaration of the book's modules with the listings that changed it: a function of the listings
  /// and their tangle.
  var symbols: SymbolIndex {
    self.recorder.note(.listings)
    return SymbolIndex(book: self.prepared.book, declarations: self.prepared.declarations)
  }

  /// Every chapter's listing labels (`Listing 3.2`, nil for unnumbered ones), by chapter, then place.
  var listingLabels: [[String?]] {
    self.recorder.note(.listings)
    return self.prepared.plan.numbers.map(\.listingLabels)
  }

  /// The views of chapter `index`'s listings: captions, changed-line marks, highlighted code, diagrams.
  func views(_ index: Int) -> [ListingView] {
    self.recorder.note(.chapter(index))
    self.recorder.note(.listings)
    self.recorder.note(.outline)
    self.recorder.note(.graphviz)
    self.noteData(of: index)
    return self.prepared.views(of: index)
  }

  /// The result files chapter `index` uses (its tables, charts and quoted numbers), each read noted.
  func data(_ index: Int) -> BookData {
    self.noteData(of: index)
    return self.prepared.data
  }

  /// Notes every result file chapter `index` uses.
  private func noteData(of index: Int) {
    for name in self.prepared.data.names(usedBy: index) { self.recorder.note(.data(name)) }
  }

  /// What chapter `index` changes in the code (its hunks are tied to the chapter's listings by line).
  func changes(_ index: Int) -> ChapterChanges {
    self.recorder.note(.chapter(index))
    self.recorder.note(.listings)
    self.recorder.note(.outline)
    return self.prepared.changes(of: index)
  }

  /// The frames of code pages (the template's, moved into each folder depth).
  var codePageFrames: CodePageFrames {
    self.recorder.note(.outline)
    return self.prepared.codePageFrames
  }

  /// Highlighted lines of a text (the renderer's highlighter is a cache: same text, same lines).
  func highlightedLines(_ text: String, isSwift: Bool) -> [String] {
    self.prepared.highlighter.lines(text, isSwift: isSwift)
  }
}
