import BookKit

/// Reads the book's subset of Mermaid into a `Flowchart`, reporting every line it cannot read at its
/// chapter line and column.
///
/// Lines are read one at a time: the `flowchart LR` header, `accTitle:`/`accDescr:`, `subgraph … end`,
/// `%%` comments, styling lines (ignored), and node-and-edge statements (see `StatementScanner`).
struct FlowchartParser {
  /// The deepest subgraphs may nest. The DOT writer walks them recursively (30,000 levels overflowed its
  /// stack) and graphviz gives up long before that; a diagram a reader can follow nests two or three.
  static let maximumSubgraphDepth = 20

  /// Styling and interaction statements that do not change the layout, skipped whole.
  static let ignoredKeywords: Set<String> = ["classDef", "class", "style", "linkStyle", "click"]

  /// The block's lines, as bytes, so that columns are UTF-8 byte columns like the compiler's.
  let lines: [[UInt8]]
  /// Where the block's first code line starts in the chapter.
  let origin: SourceLocation
  /// What has been read so far.
  var chart = Flowchart()
  /// Every problem found so far.
  var diagnostics: [Diagnostic] = []
  /// Where the `flowchart`/`graph` header is, once read.
  var header: SourceLocation?
  /// Where `accTitle` was first given, for "given twice" notes.
  var titleLocation: SourceLocation?
  /// Where `accDescr` was first given.
  var descriptionLocation: SourceLocation?
  /// The subgraphs opened and not yet closed: index into `chart.subgraphs`, and where each was opened.
  var openSubgraphs: [(index: Int, location: SourceLocation)] = []
  /// The index in `chart.nodes` of each node id.
  var nodeIndex: [String: Int] = [:]
  /// Node ids given a shape somewhere: only those may share an id with a subgraph.
  var declaredNodes: Set<String> = []
  /// Set by the first subgraph nested too deep: the diagram is refused there, and no later line is read.
  var nestedTooDeep = false

  /// Parses a Mermaid block whose first code line is at `origin` (`origin.column` is the column where
  /// the block's lines start, 1 for an unindented block).
  static func parse(_ source: String, at origin: SourceLocation) -> Result<Flowchart, DiagnosticsError> {
    var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.utf8) }
    if lines.last?.isEmpty == true { lines.removeLast() }
    var parser = FlowchartParser(lines: lines.map(Self.droppingCarriageReturn), origin: origin)
    parser.readLines()
    parser.finish()
    return parser.diagnostics.isEmpty ? .success(parser.chart) : .failure(DiagnosticsError(parser.diagnostics))
  }

  /// The chapter location of a byte offset on a line of the block.
  func location(line: Int, offset: Int) -> SourceLocation {
    SourceLocation(path: self.origin.path, line: self.origin.line + line, column: self.origin.column + offset)
  }

  /// Records an error about the diagram.
  mutating func error(_ id: RuleID, line: Int, offset: Int, _ message: String, notes: [Diagnostic] = []) {
    self.diagnostics.append(
      Diagnostic(.error, id: id, at: self.location(line: line, offset: offset), message, notes: notes))
  }

  /// Reads every line, stopping early when the block is not a flowchart at all, or at the first subgraph
  /// nested too deep (a hostile block of 30,000 levels costs no more than one of 21).
  private mutating func readLines() {
    var line = 0
    while line < self.lines.count, !self.nestedTooDeep {
      let bytes = self.lines[line]
      let start = Self.firstNonSpace(in: bytes, from: 0)
      if start == bytes.count || bytes[start...].starts(with: Array("%%".utf8)) {
        line += 1
        continue
      }
      guard self.header != nil else {
        guard self.readHeader(line: line, start: start) else { return }
        line += 1
        continue
      }
      line = self.readLine(line, start: start)
    }
  }

  /// Reads one line after the header; returns the index of the next line to read.
  private mutating func readLine(_ line: Int, start: Int) -> Int {
    let bytes = self.lines[line]
    let word = Self.word(in: bytes, at: start)
    let afterWord = start + word.utf8.count
    switch word {
    case "accTitle": self.readTitle(line: line, start: start, after: afterWord)
    case "accDescr": return self.readDescription(line: line, start: start, after: afterWord)
    case "subgraph" where Self.isSpaceOrEnd(bytes, afterWord):
      self.openSubgraph(line: line, start: start, after: afterWord)
    case "end" where Self.endsStatement(bytes, afterWord): self.closeSubgraph(line: line, start: start)
    case "direction" where Self.isSpaceOrEnd(bytes, afterWord): self.readSubgraphDirection(line: line, after: afterWord)
    case _ where Self.ignoredKeywords.contains(word) && Self.isSpaceOrEnd(bytes, afterWord): break
    default: self.readStatements(line: line, from: start)
    }
    return line + 1
  }

  /// Checks what is left once every line is read: open subgraphs, the title, at least one node. A block
  /// refused for its nesting was not read to the end: its one error says all.
  private mutating func finish() {
    guard !self.nestedTooDeep else { return }
    guard let header = self.header else {
      if self.diagnostics.isEmpty {
        self.diagnostics.append(
          Diagnostic(
            .error, id: .mermaidSyntax, at: self.origin,
            "Mermaid block is empty; start it with 'flowchart LR' (or TB, TD, BT, RL)"))
      }
      return
    }
    for open in self.openSubgraphs {
      let id = self.chart.subgraphs[open.index].id
      self.diagnostics.append(
        Diagnostic(.error, id: .mermaidSyntax, at: open.location, "subgraph '\(id)' is not closed; add 'end'"))
    }
    if self.titleLocation == nil {
      self.diagnostics.append(
        Diagnostic(
          .error, id: .diagramWithoutTitle, at: header,
          "diagram has no 'accTitle: …'; name it (and describe it with 'accDescr: …') for screen readers"))
    }
    self.resolveSubgraphEndpoints()
    if self.chart.nodes.isEmpty, self.diagnostics.isEmpty {
      self.diagnostics.append(Diagnostic(.error, id: .mermaidSyntax, at: header, "flowchart has no nodes"))
    }
  }

  /// Edges may name a subgraph: such an id means the subgraph, not a node, unless a shape declared a node
  /// with that id or the subgraph holds no node the edge could attach to.
  private mutating func resolveSubgraphEndpoints() {
    let chart = self.chart
    let declared = self.declaredNodes
    self.chart.nodes.removeAll { node in
      guard !declared.contains(node.id), let cluster = chart.subgraphs.firstIndex(where: { $0.id == node.id })
      else { return false }
      return chart.nodes.indices.contains { chart.nodes[$0].id != node.id && chart.isNode($0, inside: cluster) }
    }
  }

  // MARK: - Bytes

  /// The line without a trailing carriage return.
  private static func droppingCarriageReturn(_ line: [UInt8]) -> [UInt8] {
    line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : line
  }

  /// The offset of the first byte at or after `start` that is not a space or tab.
  static func firstNonSpace(in bytes: [UInt8], from start: Int) -> Int {
    var cursor = start
    while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") {
      cursor += 1
    }
    return cursor
  }

  /// The run of letters, digits and `_` at `start`: `accTitle` in `accTitle: x`.
  static func word(in bytes: [UInt8], at start: Int) -> String {
    var cursor = start
    while cursor < bytes.count, bytes[cursor] < 0x80, StatementScanner.isWordByte(bytes[cursor]) { cursor += 1 }
    return String(decoding: bytes[start..<cursor], as: UTF8.self)
  }

  /// Whether the line ends at `offset` or continues with a space or tab.
  static func isSpaceOrEnd(_ bytes: [UInt8], _ offset: Int) -> Bool {
    offset >= bytes.count || bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\t")
  }

  /// Whether nothing but spaces and an optional `;` follow `offset`.
  static func endsStatement(_ bytes: [UInt8], _ offset: Int) -> Bool {
    let next = Self.firstNonSpace(in: bytes, from: offset)
    return next == bytes.count
      || (bytes[next] == UInt8(ascii: ";") && Self.firstNonSpace(in: bytes, from: next + 1) == bytes.count)
  }

  /// The text of part of a line, trimmed of spaces.
  static func text(_ bytes: [UInt8], _ range: Range<Int>) -> String {
    StatementScanner.trimmed(String(decoding: bytes[range], as: UTF8.self))
  }
}
