import BookKit
import Foundation

/// Renders a loaded book into the files of its site: a page per chapter, the index, the print edition, the
/// assets and the search index. Pure: the same book gives the same bytes, and nothing is written here.
public struct SiteRenderer: Sendable {
  /// The book, loaded and tangled (tangling gives the listings' "replaces …" captions).
  public var book: Book
  /// The title, subtitle and parts.
  public var metadata: BookMetadata
  /// Highlights each distinct text once, starting from a cache when the build has one.
  var highlighter = Highlighter()

  /// Creates a renderer.
  public init(book: Book, metadata: BookMetadata) {
    self.book = book
    self.metadata = metadata
  }

  /// Every file of the site, with the images the chapters use and any diagnostics (diagrams that cannot be
  /// rendered). Timings are added to `timings`.
  public func render(timings: inout SiteTimings) -> RenderedSite {
    self.render(timings: &timings, earlier: nil)
  }

  /// The same, reusing the pages of `earlier` whose keys (`PageKeys`) have not changed: the result is
  /// byte for byte what a render without `earlier` gives (ARCHITECTURE.md, "Incremental site builds").
  /// `diagrams` keeps laid-out diagrams between builds. The site's `memo` records each page's key.
  func render(timings: inout SiteTimings, earlier: EarlierSite?, diagrams store: DiagramStore? = nil) -> RenderedSite {
    // Reading and hashing the old pages does not depend on the plan: it runs on another thread meanwhile.
    let prefetch = Background { earlier?.prefetchingRecordedFiles() }
    let plan = timings.measure(.plan) { self.plan() }
    let earlier = prefetch.value
    let reused = timings.measure(.plan) { Reused(earlier: earlier, book: self.book, keys: plan.keys) }
    let parts = self.renderMissing(plan: plan, reused: reused, diagrams: store, timings: &timings)
    var site = RenderedSite()
    site.diagnostics = parts.diagnostics
    site.memo = SiteMemo.Record(tool: SiteStamp.toolIdentity)
    self.addChapterFiles(parts, plan: plan, reused: reused, to: &site)
    timings.measure(.pages) {
      self.addCodePages(plan.code, plan: plan, earlier: earlier, template: parts.template, to: &site)
    }
    let articles = timings.measure(.print) {
      Parallel.map(Array(self.book.chapters.indices)) { index in
        reused.articles[index]
          ?? Data(self.printArticle(index, context: parts.contexts[index]!, code: plan.code).utf8)
      }
    }
    timings.measure(.print) {
      let print = self.printPage(articles: articles, template: parts.template)
      site.files["print.html"] = print.data
      site.memo.entries["print.html"] = SiteMemo.Entry(
        key: plan.keys.book, articles: print.articles(keys: plan.keys.printArticles))
    }
    timings.measure(.pages) {
      site.files["index.html"] = Data(self.indexPage(template: parts.template).utf8)
      for (path, bytes) in SiteAssets.files { site.files[path] = Data(bytes) }
    }
    timings.measure(.search) { self.addSearchIndex(plan: plan, reused: reused, to: &site) }
    site.reusedFiles.formUnion(reused.pages.keys.map { self.book.chapters[$0].pageName })
    site.reusedFiles.formUnion(reused.changes.keys.map { ChangesPage.pageName(of: self.book.chapters[$0]) })
    site.reusedArticles = reused.articles.compactMap { $0 }.count
    site.reusedSearchBlocks = reused.searchBlocks.compactMap { $0 }.count
    site.readAhead = earlier?.readAhead ?? [:]
    return site
  }

  /// A chapter's page and the images it uses.
  func chapterPage(
    _ index: Int, context: ChapterRenderer.Context, template: PageTemplate, codeHeader: String?
  ) -> (html: String, images: [String]) {
    let chapter = self.book.chapters[index]
    let article = ChapterRenderer.render(chapter, context: context)
    let previous = index > 0 ? self.neighbour(index - 1) : PageTemplate.Neighbour(href: "index.html", title: "Contents")
    let next = index + 1 < self.book.chapters.count ? self.neighbour(index + 1) : nil
    let html = template.page(
      title: "\(chapter.title) · \(self.metadata.title)",
      content: (codeHeader ?? "") + "<article class=\"chapter\">\n\(article.html)</article>\n", current: index,
      previous: previous, next: next)
    return (html, article.images)
  }

  /// What chapter `index` changes in the code, ready to render.
  func changesPage(_ index: Int, changes: ChapterChanges, code: CodeVersions) -> ChangesPage {
    let chapters = self.book.chapters
    return ChangesPage(
      chapter: chapters[index], changes: changes, tag: ChapterTagger.tagName(for: chapters[index], index: index),
      previousTag: index > 0 ? ChapterTagger.tagName(for: chapters[index - 1], index: index - 1) : nil,
      codePages: (old: code.pages(atChapter: index - 1), new: code.pages(atChapter: index)),
      status: ChapterStatusView(index, of: self.book, metadata: self.metadata))
  }

  /// A chapter's changes page, between the chapter and the next one. Its sidebar marks no chapter as
  /// current, because the current chapter's section links point into the chapter's own page.
  func page(of changes: ChangesPage, template: PageTemplate) -> String {
    let index = changes.changes.chapterIndex
    let next = index + 1 < self.book.chapters.count ? self.neighbour(index + 1) : nil
    return template.page(
      title: "Changes in the code: \(changes.chapter.title) · \(self.metadata.title)", content: changes.content,
      current: nil, previous: self.neighbour(index), next: next)
  }

  /// The pager's link to a chapter.
  private func neighbour(_ index: Int) -> PageTemplate.Neighbour {
    PageTemplate.Neighbour(href: self.book.chapters[index].pageName, title: self.book.chapters[index].title)
  }

  /// A chapter's article inside the print edition, where its ids carry its page name.
  private func printArticle(_ index: Int, context: ChapterRenderer.Context, code: CodeVersions) -> String {
    let chapter = self.book.chapters[index]
    var context = context
    context.links = PageLinks(
      mode: .printEdition, currentPage: chapter.pageName, chapterPages: Set(self.book.chapters.map(\.pageName)),
      chapterPath: chapter.path, codePages: code.pages(atChapter: index))
    let article = ChapterRenderer.render(chapter, context: context)
    let id = HTML.escape(PageLinks.stem(chapter.pageName))
    return "<article class=\"chapter\" id=\"\(id)\">\n\(article.html)</article>\n"
  }

  /// What a chapter's renderer needs to know about the book, for the chapter's own page.
  func context(
    _ index: Int, listings: [ListingView], sections: [Section], code: CodeVersions
  ) -> ChapterRenderer.Context {
    let chapter = self.book.chapters[index]
    var byLine: [Int: ListingView] = [:]
    for (listing, view) in zip(chapter.listings, listings) { byLine[listing.fence.line] = view }
    return ChapterRenderer.Context(
      listings: byLine,
      sectionIDs: Dictionary(sections.map { ($0.line, $0.id) }, uniquingKeysWith: { first, _ in first }),
      chapterPages: self.book.chapters.map(\.pageName), chapterLabels: self.book.chapters.map(Self.label),
      links: PageLinks(
        mode: .chapterPages, currentPage: chapter.pageName, chapterPages: [], chapterPath: chapter.path,
        codePages: code.pages(atChapter: index)),
      sourceLink: SourceLink(
        repositoryURL: self.metadata.repositoryURL, tag: ChapterTagger.tagName(for: chapter, index: index),
        codePages: code.pages(atChapter: index)))
  }

  /// How a caption names a chapter: `chapter 1`, or its title when it has no number.
  static func label(_ chapter: Chapter) -> String {
    chapter.number.map { "chapter \($0)" } ?? chapter.title
  }

  /// `index.html`.
  private func indexPage(template: PageTemplate) -> String {
    let first = self.book.chapters.first.map { PageTemplate.Neighbour(href: $0.pageName, title: $0.title) }
    return template.page(
      title: self.metadata.title, content: template.indexContent, current: nil, previous: nil, next: first,
      bodyClass: "index")
  }

  /// `print.html`: the title, then every chapter in order, on one page; with where each article lies in
  /// it, so that the next build can take unchanged articles from the file.
  private func printPage(articles: [Data], template: PageTemplate) -> PrintPage {
    var content = "<header class=\"book-header\">\n<h1>\(HTML.escape(self.metadata.title))</h1>\n"
    if let subtitle = self.metadata.subtitle { content += "<p class=\"subtitle\">\(HTML.escape(subtitle))</p>\n" }
    content += "<p class=\"edition-note\">Print edition: every chapter on one page. "
    content += "<a href=\"index.html\">Back to the contents</a>.</p>\n</header>\n"
    // The page around a marker that no title can hold (Markdown never yields U+0000, and the metadata's
    // title is escaped), then the articles put in its place.
    let marker = "\u{0}"
    let frame = template.page(
      title: "\(self.metadata.title) (print edition)", content: content + marker, current: nil, previous: nil,
      next: nil, bodyClass: "print-edition", sidebar: false)
    let parts = frame.split(separator: marker, omittingEmptySubsequences: false)
    guard parts.count == 2 else {
      let page = template.page(
        title: "\(self.metadata.title) (print edition)",
        content: content + articles.map { String(decoding: $0, as: UTF8.self) }.joined(), current: nil,
        previous: nil, next: nil, bodyClass: "print-edition", sidebar: false)
      return PrintPage(data: Data(page.utf8), ranges: nil)
    }
    var data = Data(parts[0].utf8)
    var ranges: [Range<Int>] = []
    for article in articles {
      let start = data.count
      data.append(article)
      ranges.append(start..<data.count)
    }
    data.append(contentsOf: parts[1].utf8)
    return PrintPage(data: data, ranges: ranges)
  }
}

/// The files of a rendered site, before anything is written.
public struct RenderedSite: Sendable {
  /// Every file by its path inside the site (`index.html`, `assets/book.css`, …).
  public var files: [String: Data] = [:]
  /// Image sources the chapters use, relative to the chapters folder, sorted: copied beside the pages.
  public var images: [String] = []
  /// Problems found while rendering; any error means nothing may be written.
  public var diagnostics: [Diagnostic] = []
  /// The hash of every input file as it was read for this render (chapters, `book.json`, images), by
  /// path relative to the input workspace; empty when the book was not read from a workspace.
  public var inputs: [String: UInt64] = [:]
  /// What this render highlighted, when it was made with a highlight cache: saved only after a successful
  /// write (`SiteBuild.keepHighlights`).
  var highlighter: Highlighter?
  /// The files this render took from the earlier site rather than rendering them (memo builds).
  var reusedFiles: Set<String> = []
  /// How many print articles it took from the earlier `print.html`.
  var reusedArticles = 0
  /// How many chapters' search entries it took from the earlier search index.
  var reusedSearchBlocks = 0
  /// The earlier site's files as this render read them (memo builds), by path inside the site: the
  /// output plan uses these bytes instead of reading the files again.
  var readAhead: [String: Data] = [:]
  /// The diagrams this render laid out or found, when it was made with a diagram cache.
  var diagramStore: DiagramStore?
  /// The e-book's converted chapters to keep, when it was made with their cache (`EPUBChapterCache`).
  var epubChapters: EPUBChapterCache.Pending?
  /// What each page was rendered from, for the next build (`SiteMemo`).
  var memo = SiteMemo.Record(tool: "")
  /// Where the chapters produce a file, by path inside the site (an image's first use): where a problem
  /// writing that file is reported. Files not listed are reported at their own path.
  public var origins: [String: SourceLocation] = [:]

  /// Creates an empty site.
  public init() {}
}
