import BookKit
import Foundation

/// Renders a loaded book into the files of its site: a page per chapter, the index, the print edition, the
/// assets and the search index. Pure: the same book gives the same bytes; it reads no file, writes
/// nothing and keeps no record of what it did. Its stages (`SiteRenderer+Stages`) render each part of the
/// site through a `BookReader` that notes what the part read, which is what lets a build reuse parts from
/// outside (`MemoizedRender`).
package struct SiteRenderer: Sendable {
  /// The book, loaded and tangled (tangling gives the listings' "replaces …" captions).
  package var book: Book
  /// The title, subtitle and parts.
  package var metadata: BookMetadata
  /// Highlights each distinct text once, starting from a cache when the build has one.
  var highlighter = Highlighter()
  /// Finds each listing's declarations once per build, for the symbol index and the listings' links to it.
  var declarations = DeclarationScanner()
  /// The result files the chapters draw figures and quote numbers from (`Chapters/data/`).
  package var data = BookData()

  /// Creates a renderer.
  package init(book: Book, metadata: BookMetadata) {
    self.book = book
    self.metadata = metadata
  }

  /// Every file of the site, with the images the chapters use and any diagnostics (diagrams that cannot be
  /// rendered): every part rendered, none reused. `MemoizedRender` runs the same stages with an earlier
  /// site and a clock.
  package func render() -> RenderedSite {
    MemoizedRender.run(self).site
  }

  /// The site put together from every part (`parts` must hold each of `prepared.plan.parts`; a part it
  /// lacks is rendered here), but for the bytes of `print.html` and the search script, whose names it
  /// holds with no bytes yet: `printAndSearch` makes them once the search entries are rendered.
  func assemble(_ parts: [SitePart: RenderedPart], prepared: Prepared) -> RenderedSite {
    func part(_ part: SitePart) -> RenderedPart { self.part(part, of: parts, prepared: prepared) }
    var site = RenderedSite()
    site.diagnostics = prepared.diagrams.diagnostics + prepared.figures.diagnostics
    var images = Set<String>()
    for index in self.book.chapters.indices {
      let page = part(.page(index))
      site.files[self.book.chapters[index].pageName] = page.data
      images.formUnion(page.images)
      site.place(part(.changes(index)), at: ChangesPage.pageName(of: self.book.chapters[index]))
    }
    site.images = images.sorted()
    for (index, version) in prepared.plan.code.versions.enumerated() {
      site.place(part(.code(index)), at: version.sitePath)
    }
    for path in ["print.html", SearchIndex.path] { site.files[path] = Data() }
    site.files["index.html"] = Data(self.indexPage(template: prepared.plan.template).utf8)
    site.place(part(.symbols), at: SymbolIndex.pageName)
    for (path, bytes) in SiteAssets.files { site.files[path] = Data(bytes) }
    return site
  }

  /// `print.html` and the search script, by path, made from the parts' print articles and search entries,
  /// with where each article and each chapter's search entries lie, by file, for the memo.
  func printAndSearch(
    _ parts: [SitePart: RenderedPart], prepared: Prepared
  ) -> (files: [String: Data], slices: [String: [Range<Int>]?]) {
    func part(_ part: SitePart) -> RenderedPart { self.part(part, of: parts, prepared: prepared) }
    let print = self.printPage(
      articles: self.book.chapters.indices.map { part(.article($0)).data ?? Data() }, template: prepared.plan.template)
    let search = SearchIndex.script(
      pages: self.book.chapters.map { ($0.pageName, $0.title) },
      blocks: self.book.chapters.indices.map { part(.searchEntries($0)).data ?? Data() })
    return (
      ["print.html": print.data, SearchIndex.path: search.data],
      ["print.html": print.ranges, SearchIndex.path: search.ranges]
    )
  }

  /// A part as rendered, or rendered now when `parts` lacks it.
  private func part(_ part: SitePart, of parts: [SitePart: RenderedPart], prepared: Prepared) -> RenderedPart {
    parts[part] ?? self.render(part, prepared: prepared)
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

  /// `print.html`: the title, the table of contents, then every chapter in order, on one page; with where
  /// each article lies in it, so that the next build can take unchanged articles from the file.
  private func printPage(articles: [Data], template: PageTemplate) -> PrintPage {
    var content = "<header class=\"book-header\">\n<h1>\(HTML.escape(self.metadata.title))</h1>\n"
    if let subtitle = self.metadata.subtitle { content += "<p class=\"subtitle\">\(HTML.escape(subtitle))</p>\n" }
    content += "<p class=\"edition-note\">Print edition: every chapter on one page. "
    content += "<a href=\"index.html\">Back to the contents</a>.</p>\n</header>\n"
    content += template.printContents
    // The page around a marker that no title can hold (Markdown never yields U+0000, and the metadata's
    // title is escaped), then the articles put in its place.
    let marker = "\u{0}"
    let frame = template.page(
      title: "\(self.metadata.title) (print edition)", content: content + marker, current: nil, previous: nil,
      next: nil, bodyClass: "print-edition", sidebar: false)
    // U+0000 is a grapheme of its own: its byte splits the frame where its character does.
    let bytes = Data(frame.utf8)
    guard let split = bytes.firstIndex(of: 0), bytes.lastIndex(of: 0) == split else {
      let page = template.page(
        title: "\(self.metadata.title) (print edition)",
        content: content + articles.map { String(decoding: $0, as: UTF8.self) }.joined(), current: nil,
        previous: nil, next: nil, bodyClass: "print-edition", sidebar: false)
      return PrintPage(data: Data(page.utf8), ranges: nil)
    }
    var data = Data()
    // The whole page at once: grown by doubling, its 2 MB would be copied and faulted in several times.
    data.reserveCapacity(bytes.count - 1 + articles.reduce(0) { $0 + $1.count })
    data.append(bytes[..<split])
    var ranges: [Range<Int>] = []
    for article in articles {
      let start = data.count
      data.append(article)
      ranges.append(start..<data.count)
    }
    data.append(bytes[(split + 1)...])
    return PrintPage(data: data, ranges: ranges)
  }
}

/// The files of a rendered site, before anything is written: what the site is, and nothing about how it
/// was made (that is `BuiltSite`).
package struct RenderedSite: Sendable {
  /// Every file by its path inside the site (`index.html`, `assets/book.css`, …).
  package var files: [String: Data] = [:]
  /// Files an earlier build wrote that stay as they are, unread (their status is as the page memo recorded
  /// it: `EarlierSite`), by path inside the site, with the memo's hash of their bytes. Only a memo build
  /// has any; a path is in `files` or here, never both.
  package var kept: [String: UInt64] = [:]
  /// Image sources the chapters use, relative to the chapters folder, sorted: copied beside the pages.
  package var images: [String] = []
  /// Problems found while rendering; any error means nothing may be written.
  package var diagnostics: [Diagnostic] = []
  /// Where the chapters produce a file, by path inside the site (an image's first use): where a problem
  /// writing that file is reported. Files not listed are reported at their own path.
  package var origins: [String: SourceLocation] = [:]

  /// Creates an empty site.
  package init() {}
}

extension RenderedSite {
  /// Puts a part's file at `path`: its bytes, or the earlier file kept unread.
  mutating func place(_ part: RenderedPart, at path: String) {
    if let hash = part.kept { self.kept[path] = hash } else { self.files[path] = part.data }
  }
}
