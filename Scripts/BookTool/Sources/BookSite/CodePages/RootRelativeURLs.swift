/// Moves a page written for the site's root folder into a subfolder: every relative URL of an `href` or
/// `src` attribute climbs back to the root first.
///
/// `relocate(<a href="01-one.html">, depth: 2)` → `<a href="../../01-one.html">`; `#L3`, `https://…`,
/// `/x` and `data:` stay as they are.
///
/// The pages it moves are the tool's own (the template and a code page): every attribute is written
/// `name="value"` with the value escaped, and code and text never hold a raw `"`, so scanning for
/// ` href="` and ` src="` finds exactly the attributes.
enum RootRelativeURLs {
  /// `html` with each relative URL prefixed by `../` once per folder level of `depth`.
  static func relocate(_ html: String, depth: Int) -> String {
    guard depth > 0 else { return html }
    let up = String(repeating: "../", count: depth)
    var output = ""
    output.reserveCapacity(html.utf8.count + 4096)
    var rest = Substring(html)
    while let found = Self.nextAttribute(in: rest) {
      output += rest[..<found]
      rest = rest[found...]
      if Self.isRootRelative(rest) { output += up }
    }
    output += rest
    return output
  }

  /// The position right after the next ` href="` or ` src="` of `text`.
  private static func nextAttribute(in text: Substring) -> Substring.Index? {
    var search = text
    while let quote = search.firstIndex(of: "\"") {
      let before = text[..<quote]
      let after = text.index(after: quote)
      if before.hasSuffix(" href=") || before.hasSuffix(" src=") { return after }
      search = text[after...]
    }
    return nil
  }

  /// Whether a URL (up to its closing quote) is relative to the page's folder: not empty, not a
  /// fragment, not from the server's root, without a scheme.
  static func isRootRelative(_ value: Substring) -> Bool {
    guard let first = value.first, first != "\"", first != "#", first != "/" else { return false }
    for character in value {
      if character == ":" { return false }
      if character == "/" || character == "?" || character == "#" || character == "\"" { return true }
    }
    return true
  }
}
