import BookKit

extension FlowchartParser {
  /// Reads the node-and-edge statements of a line from `offset`, split at top-level `;`.
  mutating func readStatements(line: Int, from offset: Int) {
    let bytes = self.lines[line]
    for range in Self.statementRanges(in: bytes, from: offset) {
      guard Self.firstNonSpace(in: bytes, from: range.lowerBound) < range.upperBound else { continue }
      var scanner = StatementScanner(line: bytes, range: range)
      do {
        self.add(try scanner.statement())
      } catch {
        self.error(.mermaidSyntax, line: line, offset: error.offset, error.message)
      }
    }
  }

  /// The byte ranges between `;` separators that are outside quotes and brackets:
  /// `A --> B; B --> C` → `A --> B`, ` B --> C`.
  static func statementRanges(in bytes: [UInt8], from offset: Int) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var start = offset
    var depth = 0
    var quoted = false
    for index in offset..<bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "\""): quoted.toggle()
      case UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "{"): if !quoted { depth += 1 }
      case UInt8(ascii: "]"), UInt8(ascii: ")"), UInt8(ascii: "}"): if !quoted { depth = max(depth - 1, 0) }
      case UInt8(ascii: ";") where !quoted && depth == 0:
        ranges.append(start..<index)
        start = index + 1
      default: break
      }
    }
    ranges.append(start..<bytes.count)
    return ranges
  }

  /// Adds a statement's nodes and its edges: every node of a group to every node of the next.
  private mutating func add(_ statement: StatementScanner.Statement) {
    for group in statement.groups {
      for reference in group { self.mention(reference) }
    }
    for (index, link) in statement.links.enumerated() {
      for from in statement.groups[index] {
        for to in statement.groups[index + 1] {
          self.chart.edges.append(
            Flowchart.Edge(
              from: from.id, to: to.id, stroke: link.stroke, arrow: link.arrow, bothEnds: link.bothEnds,
              label: link.label.map(Self.label)))
        }
      }
    }
  }

  /// Creates the node on first mention, applies a shape and label when given (the last one wins, as in
  /// Mermaid), and places the node in the innermost open subgraph the first time one mentions it.
  private mutating func mention(_ reference: StatementScanner.NodeReference) {
    let index: Int
    if let existing = self.nodeIndex[reference.id] {
      index = existing
    } else {
      index = self.chart.nodes.count
      self.nodeIndex[reference.id] = index
      self.chart.nodes.append(Flowchart.Node(id: reference.id, label: reference.id, shape: .rectangle))
    }
    if let declaration = reference.declaration {
      self.chart.nodes[index].shape = declaration.shape
      self.chart.nodes[index].label = Self.label(declaration.label)
      self.declaredNodes.insert(reference.id)
    }
    if self.chart.nodes[index].subgraph == nil, let innermost = self.openSubgraphs.last {
      self.chart.nodes[index].subgraph = innermost.index
    }
  }
}
