import BookKit

/// What one chapter changes in the book's code: every tangled file (sources, tests, the manifest) that the
/// chapter adds, changes or removes, diffed against the end of the previous chapter. Built from the tangle
/// of the chapter prefixes, so no git is needed.
struct ChapterChanges: Sendable {
  /// One file's change.
  struct File: Sendable {
    enum Status: String, Sendable { case added, changed, removed }
    /// The path, relative to the workspace root.
    var path: String
    var status: Status
    var diff: FileDiff
    /// Each line of the old and the new version, as HTML (highlighted when the file is Swift).
    var oldLines: [String]
    var newLines: [String]
    /// For each hunk, the anchor (on the chapter's page) of the listing that wrote it, if one is known.
    var hunkAnchors: [String?]
  }

  /// The chapter's index in book order.
  var chapterIndex: Int
  /// The changed files, sorted by path.
  var files: [File]

  /// The files at the end of each chapter of `book`: the tangle of the chapters up to it. The end of one
  /// chapter is the start of the next, so each prefix is tangled once.
  static func prefixTangles(of book: Book) -> [[TangledFile]] {
    book.prefixTangles
  }

  /// The files at the end of one chapter as a reader sees them, by path.
  typealias Texts = [String: String]

  /// Each prefix's files as a reader sees them, by path; computed once, shared by two chapters.
  static func texts(of prefixes: [[TangledFile]]) -> [Texts] {
    Self.texts(of: prefixes, needed: Set(prefixes.indices))
  }

  /// The same for the prefixes in `needed` only (the others are empty).
  static func texts(of prefixes: [[TangledFile]], needed: Set<Int>) -> [Texts] {
    Parallel.map(Array(prefixes.indices)) { index in
      guard needed.contains(index) else { return [:] }
      return Dictionary(
        prefixes[index].map { ($0.path, Self.readerText($0)) }, uniquingKeysWith: { first, _ in first })
    }
  }

  /// Every version of a file that some changes page shows, for `Highlighter.prepare`: with the empty text,
  /// which stands for the missing side of a file added or removed.
  static func highlightKeys(of texts: [Texts]) -> [Highlighter.Key] {
    var seen = Set<Highlighter.Key>()
    var keys: [Highlighter.Key] = []
    for (index, prefix) in texts.enumerated() {
      let earlier = index > 0 ? texts[index - 1] : [:]
      for (path, text) in prefix {
        // A file the chapter left as it was got its keys with the chapter before: its bytes are compared,
        // not hashed again (most files of a prefix are the previous prefix's).
        if let before = earlier[path], TextKey.sameBytes(before, text) { continue }
        let kind: Highlighter.Kind = path.hasSuffix(".swift") ? .swift : .plain
        for key in [Highlighter.Key(kind: kind, code: text), Highlighter.Key(kind: kind, code: "")]
        where seen.insert(key).inserted {
          keys.append(key)
        }
      }
    }
    return keys
  }

  /// The changes of every chapter of `book`, given each chapter's listing anchors and the files at the
  /// end of each chapter (`prefixTangles`).
  static func all(
    in book: Book, prefixes: [[TangledFile]], texts: [Texts], anchors: [[String]],
    highlighter: Highlighter = Highlighter()
  ) -> [ChapterChanges] {
    Self.all(
      in: book, chapters: Set(book.chapters.indices), prefixes: prefixes, texts: texts, anchors: anchors,
      highlighter: highlighter
    ).map { $0! }
  }

  /// The changes of the chapters in `needed` (nil for the others). `texts` must hold the prefixes of
  /// those chapters and of the chapters before them.
  static func all(
    in book: Book, chapters needed: Set<Int>, prefixes: [[TangledFile]], texts: [Texts], anchors: [[String]],
    highlighter: Highlighter, diffs: LineDiffs = LineDiffs()
  ) -> [ChapterChanges?] {
    Parallel.map(Array(book.chapters.indices)) { index in
      guard needed.contains(index) else { return nil }
      return ChapterChanges(
        index: index, before: index == 0 ? [] : prefixes[index - 1], after: prefixes[index],
        texts: (index == 0 ? [:] : texts[index - 1], texts[index]), book: book, anchors: anchors[index],
        highlighter: highlighter, diffs: diffs)
    }
  }

  /// The changes of every chapter of `book`, given each chapter's listing anchors.
  static func all(in book: Book, anchors: [[String]]) -> [ChapterChanges] {
    let prefixes = Self.prefixTangles(of: book)
    return Self.all(in: book, prefixes: prefixes, texts: Self.texts(of: prefixes), anchors: anchors)
  }

  /// The changes from `before` (the files at the end of the previous chapter) to `after`.
  init(
    index: Int, before: [TangledFile], after: [TangledFile], book: Book, anchors: [String],
    highlighter: Highlighter = Highlighter()
  ) {
    self.init(
      index: index, before: before, after: after, texts: Self.texts(of: [before, after]).pair, book: book,
      anchors: anchors, highlighter: highlighter)
  }

  /// The same, with both versions' reader texts already made.
  init(
    index: Int, before: [TangledFile], after: [TangledFile], texts: (old: Texts, new: Texts), book: Book,
    anchors: [String], highlighter: Highlighter, diffs: LineDiffs = LineDiffs()
  ) {
    self.chapterIndex = index
    let old = Dictionary(before.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    let new = Dictionary(after.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    let chapterPath = book.chapters[index].path
    var files: [File] = []
    for path in Set(old.keys).union(new.keys).sorted() {
      let oldText = texts.old[path] ?? ""
      let newText = texts.new[path] ?? ""
      guard !TextKey.sameBytes(oldText, newText) else { continue }
      let status: File.Status = old[path] == nil ? .added : new[path] == nil ? .removed : .changed
      let (oldLines, newLines) = (LineDiff.lines(oldText), LineDiff.lines(newText))
      let edit = diffs.edit(old: oldText, new: newText, lines: (oldLines, newLines))
      let diff = FileDiff(old: oldLines, new: newLines, edit: edit)
      let anchors = diff.hunks.map { hunk in
        Self.anchor(of: hunk, in: new[path], chapter: chapterPath, anchors: anchors)
          ?? Self.anchorOfFirstListing(touching: path, in: book, chapterIndex: index, anchors: anchors)
      }
      files.append(
        File(
          path: path, status: status, diff: diff,
          oldLines: highlighter.lines(oldText, isSwift: path.hasSuffix(".swift")),
          newLines: highlighter.lines(newText, isSwift: path.hasSuffix(".swift")), hunkAnchors: anchors))
    }
    self.files = files
  }

  /// A file as a reader sees it: its chunks' code, a blank line between chunks (no header, no directives).
  static func readerText(_ file: TangledFile) -> String {
    file.chunks.map(\.code).joined(separator: "\n")
  }

  /// The listing of this chapter that wrote the hunk's first added line.
  private static func anchor(
    of hunk: FileDiff.Hunk, in file: TangledFile?, chapter: String, anchors: [String]
  ) -> String? {
    guard let file, let added = hunk.lines.first(where: { $0.kind == .added })?.newIndex else { return nil }
    var start = 0
    for chunk in file.chunks {
      let count = LineDiff.lineCount(chunk.code) + 1  // the blank line that follows each chunk
      if added < start + count {
        guard chunk.listing.chapter == chapter, anchors.indices.contains(chunk.listing.ordinal) else { return nil }
        return anchors[chunk.listing.ordinal]
      }
      start += count
    }
    return nil
  }

  /// The first listing of this chapter that writes to `path` (for hunks that only remove lines).
  private static func anchorOfFirstListing(
    touching path: String, in book: Book, chapterIndex: Int, anchors: [String]
  ) -> String? {
    book.chapters[chapterIndex].listings.first { book.tangle.steps[$0.id]?.file == path }.map { anchors[$0.id.ordinal] }
  }
}

extension Array where Element == ChapterChanges.Texts {
  /// The first two elements: the texts before and after a chapter.
  fileprivate var pair: (old: ChapterChanges.Texts, new: ChapterChanges.Texts) { (self[0], self[1]) }
}
