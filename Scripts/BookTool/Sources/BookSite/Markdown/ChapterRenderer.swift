import BookKit

/// Renders one chapter's Markdown tree to the HTML of its article, with the site's own rules for headings
/// (stable ids and a `#` link), code blocks (listings with captions), links (`.md` → `.html`) and
/// footnotes.
///
/// `# Title` → `<h1 id="title">Title <a class="anchor" href="#title" aria-label="Link to this section">#</a></h1>`.
struct ChapterRenderer {
  /// Everything about the book that a chapter's HTML refers to.
  struct Context {
    /// The chapter's listings, by their place in the chapter (`ListingID.ordinal`, which each fenced
    /// block's node records).
    var listings: [ListingView]
    /// Heading ids, by the heading's line.
    var sectionIDs: [Int: String]
    /// Every chapter's page name, in book order.
    var chapterPages: [String]
    /// How captions name each chapter ("chapter 1"), in book order.
    var chapterLabels: [String]
    /// Where ids and links point.
    var links: PageLinks
    /// Where a listing's file can be read at this chapter's tag.
    var sourceLink: SourceLink
    /// The chapter's pictures that are figures, by the line of their paragraph.
    var pictures: [Int: ReaderNumbers.Picture] = [:]
    /// Every label of the book (`Listing 2.4`), by chapter path and anchor: what references are filled with.
    var labels: [String: [String: String]] = [:]
    /// The result files whose numbers the prose quotes (`{{data:NAME#ROW.COLUMN}}`).
    var data = BookData()
  }

  let chapter: Chapter
  let context: Context
  /// Footnote numbers and reference counts.
  var footnotes: FootnoteTable
  /// The HTML written so far (with the print edition's differences, when it is written too).
  var html: ArticleHTML
  /// Relative image sources met on the way, to copy beside the pages.
  var images: [String] = []

  /// Creates a renderer for one chapter; with `printLinks`, it notes the print edition's article too.
  init(chapter: Chapter, context: Context, printLinks: PageLinks? = nil) {
    self.chapter = chapter
    self.context = context
    self.footnotes = FootnoteTable(chapter.document)
    self.html = ArticleHTML(links: context.links, printLinks: printLinks)
  }

  /// The chapter's article content and the images it uses.
  static func render(_ chapter: Chapter, context: Context) -> (html: String, images: [String]) {
    let article = Self.render(chapter, context: context, printLinks: nil)
    return (article.html.text, article.images)
  }

  /// The chapter's article and the images it uses, written in one walk for the page's links and, when
  /// `printLinks` is given, for the print edition's (`ArticleHTML.printArticle`).
  static func render(
    _ chapter: Chapter, context: Context, printLinks: PageLinks?
  ) -> (html: ArticleHTML, images: [String]) {
    var renderer = ChapterRenderer(chapter: chapter, context: context, printLinks: printLinks)
    renderer.html.reserveCapacity(chapter.lines.count * 90)
    renderer.renderBlocks(of: chapter.document, tight: false)
    renderer.renderFootnotes()
    return (renderer.html, renderer.images)
  }

  /// Renders a container's block children; in a tight list, paragraphs lose their `<p>`.
  mutating func renderBlocks(of node: MarkdownNode, tight: Bool) {
    for child in node.children {
      self.renderBlock(child, tight: tight)
    }
  }

  /// Renders one block.
  mutating func renderBlock(_ node: MarkdownNode, tight: Bool) {
    switch node.kind {
    case .document, .other:
      self.renderBlocks(of: node, tight: tight)
    case .blockQuote:
      self.html += "<blockquote>\n"
      self.renderBlocks(of: node, tight: false)
      self.html += "</blockquote>\n"
    case .list(let ordered, let start, let isTight):
      self.renderList(node, ordered: ordered, start: start, tight: isTight)
    case .item(let task):
      self.renderItem(node, task: task, tight: tight)
    case .codeBlock(let info, let literal, let fenced):
      self.renderCodeBlock(node, info: info, literal: literal, fenced: fenced)
    case .htmlBlock(let raw):
      self.html += HTML.filtered(raw)
    case .paragraph:
      if let picture = self.context.pictures[node.startLine] {
        self.renderPicture(node, picture: picture)
      } else if tight {
        self.renderInlines(of: node)
        self.html += "\n"
      } else {
        self.html += "<p>"
        self.renderInlines(of: node)
        self.html += "</p>\n"
      }
    case .heading(let level):
      self.renderHeading(node, level: level)
    case .thematicBreak:
      self.html += "<hr>\n"
    case .footnoteDefinition:
      break  // gathered into the footnotes section at the end of the article
    case .table(let alignments):
      self.renderTable(node, alignments: alignments)
    case .tableRow, .tableCell:
      self.renderBlocks(of: node, tight: tight)
    case .text, .softBreak, .lineBreak, .code, .htmlInline, .emphasis, .strong, .strikethrough, .link, .image,
      .footnoteReference:
      self.renderInline(node)
    }
  }

  /// `<ul>` or `<ol start="3">` with its items.
  private mutating func renderList(_ node: MarkdownNode, ordered: Bool, start: Int, tight: Bool) {
    let isTaskList = node.children.contains { if case .item(task: .some) = $0.kind { true } else { false } }
    let classAttribute = isTaskList ? " class=\"tasks\"" : ""
    if ordered {
      self.html += start == 1 ? "<ol\(classAttribute)>\n" : "<ol\(classAttribute) start=\"\(start)\">\n"
    } else {
      self.html += "<ul\(classAttribute)>\n"
    }
    self.renderBlocks(of: node, tight: tight)
    self.html += ordered ? "</ol>\n" : "</ul>\n"
  }

  /// `<li>`, with a disabled checkbox for a task item.
  private mutating func renderItem(_ node: MarkdownNode, task: Bool?, tight: Bool) {
    switch task {
    case .none: self.html += "<li>"
    case .some(false): self.html += "<li class=\"task\"><input type=\"checkbox\" disabled> "
    case .some(true): self.html += "<li class=\"task\"><input type=\"checkbox\" checked disabled> "
    }
    if let first = node.children.first, case .paragraph = first.kind, tight {
      // cmark style: a tight item's text follows `<li>` directly; later blocks start on their own line.
      self.renderInlines(of: first)
      if node.children.count > 1 { self.html += "\n" }
      for child in node.children.dropFirst() { self.renderBlock(child, tight: tight) }
    } else {
      if !node.children.isEmpty { self.html += "\n" }
      self.renderBlocks(of: node, tight: tight)
    }
    // cmark style: a tight item's last paragraph runs up to `</li>`.
    if tight, node.children.count > 1, let last = node.children.last, case .paragraph = last.kind {
      self.html.removeTrailingLineFeed()
    }
    self.html += "</li>\n"
  }

  /// A heading with its stable id and a `#` link that shows on hover.
  private mutating func renderHeading(_ node: MarkdownNode, level: Int) {
    guard let anchor = self.context.sectionIDs[node.startLine] else {
      self.html += "<h\(level)>"
      self.renderInlines(of: node)
      self.html += "</h\(level)>\n"
      return
    }
    self.html += "<h\(level) id=\""
    self.html.appendLinked { HTML.escape($0.id(anchor)) }
    self.html += "\">"
    self.renderInlines(of: node)
    self.html += " <a class=\"anchor\" href=\""
    self.html.appendLinked { HTML.escape($0.href(page: $0.currentPage, anchor: anchor)) }
    self.html += "\" aria-label=\"Link to this section\">#</a></h\(level)>\n"
  }

  /// A fenced block becomes a listing (captioned, highlighted); an indented block is plain code.
  private mutating func renderCodeBlock(_ node: MarkdownNode, info: String, literal: String, fenced: Bool) {
    if fenced, let ordinal = node.listing, self.context.listings.indices.contains(ordinal) {
      let view = self.context.listings[ordinal]
      view.appendHTML(
        to: &self.html, chapterPages: self.context.chapterPages, chapterLabels: self.context.chapterLabels,
        sourceLink: self.context.sourceLink)
      return
    }
    guard !literal.isEmpty else {
      self.html += "<pre><code></code></pre>\n"  // as cmark-gfm: no line, so no newline
      return
    }
    let lines = SwiftHighlighter.plain(literal)
    self.html += "<pre><code>\(lines.joined(separator: "\n"))\n</code></pre>\n"
  }
}
