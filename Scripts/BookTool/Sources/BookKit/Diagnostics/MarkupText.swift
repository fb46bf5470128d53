/// Escaping for text placed in HTML or XML (SVG) content or double-quoted attributes: the one escaper
/// the site's pages, its diagrams and the pictures of programs share.
package enum MarkupText {
  /// `a < b & "c"` → `a &lt; b &amp; &quot;c&quot;`; text with nothing to escape is returned as it is.
  package static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return text }
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count + 16)
    for character in text.unicodeScalars {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return escaped
  }
}
