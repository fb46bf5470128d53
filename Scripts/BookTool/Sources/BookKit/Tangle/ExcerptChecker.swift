import Foundation

/// Checks that every excerpt naming its source (`excerpt=PATH` or `excerpt=PATH#CHUNK`) still quotes that
/// code as it stands at the end of the excerpt's chapter.
///
/// An excerpt is a list of segments separated by elision lines (`…`, `...`, `// …` or `// ...`). Each
/// segment's lines must appear one after another in the source, and the segments in order. Lines are
/// compared without their leading and trailing white space, and blank lines are ignored, so an excerpt
/// may be re-indented or spaced out, but never reworded:
/// ```
/// func dispatch(action: Action) throws {     ✓ a line of the chunk
///   // …                                      ✓ elides the lines in between
///   self.state = try self.reducer(…)          ✗ not in the chunk: excerpt-drift at this line
/// ```
package enum ExcerptChecker {
  /// The diagnostics for every named excerpt of `chapters` (in book order).
  package static func check(_ chapters: [Chapter]) -> [Diagnostic] {
    Self.check(chapters, prefixTangles: Tangler.tangleKeepingPrefixes(chapters).prefixes)
  }

  /// The same, given the files at the end of each chapter (`Tangler.tangleKeepingPrefixes`).
  package static func check(_ chapters: [Chapter], prefixTangles: [[TangledFile]]) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for (index, chapter) in chapters.enumerated() {
      let excerpts = chapter.listings.compactMap { listing -> (Listing, ExcerptSource)? in
        guard case .excerpt(let source?) = listing.tag else { return nil }
        return (listing, source)
      }
      guard !excerpts.isEmpty else { continue }
      let files = prefixTangles[index]
      for (listing, source) in excerpts {
        diagnostics += Self.check(listing, against: source, in: files)
      }
    }
    return diagnostics
  }

  /// The diagnostics for one excerpt, given the files tangled by the end of its chapter.
  static func check(_ listing: Listing, against source: ExcerptSource, in files: [TangledFile]) -> [Diagnostic] {
    guard let file = files.first(where: { $0.path == source.file }) else {
      return [
        Diagnostic(
          .error, id: .excerptSourceMissing, at: source.location,
          "'excerpt=\(source.reference)' names a file that no chapter up to this one tangles")
      ]
    }
    let code: String
    if let name = source.chunk {
      guard let chunk = file.chunks.first(where: { $0.name == name }) else {
        return [
          Diagnostic(
            .error, id: .excerptSourceMissing, at: source.location,
            "'excerpt=\(source.reference)' names a chunk that \(source.file) does not have at this chapter")
        ]
      }
      code = chunk.code
    } else {
      code = file.chunks.map(\.code).joined()
    }
    guard let missing = Self.firstUnmatchedLine(of: listing.code, in: code) else { return [] }
    return [
      Diagnostic(
        .error, id: .excerptDrift,
        at: SourceLocation(
          path: listing.fence.path, line: listing.firstCodeLine + missing, column: listing.fence.column),
        "this excerpt line is not in \(source.reference) as tangled at this chapter (or not in this order); "
          + "quote the code as it is, or elide lines with '// …'")
    ]
  }

  /// The offset (0-based, in `excerpt`'s lines) of the first line that breaks the quotation, or nil when the
  /// excerpt quotes `source` faithfully.
  static func firstUnmatchedLine(of excerpt: String, in source: String) -> Int? {
    let sourceLines = Self.lines(of: source).filter { !$0.isEmpty }
    var searchFrom = 0
    for segment in Self.segments(of: excerpt) {
      guard let start = Self.firstRun(of: segment.map(\.text), in: sourceLines, from: searchFrom) else {
        return segment[Self.longestMatchedPrefix(of: segment.map(\.text), in: sourceLines, from: searchFrom)].offset
      }
      searchFrom = start + segment.count
    }
    return nil
  }

  /// The excerpt's non-blank lines, trimmed, with their offsets, split at elision lines.
  private static func segments(of excerpt: String) -> [[(offset: Int, text: String)]] {
    var segments: [[(offset: Int, text: String)]] = [[]]
    for (offset, line) in Self.lines(of: excerpt).enumerated() where !line.isEmpty {
      if Self.elisionLines.contains(line) {
        segments.append([])
      } else {
        segments[segments.count - 1].append((offset, line))
      }
    }
    return segments.filter { !$0.isEmpty }
  }

  /// The lines that stand for elided code.
  static let elisionLines: Set<String> = ["…", "...", "// …", "// ..."]

  /// Each line of `text`, trimmed of white space at both ends.
  private static func lines(of text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
  }

  /// Where `run` first appears as consecutive lines of `lines`, at or after `start`.
  private static func firstRun(of run: [String], in lines: [String], from start: Int) -> Int? {
    guard run.count <= lines.count - start else { return nil }
    return (start...(lines.count - run.count)).first { candidate in
      lines[candidate..<(candidate + run.count)].elementsEqual(run)
    }
  }

  /// How many of `run`'s first lines appear consecutively somewhere at or after `start` (at most
  /// `run.count - 1`, since the whole run does not): the offset of the line to blame.
  private static func longestMatchedPrefix(of run: [String], in lines: [String], from start: Int) -> Int {
    var length = 0
    while length + 1 < run.count, Self.firstRun(of: Array(run[...length]), in: lines, from: start) != nil {
      length += 1
    }
    return length
  }
}
