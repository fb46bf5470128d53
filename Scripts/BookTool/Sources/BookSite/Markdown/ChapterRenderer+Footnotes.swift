import BookKit

/// A chapter's footnotes: the number of each label (definitions are numbered in order, which cmark-gfm
/// makes the order of first reference) and how many references each has, for the back-links.
struct FootnoteTable {
  /// The definitions, in order.
  var definitions: [(label: String, node: MarkdownNode)] = []
  /// Each label's number, from 1.
  var numbers: [String: Int] = [:]
  /// How many references each label has in the chapter.
  var referenceCounts: [String: Int] = [:]
  /// How many references of each label have been rendered so far.
  var rendered: [String: Int] = [:]

  /// Gathers a document's footnote definitions and references.
  init(_ document: MarkdownNode) {
    document.forEachNode { node in
      switch node.kind {
      case .footnoteDefinition(let label):
        guard self.numbers[label] == nil else { return }
        self.definitions.append((label, node))
        self.numbers[label] = self.definitions.count
      case .footnoteReference(let label):
        self.referenceCounts[label, default: 0] += 1
      default:
        break
      }
    }
  }

  /// The id part of a label: characters that do not belong in an id become `-`: `my note` → `my-note`.
  static func idPart(_ label: String) -> String {
    String(
      label.unicodeScalars.map { scalar -> Character in
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "-_.".unicodeScalars.contains(scalar)
          ? Character(scalar) : "-"
      })
  }
}

extension ChapterRenderer {
  /// `<sup class="footnote-ref"><a href="#fn-label" id="fnref-label">1</a></sup>`; a label's second
  /// reference gets the id `fnref-label-2`.
  mutating func renderFootnoteReference(_ label: String) {
    guard let number = self.footnotes.numbers[label] else {
      self.html += HTML.escape("[^\(label)]")
      return
    }
    let count = self.footnotes.rendered[label, default: 0] + 1
    self.footnotes.rendered[label] = count
    let (definition, reference) = (Self.definitionAnchor(label), Self.referenceAnchor(label, count: count))
    self.html += "<sup class=\"footnote-ref\"><a href=\""
    self.html.appendLinked { HTML.escape($0.href(page: $0.currentPage, anchor: definition)) }
    self.html += "\" id=\""
    self.html.appendLinked { HTML.escape($0.id(reference)) }
    self.html += "\" data-footnote-ref>\(number)</a></sup>"
  }

  /// The footnotes section: each definition with a `↩` back-link to every reference to it.
  mutating func renderFootnotes() {
    guard !self.footnotes.definitions.isEmpty else { return }
    self.html += "<section class=\"footnotes\" data-footnotes aria-label=\"Footnotes\">\n<ol>\n"
    for (label, node) in self.footnotes.definitions {
      let definition = Self.definitionAnchor(label)
      self.html += "<li id=\""
      self.html.appendLinked { HTML.escape($0.id(definition)) }
      self.html += "\">\n"
      if let last = node.children.last, case .paragraph = last.kind {
        self.renderBlocks(of: MarkdownNode(kind: .document, children: Array(node.children.dropLast())), tight: false)
        self.html += "<p>"
        self.renderInlines(of: last)
        self.html += " "
      } else {
        self.renderBlocks(of: node, tight: false)
        self.html += "<p>"
      }
      let footnotes = self.footnotes
      self.html.appendLinked { Self.backLinks(label, footnotes: footnotes, links: $0) }
      self.html += "</p>\n</li>\n"
    }
    self.html += "</ol>\n</section>\n"
  }

  /// One `↩` link per reference to a label: `<a href="#fnref-x" class="footnote-backref" …>↩</a>`.
  private static func backLinks(_ label: String, footnotes: FootnoteTable, links: PageLinks) -> String {
    let count = max(footnotes.referenceCounts[label, default: 0], 1)
    let number = footnotes.numbers[label] ?? 1
    return (1...count).map { index in
      let href = HTML.escape(links.href(page: links.currentPage, anchor: Self.referenceAnchor(label, count: index)))
      let suffix = index == 1 ? "" : "<sup>\(index)</sup>"
      let name = count == 1 ? "Back to the text" : "Back to reference \(index)"
      // cmark-gfm's attributes: the back-link's index is the footnote's number, then `-2`, `-3`, ….
      let backIndex = index == 1 ? "\(number)" : "\(number)-\(index)"
      return "<a href=\"\(href)\" class=\"footnote-backref\" data-footnote-backref "
        + "data-footnote-backref-idx=\"\(backIndex)\" aria-label=\"\(name)\">↩\(suffix)</a>"
    }.joined(separator: " ")
  }

  /// `fn-label`.
  static func definitionAnchor(_ label: String) -> String { "fn-\(FootnoteTable.idPart(label))" }

  /// `fnref-label`, then `fnref-label-2`, ….
  static func referenceAnchor(_ label: String, count: Int) -> String {
    count == 1 ? "fnref-\(FootnoteTable.idPart(label))" : "fnref-\(FootnoteTable.idPart(label))-\(count)"
  }
}
