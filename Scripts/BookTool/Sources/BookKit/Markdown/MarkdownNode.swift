/// A node of a parsed Markdown document, copied out of cmark-gfm's tree into plain Swift values.
///
/// Every later stage (the chapter model, the site) walks these values; only `MarkdownParser` touches C.
package struct MarkdownNode: Hashable, Sendable {
  /// What a node is, with the data that kind carries.
  package enum Kind: Hashable, Sendable {
    /// The whole file: the root of the tree.
    case document
    /// A `>` block quote.
    case blockQuote
    /// A list; `start` is the first number of an ordered list.
    case list(ordered: Bool, start: Int, tight: Bool)
    /// A list item; `task` is nil for an ordinary item, or whether a task-list box is checked.
    case item(task: Bool?)
    /// A fenced or indented code block. `info` is the whole info string (`swift file=…`).
    case codeBlock(info: String, literal: String, fenced: Bool)
    /// Raw HTML on lines of its own, kept verbatim.
    case htmlBlock(String)
    /// A paragraph of inline content.
    case paragraph
    /// An ATX or setext heading; `level` is 1 to 6.
    case heading(level: Int)
    /// A `---` horizontal rule.
    case thematicBreak
    /// A footnote's text, `[^label]: …`.
    case footnoteDefinition(label: String)
    /// A GFM table with one alignment per column: `left`, `center`, `right` or `nil`.
    case table(alignments: [String?])
    /// A row of a table; the first row is the header.
    case tableRow(isHeader: Bool)
    /// One cell of a table row.
    case tableCell
    /// Plain text.
    case text(String)
    /// A line break in the source that is not a hard break (usually rendered as a space).
    case softBreak
    /// A hard line break (two trailing spaces or a backslash).
    case lineBreak
    /// Inline code, without its backticks.
    case code(String)
    /// Raw inline HTML, kept verbatim.
    case htmlInline(String)
    /// `*emphasis*`.
    case emphasis
    /// `**strong emphasis**`.
    case strong
    /// GFM `~~strikethrough~~`.
    case strikethrough
    /// A link; its children are the link text.
    case link(destination: String, title: String)
    /// An image; its children are the alternative text.
    case image(source: String, title: String)
    /// A `[^label]` reference to a footnote.
    case footnoteReference(label: String)
    /// A node of a type this model does not know (a future extension); its children are kept.
    case other(String)
  }

  /// What the node is.
  package var kind: Kind
  /// The node's children, in document order.
  package var children: [MarkdownNode]
  /// The 1-based line and column where the node starts in its source file.
  package var startLine: Int
  /// The 1-based column where the node starts.
  package var startColumn: Int
  /// The 1-based last line. Reliable for code blocks only (see the toolchain notes).
  package var endLine: Int
  /// For a fenced code block of a loaded chapter, its place among the chapter's listings
  /// (`ListingID.ordinal`, set by `ChapterLoader`); nil for every other node.
  package var listing: Int?

  /// Creates a node.
  package init(
    kind: Kind, children: [MarkdownNode] = [], startLine: Int = 0, startColumn: Int = 0, endLine: Int = 0
  ) {
    self.kind = kind
    self.children = children
    self.startLine = startLine
    self.startColumn = startColumn
    self.endLine = endLine
  }
}

extension MarkdownNode {
  /// Calls `visit` on this node and every descendant, parents before children, in document order.
  package func forEachNode(_ visit: (MarkdownNode) throws -> Void) rethrows {
    try visit(self)
    for child in self.children {
      try child.forEachNode(visit)
    }
  }

  /// Gives every fenced code block, parents before children, in the order `forEachNode` visits them, the
  /// listing number `next()` returns.
  mutating func numberFencedCodeBlocks(_ next: () -> Int) {
    if case .codeBlock(_, _, true) = self.kind { self.listing = next() }
    for index in self.children.indices {
      self.children[index].numberFencedCodeBlocks(next)
    }
  }

  /// The concatenated text of this node's inline descendants: `# Hello *world*` → `Hello world`.
  package var plainText: String {
    switch self.kind {
    case .text(let text), .code(let text): return text
    case .softBreak, .lineBreak: return " "
    default: return self.children.map(\.plainText).joined()
    }
  }
}
