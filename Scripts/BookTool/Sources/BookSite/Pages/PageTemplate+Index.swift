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
        html += "<ol>\n" + group.chapterIndices.map(self.contentsEntry).joined() + "</ol>\n"
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

  /// One chapter of the table of contents, with its level-2 sections.
  private func contentsEntry(_ index: Int) -> String {
    let chapter = self.chapters[index]
    var html = "<li><a class=\"chapter-link\" href=\"\(HTML.escapeURL(chapter.pageName))\">"
    html += Self.numberLabel(chapter) + HTML.escape(chapter.title) + "</a>\n"
    let sections = self.sections[index].filter { $0.level == 2 }
    if !sections.isEmpty {
      html += "<ol class=\"sections\">\n"
      for section in sections {
        html += "<li><a href=\"\(HTML.escapeURL(chapter.pageName))#\(HTML.escapeURL(section.id))\">"
        html += "\(HTML.escape(section.title))</a></li>\n"
      }
      html += "</ol>\n"
    }
    return html + "</li>\n"
  }
}
