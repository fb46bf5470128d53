import BookKit

/// What a link may point to: the book's chapters and, for each, the anchors its page will have.
struct LinkTargets {
  /// The chapters' paths (`Chapters/01-x.md`), in book order.
  let chapterPaths: [String]
  /// Each chapter's anchors, in a stable order for suggestions: headings first, then listings, diagrams,
  /// footnotes and raw HTML ids.
  let anchors: [String: [String]]
  /// The same anchors, for lookups.
  private let anchorSets: [String: Set<String>]
  /// Each chapter's numbered listings and figures: label by anchor.
  let labels: [String: [String: String]]
  /// The tangled files at the end of each chapter, by chapter path: a link to one goes to its code page.
  let codeFiles: [String: Set<String>]

  /// The targets of a book; `references` are the chapters' collected references, in book order.
  init(book: Book, references: [ChapterReferences]) {
    self.chapterPaths = book.chapters.map(\.path)
    var anchors: [String: [String]] = [:]
    var labels: [String: [String: String]] = [:]
    for (chapter, found) in zip(book.chapters, references) {
      let numbers = ReaderNumbers(chapter: chapter)
      anchors[chapter.path] = Self.anchors(of: chapter, references: found, pictures: numbers.pictures)
      labels[chapter.path] = numbers.labels
    }
    self.anchors = anchors
    self.labels = labels
    self.anchorSets = anchors.mapValues(Set.init)
    var codeFiles: [String: Set<String>] = [:]
    for (chapter, files) in zip(book.chapters, book.prefixTangles) { codeFiles[chapter.path] = Set(files.map(\.path)) }
    self.codeFiles = codeFiles
  }

  /// Whether the chapter at `path` has the anchor.
  func chapter(_ path: String, has anchor: String) -> Bool {
    self.anchorSets[path]?.contains(anchor) ?? false
  }

  /// Every id the chapter's page gives an element, as the site renderer names them.
  private static func anchors(
    of chapter: Chapter, references: ChapterReferences, pictures: [Int: ReaderNumbers.Picture]
  ) -> [String] {
    var anchors = chapter.sections.map(\.id)
    anchors += ListingView.anchors(of: chapter)
    anchors += pictures.sorted { $0.key < $1.key }.map(\.value.anchor)
    for listing in chapter.listings where listing.kind == .diagram {
      anchors.append(
        MermaidDiagram.elementID(for: SourceLocation(path: chapter.path, line: listing.firstCodeLine)))
    }
    var referenceCounts: [String: Int] = [:]
    for label in references.footnoteReferences { referenceCounts[label, default: 0] += 1 }
    for label in references.footnoteReferences where referenceCounts[label] != nil {
      anchors.append(ChapterRenderer.definitionAnchor(label))
      for count in 1...(referenceCounts[label] ?? 1) {
        anchors.append(ChapterRenderer.referenceAnchor(label, count: count))
      }
      referenceCounts[label] = nil
    }
    return anchors + references.htmlIDs
  }
}
