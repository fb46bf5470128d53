import BookKit

/// Every version of every tangled file that some chapter ends with, each the maximal run of chapters at
/// whose end the file reads the same: the site gives each version one code page, which every chapter of
/// its run links to.
///
/// A file written in chapter 1, changed in chapter 3 and untouched since has two versions, pages
/// `code/01-one/Sources/M/A.swift.html` (chapters 1–2) and `code/03-three/Sources/M/A.swift.html`
/// (chapter 3 on). A page is named after the chapter page where its version first stands, so page names
/// are unique even when two chapters share a number (and so a tag).
struct CodeVersions: Sendable {
  /// One version of one file.
  struct Version: Sendable {
    /// The file's path in the workspace (`Sources/M/A.swift`).
    var path: String
    /// The page's path inside the site.
    var sitePath: String
    /// The first and last chapter (indices in book order) at whose end the file reads this way.
    var first: Int, last: Int
    /// The file as tangled at the end of chapter `first`.
    var file: TangledFile
  }

  /// Every version, by first chapter, then path.
  var versions: [Version]
  /// For each chapter, the index in `versions` of each file's version at its end, by path.
  var atChapter: [[String: Int]]

  /// The versions of `book`'s files, from the tangle of each chapter prefix.
  init(book: Book) {
    self.init(chapters: book.chapters, prefixes: book.prefixTangles)
  }

  /// The versions of the files in `prefixes` (the files at the end of each of `chapters`).
  init(chapters: [Chapter], prefixes: [[TangledFile]]) {
    var versions: [Version] = []
    var atChapter: [[String: Int]] = []
    for (index, files) in prefixes.enumerated() where index < chapters.count {
      var current: [String: Int] = [:]
      let previous = atChapter.last ?? [:]
      for file in files {
        if let earlier = previous[file.path], Self.readsTheSame(versions[earlier].file, file) {
          versions[earlier].last = index
          current[file.path] = earlier
        } else {
          current[file.path] = versions.count
          versions.append(
            Version(
              path: file.path, sitePath: Self.sitePath(of: file.path, chapter: chapters[index]), first: index,
              last: index, file: file))
        }
      }
      atChapter.append(current)
    }
    self.versions = versions
    self.atChapter = atChapter
  }

  /// The folder holding every code page.
  static let folder = "code"

  /// `Sources/M/A.swift` first standing at the end of `03-three.md` → `code/03-three/Sources/M/A.swift.html`.
  static func sitePath(of path: String, chapter: Chapter) -> String {
    "\(Self.folder)/\(PageLinks.stem(chapter.pageName))/\(path).html"
  }

  /// The version of `path` at the end of chapter `index`, if the file exists then.
  func version(of path: String, atChapter index: Int) -> Version? {
    guard self.atChapter.indices.contains(index), let found = self.atChapter[index][path] else { return nil }
    return self.versions[found]
  }

  /// Each file's code page at the end of chapter `index`, by workspace path.
  func pages(atChapter index: Int) -> [String: String] {
    guard self.atChapter.indices.contains(index) else { return [:] }
    return self.atChapter[index].mapValues { self.versions[$0].sitePath }
  }

  /// Whether two tangles of a file read the same to a reader (`ChapterChanges.readerText`): the same
  /// chunks' code, compared byte for byte, without joining them unless their chunks differ.
  private static func readsTheSame(_ old: TangledFile, _ new: TangledFile) -> Bool {
    if old.chunks.count == new.chunks.count,
      zip(old.chunks, new.chunks).allSatisfy({ TextKey.sameBytes($0.code, $1.code) })
    {
      return true
    }
    return TextKey.sameBytes(ChapterChanges.readerText(old), ChapterChanges.readerText(new))
  }
}
