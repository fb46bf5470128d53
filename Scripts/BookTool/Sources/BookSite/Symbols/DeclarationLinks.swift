/// Links each name a listing declares to its entry on the symbols page, in the highlighter's HTML lines,
/// leaving every other byte as the highlighter wrote it.
///
/// `struct Store {` with `Store` declared in `ImmutableData` →
/// `<span class="hl-keyword">struct</span> <a class="symbol-link" href="symbols.html#symbol-ImmutableData.Store">Store</a> {`.
enum DeclarationLinks {
  /// `lines` (the HTML of each code line) with the declared names of `declarations` linked.
  static func link(_ lines: [String], declarations: SwiftDeclarations, module: String) -> [String] {
    var lines = lines
    for declaration in declarations.declarations where lines.indices.contains(declaration.line) {
      let href =
        SymbolIndex.pageName + "#"
        + SymbolIndex.entryID(module: module, qualifiedName: declaration.qualifiedName)
      let line = lines[declaration.line]
      lines[declaration.line] =
        Self.wrap(line, column: declaration.column, length: declaration.length, href: href) ?? line
    }
    return lines
  }

  /// `html` with the text from UTF-8 column `column` (counted in the text it shows, an entity as the one
  /// byte it stands for) for `length` bytes wrapped in a link; nil when that text is not one run between
  /// tags.
  static func wrap(_ html: String, column: Int, length: Int, href: String) -> String? {
    let bytes = Array(html.utf8)
    var shown = 0
    var index = 0
    var start: Int?
    while index < bytes.count {
      if let start, shown == column + length {
        return Self.inserting(bytes, start: start, end: index, href: href)
      }
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") {
        if start != nil { return nil }  // a tag inside the name
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
        index += 1
        continue
      }
      if shown == column, start == nil { start = index }
      if byte == UInt8(ascii: "&") {
        while index < bytes.count, bytes[index] != UInt8(ascii: ";") { index += 1 }
      }
      index += 1
      shown += 1
    }
    guard let start, shown == column + length else { return nil }
    return Self.inserting(bytes, start: start, end: bytes.count, href: href)
  }

  /// The bytes with `<a …>` at `start` and `</a>` at `end`.
  private static func inserting(_ bytes: [UInt8], start: Int, end: Int, href: String) -> String {
    let open = "<a class=\"symbol-link\" href=\"\(HTML.escape(href))\">"
    // Cut inside a character (never, for a name's own columns), each piece is decoded alone, as before.
    func isCut(_ index: Int) -> Bool { index < bytes.count && bytes[index] & 0xC0 == 0x80 }
    guard !isCut(start), !isCut(end) else {
      return String(decoding: bytes[..<start], as: UTF8.self) + open
        + String(decoding: bytes[start..<end], as: UTF8.self) + "</a>" + String(decoding: bytes[end...], as: UTF8.self)
    }
    var linked: [UInt8] = []
    linked.reserveCapacity(bytes.count + open.utf8.count + 4)
    linked += bytes[..<start]
    linked += open.utf8
    linked += bytes[start..<end]
    linked += "</a>".utf8
    linked += bytes[end...]
    return String(decoding: linked, as: UTF8.self)
  }
}
