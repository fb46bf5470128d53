/// Checks that every Swift listing the book shows fits the book's line length, so that it fits the site's
/// code column (120 monospace columns at a 1280 px window) without scrolling sideways.
///
/// Tangled listings, excerpts and sketches are all checked, at the chapter line of the long line, with the
/// column where it passes the limit:
/// ```
/// let message = "…"   // 130 characters
/// → Chapters/06-a.md:212:121: error: line is 130 columns long; the book's listings fit in 120 [line-too-long]
/// ```
/// Columns are counted in characters (grapheme clusters), as a monospace font draws most of them.
package enum ListingLineLength {
  /// The book's line length: `lineLength` of the workspace's `.swift-format`, which lints the tangled code
  /// at the same width (a test of the tool checks that the two agree).
  package static let limit = 120

  /// The diagnostics for every Swift listing of `chapters` with a line longer than `limit`.
  package static func check(_ chapters: [Chapter], limit: Int = Self.limit) -> [Diagnostic] {
    chapters.flatMap { chapter in
      chapter.listings.flatMap { Self.check($0, limit: limit) }
    }
  }

  /// The diagnostics for one listing: one per long line, none for a block that is neither tangled nor an
  /// excerpt or sketch (a shell session, a transcript, a diagram).
  static func check(_ listing: Listing, limit: Int) -> [Diagnostic] {
    switch listing.tag {
    case .tangled, .excerpt: break
    case .prose, .invalid: return []
    }
    guard Self.mayHaveLongLine(listing.code, limit: limit) else { return [] }
    let indent = listing.fence.column - 1
    var diagnostics: [Diagnostic] = []
    for (offset, line) in listing.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let columns = line.count
      guard columns > limit else { continue }
      let location = SourceLocation(
        path: listing.fence.path, line: listing.firstCodeLine + offset, column: indent + limit + 1)
      diagnostics.append(
        Diagnostic(
          .error, id: .lineTooLong, at: location,
          "line is \(columns) columns long; the book's listings fit in \(limit) (the site's code column and "
            + "`.swift-format`'s lineLength)"))
    }
    return diagnostics
  }

  /// Whether some line of `code` may be longer than `limit` characters: a line has at most as many
  /// characters as UTF-8 bytes, so code whose lines all fit in `limit` bytes has no long line. (A carriage
  /// return joins lines into one character with the line feed, so code with one is always counted.)
  static func mayHaveLongLine(_ code: String, limit: Int) -> Bool {
    // Over a native string's contiguous bytes (every listing's), without `UTF8View`'s iterator.
    code.utf8.withContiguousStorageIfAvailable { Self.mayHaveLongLine(bytes: $0, limit: limit) }
      ?? Self.mayHaveLongLine(bytes: code.utf8, limit: limit)
  }

  /// `mayHaveLongLine` of a text's UTF-8 bytes.
  private static func mayHaveLongLine(bytes: some Sequence<UInt8>, limit: Int) -> Bool {
    var length = 0
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\n"): length = 0
      case UInt8(ascii: "\r"): return true
      default:
        length += 1
        if length > limit { return true }
      }
    }
    return false
  }
}
