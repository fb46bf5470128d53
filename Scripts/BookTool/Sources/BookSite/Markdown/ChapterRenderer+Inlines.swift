import BookKit

extension ChapterRenderer {
  /// Renders a node's inline children.
  mutating func renderInlines(of node: MarkdownNode) {
    for child in node.children {
      self.renderInline(child)
    }
  }

  /// Renders one inline node: `*a*` → `<em>a</em>`, `[x](02-y.md#z)` → `<a href="02-y.html#z">x</a>`.
  mutating func renderInline(_ node: MarkdownNode) {
    switch node.kind {
    case .text(let text): self.html += HTML.escape(DataReference.substituting(text, value: self.context.data.value))
    case .softBreak: self.html += "\n"
    case .lineBreak: self.html += "<br>\n"
    case .code(let code): self.html += "<code>\(HTML.escape(code))</code>"
    case .htmlInline(let raw): self.html += HTML.filtered(raw)
    case .emphasis: self.wrap(node, in: "em")
    case .strong: self.wrap(node, in: "strong")
    case .strikethrough: self.wrap(node, in: "del")
    case .link(let destination, let title):
      self.html += "<a href=\""
      self.html.appendDestination(destination)
      self.html += "\"\(Self.titleAttribute(title))>"
      if let label = self.referenceLabel(node, destination: destination) {
        self.html += HTML.escape(CrossReference.text(label: label, placeholder: node.plainText))
      } else {
        self.renderInlines(of: node)
      }
      self.html += "</a>"
    case .image(let source, let title):
      if LinkDestination.isLocalFile(source) { self.images.append(source) }
      self.html += "<img src=\"\(HTML.escapeURL(source))\" alt=\"\(HTML.escape(node.plainText))\""
      self.html += "\(Self.titleAttribute(title))>"
    case .footnoteReference(let label):
      self.renderFootnoteReference(label)
    default:
      self.renderBlock(node, tight: true)
    }
  }

  /// The label a reference link is filled with (`Listing 2.4`), when its text is a placeholder and it
  /// points to a numbered listing or figure.
  private func referenceLabel(_ node: MarkdownNode, destination: String) -> String? {
    guard CrossReference.isPlaceholder(node.plainText),
      let target = CrossReference.target(
        of: destination, from: self.chapter.path, chapterPaths: Set(self.context.labels.keys))
    else { return nil }
    return self.context.labels[target.chapter]?[target.anchor]
  }

  /// A picture that is a figure: the image in a `<figure>` with its anchor and number.
  mutating func renderPicture(_ node: MarkdownNode, picture: ReaderNumbers.Picture) {
    self.html += "<figure class=\"picture\" id=\""
    self.html.appendLinked { HTML.escape($0.id(picture.anchor)) }
    self.html += "\">\n"
    self.renderInlines(of: node)
    self.html += "\n<figcaption><span class=\"listing-number\">\(HTML.escape(picture.label))</span></figcaption>\n"
    self.html += "</figure>\n"
  }

  /// `<tag>children</tag>`.
  private mutating func wrap(_ node: MarkdownNode, in tag: String) {
    self.html += "<\(tag)>"
    self.renderInlines(of: node)
    self.html += "</\(tag)>"
  }

  /// ` title="…"`, or nothing for an empty title.
  private static func titleAttribute(_ title: String) -> String {
    title.isEmpty ? "" : " title=\"\(HTML.escape(title))\""
  }
}

extension HTML {
  /// Escapes a URL for an `href` or `src`: bytes outside the URL character set are percent-encoded, and
  /// `&` and quotes become entities: `a b.html?x=1&y` → `a%20b.html?x=1&amp;y`.
  package static func escapeURL(_ url: String) -> String {
    // Most URLs (page names, anchors) have nothing to escape.
    // Scanned over the string's contiguous bytes where it has them, without `UTF8View` indices.
    let unsafe: (UInt8) -> Bool = { !Self.isURLSafe($0) }
    guard url.utf8.withContiguousStorageIfAvailable({ $0.contains(where: unsafe) }) ?? url.utf8.contains(where: unsafe)
    else { return url }
    var escaped: [UInt8] = []
    escaped.reserveCapacity(url.utf8.count + 16)
    for byte in url.utf8 {
      switch byte {
      case UInt8(ascii: "&"): escaped += "&amp;".utf8
      case UInt8(ascii: "'"): escaped += "&#x27;".utf8
      case _ where Self.isURLSafe(byte): escaped.append(byte)
      default:
        escaped.append(UInt8(ascii: "%"))
        escaped += Self.hex(byte).utf8
      }
    }
    return String(decoding: escaped, as: UTF8.self)
  }

  /// Bytes kept as they are in a URL (letters, digits and URL punctuation, including `%` of an escape).
  private static func isURLSafe(_ byte: UInt8) -> Bool {
    Self.urlSafeBytes[Int(byte)]
  }

  /// `isURLSafe` of every byte: letters, digits and `-_.~!*();:@=+$,/?#%` (`[` and `]` are escaped, as
  /// cmark-gfm does).
  private static let urlSafeBytes: [Bool] = (0...255).map { value in
    let byte = UInt8(value)
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "-_.~!*();:@=+$,/?#%".utf8.contains(byte)
    }
  }

  /// Two uppercase hex digits.
  private static func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
  }
}
