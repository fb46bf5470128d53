import BookKit

/// The frame every page shares: head, top bar (phone width), sidebar, content and pager.
///
/// Everything is relative to the site's root folder, so that the pages work from `file://`.
struct PageTemplate: Sendable {
  /// A neighbouring page for the pager and the ← → keys.
  struct Neighbour: Sendable {
    /// The page's file name.
    var href: String
    /// Its title.
    var title: String
  }

  /// The book's metadata.
  var metadata: BookMetadata
  /// The chapters, in book order.
  var chapters: [Chapter]
  /// Each chapter's sections, in book order.
  var sections: [[Section]]

  /// The id of `<main>`, the skip link's target: a heading's slug has a double dash only where its title
  /// has two spaces in a row, so no heading takes it (the browser check asserts every id is unique).
  static let mainID = "book--content"

  /// A whole HTML page.
  func page(
    title: String, content: String, current: Int?, previous: Neighbour?, next: Neighbour?, bodyClass: String? = nil,
    sidebar: Bool = true
  ) -> String {
    var html = """
      <!DOCTYPE html>
      <html lang="en">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <title>\(HTML.escape(title))</title>
      <link rel="stylesheet" href="assets/book.css">

      """
    if let previous { html += "<link rel=\"prev\" href=\"\(HTML.escapeURL(previous.href))\">\n" }
    if let next { html += "<link rel=\"next\" href=\"\(HTML.escapeURL(next.href))\">\n" }
    html += """
      <script src="assets/search-index.js" defer></script>
      <script src="assets/book.js" defer></script>
      </head>

      """
    html += bodyClass.map { "<body class=\"\($0)\">\n" } ?? "<body>\n"
    // The first thing a keyboard reaches: past the menu and the sidebar, straight to the text.
    html += "<a class=\"skip-link\" href=\"#\(Self.mainID)\">Skip to content</a>\n"
    if sidebar {
      html += self.topBar + self.sidebar(current: current)
    }
    html += "<main id=\"\(Self.mainID)\" tabindex=\"-1\">\n<div class=\"content\">\n\(content)"
    html += self.pager(previous: previous, next: next)
    html += "</div>\n</main>\n</body>\n</html>\n"
    return html
  }

  /// The bar with the menu button that shows the sidebar at phone width (a checkbox, so it needs no script).
  /// The checkbox is named by its `aria-label`; only the icon inside its `<label>` is hidden from assistive
  /// technology (HTML forbids `aria-hidden` on a label tied to a control).
  private var topBar: String {
    """
    <input type="checkbox" id="menu-toggle" class="menu-toggle" aria-label="Show the chapters">
    <header class="topbar"><label for="menu-toggle" class="menu-button"><span aria-hidden="true">☰</span></label>\
    <a href="index.html">\(HTML.escape(self.metadata.title))</a></header>

    """
  }

  /// The sidebar: the book's title, the search box, the chapters by part, and the current chapter's sections.
  func sidebar(current: Int?) -> String {
    var html = "<nav class=\"sidebar\" aria-label=\"Chapters\">\n"
    html += "<a class=\"sidebar-title\" href=\"index.html\">\(HTML.escape(self.metadata.title))</a>\n"
    html += """
      <div class="search" hidden><input type="search" id="search" placeholder="Search the book (/)" \
      aria-label="Search the book" autocomplete="off" spellcheck="false">
      <ol id="search-results" class="search-results" hidden></ol></div>

      """
    for group in self.metadata.groups(of: self.chapters) where !group.chapterIndices.isEmpty {
      if let title = group.title { html += "<p class=\"part-title\">\(HTML.escape(title))</p>\n" }
      html += "<ol class=\"chapters\">\n"
      for index in group.chapterIndices {
        html += self.sidebarEntry(index, isCurrent: index == current)
      }
      html += "</ol>\n"
    }
    html += "<p class=\"sidebar-symbols\"><a href=\"\(SymbolIndex.pageName)\">Symbols</a></p>\n"
    return html + "</nav>\n"
  }

  /// One chapter in the sidebar; the current one lists its sections.
  private func sidebarEntry(_ index: Int, isCurrent: Bool) -> String {
    let chapter = self.chapters[index]
    let label = Self.numberLabel(chapter) + HTML.escape(chapter.title)
    guard isCurrent else {
      return "<li><a href=\"\(HTML.escapeURL(chapter.pageName))\">\(label)</a></li>\n"
    }
    var html = "<li class=\"current\"><a href=\"\(HTML.escapeURL(chapter.pageName))\" aria-current=\"page\">"
    html += "\(label)</a>\n"
    let sections = self.sections[index].filter { $0.level == 2 || $0.level == 3 }
    if !sections.isEmpty {
      html += "<ol class=\"sections\">\n"
      for section in sections {
        html += "<li class=\"level-\(section.level)\"><a href=\"#\(HTML.escapeURL(section.id))\">"
        html += "\(HTML.escape(section.title))</a></li>\n"
      }
      html += "</ol>\n"
    }
    return html + "</li>\n"
  }

  /// `<span class="number">1</span>` for a numbered chapter.
  static func numberLabel(_ chapter: Chapter) -> String {
    chapter.number.map { "<span class=\"number\">\($0)</span> " } ?? ""
  }

  /// Links to the previous and next pages.
  private func pager(previous: Neighbour?, next: Neighbour?) -> String {
    guard previous != nil || next != nil else { return "" }
    var html = "<nav class=\"pager\" aria-label=\"Previous and next\">\n"
    if let previous {
      html += "<a class=\"prev\" rel=\"prev\" href=\"\(HTML.escapeURL(previous.href))\">"
      html += "<span class=\"label\">← Previous</span>\(HTML.escape(previous.title))</a>\n"
    }
    if let next {
      html += "<a class=\"next\" rel=\"next\" href=\"\(HTML.escapeURL(next.href))\">"
      html += "<span class=\"label\">Next →</span>\(HTML.escape(next.title))</a>\n"
    }
    return html + "</nav>\n"
  }
}
