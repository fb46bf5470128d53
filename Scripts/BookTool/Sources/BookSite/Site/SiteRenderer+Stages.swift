import BookKit
import Foundation

/// The renderer's stages, each a function of its arguments that the build (`SiteRenderer.render`,
/// `MemoizedRender`) calls in turn and times: the plan of the whole book, what the parts about to be
/// rendered need prepared (highlighting, diagrams, listing views, changes), each part through a
/// `BookReader`, and the site put together from the parts.
extension SiteRenderer {
  /// What a render knows about the whole book before rendering any part.
  struct Plan: Sendable {
    /// Each chapter's headings, listing anchors and numbers.
    var sections: [[Section]], anchors: [[String]], numbers: [ReaderNumbers]
    /// Every version of every file, each with its code page.
    var code: CodeVersions
    /// The frame every page shares.
    var template: PageTemplate
    /// The digest of every input a part may read.
    var digests: BookInputDigests
    /// Every part of the site, in book order.
    var parts: [SitePart]
  }

  /// Sections, anchors, numbers, code versions and input digests of the whole book.
  func plan() -> Plan {
    let chapters = self.book.chapters
    let perChapter = Parallel.map(Array(chapters.indices)) { index in
      let sections = chapters[index].sections
      let anchors = ListingView.anchors(of: chapters[index], sections: sections)
      let numbers = ReaderNumbers(chapter: chapters[index], listingAnchors: anchors, sections: sections)
      return (sections: sections, anchors: anchors, numbers: numbers)
    }
    let (sections, anchors, numbers) = (
      perChapter.map(\.sections), perChapter.map(\.anchors), perChapter.map(\.numbers)
    )
    let code = CodeVersions(book: self.book)
    var digests = BookInputDigests(
      book: self.book, metadata: self.metadata, anchors: anchors, numbers: numbers, graphviz: GraphvizLibrary.identity)
    digests.add(self.data)
    let parts: [SitePart] =
      chapters.indices.flatMap { [SitePart.page($0), .changes($0), .article($0), .searchEntries($0)] }
      + code.versions.indices.map { SitePart.code($0) } + [.symbols]
    return Plan(
      sections: sections, anchors: anchors, numbers: numbers, code: code,
      template: PageTemplate(metadata: self.metadata, chapters: chapters, sections: sections), digests: digests,
      parts: parts)
  }

  /// Where `part` lies in the site.
  func location(of part: SitePart, plan: Plan) -> SitePart.Location {
    let chapters = self.book.chapters
    switch part {
    case .page(let index): return .file(chapters[index].pageName)
    case .changes(let index): return .file(ChangesPage.pageName(of: chapters[index]))
    case .article(let index): return .slice("print.html", index)
    case .searchEntries(let index): return .slice(SearchIndex.path, index)
    case .code(let index): return .file(plan.code.versions[index].sitePath)
    case .symbols: return .file(SymbolIndex.pageName)
    }
  }

  /// What the parts to render need prepared, by chapter index: a page needs its chapter's listing views
  /// and, for its code header, its changes; an article needs the views; a changes page its changes; a code
  /// page its version's text highlighted; the symbols page every module listing's declarations.
  struct Needs: Sendable {
    var views = Set<Int>(), changes = Set<Int>(), codeVersions = Set<Int>()
    /// Whether the symbols page is rendered: it needs the declarations of every module listing.
    var symbols = false

    init(rendering parts: [SitePart]) {
      for part in parts {
        switch part {
        case .page(let index):
          self.views.insert(index)
          self.changes.insert(index)
        case .article(let index): self.views.insert(index)
        case .changes(let index): self.changes.insert(index)
        case .code(let index): self.codeVersions.insert(index)
        case .symbols: self.symbols = true
        case .searchEntries: break
        }
      }
    }

    /// The chapter prefixes whose files the changes compare: each chapter's and the one before it.
    var prefixes: Set<Int> { self.changes.union(self.changes.map { $0 - 1 }.filter { $0 >= 0 }) }
  }

  /// Every diagram laid out, with their diagnostics, each by its listing.
  typealias Diagrams = (
    results: [ListingID: (title: String?, result: Result<String, DiagnosticsError>)], diagnostics: [Diagnostic]
  )

  /// The files at the end of the chapters the changes need, as a reader sees them.
  func changeTexts(for needs: Needs) -> [ChapterChanges.Texts] {
    ChapterChanges.texts(of: self.book.prefixTangles, needed: needs.prefixes)
  }

  /// Every diagram of the book, from `store` when it has them: all of them, whichever parts are rendered,
  /// so that every build reports the same diagnostics.
  func diagrams(store: DiagramStore?) -> Diagrams {
    ListingView.diagrams(of: self.book, store: store)
  }

  /// Every text the needed views, changes and code pages show.
  func highlightKeys(for needs: Needs, texts: [ChapterChanges.Texts], plan: Plan) -> [Highlighter.Key] {
    let versions = plan.code.versions
    let code: [Highlighter.Key] = needs.codeVersions.sorted().filter { versions.indices.contains($0) }.compactMap {
      index in
      let version = versions[index]
      // A version whose chapter's texts the changes have is among their keys already: not joined and
      // hashed again (`ChapterChanges.highlightKeys` keys every text of every prefix given, by the same rule).
      guard !texts.indices.contains(version.first) || texts[version.first][version.path] == nil else { return nil }
      return Highlighter.Key(
        kind: version.path.hasSuffix(".swift") ? .swift : .plain, code: ChapterChanges.readerText(version.file))
    }
    let keys =
      ListingView.highlightKeys(of: self.book, chapters: needs.views) + ChapterChanges.highlightKeys(of: texts)
      + code
    guard needs.symbols else { return keys }
    // Highlighting a module listing yields its declarations too: only the others are scanned on their own.
    let highlighted = Set(keys.lazy.filter { $0.kind == .swift }.map { $0.with(kind: .declarations) })
    let declarations = SymbolIndex.codes(of: self.book).map { Highlighter.Key(kind: .declarations, code: $0) }
    return keys + declarations.filter { !highlighted.contains($0) }
  }

  /// Highlights `keys` at once, longest first, so that every core stays busy to the end.
  func highlight(_ keys: [Highlighter.Key]) {
    self.highlighter.prepare(keys)
  }

  /// Tells the highlighter to keep the declarations of every module listing (for the symbol index and the
  /// listings' links to it) and the test counts of every chapter's test files (for the chapter status)
  /// from the trees it parses anyway, and to decode them with the first texts of its cache; before the
  /// cache is read.
  func keepDeclarations() {
    self.highlighter.declarationKeys = Set(
      SymbolIndex.codes(of: self.book).map { Highlighter.Key(kind: .declarations, code: $0) })
    let chapters = self.book.chapters
    let prefixes = self.book.prefixTangles
    self.highlighter.testKeys = Set(
      chapters.indices.filter { prefixes.indices.contains($0) }.flatMap { index in
        TestCount.sources(of: chapters[index], prefix: prefixes[index]).map { Highlighter.Key(kind: .tests, code: $0) }
      })
    self.declarations.highlighter = self.highlighter
  }

  /// What every part's reader hands out, before any view or changes are prepared.
  func prepared(plan: Plan, texts: [ChapterChanges.Texts], diagrams: Diagrams) -> Prepared {
    var prepared = Prepared(
      book: self.book, metadata: self.metadata, plan: plan, highlighter: self.highlighter,
      declarations: self.declarations, texts: texts, diagrams: diagrams)
    (prepared.data, prepared.figures) = (self.data, DataFigures(book: self.book, data: self.data))
    return prepared
  }

  /// The listing views of the chapters in `needs`.
  func views(for needs: Needs, _ prepared: Prepared) -> [Int: [ListingView]] {
    let views = ListingView.filling(
      ListingView.filling(
        ListingView.views(
          of: self.book, chapters: needs.views, anchors: prepared.plan.anchors, numbers: prepared.plan.numbers,
          highlighter: self.highlighter, declarations: self.declarations, diffs: prepared.lineDiffs),
        with: prepared.diagrams),
      figures: prepared.figures)
    return Dictionary(uniqueKeysWithValues: needs.views.map { ($0, views[$0]) })
  }

  /// The changes of the chapters in `needs`.
  func changes(for needs: Needs, _ prepared: Prepared) -> [Int: ChapterChanges] {
    let all = ChapterChanges.all(
      in: self.book, chapters: needs.changes, prefixes: self.book.prefixTangles, texts: prepared.texts,
      anchors: prepared.plan.anchors, highlighter: self.highlighter, diffs: prepared.lineDiffs)
    var changes: [Int: ChapterChanges] = [:]
    for (index, chapter) in all.enumerated() { changes[index] = chapter }
    return changes
  }

  /// Renders one part through a reader that notes what it reads.
  func render(_ part: SitePart, prepared: Prepared) -> RenderedPart {
    let reader = BookReader(prepared)
    let pages = PageRenderer(reader: reader)
    let output: (data: Data?, images: [String])
    switch part {
    case .page(let index):
      let page = pages.chapterPage(index)
      output = (Data(page.html.utf8), page.images)
    case .changes(let index): output = (pages.changesPage(index).map { Data($0.utf8) }, [])
    case .article(let index): output = (pages.printArticle(index), [])
    case .searchEntries(let index): output = (Data(pages.searchEntries(index).utf8), [])
    case .code(let index): output = (Data(pages.codePage(index).utf8), [])
    case .symbols: output = (Data(pages.symbolsPage().utf8), [])
    }
    return RenderedPart(
      data: output.data, images: output.images, inputs: reader.recorder.inputs(in: prepared.plan.digests))
  }

  /// Everything computed once for the whole render that parts read through their `BookReader`.
  struct Prepared: Sendable {
    var book: Book, metadata: BookMetadata, plan: Plan
    /// Highlights each distinct text once.
    var highlighter: Highlighter
    /// Finds each listing's declarations once (kept by the highlighter).
    var declarations: DeclarationScanner
    /// The files at the end of the chapter prefixes the changes need.
    var texts: [ChapterChanges.Texts]
    var diagrams: Diagrams
    /// The result files, and the tables and charts drawn from them.
    var data = BookData(), figures = DataFigures()
    /// Listing views and changes made ahead for the chapters whose parts are rendered.
    var views: [Int: [ListingView]] = [:], changes: [Int: ChapterChanges] = [:]
    /// Every label of the book, by chapter path and anchor.
    let labels: [String: [String: String]]
    /// The template of code pages, made once per folder depth.
    let codePageFrames: CodePageFrames
    /// The test counts of the file texts the chapter pages have counted (`TestCount`).
    let testCounts: TestCounts
    /// The print articles the chapter pages wrote beside their own, for the print edition's parts.
    let printArticles = PrintArticles()
    /// The line diffs of this render, each pair of texts diffed once (listing views and changes).
    let lineDiffs = LineDiffs()

    init(
      book: Book, metadata: BookMetadata, plan: Plan, highlighter: Highlighter, declarations: DeclarationScanner,
      texts: [ChapterChanges.Texts], diagrams: Diagrams
    ) {
      (self.book, self.metadata, self.plan, self.highlighter) = (book, metadata, plan, highlighter)
      self.declarations = declarations
      (self.texts, self.diagrams) = (texts, diagrams)
      self.codePageFrames = CodePageFrames(template: plan.template, bookTitle: metadata.title)
      self.testCounts = TestCounts(highlighter: highlighter)
      self.labels = Dictionary(
        zip(book.chapters.map(\.path), plan.numbers.map(\.labels)), uniquingKeysWith: { first, _ in first })
    }

    /// Chapter `index`'s listing views, made now if they were not made ahead.
    func views(of index: Int) -> [ListingView] {
      if let views = self.views[index] { return views }
      let views = ListingView.filling(
        ListingView.filling(
          ListingView.views(
            of: self.book, chapters: [index], anchors: self.plan.anchors, numbers: self.plan.numbers,
            highlighter: self.highlighter, declarations: self.declarations, diffs: self.lineDiffs),
          with: self.diagrams),
        figures: self.figures)
      return views[index]
    }

    /// Chapter `index`'s changes, made now if they were not made ahead.
    func changes(of index: Int) -> ChapterChanges {
      if let changes = self.changes[index] { return changes }
      let prefixes = self.book.prefixTangles
      let texts = ChapterChanges.texts(of: prefixes, needed: [index, index - 1])
      return ChapterChanges(
        index: index, before: index == 0 ? [] : prefixes[index - 1], after: prefixes[index],
        texts: (index == 0 ? [:] : texts[index - 1], texts[index]), book: self.book,
        anchors: self.plan.anchors[index], highlighter: self.highlighter, diffs: self.lineDiffs)
    }
  }
}
