import BookKit
import Foundation

extension ListingView {
  /// The views of every listing of `book`: `[chapterIndex][listingIndex]`, plus diagram diagnostics.
  /// `sections` are each chapter's headings, whose ids listing anchors must not reuse.
  static func views(
    of book: Book, sections: [[Section]], highlighter: Highlighter = Highlighter()
  ) -> (views: [[ListingView]], numbers: [ReaderNumbers], diagnostics: [Diagnostic]) {
    let anchors = zip(book.chapters, sections).map { Self.anchors(of: $0, sections: $1) }
    let numbers = Self.numbers(of: book, anchors: anchors, sections: sections)
    highlighter.prepare(Self.highlightKeys(of: book, chapters: Set(book.chapters.indices)))
    let views = Self.views(
      of: book, chapters: Set(book.chapters.indices), anchors: anchors, numbers: numbers, highlighter: highlighter)
    let diagrams = Self.diagrams(of: book, store: nil)
    return (Self.filling(views, with: diagrams), numbers, diagrams.diagnostics)
  }

  /// Each chapter's numbers, given its listing anchors and sections.
  static func numbers(of book: Book, anchors: [[String]], sections: [[Section]]) -> [ReaderNumbers] {
    book.chapters.indices.map { index in
      ReaderNumbers(chapter: book.chapters[index], listingAnchors: anchors[index], sections: sections[index])
    }
  }

  /// The views of the listings of the chapters in `needed` (other chapters get none), with code bodies;
  /// diagrams are filled in by `filling`. Their code should be highlighted already (`Highlighter.prepare`
  /// with `highlightKeys(of:chapters:)`, together with whatever else the build highlights); code that is
  /// not is highlighted on the spot.
  static func views(
    of book: Book, chapters needed: Set<Int>, anchors: [[String]], numbers: [ReaderNumbers], highlighter: Highlighter,
    declarations: DeclarationScanner? = nil, diffs: LineDiffs = LineDiffs()
  ) -> [[ListingView]] {
    let declarations = declarations ?? DeclarationScanner(highlighter: highlighter)
    // Chapters are independent; their code is highlighted already (`prepare`), so this mostly looks it up.
    return Parallel.map(Array(book.chapters.indices)) { chapterIndex in
      guard needed.contains(chapterIndex) else { return [] }
      return book.chapters[chapterIndex].listings.indices.map { listingIndex in
        var view = Self.view(
          of: book.chapters[chapterIndex].listings[listingIndex], in: book, anchors: anchors,
          highlighter: highlighter, declarations: declarations, diffs: diffs)
        view.label = numbers[chapterIndex].listingLabels[listingIndex]
        return view
      }
    }
  }

  /// Every diagram of the book, rendered (from `store` when it has them): each by its listing, and the
  /// diagnostics of all of them, whichever pages are rendered, so that every build reports the same.
  static func diagrams(
    of book: Book, store: DiagramStore?
  ) -> (results: [ListingID: (title: String?, result: Result<String, DiagnosticsError>)], diagnostics: [Diagnostic]) {
    var diagrams: [(source: String, location: SourceLocation)] = []
    var diagramIDs: [ListingID] = []
    for chapter in book.chapters {
      for listing in chapter.listings where listing.kind == .diagram {
        // The block's lines start at the fence's column (indented inside a list item, say).
        diagrams.append((listing.code, listing.codeStart))
        diagramIDs.append(listing.id)
      }
    }
    // All diagrams at once, spread over the cores.
    var results: [ListingID: (title: String?, result: Result<String, DiagnosticsError>)] = [:]
    var diagnostics: [Diagnostic] = []
    for (index, result) in MermaidDiagram.render(diagrams, store: store).enumerated() {
      results[diagramIDs[index]] = (Self.diagramTitle(diagrams[index].source), result)
      switch result {
      case .success(let svg):
        // A warning, not an error: the diagram still renders, scrolling sideways at a legible size.
        if let warning = DiagramFit.warning(for: svg, at: diagrams[index].location) { diagnostics.append(warning) }
      case .failure(let error): diagnostics += error.diagnostics
      }
    }
    return (results, diagnostics)
  }

  /// `views` with each diagram's title and SVG filled in, in the chapters that have views.
  static func filling(
    _ views: [[ListingView]],
    with diagrams: (
      results: [ListingID: (title: String?, result: Result<String, DiagnosticsError>)], diagnostics: [Diagnostic]
    )
  ) -> [[ListingView]] {
    views.map { chapterViews in
      chapterViews.map { view in
        guard let diagram = diagrams.results[view.id] else { return view }
        var view = view
        view.title = diagram.title
        if case .success(let svg) = diagram.result { view.body = .diagram(svg: svg) }
        return view
      }
    }
  }

  /// `views` with each table and chart drawn from its result file, and its title, in the chapters that have
  /// views.
  static func filling(_ views: [[ListingView]], figures: DataFigures) -> [[ListingView]] {
    guard !figures.figures.isEmpty else { return views }
    return views.map { chapterViews in
      chapterViews.map { view in
        guard let figure = figures.figures[view.id] else { return view }
        var view = view
        view.title = figure.title
        view.body = .figure(html: figure.html)
        return view
      }
    }
  }

  /// The view of one listing, with its body as code (diagrams are filled in afterwards).
  private static func view(
    of listing: Listing, in book: Book, anchors: [[String]], highlighter: Highlighter,
    declarations: DeclarationScanner, diffs: LineDiffs
  ) -> ListingView {
    let step = book.tangle.steps[listing.id]
    let reference = step?.previous.flatMap { Self.reference(to: $0.listing, in: book, anchors: anchors) }
    var view = ListingView(
      id: listing.id, anchor: Self.anchor(of: listing.id, in: book, anchors: anchors) ?? "",
      language: listing.language, file: nil, module: nil,
      isTest: false, note: nil,
      body: Self.body(of: listing, step: step, highlighter: highlighter, declarations: declarations, diffs: diffs))
    view.describe(listing, step: step, previous: reference)
    return view
  }

  /// Fills in the caption fields from the listing's tag and what tangling it did.
  private mutating func describe(_ listing: Listing, step: TangleStep?, previous: ListingReference?) {
    switch listing.tag {
    case .tangled(let directive):
      self.file = directive.file
      self.module = directive.target
      self.isTest = listing.showsTest
      if let previous {
        self.note = step?.removed == true ? .removes(previous) : .replaces(previous)
      }
    case .excerpt(let source?):
      self.file = source.file
      self.module = TangleDirective(file: source.file).target
      self.isTest = listing.showsTest
      self.note = .excerpt(chunk: source.chunk)
    case .excerpt(nil):
      self.note = .sketch
    case .prose, .invalid:
      break
    }
  }

  /// A diagram's `accTitle: …`, if it has one: `accTitle: The Flux loop` → `The Flux loop`.
  static func diagramTitle(_ code: String) -> String? {
    for line in code.split(separator: "\n") {
      let trimmed = line.drop { $0 == " " || $0 == "\t" }
      guard trimmed.hasPrefix("accTitle:") else { continue }
      let title = trimmed.dropFirst("accTitle:".count).trimmingCharacters(in: .whitespaces)
      return title.isEmpty ? nil : title
    }
    return nil
  }

  /// The body as code: highlighted Swift or escaped text, with changed or removed lines marked, and the
  /// names a module's listing declares linked to the symbol index.
  private static func body(
    of listing: Listing, step: TangleStep?, highlighter: Highlighter, declarations: DeclarationScanner,
    diffs: LineDiffs
  ) -> Body {
    let removed = step?.removed == true
    let code = Self.shownCode(of: listing, step: step)
    var lines = highlighter.lines(code, isSwift: Self.isSwift(listing))
    if !removed, let module = SymbolIndex.module(of: listing) {
      lines = DeclarationLinks.link(lines, declarations: declarations.scan(code), module: module)
    }
    var marked = Set<Int>()
    if let previous = step?.previous, !removed {
      marked = diffs.edit(old: previous.code, new: code).inserted
    }
    return .code(lines: lines, marked: marked, removed: removed)
  }

  /// The code a listing shows: its own, or for a removal written as an empty block, what it removes.
  private static func shownCode(of listing: Listing, step: TangleStep?) -> String {
    step?.removed == true && listing.code.isEmpty ? step?.previous?.code ?? "" : listing.code
  }

  /// Every text the book's listings highlight (diagrams aside), for `Highlighter.prepare`.
  static func highlightKeys(of book: Book) -> [Highlighter.Key] {
    Self.highlightKeys(of: book, chapters: Set(book.chapters.indices))
  }

  /// Every text the listings of the chapters in `needed` highlight: diagrams and data figures too, whose
  /// code body (escaped, not highlighted) stands until `filling` replaces it, and stays if a diagram fails.
  /// Leaving them out made every edit of a chapter with a diagram miss a key and decode the whole cache.
  static func highlightKeys(of book: Book, chapters needed: Set<Int>) -> [Highlighter.Key] {
    var keys: [Highlighter.Key] = []
    for (chapterIndex, chapter) in book.chapters.enumerated() where needed.contains(chapterIndex) {
      for listing in chapter.listings {
        let code = Self.shownCode(of: listing, step: book.tangle.steps[listing.id])
        keys.append(Highlighter.Key(kind: Self.isSwift(listing) ? .swift : .plain, code: code))
      }
    }
    return keys
  }

  /// Whether a listing's code is highlighted as Swift.
  private static func isSwift(_ listing: Listing) -> Bool {
    listing.language == "swift"
  }

  /// A link to the listing `id` (the one that wrote a chunk), on its chapter's page.
  private static func reference(to id: ListingID, in book: Book, anchors: [[String]]) -> ListingReference? {
    guard let chapterIndex = book.chapterIndex(of: id), let anchor = Self.anchor(of: id, in: book, anchors: anchors)
    else { return nil }
    return ListingReference(chapterIndex: chapterIndex, anchor: anchor)
  }

  /// The anchor of the listing `id`, given every chapter's listing anchors (`anchors[chapter][ordinal]`).
  static func anchor(of id: ListingID, in book: Book, anchors: [[String]]) -> String? {
    guard let chapterIndex = book.chapterIndex(of: id), anchors.indices.contains(chapterIndex),
      anchors[chapterIndex].indices.contains(id.ordinal)
    else { return nil }
    return anchors[chapterIndex][id.ordinal]
  }

  /// A stable, unique anchor for each listing of a chapter, named after what it holds rather than where it
  /// is, so that editing prose above it does not move links: `Sources/ImmutableData/Store.swift` with
  /// `chunk=store` → `listing-immutabledata-store-store`; an excerpt → `listing-excerpt`. Repeats get
  /// `-2`, `-3`; the chapter's heading ids are never reused. A diagram with a title is a figure named after
  /// it: `accTitle: The Flux loop` → `figure-the-flux-loop`.
  package static func anchors(of chapter: Chapter) -> [String] {
    Self.anchors(of: chapter, sections: chapter.sections)
  }

  /// The listing anchors of a chapter whose sections are already known.
  static func anchors(of chapter: Chapter, sections: [Section]) -> [String] {
    var names = AnchorNames(avoiding: Set(sections.map(\.id)))
    return chapter.listings.map { listing in
      if listing.kind == .diagram, let title = Self.diagramTitle(listing.code) {
        return names.claim("figure-" + Chapter.slug(title))
      }
      if listing.kind == .figure {
        let line = listing.fence.line - 1
        let fenceLine = chapter.lines.indices.contains(line) ? chapter.lines[line] : ""
        return names.claim("figure-" + Chapter.slug(FigureBlock.anchorWords(of: listing, fenceLine: fenceLine)))
      }
      return names.claim("listing-" + Chapter.slug(Self.anchorName(of: listing)))
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
