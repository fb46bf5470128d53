/// Links between nodes: `-->`, `---`, `-.->`, `==>`, `~~~`, with `-- text -->`, `-. text .->`,
/// `== text ==>` and `-->|text|` labels.
extension StatementScanner {
  /// The link starting here, or nil (with the position unchanged) if no link starts here.
  mutating func link() throws(Failure) -> Link? {
    let start = self.index
    var bothEnds = false
    if self.peek() == UInt8(ascii: "<"), [UInt8(ascii: "-"), UInt8(ascii: "=")].contains(self.peek(1)) {
      bothEnds = true
      self.index += 1
    }
    var link: Link?
    switch self.peek() {
    case UInt8(ascii: "-") where self.peek(1) == UInt8(ascii: "."): link = try self.dottedLink()
    case UInt8(ascii: "-"): link = try self.lineLink(character: "-", stroke: .solid)
    case UInt8(ascii: "="): link = try self.lineLink(character: "=", stroke: .thick)
    case UInt8(ascii: "~"): link = self.invisibleLink()
    default: link = nil
    }
    guard var link else {
      self.index = start
      return nil
    }
    link.bothEnds = bothEnds && link.arrow
    if link.label == nil { link.label = try self.pipeLabel() }
    return link
  }

  /// `-->`, `---`, `-- text -->` and the thick `==>`, `===`, `== text ==>`.
  mutating func lineLink(character: Character, stroke: Flowchart.Stroke) throws(Failure) -> Link? {
    let byte = character.asciiValue ?? 0
    let opener = self.index
    let count = self.run(of: byte, from: opener)
    self.index = opener + count
    if count >= 2, self.peek() == UInt8(ascii: ">") {
      self.index += 1
      return Link(stroke: stroke, arrow: true, bothEnds: false, label: nil)
    }
    if count >= 3 { return Link(stroke: stroke, arrow: false, bothEnds: false, label: nil) }
    guard count == 2 else { return nil }
    let doubled = String(repeating: character, count: 2)
    return try self.labelledLink(
      stroke: stroke, opener: opener, openerText: doubled, closer: doubled, closerByte: byte, minimumLine: 3,
      expected: "'\(doubled)>' or '\(doubled)\(character)'")
  }

  /// `-.->`, `-.-` and `-. text .->`.
  mutating func dottedLink() throws(Failure) -> Link? {
    let opener = self.index
    let dots = self.run(of: UInt8(ascii: "."), from: opener + 1)
    var cursor = opener + 1 + dots
    if cursor < self.end, self.bytes[cursor] == UInt8(ascii: "-") {
      cursor += 1
      let arrow = cursor < self.end && self.bytes[cursor] == UInt8(ascii: ">")
      self.index = arrow ? cursor + 1 : cursor
      return Link(stroke: .dotted, arrow: arrow, bothEnds: false, label: nil)
    }
    self.index = opener + 2
    return try self.labelledLink(
      stroke: .dotted, opener: opener, openerText: "-.", closer: ".-", closerByte: UInt8(ascii: "-"),
      minimumLine: 1, expected: "'.->' or '.-'")
  }

  /// The text of a labelled link up to its closing arrow: ` text -->` after `--`.
  ///
  /// The closer is `closer` followed by more `closerByte`s and an optional `>`; without `>` the closing
  /// run needs `minimumLine` of them, so that `-- a -- b` is not mistaken for a link.
  mutating func labelledLink(
    stroke: Flowchart.Stroke, opener: Int, openerText: String, closer: String, closerByte: UInt8,
    minimumLine: Int, expected: String
  ) throws(Failure) -> Link {
    let textStart = self.index
    var cursor = textStart
    while let found = self.find(closer, from: cursor, skippingQuotes: true) {
      let runStart = found + closer.utf8.count - 1
      let run = self.run(of: closerByte, from: runStart)
      let after = runStart + run
      let arrow = after < self.end && self.bytes[after] == UInt8(ascii: ">")
      if arrow || run + closer.utf8.count - 1 >= minimumLine {
        let label = Self.unquoted(Self.trimmed(self.text(textStart..<found)))
        guard !label.isEmpty else {
          throw Failure(offset: opener, message: "edge label after '\(openerText)' is empty")
        }
        self.index = arrow ? after + 1 : after
        return Link(stroke: stroke, arrow: arrow, bothEnds: false, label: label)
      }
      cursor = after
    }
    throw Failure(
      offset: opener, message: "edge label opened with '\(openerText)' is not closed; expected \(expected)")
  }

  /// `~~~`: an invisible link that only guides the layout.
  mutating func invisibleLink() -> Link? {
    let count = self.run(of: UInt8(ascii: "~"), from: self.index)
    guard count >= 3 else { return nil }
    self.index += count
    return Link(stroke: .invisible, arrow: false, bothEnds: false, label: nil)
  }

  /// The `|text|` label written right after an arrow, if any.
  mutating func pipeLabel() throws(Failure) -> String? {
    let beforeSpaces = self.index
    self.skipSpaces()
    guard self.peek() == UInt8(ascii: "|") else {
      self.index = beforeSpaces
      return nil
    }
    let open = self.index
    guard let close = self.find("|", from: open + 1, skippingQuotes: true) else {
      throw Failure(offset: open, message: "edge label opened with '|' is not closed; expected '|'")
    }
    self.index = close + 1
    return Self.unquoted(Self.trimmed(self.text((open + 1)..<close)))
  }
}
