import BookKit
import Foundation

extension FlowchartParser {
  /// Reads `flowchart LR` or `graph TD` (statements may follow a `;`). Returns false when the block is
  /// not a flowchart, so that its other lines are not reported one by one.
  mutating func readHeader(line: Int, start: Int) -> Bool {
    let bytes = self.lines[line]
    let keyword = Self.word(in: bytes, at: start)
    guard keyword == "flowchart" || keyword == "graph",
      Self.isSpaceOrEnd(bytes, start + keyword.utf8.count)
        || bytes[start + keyword.utf8.count] == UInt8(ascii: ";")
    else {
      let found = Self.text(bytes, start..<Self.endOfToken(bytes, from: start))
      self.error(
        .mermaidUnsupported, line: line, offset: start,
        "only Mermaid flowcharts are rendered: start the block with 'flowchart LR' (or TB, TD, BT, RL), "
          + "not '\(found)'")
      return false
    }
    self.header = self.location(line: line, offset: start)
    let directionStart = Self.firstNonSpace(in: bytes, from: start + keyword.utf8.count)
    let direction = Self.word(in: bytes, at: directionStart)
    if !direction.isEmpty {
      guard let parsed = Flowchart.Direction(mermaid: direction) else {
        self.error(
          .mermaidSyntax, line: line, offset: directionStart,
          "unknown flowchart direction '\(direction)'; use TB, TD, BT, LR or RL")
        return true
      }
      self.chart.direction = parsed
    }
    let rest = Self.firstNonSpace(in: bytes, from: directionStart + direction.utf8.count)
    if rest < bytes.count {
      guard bytes[rest] == UInt8(ascii: ";") else {
        self.error(
          .mermaidSyntax, line: line, offset: rest,
          "unexpected '\(Self.text(bytes, rest..<Self.endOfToken(bytes, from: rest)))' after the flowchart header")
        return true
      }
      self.readStatements(line: line, from: rest + 1)
    }
    return true
  }

  /// `accTitle: The Flux loop`.
  mutating func readTitle(line: Int, start: Int, after keywordEnd: Int) {
    let bytes = self.lines[line]
    let colon = Self.firstNonSpace(in: bytes, from: keywordEnd)
    guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else {
      self.error(.mermaidSyntax, line: line, offset: start, "write the diagram's title as 'accTitle: …'")
      return
    }
    let title = Self.text(bytes, (colon + 1)..<bytes.count)
    guard !title.isEmpty else {
      self.error(.mermaidSyntax, line: line, offset: start, "accTitle is empty")
      return
    }
    if let first = self.titleLocation {
      self.error(
        .mermaidSyntax, line: line, offset: start, "accTitle is given twice",
        notes: [.note(at: first, "first given here")])
      return
    }
    self.titleLocation = self.location(line: line, offset: start)
    self.chart.title = title
  }

  /// `accDescr: One line.` or `accDescr {` … `}` over several lines; returns the next line to read.
  mutating func readDescription(line: Int, start: Int, after keywordEnd: Int) -> Int {
    let bytes = self.lines[line]
    let marker = Self.firstNonSpace(in: bytes, from: keywordEnd)
    var description: String
    var nextLine = line + 1
    if marker < bytes.count, bytes[marker] == UInt8(ascii: ":") {
      description = Self.text(bytes, (marker + 1)..<bytes.count)
    } else if marker < bytes.count, bytes[marker] == UInt8(ascii: "{") {
      guard let block = self.descriptionBlock(line: line, from: marker + 1) else {
        self.error(
          .mermaidSyntax, line: line, offset: start, "'accDescr {' is not closed; end the description with '}'")
        return self.lines.count
      }
      (description, nextLine) = block
    } else {
      self.error(
        .mermaidSyntax, line: line, offset: start,
        "write the diagram's description as 'accDescr: …' or 'accDescr { … }'")
      return nextLine
    }
    if let first = self.descriptionLocation {
      self.error(
        .mermaidSyntax, line: line, offset: start, "accDescr is given twice",
        notes: [.note(at: first, "first given here")])
    } else if description.isEmpty {
      self.error(.mermaidSyntax, line: line, offset: start, "accDescr is empty")
    } else {
      self.descriptionLocation = self.location(line: line, offset: start)
      self.chart.description = description
    }
    return nextLine
  }

  /// The text of an `accDescr {` block from `offset` on `line` up to the closing `}`, with its lines
  /// trimmed and joined by spaces, and the line after the `}`; nil when no `}` closes it.
  private func descriptionBlock(line: Int, from offset: Int) -> (text: String, nextLine: Int)? {
    var parts: [String] = []
    var current = line
    var start = offset
    while current < self.lines.count {
      let bytes = self.lines[current]
      if let close = bytes[start...].firstIndex(of: UInt8(ascii: "}")) {
        parts.append(Self.text(bytes, start..<close))
        return (parts.filter { !$0.isEmpty }.joined(separator: " "), current + 1)
      }
      parts.append(Self.text(bytes, start..<bytes.count))
      current += 1
      start = 0
    }
    return nil
  }

  /// `subgraph id [Title]`, `subgraph id["Title"]` or `subgraph Title words`.
  mutating func openSubgraph(line: Int, start keyword: Int, after keywordEnd: Int) {
    let bytes = self.lines[line]
    let start = Self.firstNonSpace(in: bytes, from: keywordEnd)
    let location = self.location(line: line, offset: keyword)
    guard start < bytes.count else {
      self.error(.mermaidSyntax, line: line, offset: keyword, "subgraph needs a name")
      self.open(Flowchart.Subgraph(id: "", title: "", parent: self.openSubgraphs.last?.index), at: location)
      return
    }
    let id = Self.word(in: bytes, at: start)
    let bracket = Self.firstNonSpace(in: bytes, from: start + id.utf8.count)
    var subgraph = Flowchart.Subgraph(id: id, title: id, parent: self.openSubgraphs.last?.index)
    if !id.isEmpty, bracket < bytes.count, bytes[bracket] == UInt8(ascii: "[") {
      guard let close = bytes.lastIndex(of: UInt8(ascii: "]")), close > bracket else {
        self.error(
          .mermaidSyntax, line: line, offset: bracket, "subgraph title opened with '[' is not closed; expected ']'")
        self.open(subgraph, at: location)
        return
      }
      subgraph.title = Self.label(StatementScanner.unquoted(Self.text(bytes, (bracket + 1)..<close)))
    } else if id.isEmpty || bracket < bytes.count {
      let title = StatementScanner.unquoted(Self.text(bytes, start..<bytes.count))
      subgraph.id = title
      subgraph.title = Self.label(title)
    }
    self.open(subgraph, at: location)
  }

  /// Adds a subgraph and makes it the innermost open one (also after an error, so that its `end` matches).
  /// Nesting deeper than `maximumSubgraphDepth` is an error, reported once where it first goes deeper;
  /// reading stops there (`nestedTooDeep`).
  private mutating func open(_ subgraph: Flowchart.Subgraph, at location: SourceLocation) {
    if self.openSubgraphs.count == Self.maximumSubgraphDepth {
      self.diagnostics.append(
        Diagnostic(
          .error, id: .mermaidSyntax, at: location,
          "subgraphs nested deeper than \(Self.maximumSubgraphDepth) levels; flatten the diagram"))
      self.nestedTooDeep = true
      return
    }
    self.openSubgraphs.append((self.chart.subgraphs.count, location))
    self.chart.subgraphs.append(subgraph)
  }

  /// `end`: closes the innermost open subgraph.
  mutating func closeSubgraph(line: Int, start: Int) {
    guard self.openSubgraphs.popLast() != nil else {
      self.error(.mermaidSyntax, line: line, offset: start, "'end' closes no subgraph")
      return
    }
  }

  /// `direction LR` inside a subgraph: checked, then ignored, since the layout has one direction.
  mutating func readSubgraphDirection(line: Int, after keywordEnd: Int) {
    let bytes = self.lines[line]
    let start = Self.firstNonSpace(in: bytes, from: keywordEnd)
    let direction = Self.word(in: bytes, at: start)
    if Flowchart.Direction(mermaid: direction) == nil {
      self.error(
        .mermaidSyntax, line: line, offset: start,
        "unknown flowchart direction '\(direction)'; use TB, TD, BT, LR or RL")
    }
  }

  /// A label as shown: Mermaid's `<br>` line breaks become newlines, each line trimmed:
  /// `Reducer <br/> pure` → `Reducer\npure`.
  static func label(_ text: String) -> String {
    // Without a `<` byte there is no tag (`≮` holds `<` only inside a character of its own): skip Foundation.
    guard text.utf8.contains(UInt8(ascii: "<")) else { return Self.trimmingLines(text) }
    var label = text
    for breakTag in ["<br>", "<br/>", "<br />", "<BR>", "<BR/>", "<BR />"] {
      label = label.replacingOccurrences(of: breakTag, with: "\n")
    }
    return Self.trimmingLines(label)
  }

  /// Each line of a label with more than one trimmed; a one-line label as it is.
  private static func trimmingLines(_ label: String) -> String {
    guard label.contains("\n") else { return label }
    return label.split(separator: "\n", omittingEmptySubsequences: false)
      .map { StatementScanner.trimmed(String($0)) }.joined(separator: "\n")
  }

  /// The offset just past the run of non-space bytes at `start`.
  static func endOfToken(_ bytes: [UInt8], from start: Int) -> Int {
    var cursor = start
    while cursor < bytes.count, bytes[cursor] != UInt8(ascii: " "), bytes[cursor] != UInt8(ascii: "\t") {
      cursor += 1
    }
    return cursor
  }
}
