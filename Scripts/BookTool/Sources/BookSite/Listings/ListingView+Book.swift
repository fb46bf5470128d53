import BookKit

extension ListingView {
  /// The views of every listing of `book`: `[chapterIndex][listingIndex]`, plus diagram diagnostics.
  /// `sections` are each chapter's headings, whose ids listing anchors must not reuse.
  static func views(of book: Book, sections: [[Section]]) -> (views: [[ListingView]], diagnostics: [Diagnostic]) {
    let anchors = zip(book.chapters, sections).map { Self.anchors(of: $0, sections: $1) }
    // Highlighting dominates a cold build and chapters are independent: one chapter per core at a time.
    var views = Parallel.map(Array(book.chapters.indices)) { chapterIndex in
      book.chapters[chapterIndex].listings.indices.map { listingIndex in
        Self.view(of: ListingID(chapterIndex: chapterIndex, listingIndex: listingIndex), in: book, anchors: anchors)
      }
    }
    var diagrams: [(source: String, location: SourceLocation)] = []
    var diagramIDs: [ListingID] = []
    for (chapterIndex, chapter) in book.chapters.enumerated() {
      for (listingIndex, listing) in chapter.listings.enumerated() where listing.language == "mermaid" {
        // The block's lines start at the fence's column (indented inside a list item, say).
        let location = SourceLocation(
          path: listing.fence.path, line: listing.firstCodeLine, column: listing.fence.column)
        diagrams.append((listing.code, location))
        diagramIDs.append(ListingID(chapterIndex: chapterIndex, listingIndex: listingIndex))
      }
    }
    // All diagrams at once: the renderer runs graphviz once for the whole book.
    var diagnostics: [Diagnostic] = []
    for (index, result) in MermaidDiagram.render(diagrams).enumerated() {
      let id = diagramIDs[index]
      switch result {
      case .success(let svg):
        views[id.chapterIndex][id.listingIndex].body = .diagram(svg: svg)
        // A warning, not an error: the diagram still renders, scrolling sideways at a legible size.
        if let warning = DiagramFit.warning(for: svg, at: diagrams[index].location) { diagnostics.append(warning) }
      case .failure(let error): diagnostics += error.diagnostics
      }
    }
    return (views, diagnostics)
  }

  /// The view of one listing, with its body as code (diagrams are filled in afterwards).
  private static func view(of id: ListingID, in book: Book, anchors: [[String]]) -> ListingView {
    let listing = book.chapters[id.chapterIndex].listings[id.listingIndex]
    let step = book.tangle.steps[id]
    let reference = step?.previous.flatMap { Self.reference(to: $0, in: book, anchors: anchors) }
    var view = ListingView(
      anchor: anchors[id.chapterIndex][id.listingIndex], language: listing.language, file: nil, module: nil,
      isTest: false, note: nil, body: Self.body(of: listing, step: step))
    view.describe(listing, step: step, previous: reference)
    return view
  }

  /// Fills in the caption fields from the listing's tag and what tangling it did.
  private mutating func describe(_ listing: Listing, step: TangleStep?, previous: ListingReference?) {
    switch listing.tag {
    case .tangled(let directive):
      self.file = directive.file
      self.module = directive.target
      self.isTest = directive.testTarget != nil
      if let previous {
        self.note = step?.removed == true ? .removes(previous) : .replaces(previous)
      }
    case .excerpt(let source?):
      self.file = source.file
      self.module = TangleDirective(file: source.file).target
      self.isTest = source.file.hasPrefix("Tests/")
      self.note = .excerpt(chunk: source.chunk)
    case .excerpt(nil):
      self.note = .sketch
    case .prose, .invalid:
      break
    }
  }

  /// The body as code: highlighted Swift or escaped text, with changed or removed lines marked.
  private static func body(of listing: Listing, step: TangleStep?) -> Body {
    let removed = step?.removed == true
    let code = removed && listing.code.isEmpty ? step?.previous?.code ?? "" : listing.code
    let isSwift = listing.language == "swift"
    let lines = isSwift ? SwiftHighlighter.highlight(code) : SwiftHighlighter.plain(code)
    var marked = Set<Int>()
    if let previous = step?.previous, !removed {
      marked = LineDiff.changedLines(old: Self.lines(previous.code), new: Self.lines(code))
    }
    return .code(lines: lines, marked: marked, removed: removed)
  }

  /// The lines of some code, without the empty piece after its final newline.
  private static func lines(_ code: String) -> [Substring] {
    var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The listing that wrote `chunk`: the one in its chapter whose first code line is the chunk's origin.
  private static func reference(to chunk: Chunk, in book: Book, anchors: [[String]]) -> ListingReference? {
    guard book.chapters.indices.contains(chunk.chapterIndex) else { return nil }
    let listings = book.chapters[chunk.chapterIndex].listings
    guard let index = listings.firstIndex(where: { $0.firstCodeLine == chunk.origin.line }) else { return nil }
    return ListingReference(chapterIndex: chunk.chapterIndex, anchor: anchors[chunk.chapterIndex][index])
  }

  /// A stable, unique anchor for each listing of a chapter, named after what it holds rather than where it
  /// is, so that editing prose above it does not move links: `Sources/ImmutableData/Store.swift` with
  /// `chunk=store` → `listing-immutabledata-store-store`; an excerpt → `listing-excerpt`. Repeats get
  /// `-2`, `-3`; the chapter's heading ids are never reused.
  public static func anchors(of chapter: Chapter) -> [String] {
    Self.anchors(of: chapter, sections: chapter.sections)
  }

  /// The listing anchors of a chapter whose sections are already known.
  static func anchors(of chapter: Chapter, sections: [Section]) -> [String] {
    var used = Set(sections.map(\.id))
    return chapter.listings.map { listing in
      let base = "listing-" + Chapter.slug(Self.anchorName(of: listing))
      var anchor = base
      var count = 1
      while used.contains(anchor) {
        count += 1
        anchor = "\(base)-\(count)"
      }
      used.insert(anchor)
      return anchor
    }
  }

  /// The words an anchor is made of, before slugging.
  private static func anchorName(of listing: Listing) -> String {
    switch listing.tag {
    case .tangled(let directive):
      if directive.file == FilePathRules.manifest { return "manifest " + (directive.chunk ?? "") }
      let fileName = directive.file.split(separator: "/").last.map(String.init) ?? directive.file
      let stem = fileName.hasSuffix(".swift") ? String(fileName.dropLast(6)) : fileName
      return ([directive.target, stem] + (directive.chunk.map { [$0] } ?? [])).joined(separator: " ")
    case .excerpt: return "excerpt"
    case .prose, .invalid: return listing.language.isEmpty ? "text" : listing.language
    }
  }
}
