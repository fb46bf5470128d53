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
    let chapters = self.book.chapters
    let sections = timings.measure(\.render) { Parallel.map(chapters) { $0.sections } }
    let prefixes = timings.measure(\.parse) { ChapterChanges.prefixTangles(of: self.book) }
    let texts = timings.measure(\.parse) { ChapterChanges.texts(of: prefixes) }
    let listings = timings.measure(\.highlight) {
      // Every text at once, longest first, so that every core stays busy to the end.
      self.highlighter.prepare(ListingView.highlightKeys(of: self.book) + ChapterChanges.highlightKeys(of: texts))
      return ListingView.views(of: self.book, sections: sections, highlighter: self.highlighter)
    }
    let changes = timings.measure(\.highlight) {
      ChapterChanges.all(
        in: self.book, prefixes: prefixes, texts: texts, anchors: listings.views.map { $0.map(\.anchor) },
        highlighter: self.highlighter)
    }
    let labels = Dictionary(
      zip(chapters.map(\.path), listings.numbers.map(\.labels)), uniquingKeysWith: { first, _ in first })
    return timings.measure(\.render) {
      let template = PageTemplate(metadata: self.metadata, chapters: chapters, sections: sections)
      var site = RenderedSite()
      site.diagnostics = listings.diagnostics
      let pages = Parallel.map(Array(chapters.indices)) { index in
        var context = self.context(index, listings: listings.views[index], sections: sections[index])
        context.pictures = listings.numbers[index].pictures
        context.labels = labels
        let changesPage = self.changesPage(index, changes: changes[index])
        return (
          page: self.chapterPage(index, context: context, template: template, codeHeader: changesPage.header),
          print: self.printArticle(index, context: context),
          changes: changesPage.header == nil ? nil : self.page(of: changesPage, template: template)
        )
      }
      var images = Set<String>()
      for (chapter, page) in zip(chapters, pages) {
        site.files[chapter.pageName] = Data(page.page.html.utf8)
        if let changes = page.changes { site.files[ChangesPage.pageName(of: chapter)] = Data(changes.utf8) }
        images.formUnion(page.page.images)
      }
      site.files["index.html"] = Data(self.indexPage(template: template).utf8)
      site.files["print.html"] = Data(self.printPage(articles: pages.map(\.print), template: template).utf8)
      site.files["assets/search-index.js"] = Data(SearchIndex(chapters: chapters, sections: sections).script.utf8)
      for (path, bytes) in SiteAssets.files { site.files[path] = Data(bytes) }
      site.images = images.sorted()
      return site
    }
  }

  /// A chapter's page and the images it uses.
  private func chapterPage(
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
  private func changesPage(_ index: Int, changes: ChapterChanges) -> ChangesPage {
    let chapters = self.book.chapters
    return ChangesPage(
      chapter: chapters[index], changes: changes, tag: ChapterTagger.tagName(for: chapters[index], index: index),
      previousTag: index > 0 ? ChapterTagger.tagName(for: chapters[index - 1], index: index - 1) : nil)
  }

  /// A chapter's changes page, between the chapter and the next one. Its sidebar marks no chapter as
  /// current, because the current chapter's section links point into the chapter's own page.
  private func page(of changes: ChangesPage, template: PageTemplate) -> String {
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
  private func printArticle(_ index: Int, context: ChapterRenderer.Context) -> String {
    let chapter = self.book.chapters[index]
    var context = context
    context.links = PageLinks(
      mode: .printEdition, currentPage: chapter.pageName, chapterPages: Set(self.book.chapters.map(\.pageName)))
    let article = ChapterRenderer.render(chapter, context: context)
    let id = HTML.escape(PageLinks.stem(chapter.pageName))
    return "<article class=\"chapter\" id=\"\(id)\">\n\(article.html)</article>\n"
  }

  /// What a chapter's renderer needs to know about the book, for the chapter's own page.
  private func context(_ index: Int, listings: [ListingView], sections: [Section]) -> ChapterRenderer.Context {
    let chapter = self.book.chapters[index]
    var byLine: [Int: ListingView] = [:]
    for (listing, view) in zip(chapter.listings, listings) { byLine[listing.fence.line] = view }
    return ChapterRenderer.Context(
      listings: byLine,
      sectionIDs: Dictionary(sections.map { ($0.line, $0.id) }, uniquingKeysWith: { first, _ in first }),
      chapterPages: self.book.chapters.map(\.pageName), chapterLabels: self.book.chapters.map(Self.label),
      links: PageLinks(mode: .chapterPages, currentPage: chapter.pageName, chapterPages: []),
      sourceLink: SourceLink(
        repositoryURL: self.metadata.repositoryURL, tag: ChapterTagger.tagName(for: chapter, index: index)))
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

  /// `print.html`: the title, then every chapter in order, on one page.
  private func printPage(articles: [String], template: PageTemplate) -> String {
    var content = "<header class=\"book-header\">\n<h1>\(HTML.escape(self.metadata.title))</h1>\n"
    if let subtitle = self.metadata.subtitle { content += "<p class=\"subtitle\">\(HTML.escape(subtitle))</p>\n" }
    content += "<p class=\"edition-note\">Print edition: every chapter on one page. "
    content += "<a href=\"index.html\">Back to the contents</a>.</p>\n</header>\n"
    content += articles.joined()
    return template.page(
      title: "\(self.metadata.title) (print edition)", content: content, current: nil, previous: nil, next: nil,
      bodyClass: "print-edition", sidebar: false)
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
  /// Where the chapters produce a file, by path inside the site (an image's first use): where a problem
  /// writing that file is reported. Files not listed are reported at their own path.
  public var origins: [String: SourceLocation] = [:]

  /// Creates an empty site.
  public init() {}
}
