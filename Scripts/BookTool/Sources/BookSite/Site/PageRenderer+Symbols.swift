import BookKit
import Foundation

/// The symbol index's page, rendered like every other part from what its reader hands out: the listings
/// (their declarations, the tangle's steps, anchors and labels) and the outline (chapter page names and
/// labels, the frame); nothing of any chapter's prose, so a prose edit reuses it.
extension PageRenderer {
  /// `symbols.html`, in the site's frame.
  func symbolsPage() -> String {
    let index = self.reader.symbols
    let labels = self.reader.listingLabels
    var links: [ListingID: SymbolsPage.ListingLink] = [:]
    for module in index.modules {
      for symbol in module.symbols {
        for event in symbol.events where links[event.listing] == nil {
          guard let place = self.reader.listing(event.listing) else { continue }
          let anchor = self.reader.anchors(place.chapter)[place.ordinal]
          links[event.listing] = SymbolsPage.ListingLink(
            href: self.reader.heading(place.chapter).pageName + "#" + anchor,
            label: labels[place.chapter][place.ordinal] ?? "a listing", chapter: self.reader.label(place.chapter))
        }
      }
    }
    let page = SymbolsPage(index: index, listings: links)
    return self.reader.template.page(
      title: "Symbols · \(self.reader.metadata.title)", content: page.content, current: nil, previous: nil,
      next: nil, bodyClass: "symbols-page")
  }
}
