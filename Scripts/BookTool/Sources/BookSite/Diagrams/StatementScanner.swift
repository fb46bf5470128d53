/// Reads one Mermaid node-and-edge statement from a line's bytes: `A[Start] -- go --> B & C`.
///
/// Offsets are byte offsets into the whole line, so that a failure can be reported at its exact column.
struct StatementScanner {
  /// A node as a statement mentions it: `B([Label])` → id `B`, a stadium labelled `Label`.
  struct NodeReference: Hashable, Sendable {
    /// The node's id.
    var id: String
    /// The outline and label, when the statement declares them.
    var declaration: Declaration?
    /// Where the id starts on the line.
    var offset: Int
  }

  /// The outline and label a statement gives a node: `[(Orders)]` → cylinder, `Orders`.
  struct Declaration: Hashable, Sendable {
    /// The outline.
    var shape: Flowchart.Shape
    /// The label, trimmed, without quotes.
    var label: String
  }

  /// An arrow between two groups of nodes: `-- text -->` → solid, arrowhead, label `text`.
  struct Link: Hashable, Sendable {
    /// The line style.
    var stroke: Flowchart.Stroke
    /// Whether the far end has an arrowhead.
    var arrow: Bool
    /// Whether the near end has one too (`<-->`).
    var bothEnds: Bool
    /// The text written on the edge.
    var label: String?
  }

  /// A statement: groups of nodes (`A & B`) joined by links, `groups.count == links.count + 1`.
  struct Statement: Hashable, Sendable {
    /// The node groups, in the order written.
    var groups: [[NodeReference]]
    /// The links between consecutive groups.
    var links: [Link]
  }

  /// Why a statement cannot be read, and where on the line.
  struct Failure: Error, Hashable, Sendable {
    /// The byte offset on the line.
    var offset: Int
    /// What is wrong, phrased as the rule that was broken.
    var message: String
  }

  /// The bracket pairs of node shapes, longest openers first so that `([` wins over `(`.
  static let shapeBrackets: [(open: String, close: String, shape: Flowchart.Shape)] = [
    ("([", "])", .stadium), ("[(", ")]", .cylinder), ("[[", "]]", .subroutine), ("((", "))", .circle),
    ("{{", "}}", .hexagon), ("[", "]", .rectangle), ("(", ")", .rounded), ("{", "}", .diamond),
  ]

  /// The whole line.
  let bytes: [UInt8]
  /// Where the statement ends on the line.
  let end: Int
  /// The position reached.
  var index: Int

  /// A scanner over `bytes[range]`, where `bytes` is the whole line.
  init(line bytes: [UInt8], range: Range<Int>) {
    self.bytes = bytes
    self.index = range.lowerBound
    self.end = range.upperBound
  }

  /// Reads the whole statement.
  mutating func statement() throws(Failure) -> Statement {
    self.skipSpaces()
    let start = self.index
    guard let first = try self.group() else {
      throw Failure(offset: start, message: "unknown Mermaid statement '\(self.token(at: start))'")
    }
    var statement = Statement(groups: [first], links: [])
    while true {
      self.skipSpaces()
      guard self.index < self.end else { return statement }
      let linkStart = self.index
      guard let link = try self.link() else {
        if statement.links.isEmpty, first.count == 1, first[0].declaration == nil {
          throw Failure(offset: start, message: "unknown Mermaid statement '\(self.token(at: start))'")
        }
        throw Failure(
          offset: linkStart,
          message: "expected an arrow ('-->', '---', '-.->', '==>') or the end of the statement; "
            + "found '\(self.token(at: linkStart))'")
      }
      let arrowText = Self.trimmed(self.text(linkStart..<self.index))
      self.skipSpaces()
      guard let group = try self.group() else {
        throw Failure(offset: self.index, message: "expected a node after '\(arrowText)'")
      }
      statement.links.append(link)
      statement.groups.append(group)
    }
  }

  // MARK: - Nodes

  /// `A`, `A[Label] & B`: one or more node references joined by `&`, or nil if no node starts here.
  mutating func group() throws(Failure) -> [NodeReference]? {
    guard let first = try self.nodeReference() else { return nil }
    var group = [first]
    while true {
      let beforeSpaces = self.index
      self.skipSpaces()
      guard self.peek() == UInt8(ascii: "&") else {
        self.index = beforeSpaces
        return group
      }
      self.index += 1
      self.skipSpaces()
      guard let next = try self.nodeReference() else {
        throw Failure(offset: self.index, message: "expected a node after '&'")
      }
      group.append(next)
    }
  }

  /// An id with an optional shape and an ignored `:::class` suffix.
  mutating func nodeReference() throws(Failure) -> NodeReference? {
    let start = self.index
    while self.index < self.end, self.isIdentifierByte(at: self.index) { self.index += 1 }
    guard self.index > start else { return nil }
    var reference = NodeReference(id: self.text(start..<self.index), declaration: nil, offset: start)
    reference.declaration = try self.shape()
    if self.hasPrefix(":::") {
      self.index += 3
      while self.index < self.end, self.isIdentifierByte(at: self.index) { self.index += 1 }
    }
    return reference
  }

  /// The bracketed label after a node id, if there is one.
  mutating func shape() throws(Failure) -> Declaration? {
    guard let brackets = Self.shapeBrackets.first(where: { self.hasPrefix($0.open) }) else { return nil }
    let open = self.index
    self.index += brackets.open.utf8.count
    let label = try self.label(closedBy: brackets.close, openedWith: brackets.open, at: open)
    return Declaration(shape: brackets.shape, label: label)
  }

  /// A label up to `close`: quoted (`"may hold ( ) [ ]"`) or plain, trimmed either way.
  mutating func label(closedBy close: String, openedWith open: String, at openOffset: Int)
    throws(Failure) -> String
  {
    self.skipSpaces()
    if self.peek() == UInt8(ascii: "\"") {
      let quote = self.index
      guard let closing = self.find("\"", from: quote + 1) else {
        throw Failure(offset: quote, message: "quoted label is not closed; expected '\"'")
      }
      let label = self.text((quote + 1)..<closing)
      self.index = closing + 1
      self.skipSpaces()
      guard self.hasPrefix(close) else {
        throw Failure(
          offset: self.index, message: "expected '\(close)' to close the label opened with '\(open)'")
      }
      self.index += close.utf8.count
      return label
    }
    guard let closing = self.find(close, from: self.index) else {
      throw Failure(offset: openOffset, message: "label opened with '\(open)' is not closed; expected '\(close)'")
    }
    let label = Self.trimmed(self.text(self.index..<closing))
    self.index = closing + close.utf8.count
    return label
  }
}
