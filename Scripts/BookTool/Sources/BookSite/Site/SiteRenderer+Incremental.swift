import BookKit
import Foundation

/// The stages of a render that may reuse an earlier site: what every page depends on, rendering only the
/// pages that are missing, and putting reused and rendered pages together.
extension SiteRenderer {
  /// What a render knows about every chapter before rendering any page.
  struct Plan {
    /// Each chapter's headings, listing anchors and numbers.
    var sections: [[Section]], anchors: [[String]], numbers: [ReaderNumbers]
    /// The key of every page.
    var keys: PageKeys
    /// Every version of every file, each with its code page.
    var code: CodeVersions
  }

  /// Sections, anchors, numbers and page keys of the whole book.
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
    let keys = PageKeys(
      book: self.book, metadata: self.metadata, anchors: anchors, numbers: numbers, dot: DiagramCache.identity)
    return Plan(sections: sections, anchors: anchors, numbers: numbers, keys: keys, code: CodeVersions(book: self.book))
  }

  /// The pages a render produced, by chapter index (nil where the earlier site's page is reused).
  struct RenderedParts {
    var template: PageTemplate
    /// The renderer's context of each chapter whose page or print article is rendered.
    var contexts: [ChapterRenderer.Context?]
    /// Each chapter's page and changes page, when rendered.
    var pages: [(page: (html: String, images: [String])?, changes: String?)]
    /// Every diagram's problems, whichever pages are rendered.
    var diagnostics: [Diagnostic]
  }

  /// Highlights, lays out and renders what `reused` lacks: a page needs its chapter's listing views and,
  /// for its code header, its changes; a changes page needs its changes.
  func renderMissing(
    plan: Plan, reused: Reused, diagrams store: DiagramStore?, timings: inout SiteTimings
  ) -> RenderedParts {
    let chapters = self.book.chapters
    let needViews = reused.missingPages.union(reused.missingArticles)
    let needChanges = reused.missingPages.union(reused.missingChanges)
    let prefixes = self.book.prefixTangles
    let texts = timings.measure(.changes) {
      ChapterChanges.texts(of: prefixes, needed: needChanges.union(needChanges.map { $0 - 1 }.filter { $0 >= 0 }))
    }
    // graphviz lays diagrams out one at a time: meanwhile the highlighter keeps the other core busy.
    let layout = Background { [book = self.book] in ListingView.diagrams(of: book, store: store) }
    timings.measure(.highlight) {
      // Every text at once, longest first, so that every core stays busy to the end.
      self.highlighter.prepare(
        ListingView.highlightKeys(of: self.book, chapters: needViews) + ChapterChanges.highlightKeys(of: texts))
    }
    let diagrams = timings.measure(.diagrams) { layout.value }
    let views = timings.measure(.views) {
      ListingView.filling(
        ListingView.views(
          of: self.book, chapters: needViews, anchors: plan.anchors, numbers: plan.numbers,
          highlighter: self.highlighter, declarations: self.declarations),
        with: diagrams)
    }
    let changes = timings.measure(.changes) {
      ChapterChanges.all(
        in: self.book, chapters: needChanges, prefixes: prefixes, texts: texts, anchors: plan.anchors,
        highlighter: self.highlighter)
    }
    let labels = Dictionary(
      zip(chapters.map(\.path), plan.numbers.map(\.labels)), uniquingKeysWith: { first, _ in first })
    let template = PageTemplate(metadata: self.metadata, chapters: chapters, sections: plan.sections)
    let contexts = Parallel.map(Array(chapters.indices)) { index -> ChapterRenderer.Context? in
      guard needViews.contains(index) else { return nil }
      var context = self.context(index, listings: views[index], sections: plan.sections[index], code: plan.code)
      context.pictures = plan.numbers[index].pictures
      context.labels = labels
      return context
    }
    let pages = timings.measure(.pages) {
      Parallel.map(Array(chapters.indices)) { index in
        let changesPage = changes[index].map { self.changesPage(index, changes: $0, code: plan.code) }
        let page =
          reused.missingPages.contains(index)
          ? self.chapterPage(index, context: contexts[index]!, template: template, codeHeader: changesPage!.header)
          : nil
        let changesHTML =
          reused.missingChanges.contains(index) && changesPage!.header != nil
          ? self.page(of: changesPage!, template: template) : nil
        return (page: page, changes: changesHTML)
      }
    }
    return RenderedParts(template: template, contexts: contexts, pages: pages, diagnostics: diagrams.diagnostics)
  }

  /// Every chapter's page and changes page, rendered or reused, with their memo entries and the images
  /// the pages use.
  func addChapterFiles(_ parts: RenderedParts, plan: Plan, reused: Reused, to site: inout RenderedSite) {
    var images = Set<String>()
    for (index, chapter) in self.book.chapters.enumerated() {
      let page = parts.pages[index].page.map { (data: Data($0.html.utf8), images: $0.images) } ?? reused.pages[index]!
      site.files[chapter.pageName] = page.data
      images.formUnion(page.images)
      site.memo.entries[chapter.pageName] = SiteMemo.Entry(key: plan.keys.pages[index], images: page.images)
      let changesName = ChangesPage.pageName(of: chapter)
      let changes =
        reused.missingChanges.contains(index)
        ? parts.pages[index].changes.map { Data($0.utf8) } : reused.changes[index]!
      site.files[changesName] = changes
      site.memo.entries[changesName] = SiteMemo.Entry(key: plan.keys.changes[index], absent: changes == nil)
    }
    site.images = images.sorted()
  }

  /// The search index, each chapter's entries reused or made, with where each chapter's block lies.
  func addSearchIndex(plan: Plan, reused: Reused, to site: inout RenderedSite) {
    let chapters = self.book.chapters
    let blocks = Parallel.map(Array(chapters.indices)) { index in
      reused.searchBlocks[index]
        ?? Data(SearchIndex.block(of: chapters[index], sections: plan.sections[index], index: index).utf8)
    }
    let script = SearchIndex.script(pages: chapters.map { ($0.pageName, $0.title) }, blocks: blocks)
    site.files[SearchIndex.path] = script.data
    site.memo.entries[SearchIndex.path] = SiteMemo.Entry(
      key: plan.keys.book,
      articles: PrintPage(data: script.data, ranges: script.ranges).articles(keys: plan.keys.search))
  }
}
