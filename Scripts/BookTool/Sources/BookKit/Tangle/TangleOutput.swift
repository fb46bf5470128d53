import Foundation

/// Everything `book tangle` would leave on disk for a book, planned through `OwnedOutput` against what is
/// there now.
///
/// Both `book tangle` (which applies it) and `book check` (which reports its drift) start from this plan,
/// so they can never disagree about what is out of date.
package struct TangleOutput: Sendable {
  /// A generated file's expected text and its line map.
  package struct File: Sendable {
    /// The tangled file.
    package var tangled: TangledFile
    /// Its rendered text.
    package var source: GeneratedSource
    /// The bytes now on disk, or nil if the file is missing.
    package var current: Data?

    /// The expected bytes.
    package var expected: Data { Data(self.source.text.utf8) }
    /// Whether the disk holds different bytes.
    package var isOutOfDate: Bool { self.current != self.expected }
  }

  /// What `book tangle` owns: `Package.swift` and files under `Sources/` and `Tests/`, listed in
  /// `.book/tangled-files`, each starting with the generated marker.
  package static let kind = OwnedOutput.Kind(
    command: "book tangle", folder: "", manifestPath: "\(Workspace.bookkeepingFolder)/tangled-files",
    header: "# Files written by `book tangle`; it keeps this list. Do not edit.", requiresMarker: true,
    pruneStops: [Workspace.sourcesFolder, Workspace.testsFolder], staleRule: .staleGeneratedFile,
    manifestRule: .staleManifest,
    allows: {
      $0 == Workspace.manifestFile || $0.hasPrefix("\(Workspace.sourcesFolder)/")
        || $0.hasPrefix("\(Workspace.testsFolder)/")
    })

  /// Every generated file, sorted by path.
  package var files: [File]
  /// The plan of writes and removals.
  package var output: OwnedOutput
  /// Problems that forbid writing: the book's own errors, and the output's (ownership, confinement).
  package var diagnostics: [Diagnostic]

  /// Files generated earlier that no chapter produces any more and that the tool owns.
  package var staleFiles: [String] { self.output.staleFiles }

  /// Plans the output of `book` against the files in `workspace`.
  package init(book: Book, workspace: Workspace) throws {
    let sources = book.tangle.files.map { (tangled: $0, source: GeneratedSource($0)) }
    self.output = OwnedOutput(
      kind: Self.kind,
      targets: sources.map { file in
        OwnedOutput.Target(
          path: file.tangled.path, expected: Data(file.source.text.utf8),
          origin: file.tangled.chunks[0].fileAttribute)
      }, workspace: workspace)
    self.files = zip(sources, self.output.targets).map { file, target in
      File(tangled: file.tangled, source: file.source, current: target.current)
    }
    self.diagnostics = book.diagnostics + self.output.diagnostics
  }
}
