import CCmarkGFM

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Parses GitHub-flavoured Markdown with cmark-gfm and copies the syntax tree into `MarkdownNode` values.
///
/// This is the only place that touches the C library's tree: it walks it once, copies every node with its
/// source position, and frees the C memory before returning. Parsing Markdown never fails.
public enum MarkdownParser {
  /// The GFM extensions every document is parsed with.
  static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

  /// Parses `source` into a document node: `"# Hi"` → `document[heading(1)[text("Hi")]]`.
  public static func parse(_ source: String) -> MarkdownNode {
    cmark_gfm_core_extensions_ensure_registered()
    let options = CMARK_OPT_SOURCEPOS | CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE
    guard let parser = cmark_parser_new(options) else {
      fatalError("cmark-gfm could not allocate a parser")
    }
    defer { cmark_parser_free(parser) }
    for name in Self.extensionNames {
      if let syntaxExtension = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, syntaxExtension)
      }
    }
    var utf8 = Array(source.utf8)
    utf8.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
        cmark_parser_feed(parser, $0, buffer.count)
      }
    }
    guard let root = cmark_parser_finish(parser) else {
      fatalError("cmark-gfm returned no document")
    }
    defer { cmark_node_free(root) }
    return Self.labelFootnotes(Self.copy(root), source: utf8)
  }

  /// Copies a C node and its subtree into Swift values.
  private static func copy(_ node: OpaquePointer) -> MarkdownNode {
    var children: [MarkdownNode] = []
    var child = cmark_node_first_child(node)
    while let current = child {
      children.append(Self.copy(current))
      child = cmark_node_next(current)
    }
    return MarkdownNode(
      kind: Self.kind(of: node),
      children: children,
      startLine: Int(cmark_node_get_start_line(node)),
      startColumn: Int(cmark_node_get_start_column(node)),
      endLine: Int(cmark_node_get_end_line(node))
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
