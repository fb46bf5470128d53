import CCmarkGFM
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses GitHub-flavoured Markdown with cmark-gfm and copies the syntax tree into `MarkdownNode` values.
///
/// This is the only place that touches the C library's tree: it walks it once, copies every node with its
/// source position, and frees the C memory before returning. Parsing Markdown never fails; content nested
/// deeper than `maximumDepth` is reported and left out, so that no later walk can overflow the stack.
package enum MarkdownParser {
  /// The GFM extensions every document is parsed with.
  static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

  /// The deepest a document's tree may be, counting the document itself as level 1.
  ///
  /// cmark-gfm builds trees of any depth without recursion, but every later stage (the footnote
  /// labelling below, `forEachNode`, the HTML renderer, the link checker, the search index) walks
  /// `MarkdownNode` values recursively, and even releasing a nested value recurses: a list nested 3,000
  /// deep crashed them all with a stack overflow. Limiting the depth here, in the one place that builds
  /// the tree, bounds every one of those walks at once; rewriting each of them iteratively would not
  /// bound the ones written later. Real prose nests a dozen levels at most; 100 levels of recursion
  /// take well under a megabyte of stack, even on a secondary thread and in a debug build.
  package static let maximumDepth = 100

  /// Held from a parser's creation to the end of its parse (and around the extensions' one-time
  /// registration, which is not thread-safe either). cmark-gfm keeps the inline parser's table of
  /// special characters in one global array: attaching an extension adds its characters (`~` for
  /// strikethrough, `:`, `w` and `@` for autolinks) and finishing a parse removes them, so a parse that
  /// finishes on one thread takes them from a parse still running on another, which then reads
  /// `~~old~~` as text and leaves a URL unlinked: the same chapters rendered differently from run to run.
  /// Copying the tree into Swift values, the larger part of the work, still runs in parallel.
  private static let cmarkParsing = Mutex(())

  /// A finished document's root, handed out of the lock; only the thread that parsed it uses it.
  private struct UncheckedRoot: @unchecked Sendable {
    var pointer: OpaquePointer
  }

  /// Parses `source` into a document node: `"# Hi"` → `document[heading(1)[text("Hi")]]`.
  ///
  /// Content nested deeper than `maximumDepth` is left out of the tree; `parse(_:path:)` reports it.
  package static func parse(_ source: String) -> MarkdownNode {
    Self.parse(source, path: "").document
  }

  /// Parses `source`, read from the workspace file `path`, into a document node, with an error at the
  /// first place nested deeper than `maximumDepth` (whose content is left out of the tree), and one at the
  /// first line with more than `maximumPipesPerLine` `|` (the chapter is then read without tables).
  package static func parse(_ source: String, path: String) -> (document: MarkdownNode, diagnostics: [Diagnostic]) {
    var utf8 = Array(source.utf8)
    let wideLine = Self.firstLineWithTooManyPipes(in: utf8)
    let root = Self.cmarkParsing.withLock { _ in
      cmark_gfm_core_extensions_ensure_registered()
      let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE
      guard let parser = cmark_parser_new(options) else {
        fatalError("cmark-gfm could not allocate a parser")
      }
      defer { cmark_parser_free(parser) }
      for name in Self.extensionNames where name != "table" || wideLine == nil {
        if let syntaxExtension = cmark_find_syntax_extension(name) {
          cmark_parser_attach_syntax_extension(parser, syntaxExtension)
        }
      }
      utf8.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
          cmark_parser_feed(parser, $0, buffer.count)
        }
      }
      guard let root = cmark_parser_finish(parser) else {
        fatalError("cmark-gfm returned no document")
      }
      return UncheckedRoot(pointer: root)
    }.pointer
    defer { cmark_node_free(root) }
    var (document, cut) = Self.copy(root)
    var diagnostics = wideLine.map { [Self.tooManyPipes(at: SourceLocation(path: path, line: $0))] } ?? []
    if let cut {
      diagnostics.append(
        Diagnostic(
          .error, id: .nestingTooDeep, at: SourceLocation(path: path, line: cut.line, column: cut.column),
          "Markdown nested deeper than \(Self.maximumDepth) levels (lists, quotes, emphasis or links inside "
            + "one another); flatten it"))
    }
    // In place: the tree was just built and nothing else holds it, so labelling copies no node.
    Self.labelFootnotes(&document, source: utf8)
    return (document, diagnostics)
  }

  /// A C node whose Swift copy is being built: its children so far, and the next child to copy.
  private struct PendingNode {
    var node: OpaquePointer
    var children: [MarkdownNode] = []
    var next: OpaquePointer?
    /// The node's position, or its parent's when cmark-gfm gives it none (some inlines).
    var line: Int
    var column: Int
  }

  /// Copies the C tree into Swift values without recursion, leaving out every node deeper than
  /// `maximumDepth`; `cut` is the position of the first node left out.
  private static func copy(_ root: OpaquePointer) -> (document: MarkdownNode, cut: (line: Int, column: Int)?) {
    var stack = [PendingNode(node: root, next: cmark_node_first_child(root), line: 1, column: 1)]
    var cut: (line: Int, column: Int)?
    while true {
      let top = stack[stack.count - 1]
      if let child = top.next {
        stack[stack.count - 1].next = cmark_node_next(child)
        let line = Int(cmark_node_get_start_line(child))
        let position = line > 0 ? (line, max(Int(cmark_node_get_start_column(child)), 1)) : (top.line, top.column)
        guard stack.count < Self.maximumDepth else {
          cut = cut ?? position
          continue
        }
        stack.append(
          PendingNode(node: child, next: cmark_node_first_child(child), line: position.0, column: position.1))
      } else {
        let finished = stack.removeLast()
        let node = Self.node(finished, children: finished.children)
        guard !stack.isEmpty else { return (node, cut) }
        stack[stack.count - 1].children.append(node)
      }
    }
  }

  /// The Swift value of one C node, given its already-copied children. A node cmark-gfm gives no
  /// position (some inlines, in tables for one) starts where its parent starts, so that every location
  /// reported from the tree is in the file.
  private static func node(_ pending: PendingNode, children: [MarkdownNode]) -> MarkdownNode {
    MarkdownNode(
      kind: Self.kind(of: pending.node),
      children: children,
      startLine: pending.line,
      startColumn: pending.column,
      endLine: Int(cmark_node_get_end_line(pending.node))
    )
  }

  /// The Swift kind of a C node, with the data that kind carries.
  private static func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
    let type = cmark_node_get_type(node)
    switch type {
    case CMARK_NODE_DOCUMENT: return .document
    case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
    case CMARK_NODE_LIST:
      return .list(
        ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
        start: Int(cmark_node_get_list_start(node)),
        tight: cmark_node_get_list_tight(node) != 0)
    case CMARK_NODE_ITEM: return .item(task: Self.taskState(of: node))
    case CMARK_NODE_CODE_BLOCK:
      return .codeBlock(
        info: Self.string(cmark_node_get_fence_info(node)),
        literal: Self.string(cmark_node_get_literal(node)),
        fenced: Self.isFenced(node))
    case CMARK_NODE_HTML_BLOCK: return .htmlBlock(Self.string(cmark_node_get_literal(node)))
    case CMARK_NODE_PARAGRAPH: return .paragraph
    case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
    case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
    case CMARK_NODE_FOOTNOTE_DEFINITION:
      return .footnoteDefinition(label: Self.string(cmark_node_get_literal(node)))
    case CMARK_NODE_TEXT: return .text(Self.string(cmark_node_get_literal(node)))
    case CMARK_NODE_SOFTBREAK: return .softBreak
    case CMARK_NODE_LINEBREAK: return .lineBreak
    case CMARK_NODE_CODE: return .code(Self.string(cmark_node_get_literal(node)))
    case CMARK_NODE_HTML_INLINE: return .htmlInline(Self.string(cmark_node_get_literal(node)))
    case CMARK_NODE_EMPH: return .emphasis
    case CMARK_NODE_STRONG: return .strong
    case CMARK_NODE_LINK:
      return .link(
        destination: Self.string(cmark_node_get_url(node)), title: Self.string(cmark_node_get_title(node)))
    case CMARK_NODE_IMAGE:
      return .image(
        source: Self.string(cmark_node_get_url(node)), title: Self.string(cmark_node_get_title(node)))
    case CMARK_NODE_FOOTNOTE_REFERENCE:
      return .footnoteReference(label: Self.string(cmark_node_get_literal(node)))
    default: return Self.extensionKind(of: node)
    }
  }

  /// Kinds that GFM extensions register at run time, recognised by their type names.
  private static func extensionKind(of node: OpaquePointer) -> MarkdownNode.Kind {
    let name = Self.string(cmark_node_get_type_string(node))
    switch name {
    case "table": return .table(alignments: Self.alignments(of: node))
    case "table_header": return .tableRow(isHeader: true)
    case "table_row": return .tableRow(isHeader: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
    case "table_cell": return .tableCell
    case "strikethrough": return .strikethrough
    default: return .other(name)
    }
  }

  /// A list item's task-box state, or nil when the item is not a task.
  private static func taskState(of node: OpaquePointer) -> Bool? {
    guard Self.string(cmark_node_get_type_string(node)) == "tasklist" else { return nil }
    return cmark_gfm_extensions_get_tasklist_item_checked(node)
  }

  /// The column alignments of a table node.
  private static func alignments(of node: OpaquePointer) -> [String?] {
    let count = Int(cmark_gfm_extensions_get_table_columns(node))
    guard let raw = cmark_gfm_extensions_get_table_alignments(node) else {
      return Array(repeating: nil, count: count)
    }
    return (0..<count).map { column in
      switch UInt8(raw[column]) {
      case UInt8(ascii: "l"): return "left"
      case UInt8(ascii: "c"): return "center"
      case UInt8(ascii: "r"): return "right"
      default: return nil
      }
    }
  }

  /// Whether a code block was fenced (as opposed to indented).
  private static func isFenced(_ node: OpaquePointer) -> Bool {
    var length: Int32 = 0
    var offset: Int32 = 0
    var character: CChar = 0
    return cmark_node_get_fenced(node, &length, &offset, &character) != 0
  }

  /// A Swift copy of a C string owned by the tree; empty for NULL.
  private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }
}
