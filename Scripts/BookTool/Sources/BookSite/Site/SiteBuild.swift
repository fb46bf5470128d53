import BookKit
import Foundation

/// The whole of `book site` short of writing: load the chapters of a workspace, render them, and read the
/// images they use. Shared with `book check`, which compares the result with the site on disk.
package enum SiteBuild {
  /// Renders the book in `input`'s chapters folder. Diagnostics in the result are the problems that stop
  /// the site: a chapter that cannot be read (`RuleID.chapterReadingRules`), invalid `book.json`, a
  /// diagram that cannot be rendered. (The
  /// chapters' listing tags are `book check`'s business: a book with no tags at all renders.) The result's
  /// `inputs` hold the hash of every byte read, as read.
  /// Highlighted code is reused from `cache` when it is given (output is the same either way).
  /// With `diagrams`, laid-out diagrams are reused from that cache; with `memo`, pages whose inputs did
  /// not change since the last build are taken from the site folder (output is the same either way).
  /// With `parsed`, chapters whose bytes did not change since the last build are not parsed again.
  package static func make(
    from input: Workspace, cache: HighlightCache? = nil, diagrams: DiagramCache? = nil, memo: SiteMemo? = nil,
    parsed: ParsedChapters? = nil, timings: inout SiteTimings
  ) throws -> BuiltSite {
    var inputs: [String: UInt64] = [:]
    let (book, metadata) = try Self.load(from: input, parsed: parsed, hashing: &inputs, timings: &timings)
    // The e-book's converted chapters are kept whenever the highlights are (not with --no-cache).
    let epubChapters = cache.map { _ in EPUBChapterCache(workspace: input) }
    var built = Self.make(
      book: book, metadata: metadata, cache: cache, diagrams: diagrams, memo: memo, epubChapters: epubChapters,
      timings: &timings
    ) { path in
      let data = try input.readConfinedIfPresent("\(input.chaptersFolder)/\(path)")
      if let data { inputs["\(input.chaptersFolder)/\(path)"] = ContentHash.of(data) }
      return data
    }
    built.inputs = inputs
    // Each chapter as it was read and rendered, by the model's own digest of its bytes.
    for chapter in book.chapters { built.chapters[chapter.path] = chapter.sourceDigest.hex }
    let unreadable = book.diagnostics.filter { RuleID.chapterReadingRules.contains($0.id) }
    built.site.diagnostics = (built.site.diagnostics + unreadable).sortedByLocation()
    // Every chapter's Markdown tree: never freed by `book site`.
    Discard.drop(book)
    return built
  }

  /// Reads the chapters and `book.json` once, recording the hash of `book.json` and the status record as
  /// read (each chapter's is its `sourceDigest`): the stamp of the build must describe exactly what was
  /// rendered, even if a file changes while the site renders.
  private static func load(
    from input: Workspace, parsed: ParsedChapters?, hashing inputs: inout [String: UInt64],
    timings: inout SiteTimings
  ) throws -> (Book, Result<BookMetadata, DiagnosticsError>) {
    let (loaded, metadataData) = try timings.measure(.load) {
      let paths = try input.chapterPaths()
      let loaded =
        try parsed.map { parsed in try ChapterLoader.load(paths: paths, read: input.read, parse: parsed.parse) }
        ?? ChapterLoader.load(paths: paths, read: input.read)
      let metadata = try BookMetadata.file(inChaptersFolder: input.chaptersFolder, read: input.readIfPresent)
      if let data = metadata.data { inputs[metadata.path] = ContentHash.of(data) }
      let status = try input.readIfPresent(ChapterStatusRecord.path(inChaptersFolder: input.chaptersFolder))
      if let status {
        inputs[ChapterStatusRecord.path(inChaptersFolder: input.chaptersFolder)] = ContentHash.of(status)
      }
      return (loaded, (metadata.data, status))
    }
    let chapters = loaded.chapters
    let problems = loaded.diagnostics.filter { RuleID.chapterReadingRules.contains($0.id) }
    let book = timings.measure(.tangle) { Book(chapters: chapters, loadDiagnostics: problems) }
    // The chapter status record (`book tag --verify`) is read with `book.json`: chapter pages show it.
    let metadata = BookMetadata.load(metadataData.0, in: input).attachingStatus(
      inChaptersFolder: input.chaptersFolder, read: { _ in metadataData.1 })
    return (book, metadata)
  }

  /// Keeps what `built` highlighted in `cache`, once the site has been written: a build that fails, or
  /// whose output is refused, leaves the workspace (its `.build/` included) as it was.
  package static func keepHighlights(of built: BuiltSite, in cache: HighlightCache) {
    guard let highlighter = built.highlighter, !built.site.diagnostics.hasErrors else { return }
    cache.save(highlighter)
  }

  /// Keeps every cache a build used (highlights, diagrams, the page memo) once its site has been written.
  package static func keepCaches(
    of built: BuiltSite, highlights: HighlightCache?, diagrams: DiagramCache?, memo: SiteMemo?
  ) {
    guard !built.site.diagnostics.hasErrors else { return }
    if let highlights { Self.keepHighlights(of: built, in: highlights) }
    if let diagrams, let store = built.diagramStore { diagrams.save(store) }
    built.epubChapters?.save()
    memo?.save(built)
  }

  /// Renders an already-loaded book, copying the images it uses through `readChapterFile` (a path
  /// relative to the chapters folder → its bytes, or nil when missing). Shared with chapter snapshots,
  /// which read their chapters from a commit rather than the disk.
  package static func make(
    book: Book, metadata: Result<BookMetadata, DiagnosticsError>, cache: HighlightCache? = nil,
    diagrams: DiagramCache? = nil, memo: SiteMemo? = nil, epubChapters: EPUBChapterCache? = nil,
    timings: inout SiteTimings, readChapterFile: (String) throws -> Data?
  ) -> BuiltSite {
    var built: BuiltSite
    switch metadata {
    case .success(let metadata):
      var renderer = SiteRenderer(book: book, metadata: metadata)
      renderer.data = BookData.load(book: book, read: readChapterFile)
      if let cache {
        renderer.highlighter = timings.measure(.highlight) { Highlighter(lazilyFrom: cache) }
      }
      let store = diagrams.map { cache in timings.measure(.diagrams) { cache.load() } }
      let earlier = memo.flatMap { memo in timings.measure(.plan) { memo.load() } }
      if earlier != nil { renderer.highlighter.keepUnusedEntries() }
      built = MemoizedRender.run(renderer, earlier: earlier, diagrams: store, timings: &timings) { built, timings in
        // The e-book is made from the pages and pictures (EPUB/), on another thread while the print
        // articles, the search entries, print.html and the search script are made.
        EPUBEdition.reserveName(in: &built.site, metadata: metadata)
        Self.copyImages(into: &built, of: book, timings: &timings, reading: readChapterFile)
        let epub = EPUBEdition.adding(
          to: built.site, book: book, metadata: metadata, sections: built.sections, cache: epubChapters)
        return { built in
          let made = epub.value
          built.site.files[made.name] = made.data
          built.epubChapters = made.pending
        }
      }
      if cache != nil { built.highlighter = renderer.highlighter }
      Discard.drop(renderer)
      built.diagramStore = store
    case .failure(let error):
      built = BuiltSite(site: RenderedSite())
      built.site.diagnostics = error.diagnostics
      Self.copyImages(into: &built, of: book, timings: &timings, reading: readChapterFile)
    }
    built.site.diagnostics = built.site.diagnostics.sortedByLocation()
    return built
  }

  /// Copies the images the pages use beside them (`SiteImages`), with a diagnostic for each one that
  /// cannot be.
  private static func copyImages(
    into built: inout BuiltSite, of book: Book, timings: inout SiteTimings,
    reading readChapterFile: (String) throws -> Data?
  ) {
    timings.measure(.write) {
      built.site.diagnostics += SiteImages.copy(
        built.site.images, of: book, into: &built.site.files, origins: &built.site.origins, kept: built.site.kept,
        reading: readChapterFile)
    }
  }
}

extension SiteBuild {
  /// What `book check` reports about the site of a book it has already loaded: problems that stop
  /// rendering it, else every difference between the workspace's `Site/` and what `book site` would write
  /// there. A chapter that is not UTF-8 is the book's own diagnostic; the site is not compared then.
  package static func drift(book: Book, in workspace: Workspace, folder: String = Workspace.siteFolder) throws
    -> [Diagnostic]
  {
    var timings = SiteTimings()
    let metadata = try BookMetadata.load(from: workspace)
    // No highlight cache: `book check` leaves the workspace exactly as it found it, `.build/` included.
    let site = Self.make(book: book, metadata: metadata, timings: &timings) { path in
      try workspace.readConfinedIfPresent("\(workspace.chaptersFolder)/\(path)")
    }.site
    guard !site.diagnostics.hasErrors,
      !book.diagnostics.contains(where: { RuleID.chapterReadingRules.contains($0.id) })
    else {
      return site.diagnostics
    }
    let output = try SiteOutput(site: site, workspace: workspace, folder: folder)
    // Publishable alone (issue 19): every link of the site as it would be written stays inside it.
    let links = SiteLinkCheck.check(site.files, folder: folder)
    return site.diagnostics + output.diagnostics + output.drift() + links
  }
}
