import Foundation

extension TangleOutput {
  /// What applying the output changed.
  public struct Changes: Sendable {
    /// Files written because their bytes changed, sorted.
    public var written: [String]
    /// Stale generated files removed, sorted.
    public var removed: [String]
  }

  /// Writes every out-of-date file atomically, removes stale generated files and updates the manifest.
  /// Writes nothing at all if there are diagnostics.
  public func apply(to workspace: Workspace) throws -> Changes {
    guard !self.diagnostics.hasErrors else { throw DiagnosticsError(self.diagnostics) }
    var written: [String] = []
    for file in self.files where file.isOutOfDate {
      try workspace.write(file.expected, to: file.tangled.path)
      written.append(file.tangled.path)
    }
    for path in self.staleFiles {
      try workspace.remove(path, pruningEmptyFoldersUpTo: ["Sources", "Tests"])
    }
    try workspace.write(self.manifest.data, to: GeneratedManifest.path)
    return Changes(written: written, removed: self.staleFiles)
  }

  /// Diagnostics for every difference between the disk and the chapters, located at chapter lines.
  /// Reports nothing while the book itself has errors: until they are fixed, drift is meaningless.
  public func drift() -> [Diagnostic] {
    guard !self.diagnostics.hasErrors else { return [] }
    var found = self.files.filter(\.isOutOfDate).map(Self.driftDiagnostic)
    found += self.staleFiles.map { path in
      Diagnostic(
        .error, id: "stale-generated-file", at: SourceLocation(path: path, line: 1),
        "generated file is no longer produced by any chapter; run `book tangle` to remove it")
    }
    if self.staleFiles.isEmpty, found.isEmpty, self.currentManifest != self.manifest.data {
      found.append(
        Diagnostic(
          .error, id: "stale-manifest", at: SourceLocation(path: GeneratedManifest.path, line: 1),
          "the list of generated files is out of date; run `book tangle`"))
    }
    return found
  }

  /// The diagnostic for one out-of-date file, at the chapter line of its first differing line.
  private static func driftDiagnostic(_ file: File) -> Diagnostic {
    let firstChunk = file.tangled.chunks[0].origin
    guard let current = file.current else {
      return Diagnostic(
        .error, id: "missing-generated-file", at: firstChunk,
        "\(file.tangled.path) is missing; run `book tangle` to generate it")
    }
    let expectedLines = file.source.text.split(separator: "\n", omittingEmptySubsequences: false)
    let currentLines = String(decoding: current, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    let index = zip(expectedLines, currentLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, currentLines.count)
    let origin = file.source.origins.indices.contains(index) ? file.source.origins[index] : nil
    let location = origin ?? file.source.origins[..<min(index, file.source.origins.count)].compactMap { $0 }.last
      ?? firstChunk
    return Diagnostic(
      .error, id: "generated-file-drift", at: location,
      "\(file.tangled.path):\(index + 1) differs from the chapter (a hand edit, or a forgotten "
        + "`book tangle`); edit the chapter, then run `book tangle`")
  }
}
