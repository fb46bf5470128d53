/// The site's static files, written into `assets/` beside the pages; no asset comes from the network.
///
/// They are resource files beside this one, embedded in the tool's binary at build time
/// (`.embedInCode` in the manifest), so the tool needs no resource bundle beside it and can be copied
/// anywhere:
/// - `book.css`: theme colours as custom properties (dark when the system asks for it), reading
///   typography, the sidebar layout that collapses at phone width, listings and their marks, and a print
///   stylesheet.
/// - `book.js`: the ← and → keys go to the previous and next page (not while typing in a field or
///   holding a modifier), diagram boxes that scroll sideways are marked, and the sidebar's search box
///   looks up `window.BOOK_SEARCH` (from `search-index.js`). Plain script, no modules, so that it runs
///   from `file://`.
package enum SiteAssets {
  /// Every asset, by its path in the site: its bytes, exactly as in the resource file.
  package static var files: [String: [UInt8]] {
    ["assets/book.css": PackageResources.book_css, "assets/book.js": PackageResources.book_js]
  }
}
