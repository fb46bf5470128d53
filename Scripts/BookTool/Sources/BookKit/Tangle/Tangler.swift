/// Assembles the book's generated files from its chapters' listings, in book order.
///
/// Blocks for one file are concatenated; a block whose chunk a previous chapter defined replaces it in
/// place; `mode=replace` and `mode=remove` change a chunk that must exist; `after=` places a new chunk.
package struct Tangler {
  /// The result of tangling: the files, what each listing did, and every problem found.
  package struct Result: Sendable {
    /// The generated files, sorted by path; files whose every chunk was removed are left out.
    package var files: [TangledFile]
    /// What each tangled listing did.
    package var steps: [ListingID: TangleStep]
    /// Problems with the chunk operations.
    package var diagnostics: [Diagnostic]
  }

  private var files: [String: TangledFile] = [:]
  private var steps: [ListingID: TangleStep] = [:]
  private var diagnostics: [Diagnostic] = []
  /// Where each (file, chunk) is defined by a plain `chunk=` block, by book position, for "defined later" notes.
  private var definitions: [String: [(position: Position, fence: SourceLocation)]] = [:]

  /// A listing's place in book order: its chapter's index, then its own among the chapter's listings.
  private struct Position: Comparable {
    var chapter: Int
    var listing: Int

    static func < (lhs: Position, rhs: Position) -> Bool {
      (lhs.chapter, lhs.listing) < (rhs.chapter, rhs.listing)
    }
  }

  /// Tangles `chapters`, which must be in book order.
  package static func tangle(_ chapters: [Chapter]) -> Result {
    Self.tangle(chapters, keepingPrefixes: false).result
  }

  /// Tangles `chapters` once, and keeps the files as they stand at the end of each chapter:
  /// `prefixes[i]` equals `tangle(Array(chapters[...i])).files`, because a chapter's chunk operations
  /// never depend on the chapters after it. (Only the diagnostics' "defined later" notes look ahead.)
  package static func tangleKeepingPrefixes(_ chapters: [Chapter]) -> (result: Result, prefixes: [[TangledFile]]) {
    Self.tangle(chapters, keepingPrefixes: true)
  }

  private static func tangle(
    _ chapters: [Chapter], keepingPrefixes: Bool
  ) -> (result: Result, prefixes: [[TangledFile]]) {
    var tangler = Tangler()
    tangler.definitions = Self.definitions(in: chapters)
    var prefixes: [[TangledFile]] = []
    for (chapterIndex, chapter) in chapters.enumerated() {
      for (listingIndex, listing) in chapter.listings.enumerated() {
        guard case .tangled(let directive) = listing.tag else { continue }
        tangler.apply(directive, of: listing, at: Position(chapter: chapterIndex, listing: listingIndex))
      }
      if keepingPrefixes { prefixes.append(tangler.currentFiles) }
    }
    let files = tangler.currentFiles
    tangler.checkToolsVersion(of: files.first { $0.path == FilePathRules.manifest })
    return (Result(files: files, steps: tangler.steps, diagnostics: tangler.diagnostics), prefixes)
  }

  /// The files so far, sorted by path, leaving out files whose every chunk was removed.
  private var currentFiles: [TangledFile] {
    self.files.values.filter { !$0.chunks.isEmpty }.sorted { $0.path < $1.path }
  }

  /// SwiftPM reads a manifest's tools version from its first line, so the manifest's first chunk must
  /// open with `// swift-tools-version:`.
  private mutating func checkToolsVersion(of manifest: TangledFile?) {
    guard let first = manifest?.chunks.first, GeneratedSource.toolsVersionLine(of: first.code) == nil else { return }
    self.diagnostics.append(
      Diagnostic(
        .error, id: .manifestWithoutToolsVersion, at: first.origin,
        "the first listing of \(FilePathRules.manifest) must open with a '\(GeneratedSource.toolsVersionPrefix) X.Y' line"
      ))
  }

  /// Applies one listing to its file, recording what it did; a failed operation changes nothing.
  private mutating func apply(_ directive: TangleDirective, of listing: Listing, at position: Position) {
    let chunk = Chunk(
      name: directive.chunk, code: listing.code, origin: listing.codeStart,
      fileAttribute: listing.fileAttribute ?? listing.fence, chapterIndex: position.chapter, listing: listing.id)
    // Taken out of the dictionary while it changes: a copy left there would make every append copy the
    // file's chunks, and 20,000 listings into one file quadratic (hostile case 13).
    var file = self.files.removeValue(forKey: directive.file) ?? TangledFile(path: directive.file)
    defer { self.files[directive.file] = file }
    let step: TangleStep?
    switch directive.operation {
    case .define: step = self.define(chunk, in: &file, directive, listing: listing, at: position)
    case .replace: step = self.replace(with: chunk, in: &file, directive, listing: listing, at: position)
    case .remove: step = self.remove(from: &file, directive, listing: listing, at: position)
    }
    guard let step else { return }
    self.steps[listing.id] = step
  }

  /// A plain `chunk=` (or unnamed) block: replaces a chunk of an earlier chapter in place, or adds a new
  /// chunk at the end of the file or right after its `after=` anchor.
  private mutating func define(
    _ chunk: Chunk, in file: inout TangledFile, _ directive: TangleDirective, listing: Listing, at position: Position
  ) -> TangleStep? {
    var step = TangleStep(
      listing: listing.id, file: directive.file, chunk: directive.chunk, previous: nil, removed: false)
    if let existing = directive.chunk.flatMap({ file.index(ofChunk: $0) }) {
      let previous = file.chunks[existing]
      guard self.checkRedefinition(previous, by: listing, directive: directive, chapterIndex: chunk.chapterIndex) else {
        return nil
      }
      step.previous = file.chunks[existing]
      file.chunks[existing] = chunk
    } else if let after = directive.after {
      guard let anchor = file.index(ofChunk: after) else {
        self.reportMissing(
          after, in: directive.file, at: listing, position: position,
          message: "'after=\(after)' names a chunk of \(directive.file) that is not defined before this block")
        return nil
      }
      file.chunks.insert(chunk, at: anchor + 1)
    } else {
      file.chunks.append(chunk)
    }
    return step
  }

  /// A `mode=replace` block: replaces the existing chunk in place.
  private mutating func replace(
    with chunk: Chunk, in file: inout TangledFile, _ directive: TangleDirective, listing: Listing,
    at position: Position
  ) -> TangleStep? {
    guard let existing = self.existingChunk(in: file, directive, listing: listing, at: position) else { return nil }
    let step = TangleStep(
      listing: listing.id, file: directive.file, chunk: directive.chunk, previous: file.chunks[existing],
      removed: false)
    file.chunks[existing] = chunk
    return step
  }

  /// A `mode=remove` block: removes the existing chunk.
  private mutating func remove(
    from file: inout TangledFile, _ directive: TangleDirective, listing: Listing, at position: Position
  ) -> TangleStep? {
    guard let existing = self.existingChunk(in: file, directive, listing: listing, at: position) else { return nil }
    let step = TangleStep(
      listing: listing.id, file: directive.file, chunk: directive.chunk, previous: file.chunks[existing],
      removed: true)
    file.chunks.remove(at: existing)
    return step
  }

  /// The index of the chunk a `mode=replace` or `mode=remove` block changes, or nil after reporting
  /// that it is not defined yet.
  private mutating func existingChunk(
    in file: TangledFile, _ directive: TangleDirective, listing: Listing, at position: Position
  ) -> Int? {
    if let existing = directive.chunk.flatMap({ file.index(ofChunk: $0) }) { return existing }
    let name = directive.chunk ?? ""
    let verb = directive.operation == .replace ? "replaced" : "removed"
    self.reportMissing(
      name, in: directive.file, at: listing, position: position,
      message: "chunk '\(name)' of \(directive.file) is \(verb) before it is defined")
    return nil
  }

  /// A plain `chunk=` naming an existing chunk replaces it only across chapters; within one chapter
  /// it is ambiguous, and `after=` cannot move a chunk that already has a place.
  private mutating func checkRedefinition(
    _ existing: Chunk, by listing: Listing, directive: TangleDirective, chapterIndex: Int
  ) -> Bool {
    let name = directive.chunk ?? ""
    if existing.chapterIndex == chapterIndex {
      self.diagnostics.append(
        Diagnostic(
          .error, id: .duplicateChunk, at: listing.fence,
          "chunk '\(name)' of \(directive.file) is defined twice in this chapter; "
            + "add 'mode=replace' to replace the first version, or rename one",
          notes: [.note(at: existing.origin, "first defined here")]))
      return false
    }
    if directive.after != nil {
      self.diagnostics.append(
        Diagnostic(
          .error, id: .afterOnExistingChunk, at: listing.fence,
          "chunk '\(name)' of \(directive.file) already exists, so this block replaces it in place; "
            + "remove 'after='",
          notes: [.note(at: existing.origin, "defined here")]))
      return false
    }
    return true
  }

  /// Reports an operation on a chunk that does not exist yet, noting a later definition if there is one.
  private mutating func reportMissing(
    _ name: String, in file: String, at listing: Listing, position: Position, message: String
  ) {
    var notes: [Diagnostic] = []
    if let later = self.definitions[Self.key(file, name)]?.first(where: { $0.position > position }) {
      notes.append(.note(at: later.fence, "'\(name)' is defined here, later in the book"))
    }
    self.diagnostics.append(
      Diagnostic(.error, id: .chunkNotDefined, at: listing.fence, message, notes: notes))
  }

  /// Where each (file, chunk) is defined by a plain `chunk=` block, in book order, for "defined later" notes.
  private static func definitions(in chapters: [Chapter]) -> [String: [(position: Position, fence: SourceLocation)]] {
    var found: [String: [(position: Position, fence: SourceLocation)]] = [:]
    for (chapterIndex, chapter) in chapters.enumerated() {
      for (listingIndex, listing) in chapter.listings.enumerated() {
        guard case .tangled(let directive) = listing.tag, directive.operation == .define,
          let name = directive.chunk
        else { continue }
        let position = Position(chapter: chapterIndex, listing: listingIndex)
        found[Self.key(directive.file, name), default: []].append((position, listing.fence))
      }
    }
    return found
  }

  private static func key(_ file: String, _ chunk: String) -> String { "\(file)\u{0}\(chunk)" }
}
