/// The site's static files, written into `assets/` beside the pages; no asset comes from the network.
public enum SiteAssets {
  /// Every asset, by its path in the site.
  public static var files: [String: String] {
    ["assets/book.css": Self.stylesheet, "assets/book.js": Self.script]
  }
}
