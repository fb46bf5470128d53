import BookKit

/// The content of `symbols.html`: every symbol of the book's modules by module, each with the listing
/// that introduced it and the listings that changed it, and a filter box (shown by `book.js`, so a page
/// without scripts shows no dead control).
struct SymbolsPage {
  /// Where a listing is shown: its page and anchor, its label (`Listing 3.2`), its chapter (`chapter 3`).
  struct ListingLink: Hashable, Sendable {
    var href: String, label: String, chapter: String
  }

  /// The symbols.
  var index: SymbolIndex
  /// Every listing that introduced or changed a symbol, by identity; a listing missing here is not linked.
  var listings: [ListingID: ListingLink]
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
    // Room for every entry at once: appending grows the text once rather than over and over.
    html.reserveCapacity(html.utf8.count + 400 * count)
    for module in self.index.modules {
      let moduleID = HTML.escape("module-" + module.name)
      html += "<section class=\"symbol-module\" aria-labelledby=\"\(moduleID)\">\n"
      html += "<h2 id=\"\(moduleID)\">\(HTML.escape(module.name))</h2>\n<ul class=\"symbol-entries\">\n"
      for symbol in module.symbols { self.appendEntry(symbol, to: &html) }
      html += "</ul>\n</section>\n"
    }
    return html + "</div>\n</article>\n"
  }

  /// `3 symbols`.
  static func countText(_ count: Int) -> String {
    count == 1 ? "1 symbol" : "\(count) symbols"
  }

  /// Appends one symbol's entry to `html`: its name, kind and history.
  private func appendEntry(_ symbol: SymbolIndex.Symbol, to html: inout String) {
    let id = SymbolIndex.entryID(module: symbol.module, qualifiedName: symbol.qualifiedName)
    for piece in [
      "<li id=\"", HTML.escape(id), "\" data-name=\"", HTML.escape(symbol.qualifiedName.lowercased()), "\">",
      "<code class=\"symbol-name\">", HTML.escape(symbol.qualifiedName), "</code> <span class=\"symbol-kind\">",
      symbol.kind.rawValue, "</span>",
    ] {
      html += piece
    }
    let events = symbol.events.compactMap(self.event)
    if !events.isEmpty {
      html += "<span class=\"symbol-history\">"
      for (index, event) in events.enumerated() {
        if index > 0 { html += "; " }
        html += event
      }
      html += "</span>"
    }
    html += "</li>\n"
  }

  /// `introduced in <a href="03-x.html#listing-a">Listing 3.2</a> (chapter 3)`, or nil when the listing is
  /// not in the book.
  private func event(_ event: SymbolIndex.Event) -> String? {
    guard let link = self.listings[event.listing] else { return nil }
    return "\(event.change.rawValue) in <a href=\"\(HTML.escape(link.href))\">\(HTML.escape(link.label))</a> "
      + "(\(HTML.escape(link.chapter)))"
  }
}
