/// A loaded book: its chapters in order, what tangling them gives, and every problem found on the way.
package struct Book: Sendable {
  /// The chapters, in book order.
  package private(set) var chapters: [Chapter]
  /// Each chapter's index in `chapters`, by path: how a `ListingID` finds its listing.
  private var chapterIndices: [String: Int]
  /// The generated files and what each listing did.
  package var tangle: Tangler.Result
  /// Problems in the chapters, in their chunk operations and in their named excerpts, in reading order.
  package var diagnostics: [Diagnostic]

  /// Reads, parses and tangles every chapter of the workspace. Only file-system failures throw.
  package static func load(from workspace: Workspace) throws -> Book {
    let loaded = try ChapterLoader.load(from: workspace)
    return Book(chapters: loaded.chapters, loadDiagnostics: loaded.diagnostics)
  }

  /// The files at the end of each chapter, in book order: `prefixTangles[i]` is the tangle of chapters
  /// 0…i (what the excerpts of chapter i quote, and what the changes pages compare).
  package var prefixTangles: [[TangledFile]]

  /// Tangles already-loaded chapters; `loadDiagnostics` are the problems found while reading them.
  package init(chapters: [Chapter], loadDiagnostics: [Diagnostic] = []) {
    self.chapters = chapters
    self.chapterIndices = Dictionary(
      chapters.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
    (self.tangle, self.prefixTangles) = Tangler.tangleKeepingPrefixes(chapters)
    let excerpts = ExcerptChecker.check(chapters, prefixTangles: self.prefixTangles)
    let longLines = ListingLineLength.check(chapters)
    self.diagnostics = (loadDiagnostics + self.tangle.diagnostics + excerpts + longLines).sortedByLocation()
  }

  /// The index in `chapters` of the chapter that holds the listing `id`.
  package func chapterIndex(of id: ListingID) -> Int? {
    self.chapterIndices[id.chapter]
  }

  /// The listing `id` names, if the book has it.
  package func listing(_ id: ListingID) -> Listing? {
    guard let index = self.chapterIndex(of: id), self.chapters[index].listings.indices.contains(id.ordinal) else {
      return nil
    }
    return self.chapters[index].listings[id.ordinal]
  }

  /// The chapter with the given number (`book test 3`).
  package func chapter(numbered number: Int) -> Chapter? {
    self.chapters.first { $0.number == number }
  }
}
