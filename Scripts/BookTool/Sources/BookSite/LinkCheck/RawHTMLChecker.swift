import BookKit
import Foundation

/// Checks that every tag of raw HTML in a chapter names a known HTML element, so that prose is never lost
/// silently: cmark-gfm passes `<diet>` in `'--diet <diet>'` through as a tag, and the browser shows
/// `'--diet '`.
///
/// ```
/// Run it with '--diet <diet>'.
/// → Chapters/07-a.md:417:20: error: '<diet>' is not an HTML element, so the page would drop it; write
///   it in a code span (`<diet>`) or escape it (\<diet>) [unknown-html-element]
/// ```
/// Elements of HTML, SVG and MathML pass; so do comments and closing tags of known elements.
package enum RawHTMLChecker {
  /// Every raw HTML tag of the book that names no known element, in reading order.
  package static func check(book: Book) -> [Diagnostic] {
    book.chapters.flatMap { chapter in
      var diagnostics: [Diagnostic] = []
      Self.visit(chapter.document, path: chapter.path, into: &diagnostics)
      return diagnostics
    }.sortedByLocation()
  }

  /// Walks a node and its children without recursion (a chapter may nest deeply).
  private static func visit(_ root: MarkdownNode, path: String, into diagnostics: inout [Diagnostic]) {
    var stack = [root]
    while let node = stack.popLast() {
      switch node.kind {
      case .htmlInline(let html), .htmlBlock(let html):
        diagnostics += Self.unknownTags(in: html, path: path, line: node.startLine, column: node.startColumn)
      default:
        stack += node.children.reversed()
      }
    }
  }

  /// The diagnostics for the tags of one piece of raw HTML that starts at `line`:`column`.
  static func unknownTags(in html: String, path: String, line: Int, column: Int) -> [Diagnostic] {
    let text = html as NSString
    return Self.tagPattern.matches(in: html, range: NSRange(location: 0, length: text.length)).compactMap { match in
      let name = text.substring(with: match.range(at: 1))
      guard !Self.knownElements.contains(name.lowercased()) else { return nil }
      let before = text.substring(to: match.range.location)
      let lines = before.components(separatedBy: "\n")
      let location = SourceLocation(
        path: path, line: line + lines.count - 1,
        column: lines.count == 1 ? column + (lines.last ?? "").utf8.count : (lines.last ?? "").utf8.count + 1)
      let tag = text.substring(with: match.range)
      return Diagnostic(
        .error, id: .unknownHtmlElement, at: location,
        "'\(tag)' is not an HTML element, so the page would drop it; write it in a code span (`\(tag)`) or "
          + "escape its '<' (\\\(tag))")
    }
  }

  /// An opening or closing tag: `<name`, `</name`, followed by white space, `/` or `>`.
  private static let tagPattern = try! NSRegularExpression(pattern: #"</?([A-Za-z][A-Za-z0-9-]*)(?=[\s/>])[^>]*>?"#)

  /// The elements of HTML (the living standard, obsolete ones that browsers still render included), and
  /// the SVG and MathML elements a chapter might embed.
  static let knownElements: Set<String> = [
    "a", "abbr", "address", "area", "article", "aside", "audio", "b", "base", "bdi", "bdo", "blockquote",
    "body", "br", "button", "canvas", "caption", "cite", "code", "col", "colgroup", "data", "datalist", "dd",
    "del", "details", "dfn", "dialog", "div", "dl", "dt", "em", "embed", "fieldset", "figcaption", "figure",
    "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html", "i",
    "iframe", "img", "input", "ins", "kbd", "label", "legend", "li", "link", "main", "map", "mark", "menu",
    "meta", "meter", "nav", "noscript", "object", "ol", "optgroup", "option", "output", "p", "picture", "pre",
    "progress", "q", "rp", "rt", "ruby", "s", "samp", "script", "search", "section", "select", "slot", "small",
    "source", "span", "strong", "style", "sub", "summary", "sup", "table", "tbody", "td", "template",
    "textarea", "tfoot", "th", "thead", "time", "title", "tr", "track", "u", "ul", "var", "video", "wbr",
    "center", "font", "strike", "tt", "big",
    // SVG and MathML.
    "svg", "g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "tspan", "defs",
    "use", "symbol", "marker", "lineargradient", "radialgradient", "stop", "clippath", "mask", "pattern",
    "desc", "foreignobject", "image", "math", "mi", "mn", "mo", "mrow", "msup", "msub", "mfrac", "msqrt",
    "mtext", "mspace", "mtable", "mtr", "mtd", "semantics", "annotation",
  ]
}
