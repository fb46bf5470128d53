import BookKit

extension PageTemplate {
  /// The index page's content: title, subtitle, and the table of contents by part, each chapter with its
  /// top-level sections.
  var indexContent: String {
    var html = "<header class=\"book-header\">\n<h1>\(HTML.escape(self.metadata.title))</h1>\n"
    if let subtitle = self.metadata.subtitle {
      html += "<p class=\"subtitle\">\(HTML.escape(subtitle))</p>\n"
    }
    html += "</header>\n<nav class=\"contents\" aria-label=\"Table of contents\">\n"
    for group in self.metadata.groups(of: self.chapters) {
      html += "<h2>\(HTML.escape(group.title ?? "Chapters"))</h2>\n"
      if !group.chapterIndices.isEmpty {
        let entries = group.chapterIndices.map { self.contentsEntry($0, in: .chapterPages) }
        html += "<ol>\n" + entries.joined() + "</ol>\n"
      }
      if let toCome = group.toCome { html += "<p class=\"to-come\">To come: \(HTML.escape(toCome))</p>\n" }
    }
    html += "</nav>\n"
    html += "<p class=\"edition-note\">The whole book on one page, for printing or reading offline: "
    html += "<a href=\"print.html\">print edition</a>; as an e-book: "
    html += "<a href=\"\(HTML.escapeURL(EPUBEdition.fileName(for: self.metadata)))\">EPUB</a>.</p>\n"
    html += "<p class=\"edition-note\">Every type, function, property and enum case of the book's modules, "
    html += "with the chapters that changed it: the <a href=\"\(SymbolIndex.pageName)\">symbol index</a>.</p>\n"
    if let repository = self.metadata.repositoryURL {
      html += "<p class=\"edition-note\">Sources: <a href=\"\(HTML.escapeURL(repository))\">"
      html += "\(HTML.escape(repository))</a></p>\n"
    }
    return html
  }

  /// The print edition's table of contents, after its title page: every part, each chapter (number and
  /// title) and its level-2 sections in nested lists, each linking to its place on the page
  /// (`#01-immutable-data`, `#01-immutable-data--the-store`), so that a printed PDF keeps them clickable.
  var printContents: String {
    var html = "<nav class=\"contents print-contents\" aria-label=\"Table of contents\">\n"
    html += "<h2>Contents</h2>\n<ol class=\"parts\">\n"
    for group in self.metadata.groups(of: self.chapters) {
      html += "<li><p class=\"part-name\">\(HTML.escape(group.title ?? "Chapters"))</p>\n"
      if !group.chapterIndices.isEmpty {
        let entries = group.chapterIndices.map { self.contentsEntry($0, in: .printEdition) }
        html += "<ol>\n" + entries.joined() + "</ol>\n"
      }
      if let toCome = group.toCome { html += "<p class=\"to-come\">To come: \(HTML.escape(toCome))</p>\n" }
      html += "</li>\n"
    }
    return html + "</ol>\n</nav>\n"
  }

  /// One chapter of a table of contents, with its level-2 sections, linking to the chapter's page or, in
  /// the print edition, to the chapter's article on the one page.
  private func contentsEntry(_ index: Int, in mode: PageLinks.Mode) -> String {
    let chapter = self.chapters[index]
    let links = PageLinks(mode: mode, currentPage: "", chapterPages: [chapter.pageName])
    let href = HTML.escapeURL(links.href(page: chapter.pageName, anchor: nil))
    var html = "<li><a class=\"chapter-link\" href=\"\(href)\">"
    html += Self.numberLabel(chapter) + HTML.escape(chapter.title) + "</a>\n"
    let sections = self.sections[index].filter { $0.level == 2 }
    if !sections.isEmpty {
      html += "<ol class=\"sections\">\n"
      for section in sections {
        let href = HTML.escapeURL(links.href(page: chapter.pageName, anchor: section.id))
        html += "<li><a href=\"\(href)\">"
        html += "\(HTML.escape(section.title))</a></li>\n"
      }
      html += "</ol>\n"
    }
    return html + "</li>\n"
  }
}
