import BookKit

/// Small helpers for writing HTML text by hand.
package enum HTML {
  /// Escapes text for an element's content or a double-quoted attribute:
  /// `a < b & "c"` → `a &lt; b &amp; &quot;c&quot;`.
  package static func escape(_ text: String) -> String {
    MarkupText.escape(text)
  }

  /// The tags GFM's tagfilter extension disarms in raw HTML, because they change how a page parses.
  static let filteredTags = [
    "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
  ]

  /// Raw HTML as GFM passes it through: unchanged, except that the `<` of a filtered tag becomes `&lt;`.
  ///
  /// `<b>ok</b><script>x()</script>` → `<b>ok</b>&lt;script>x()&lt;/script>`.
  package static func filtered(_ raw: String) -> String {
    guard raw.contains("<") else { return raw }
    var output = ""
    var rest = Substring(raw)
    while let open = rest.firstIndex(of: "<") {
      output += rest[..<open]
      let afterOpen = rest[rest.index(after: open)...]
      output += Self.startsFilteredTag(afterOpen) ? "&lt;" : "<"
      rest = afterOpen
    }
    return output + rest
  }

  /// Whether text right after a `<` opens or closes a filtered tag (`script>`, `/style `, …).
  private static func startsFilteredTag(_ text: Substring) -> Bool {
    let name = text.drop { $0 == "/" }.prefix { $0.isLetter }.lowercased()
    guard Self.filteredTags.contains(name) else { return false }
    let after = text.drop { $0 == "/" }.dropFirst(name.count).first
    return after == nil || after == ">" || after == "/" || after?.isWhitespace == true
  }
}
