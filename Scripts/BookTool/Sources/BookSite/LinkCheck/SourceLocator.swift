import BookKit

/// Finds where things are in a chapter's source, where cmark-gfm's inline positions cannot be trusted
/// (autolinks are placed past the end of their line) or do not exist (definitions nothing refers to).
struct SourceLocator {
  /// The chapter's path.
  let path: String
  /// The chapter's lines, as bytes, so that columns count UTF-8 bytes like the compiler's.
  let lines: [[UInt8]]
  /// The 1-based lines inside code blocks, where nothing is a link or a footnote.
  let codeLines: Set<Int>

  /// A locator for a chapter.
  init(chapter: Chapter) {
    self.path = chapter.path
    self.lines = chapter.lines.map { Array($0.utf8) }
    var codeLines = Set<Int>()
    chapter.document.forEachNode { node in
      guard case .codeBlock = node.kind, node.startLine > 0 else { return }
      codeLines.formUnion(node.startLine...max(node.startLine, node.endLine))
    }
    self.codeLines = codeLines
  }

  /// Where a link or image starts: cmark-gfm's position when the source there opens a link (`[`), an
  /// image (`!`) or an autolink (`<`); otherwise where the destination is written, searching from the
  /// node's line; otherwise the node's position as reported.
  func locate(_ node: MarkdownNode, destination: String) -> SourceLocation {
    let reported = SourceLocation(path: self.path, line: max(node.startLine, 1), column: max(node.startColumn, 1))
    if let byte = self.byte(line: node.startLine, column: node.startColumn), Array("[!<".utf8).contains(byte) {
      return reported
    }
    let needle = Array(destination.utf8)
    guard !needle.isEmpty else { return reported }
    for line in reported.line...min(reported.line + 50, max(self.lines.count, reported.line)) {
      if let offset = ByteSearch.offset(of: needle, in: self.bytes(line), from: 0) {
        return SourceLocation(path: self.path, line: line, column: offset + 1)
      }
    }
    return reported
  }

  /// The first `[^label]` at or after `start` that is not escaped (`\[^label]`), searching a few lines on;
  /// nil when the only marks there are escaped, `start` itself when none is found.
  func locateFootnoteMark(_ label: String, from start: SourceLocation) -> SourceLocation? {
    let needle = Array("[^\(label)]".utf8)
    var column = max(start.column - 1, 0)
    var foundEscaped = false
    for line in max(start.line, 1)...min(start.line + 50, max(self.lines.count, start.line)) {
      let bytes = self.bytes(line)
      while let offset = ByteSearch.offset(of: needle, in: bytes, from: column) {
        guard offset > 0, bytes[offset - 1] == UInt8(ascii: "\\") else {
          return SourceLocation(path: self.path, line: line, column: offset + 1)
        }
        foundEscaped = true
        column = offset + 1
      }
      column = 0
    }
    return foundEscaped ? nil : start
  }

  /// The footnote definitions written in the source (`[^label]: …`, also inside lists and quotes),
  /// outside code blocks.
  func footnoteDefinitions() -> [ChapterReferences.FootnoteMark] {
    var marks: [ChapterReferences.FootnoteMark] = []
    for (index, bytes) in self.lines.enumerated() where !self.codeLines.contains(index + 1) {
      var start = 0
      while start < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ">")].contains(bytes[start]) {
        start += 1
      }
      guard bytes[start...].starts(with: Array("[^".utf8)),
        let close = ByteSearch.offset(of: Array("]:".utf8), in: bytes, from: start + 2), close > start + 2
      else { continue }
      let label = String(decoding: bytes[(start + 2)..<close], as: UTF8.self)
      marks.append(
        ChapterReferences.FootnoteMark(
          label: label, location: SourceLocation(path: self.path, line: index + 1, column: start + 1)))
    }
    return marks
  }

  /// The bytes of a 1-based line, or none past the end.
  private func bytes(_ line: Int) -> [UInt8] {
    line >= 1 && line <= self.lines.count ? self.lines[line - 1] : []
  }

  /// The byte at a 1-based line and column, if there is one.
  private func byte(line: Int, column: Int) -> UInt8? {
    let bytes = self.bytes(line)
    return column >= 1 && column <= bytes.count ? bytes[column - 1] : nil
  }
}
