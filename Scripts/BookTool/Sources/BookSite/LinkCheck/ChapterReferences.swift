import BookKit
import Foundation

/// Everything in one chapter that points somewhere: links, images and footnote marks, each at its
/// chapter line and column, plus the anchors the chapter's page will have.
struct ChapterReferences {
  /// A link or an image.
  struct Reference: Hashable, Sendable {
    /// Whether the reader follows it (a link) or the page loads it (an image).
    enum Kind: Hashable, Sendable {
      case link
      case image
    }

    /// Link or image.
    var kind: Kind
    /// The destination as written: `02-x.md#y`, `images/a.svg`, `https://…`.
    var destination: String
    /// Where the link's `[` (or the image's `!`) is.
    var location: SourceLocation
    /// The link's text as plain text (an image's alt text).
    var text: String = ""
  }

  /// A footnote label written somewhere: `[^name]` or `[^name]:`.
  struct FootnoteMark: Hashable, Sendable {
    /// The label as written, without `[^` and `]`.
    var label: String
    /// Where its `[` is.
    var location: SourceLocation
  }

  /// Every link and image, in document order.
  var references: [Reference] = []
  /// The labels of the footnote references cmark-gfm matched to a definition, in order (repeats kept).
  var footnoteReferences: [String] = []
  /// `[^name]` marks left as plain text because no definition matched them.
  var undefinedFootnotes: [FootnoteMark] = []
  /// The definitions (`[^name]: …`) written in the chapter, found in its source (cmark-gfm drops the
  /// ones nothing refers to).
  var footnoteDefinitions: [FootnoteMark] = []
  /// Ids given by raw HTML (`<a id="x">`), which links may target too.
  var htmlIDs: [String] = []

  /// Collects the chapter's references.
  init(_ chapter: Chapter) {
    let locator = SourceLocator(chapter: chapter)
    self.collect(chapter.document, locator: locator)
    self.footnoteDefinitions = locator.footnoteDefinitions()
  }

  /// Walks a node; text runs (adjacent text nodes) are searched for unmatched `[^name]` marks.
  private mutating func collect(_ node: MarkdownNode, locator: SourceLocator) {
    var run: [MarkdownNode] = []
    for child in node.children {
      if case .text = child.kind {
        run.append(child)
        continue
      }
      self.searchFootnoteMarks(in: run, locator: locator)
      run = []
      self.visit(child, locator: locator)
    }
    self.searchFootnoteMarks(in: run, locator: locator)
  }

  /// Records what a node points to, then walks its children.
  private mutating func visit(_ node: MarkdownNode, locator: SourceLocator) {
    switch node.kind {
    case .link(let destination, _):
      self.references.append(
        Reference(
          kind: .link, destination: destination, location: locator.locate(node, destination: destination),
          text: node.plainText))
    case .image(let source, _):
      self.references.append(
        Reference(kind: .image, destination: source, location: locator.locate(node, destination: source)))
    case .footnoteReference(let label):
      self.footnoteReferences.append(label)
    case .htmlBlock(let html), .htmlInline(let html):
      self.htmlIDs += Self.ids(inHTML: html)
    default:
      break
    }
    self.collect(node, locator: locator)
  }

  /// Unmatched `[^name]` marks in a run of text nodes.
  private mutating func searchFootnoteMarks(in run: [MarkdownNode], locator: SourceLocator) {
    guard !run.isEmpty else { return }
    let text = run.map(\.plainText).joined()
    var searchFrom = SourceLocation(path: locator.path, line: run[0].startLine, column: run[0].startColumn)
    for label in Self.footnoteLabels(in: text) {
      guard let location = locator.locateFootnoteMark(label, from: searchFrom) else { continue }
      searchFrom = location
      searchFrom.column += 1
      self.undefinedFootnotes.append(FootnoteMark(label: label, location: location))
    }
  }

  /// The labels of `[^label]` marks in text: `see [^a] and [^b]` → `a`, `b`.
  static func footnoteLabels(in text: String) -> [String] {
    var labels: [String] = []
    var rest = Substring(text)
    while let open = rest.range(of: "[^") {
      let afterOpen = rest[open.upperBound...]
      guard let close = afterOpen.firstIndex(of: "]") else { break }
      let label = afterOpen[..<close]
      if !label.isEmpty, !label.contains(where: { $0 == " " || $0 == "[" || $0 == "\t" }) {
        labels.append(String(label))
      }
      rest = afterOpen
    }
    return labels
  }

  /// The values of `id="…"` and `name="…"` attributes in raw HTML.
  static func ids(inHTML html: String) -> [String] {
    var ids: [String] = []
    for attribute in [" id=\"", " name=\""] {
      var rest = Substring(html)
      while let start = rest.range(of: attribute) {
        let value = rest[start.upperBound...]
        guard let end = value.firstIndex(of: "\"") else { break }
        ids.append(String(value[..<end]))
        rest = value[end...]
      }
    }
    return ids
  }
}
