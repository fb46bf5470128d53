import Foundation

extension ChapterStatusRecord {
  /// The record in the chapters folder `folder`, read through `read` (from disk, from a git tree): nil
  /// when there is none, an error located at the file when it cannot be decoded.
  package static func load(
    inChaptersFolder folder: String, read: (String) throws -> Data?
  ) rethrows -> Result<ChapterStatusRecord?, DiagnosticsError> {
    let path = Self.path(inChaptersFolder: folder)
    guard let data = try read(path) else { return .success(nil) }
    return Self.decode(data, path: path).map { $0 }
  }

  /// What `book check` says about the record of `workspace`'s book (one that cannot be read is the site's
  /// error, `invalid-status-record`): a warning (`stale-chapter-status`, at the chapter's first line) for each chapter whose last verified
  /// result is older than the chapters 0…N, or that has code but no result while other chapters have
  /// one. A book without a record has never been verified: its pages say so, and nothing is reported.
  package static func problems(in workspace: Workspace, book: Book) throws -> [Diagnostic] {
    switch try Self.load(inChaptersFolder: workspace.chaptersFolder, read: workspace.readIfPresent) {
    case .failure: return []  // the site's build reports it, as it does a bad `book.json`
    case .success(nil): return []
    case .success(let record?): return record.staleChapters(in: book.chapters)
    }
  }

  /// A warning at the first line of each chapter whose entry is stale, or missing for a chapter with code.
  package func staleChapters(in chapters: [Chapter]) -> [Diagnostic] {
    chapters.indices.compactMap { index -> Diagnostic? in
      let chapter = chapters[index]
      let tag = ChapterTagger.tagName(for: chapter, index: index)
      let message: String
      switch self.status(ofChapter: index, in: chapters, tag: tag) {
      case .current: return nil
      case .notVerified:
        guard chapter.hasCode else { return nil }
        message = "\(tag) has not been verified yet"
      case .stale(let entry):
        message = "the status of \(tag) (verified \(entry.date)) is older than the chapters up to this one"
      }
      return Diagnostic(
        .warning, id: .staleChapterStatus, at: SourceLocation(path: chapter.path, line: 1),
        "\(message): run `book tag --verify` and commit \(Self.fileName)")
    }
  }
}

extension Chapter {
  /// Whether the chapter writes code: any listing tangled into a file.
  package var hasCode: Bool {
    self.listings.contains { listing in
      if case .tangled = listing.tag { return true }
      return false
    }
  }
}
