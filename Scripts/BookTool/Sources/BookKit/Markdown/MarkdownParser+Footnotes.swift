extension MarkdownParser {
  /// Gives footnote definitions and references the labels written in the source.
  ///
  /// cmark-gfm's public API hides a definition's label and reports a reference's literal as the number of
  /// its definition (definitions come last, ordered by first reference, unused ones dropped), so the
  /// labels are read back from the source: `[^store]: …` → `footnoteDefinition(label: "store")`, and a
  /// reference numbered 1 → `footnoteReference(label: "store")`.
  static func labelFootnotes(_ document: inout MarkdownNode, source: [UInt8]) {
    // With no definition no reference can be relabelled: leave the tree alone.
    guard document.children.contains(where: { if case .footnoteDefinition = $0.kind { true } else { false } })
    else { return }
    // Where each line starts (the lines `split` at every line feed would give), without a slice per line.
    var lineStarts = [0]
    for index in source.indices where source[index] == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
    var labels: [String] = []
    for index in document.children.indices {
      guard case .footnoteDefinition = document.children[index].kind else { continue }
      let (startLine, startColumn) = (document.children[index].startLine, document.children[index].startColumn)
      var line: ArraySlice<UInt8> = []
      if startLine > 0, startLine - 1 < lineStarts.count {
        let end = startLine < lineStarts.count ? lineStarts[startLine] - 1 : source.count
        line = source[lineStarts[startLine - 1]..<end]
      }
      let label = Self.definitionLabel(in: Array(line), before: startColumn - 1) ?? ""
      document.children[index].kind = .footnoteDefinition(label: label)
      labels.append(label)
    }
    Self.relabelReferences(&document, labels: labels)
  }

  /// Replaces each reference's number with the label of the definition it points to, in place (the tree
  /// was just built, so nothing is copied).
  private static func relabelReferences(_ node: inout MarkdownNode, labels: [String]) {
    if case .footnoteReference(let literal) = node.kind, let number = Int(literal),
      labels.indices.contains(number - 1)
    {
      node.kind = .footnoteReference(label: labels[number - 1])
    }
    for index in node.children.indices { Self.relabelReferences(&node.children[index], labels: labels) }
  }

  /// The label of the last `[^label]:` that ends before byte `limit` of a line (the definition's content
  /// starts after its marker), or anywhere on the line when the limit finds none.
  private static func definitionLabel(in line: [UInt8], before limit: Int) -> String? {
    let bounded = Array(line.prefix(max(limit, 0)))
    return Self.lastMarkerLabel(in: bounded) ?? Self.lastMarkerLabel(in: line)
  }

  /// The label of the last `[^label]:` in some bytes.
  private static func lastMarkerLabel(in bytes: [UInt8]) -> String? {
    var found: String?
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "^"),
        let close = bytes[(index + 2)...].firstIndex(of: UInt8(ascii: "]")),
        close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: ":"), close > index + 2
      {
        found = String(decoding: bytes[(index + 2)..<close], as: UTF8.self)
        index = close
      }
      index += 1
    }
    return found
  }
}
