/// A piece of a generated file: the code of one listing, as it stands after every chapter so far.
package struct Chunk: Hashable, Sendable {
  /// The chunk's name (`chunk=`), if it has one.
  package var name: String?
  /// The code, exactly as the chapter shows it.
  package var code: String
  /// The chapter line of the chunk's first code line.
  package var origin: SourceLocation
  /// Where the listing's `file=` attribute is written, for diagnostics about the file.
  package var fileAttribute: SourceLocation
  /// The index of the chapter that wrote this version, in book order.
  package var chapterIndex: Int
  /// The listing that wrote this version.
  package var listing: ListingID

  /// Creates a chunk.
  package init(
    name: String?, code: String, origin: SourceLocation, fileAttribute: SourceLocation, chapterIndex: Int,
    listing: ListingID
  ) {
    self.name = name
    self.code = code
    self.origin = origin
    self.fileAttribute = fileAttribute
    self.chapterIndex = chapterIndex
    self.listing = listing
  }
}

/// A generated file: its path and its chunks in file order.
package struct TangledFile: Hashable, Sendable {
  /// The path relative to the workspace root.
  package var path: String
  /// The chunks, in the order they appear in the file.
  package var chunks: [Chunk]

  /// Creates a file.
  package init(path: String, chunks: [Chunk] = []) {
    self.path = path
    self.chunks = chunks
  }

  /// The chapters whose code the file holds, in book order, without repeats.
  package var chapterPaths: [String] {
    var seen: [String] = []
    for chunk in self.chunks.sorted(by: { $0.chapterIndex < $1.chapterIndex })
    where !seen.contains(chunk.origin.path) {
      seen.append(chunk.origin.path)
    }
    return seen
  }

  /// The index of the chunk named `name`.
  func index(ofChunk name: String) -> Int? {
    self.chunks.firstIndex { $0.name == name }
  }
}

/// What one tangled listing did to its file, for captions in the site: "replaces the version of chapter 1".
package struct TangleStep: Hashable, Sendable {
  /// The listing that took this step.
  package var listing: ListingID
  /// The file the listing went into.
  package var file: String
  /// The chunk's name, if any.
  package var chunk: String?
  /// The version this listing replaced or removed, if it replaced or removed one.
  package var previous: Chunk?
  /// Whether the listing removed its chunk.
  package var removed: Bool

  /// Creates a step.
  package init(listing: ListingID, file: String, chunk: String?, previous: Chunk?, removed: Bool) {
    self.listing = listing
    self.file = file
    self.chunk = chunk
    self.previous = previous
    self.removed = removed
  }
}
