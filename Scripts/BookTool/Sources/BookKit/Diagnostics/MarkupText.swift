/// Escaping for text placed in HTML or XML (SVG) content or double-quoted attributes: the one escaper
/// the site's pages, its diagrams and the pictures of programs share.
package enum MarkupText {
  /// `a < b & "c"` → `a &lt; b &amp; &quot;c&quot;`; text with nothing to escape is returned as it is.
  package static func escape(_ text: String) -> String {
    guard Self.needsEscaping(text) else { return text }
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

  /// Whether `text` has one of the four characters, scanned over its contiguous bytes (a native string's,
  /// nearly always) rather than through `String.UTF8View`'s indices, which cost a check per byte.
  private static func needsEscaping(_ text: String) -> Bool {
    func special(_ byte: UInt8) -> Bool { byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 }
    return text.utf8.withContiguousStorageIfAvailable { $0.contains(where: special) }
      ?? text.utf8.contains(where: special)
  }
}
