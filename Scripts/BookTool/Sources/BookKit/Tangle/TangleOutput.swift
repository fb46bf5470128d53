import Foundation

/// Everything `book tangle` would leave on disk for a book, compared with what is there now.
///
/// Both `book tangle` (which applies it) and `book check` (which reports it) start from this plan, so
/// they can never disagree about what is out of date.
public struct TangleOutput: Sendable {
  /// A generated file's expected bytes and its line map.
  public struct File: Sendable {
    /// The tangled file.
    public var tangled: TangledFile
    /// Its rendered text.
    public var source: GeneratedSource
    /// The bytes now on disk, or nil if the file is missing.
    public var current: Data?

    /// The expected bytes.
    public var expected: Data { Data(self.source.text.utf8) }
    /// Whether the disk holds different bytes.
    public var isOutOfDate: Bool { self.current != self.expected }
  }

  /// Every generated file, sorted by path.
  public var files: [File]
  /// Files generated earlier that no chapter produces any more and that still carry the marker.
  public var staleFiles: [String]
  /// The manifest as it should be, and as it is.
  public var manifest: GeneratedManifest
  /// The manifest's bytes on disk, or nil.
  public var currentManifest: Data?
  /// Problems that forbid writing: the book's own errors, and files the tool does not own.
  public var diagnostics: [Diagnostic]

  /// Plans the output of `book` against the files in `workspace`.
  public init(book: Book, workspace: Workspace) throws {
    let previous = try GeneratedManifest.load(from: workspace)
    self.files = try book.tangle.files.map { file in
      File(tangled: file, source: GeneratedSource(file), current: try workspace.readIfPresent(file.path))
    }
    self.diagnostics = book.diagnostics + Self.ownershipProblems(self.files, previous: previous)
    let produced = Set(self.files.map(\.tangled.path))
    self.staleFiles = try previous.paths.filter { path in
      guard !produced.contains(path), let data = try workspace.readIfPresent(path) else { return false }
      return GeneratedSource.isGenerated(String(decoding: data.prefix(200), as: UTF8.self))
    }
    self.manifest = GeneratedManifest(paths: Array(produced))
    self.currentManifest = try workspace.readIfPresent(GeneratedManifest.path)
  }

  /// A file that exists but that the tool neither listed nor marked is somebody else's: never overwrite it.
  private static func ownershipProblems(_ files: [File], previous: GeneratedManifest) -> [Diagnostic] {
    files.compactMap { file in
      guard let current = file.current, !previous.paths.contains(file.tangled.path),
        !GeneratedSource.isGenerated(String(decoding: current.prefix(200), as: UTF8.self))
      else { return nil }
      return Diagnostic(
        .error, id: "file-not-owned", at: file.tangled.chunks[0].fileAttribute,
        "'file=\(file.tangled.path)' names an existing file that `book tangle` did not generate; "
          + "it will not overwrite it (move that file away, or choose another path)")
    }
  }
}
