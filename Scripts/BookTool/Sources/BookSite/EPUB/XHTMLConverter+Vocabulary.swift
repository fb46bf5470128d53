/// The names an e-book page may hold, and HTML's named characters beyond XML's five.
extension XHTMLConverter {
  /// HTML elements kept as they are. Anything else found in raw HTML (`<diet>` in prose) is shown as the
  /// text it was written as, which is what a reader of the chapter meant to see.
  static let knownElements: Set<String> = [
    "a", "abbr", "address", "article", "aside", "b", "bdi", "bdo", "blockquote", "br", "caption", "cite",
    "code", "col", "colgroup", "data", "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption",
    "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "i", "img", "input",
    "ins", "kbd", "label", "li", "main", "mark", "nav", "ol", "p", "pre", "q", "rp", "rt", "ruby", "s", "samp",
    "section", "small", "span", "strong", "sub", "summary", "sup", "svg", "table", "tbody", "td", "tfoot",
    "th", "thead", "time", "tr", "u", "ul", "var", "wbr",
  ]

  /// Elements that never have content: written `<br/>`.
  static let voidElements: Set<String> = [
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
  ]

  /// Elements whose content is not text for the reader, dropped with it (an e-book runs no script).
  static let droppedElements: Set<String> = [
    "script", "style", "noscript", "template", "iframe", "object", "video", "audio", "canvas", "form",
    "button", "select", "textarea",
  ]

  /// Attributes whose value is one id, or a space-separated list of ids.
  static let idAttributes: Set<String> = ["id", "for", "aria-labelledby", "aria-describedby", "aria-controls"]

  /// HTML's named characters that chapters are likely to write, as code points; any other name is kept
  /// as text (`&amp;name;`) rather than left for an XML parser to refuse.
  static let namedCharacters: [String: UInt32] = [
    "nbsp": 0xA0, "shy": 0xAD, "copy": 0xA9, "reg": 0xAE, "trade": 0x2122, "deg": 0xB0, "middot": 0xB7,
    "times": 0xD7, "divide": 0xF7, "plusmn": 0xB1, "minus": 0x2212, "ndash": 0x2013, "mdash": 0x2014,
    "hellip": 0x2026, "lsquo": 0x2018, "rsquo": 0x2019, "ldquo": 0x201C, "rdquo": 0x201D, "laquo": 0xAB,
    "raquo": 0xBB, "bull": 0x2022, "larr": 0x2190, "rarr": 0x2192, "uarr": 0x2191, "darr": 0x2193,
    "harr": 0x2194, "rArr": 0x21D2, "lArr": 0x21D0, "le": 0x2264, "ge": 0x2265, "ne": 0x2260,
    "thinsp": 0x2009, "ensp": 0x2002, "emsp": 0x2003, "zwj": 0x200D, "zwnj": 0x200C, "sect": 0xA7,
    "para": 0xB6, "check": 0x2713, "euro": 0x20AC, "pound": 0xA3, "hearts": 0x2665,
  ]

  /// XML's own named characters, kept as they are.
  static let xmlCharacters: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

  /// Whether a code point may appear in an XML document.
  static func isXMLCharacter(_ value: UInt32) -> Bool {
    switch value {
    case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
    default: false
    }
  }

  /// An id as an XML name without colons, unchanged when it already is one: an ASCII letter or `_`
  /// first, then letters, digits, `-`, `.` and `_`. Other bytes become `_XX` (their hex value), and a
  /// name that starts otherwise gets `id-` in front: `2024-notes` → `id-2024-notes`.
  static func xmlID(_ id: String) -> String {
    if let first = id.utf8.first, Self.isIDStart(first), id.utf8.allSatisfy(Self.isIDByte) { return id }
    var result: [UInt8] = []
    for byte in id.utf8 {
      if Self.isIDByte(byte) {
        result.append(byte)
      } else {
        result.append(UInt8(ascii: "_"))
        result += String(byte, radix: 16, uppercase: true).utf8
      }
    }
    guard let first = result.first, Self.isIDStart(first) else {
      return "id-" + String(decoding: result, as: UTF8.self)
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// Whether a byte is kept in an id: an ASCII letter or digit, `-`, `.` or `_`.
  private static func isIDByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
      true
    default: false
    }
  }

  /// Whether an id may start with a byte: an ASCII letter or `_`.
  private static func isIDStart(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_")
  }
}
