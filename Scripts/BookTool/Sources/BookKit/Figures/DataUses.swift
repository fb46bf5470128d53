/// What one chapter takes from result files: its figure blocks (by their place among the chapter's
/// listings) and the `{{data:…}}` references of its prose, each located at its chapter line.
package struct DataUses: Sendable {
  /// A reference in prose, where it is written.
  package struct Quote: Hashable, Sendable {
    package var occurrence: DataReference.Occurrence
    package var location: SourceLocation
  }

  /// Each figure block, read from its fence line, by its place among the chapter's listings.
  package var blocks: [Int: Result<FigureBlock, DiagnosticsError>] = [:]
  /// Each reference in prose, in reading order.
  package var quotes: [Quote] = []

  /// The uses of `chapter`.
  package init(chapter: Chapter) {
    for (ordinal, listing) in chapter.listings.enumerated() where listing.kind == .figure {
      let line = listing.fence.line - 1
      let fenceLine = chapter.lines.indices.contains(line) ? chapter.lines[line] : ""
      self.blocks[ordinal] = FigureBlock.parse(listing, fenceLine: fenceLine)
    }
    self.collectQuotes(in: chapter.document, path: chapter.path)
  }

  /// The result files used, sorted: every block's `data=` and every reference's name.
  package var names: [String] {
    var names = Set(self.blocks.values.compactMap { try? $0.get().data })
    for quote in self.quotes {
      if let reference = try? quote.occurrence.reference.get() { names.insert(reference.name) }
    }
    return names.sorted()
  }

  /// The references in the text of `node` and below (code spans and blocks are code, not prose).
  private mutating func collectQuotes(in node: MarkdownNode, path: String) {
    if case .text(let text) = node.kind {
      for occurrence in DataReference.occurrences(in: text) {
        let location = SourceLocation(path: path, line: node.startLine, column: node.startColumn + occurrence.offset)
        self.quotes.append(Quote(occurrence: occurrence, location: location))
      }
    }
    for child in node.children { self.collectQuotes(in: child, path: path) }
  }
}
