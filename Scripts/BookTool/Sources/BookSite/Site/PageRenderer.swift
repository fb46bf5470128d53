import BookKit
import Foundation

/// Renders each part of the site from what it reads through its `BookReader`, and from nothing else: it
/// holds no book, so whatever a page shows, the memo's record of what it read covers it.
struct PageRenderer {
  /// The book as this part may read it.
  let reader: BookReader

  /// Chapter `index`'s page, and the images it uses.
  /// The chapter's print article is written in the same walk and kept for the print edition's part
  /// (`printArticle`), with what it read, which the page reads too.
  func chapterPage(_ index: Int) -> (html: String, images: [String]) {
    let chapter = self.reader.chapter(index)
    let article = self.articleWithPrintEdition(index)
    let previous =
      index > 0 ? self.neighbour(index - 1) : PageTemplate.Neighbour(href: "index.html", title: "Contents")
    let next = index + 1 < self.reader.chapterCount ? self.neighbour(index + 1) : nil
    var changes = self.changes(index)
    changes.status = self.reader.status(index)
    let codeHeader = changes.header
    let html = self.reader.template.page(
      title: "\(chapter.title) · \(self.reader.metadata.title)",
      content: (codeHeader ?? "") + "<article class=\"chapter\">\n\(article.html.text)</article>\n", current: index,
      previous: previous, next: next)
    return (html, article.images)
  }

  /// Chapter `index`'s changes page, between the chapter and the next one; nil when the chapter changes no
  /// code. Its sidebar marks no chapter as current, because the current chapter's section links point into
  /// the chapter's own page.
  func changesPage(_ index: Int) -> String? {
    let changes = self.changes(index)
    guard changes.header != nil else { return nil }
    let next = index + 1 < self.reader.chapterCount ? self.neighbour(index + 1) : nil
    return self.reader.template.page(
      title: "Changes in the code: \(changes.chapter.title) · \(self.reader.metadata.title)",
      content: changes.content, current: nil, previous: self.neighbour(index), next: next)
  }

  /// Chapter `index`'s article inside the print edition, where its ids carry its page name: as its page
  /// wrote it in this render, else rendered here.
  func printArticle(_ index: Int) -> Data {
    let chapter = self.reader.chapter(index)
    // Written once as bytes: the article is most of the print edition's 2 MB.
    let start = "<article class=\"chapter\" id=\"\(HTML.escape(PageLinks.stem(chapter.pageName)))\">\n"
    let end = "</article>\n"
    if let written = self.reader.takePrintArticle(index)?.printArticle(start: start, end: end) { return written }
    var context = self.context(index)
    context.links = self.printLinks(of: context)
    let article = ChapterRenderer.render(chapter, context: context, printLinks: nil)
    var data = Data(capacity: start.utf8.count + article.html.text.utf8.count + end.utf8.count)
    data.append(contentsOf: start.utf8)
    data.append(contentsOf: article.html.text.utf8)
    data.append(contentsOf: end.utf8)
    return data
  }

  /// Chapter `index`'s article for its page, written in the same walk as the print edition's, which is
  /// kept for `printArticle` with what it read (read through a recorder of its own, then noted as the
  /// page's reads too).
  private func articleWithPrintEdition(_ index: Int) -> (html: ArticleHTML, images: [String]) {
    let printReader = self.reader.withOwnRecorder()
    let printPages = PageRenderer(reader: printReader)
    let chapter = printReader.chapter(index)
    let context = printPages.context(index)
    let article = ChapterRenderer.render(chapter, context: context, printLinks: printPages.printLinks(of: context))
    self.reader.recorder.note(everythingReadBy: printReader.recorder)
    printReader.keepPrintArticle(PrintArticles.Article(html: article.html, inputs: printReader.recorder), of: index)
    return article
  }

  /// Where a chapter's ids and links point in the print edition, from its page's context (`context(_:)`),
  /// whose reads cover them: the chapter, every chapter's page name and the code pages.
  private func printLinks(of context: ChapterRenderer.Context) -> PageLinks {
    let links = context.links
    return PageLinks(
      mode: .printEdition, currentPage: links.currentPage, chapterPages: Set(context.chapterPages),
      chapterPath: links.chapterPath, codePages: links.codePages)
  }

  /// Chapter `index`'s entries in the search index.
  func searchEntries(_ index: Int) -> String {
    SearchIndex.block(
      of: self.reader.chapter(index), sections: self.reader.sections(index), index: index,
      data: self.reader.data(index))
  }

  /// What chapter `index` changes in the code, ready to render.
  private func changes(_ index: Int) -> ChangesPage {
    let code = self.reader.code
    return ChangesPage(
      chapter: self.reader.chapter(index), changes: self.reader.changes(index), tag: self.reader.tag(index),
      previousTag: index > 0 ? self.reader.tag(index - 1) : nil,
      codePages: (old: code.pages(atChapter: index - 1), new: code.pages(atChapter: index)))
  }

  /// The pager's link to a chapter.
  private func neighbour(_ index: Int) -> PageTemplate.Neighbour {
    let heading = self.reader.heading(index)
    return PageTemplate.Neighbour(href: heading.pageName, title: heading.title)
  }

  /// What a chapter's renderer needs to know about the book, for the chapter's own page.
  func context(_ index: Int) -> ChapterRenderer.Context {
    let chapter = self.reader.chapter(index)
    let sections = self.reader.sections(index)
    // Made once: the page's links and its captions' source links share it, and the print edition's links.
    let codePages = self.reader.code.pages(atChapter: index)
    var context = ChapterRenderer.Context(
      listings: self.reader.views(index),
      sectionIDs: Dictionary(sections.map { ($0.line, $0.id) }, uniquingKeysWith: { first, _ in first }),
      chapterPages: self.reader.chapterPageNames, chapterLabels: self.reader.chapterLabels,
      links: PageLinks(
        mode: .chapterPages, currentPage: chapter.pageName, chapterPages: [], chapterPath: chapter.path,
        codePages: codePages),
      sourceLink: SourceLink(
        repositoryURL: self.reader.metadata.repositoryURL, tag: self.reader.tag(index), codePages: codePages))
    context.pictures = self.reader.pictures(index)
    context.labels = self.reader.labels
    context.data = self.reader.data(index)
    return context
  }
}
