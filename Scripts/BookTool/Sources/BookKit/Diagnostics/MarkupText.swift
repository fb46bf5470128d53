/// Escaping for text placed in HTML or XML (SVG) content or double-quoted attributes: the one escaper
/// the site's pages, its diagrams and the pictures of programs share.
package enum MarkupText {
  /// `a < b & "c"` → `a &lt; b &amp; &quot;c&quot;`; text with nothing to escape is returned as it is.
  package static func escape(_ text: String) -> String {
    guard text.utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 }) else { return text }
    // By bytes: the four characters are ASCII, so no other byte of the UTF-8 text is touched.
    var escaped: [UInt8] = []
    escaped.reserveCapacity(text.utf8.count + 16)
    for byte in text.utf8 {
      switch byte {
      case 0x26: escaped += "&amp;".utf8
      case 0x3C: escaped += "&lt;".utf8
      case 0x3E: escaped += "&gt;".utf8
      case 0x22: escaped += "&quot;".utf8
      default: escaped.append(byte)
      }
    }
    return String(decoding: escaped, as: UTF8.self)
  }
}
