import BookKit

/// The content of `symbols.html`: every symbol of the book's modules by module, each with the listing
/// that introduced it and the listings that changed it, and a filter box (shown by `book.js`, so a page
/// without scripts shows no dead control).
struct SymbolsPage {
  /// The symbols.
  var index: SymbolIndex
  /// The book, to find each event's listing.
  var book: Book
  /// Every chapter's listing anchors, `anchors[chapter][ordinal]`.
  var anchors: [[String]]
  /// Every chapter's numbers (`Listing 3.2`).
  var numbers: [ReaderNumbers]

  /// The page's content.
  var content: String {
    let count = self.index.modules.reduce(0) { $0 + $1.symbols.count }
    var html = "<article class=\"symbols\">\n<h1 id=\"symbols\">Symbols</h1>\n"
    html += "<p>Every declaration of the book's modules (types, functions, properties and enum cases), with "
    html += "the listing that introduced it and each chapter that changed it.</p>\n"
    html += """
      <div class="symbol-filter" hidden><label for="symbol-filter">Filter the symbols</label> \
      <input type="search" id="symbol-filter" autocomplete="off" spellcheck="false" aria-controls="symbol-list" \
      aria-describedby="symbol-count">
      <p id="symbol-count" class="symbol-count" role="status">\(Self.countText(count))</p></div>
      <div id="symbol-list">

      """
    for module in self.index.modules {
      let moduleID = HTML.escape("module-" + module.name)
      html += "<section class=\"symbol-module\" aria-labelledby=\"\(moduleID)\">\n"
      html += "<h2 id=\"\(moduleID)\">\(HTML.escape(module.name))</h2>\n<ul class=\"symbol-entries\">\n"
      for symbol in module.symbols { html += self.entry(symbol) }
      html += "</ul>\n</section>\n"
    }
    return html + "</div>\n</article>\n"
  }

  /// `3 symbols`.
  static func countText(_ count: Int) -> String {
    count == 1 ? "1 symbol" : "\(count) symbols"
  }

  /// One symbol's entry: its name, kind and history.
  private func entry(_ symbol: SymbolIndex.Symbol) -> String {
    let id = SymbolIndex.entryID(module: symbol.module, qualifiedName: symbol.qualifiedName)
    var html = "<li id=\"\(HTML.escape(id))\" data-name=\"\(HTML.escape(symbol.qualifiedName.lowercased()))\">"
    html += "<code class=\"symbol-name\">\(HTML.escape(symbol.qualifiedName))</code> "
    html += "<span class=\"symbol-kind\">\(symbol.kind.rawValue)</span>"
    let events = symbol.events.compactMap(self.event)
    if !events.isEmpty { html += "<span class=\"symbol-history\">" + events.joined(separator: "; ") + "</span>" }
    return html + "</li>\n"
  }

  /// `introduced in <a href="03-x.html#listing-a">Listing 3.2</a> (chapter 3)`, or nil when the listing is
  /// not in the book.
  private func event(_ event: SymbolIndex.Event) -> String? {
    guard let chapterIndex = self.book.chapterIndex(of: event.listing),
      let anchor = ListingView.anchor(of: event.listing, in: self.book, anchors: self.anchors)
    else { return nil }
    let chapter = self.book.chapters[chapterIndex]
    let label = self.numbers[chapterIndex].listingLabels[event.listing.ordinal] ?? "a listing"
    let href = HTML.escape(chapter.pageName + "#" + anchor)
    return "\(event.change.rawValue) in <a href=\"\(href)\">\(HTML.escape(label))</a> "
      + "(\(HTML.escape(SiteRenderer.label(chapter))))"
  }
}

extension SiteRenderer {
  /// `symbols.html`, in the site's frame.
  func symbolsPage(_ index: SymbolIndex, anchors: [[String]], numbers: [ReaderNumbers], template: PageTemplate)
    -> String
  {
    let page = SymbolsPage(index: index, book: self.book, anchors: anchors, numbers: numbers)
    return template.page(
      title: "Symbols · \(self.metadata.title)", content: page.content, current: nil, previous: nil, next: nil,
      bodyClass: "symbols-page")
  }
}
