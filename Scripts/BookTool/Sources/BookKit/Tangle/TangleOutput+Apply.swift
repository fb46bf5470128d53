import Foundation

extension TangleOutput {
  /// What applying the output changed.
  package typealias Changes = OwnedOutput.Changes

  /// Writes every out-of-date file, removes stale generated files and updates the manifest, through
  /// `OwnedOutput.apply` (journal first). Writes nothing at all if there are diagnostics.
  package func apply(to workspace: Workspace) throws -> Changes {
    guard !self.diagnostics.hasErrors else { throw DiagnosticsError(self.diagnostics) }
    return try self.output.apply(to: workspace)
  }

  /// Diagnostics for every difference between the disk and the chapters, located at chapter lines.
  /// Reports nothing while the book itself has errors: until they are fixed, drift is meaningless.
  package func drift() -> [Diagnostic] {
    guard !self.diagnostics.hasErrors else { return [] }
    let files = Dictionary(uniqueKeysWithValues: self.files.map { ($0.tangled.path, $0) })
    return self.output.drift { target in Self.driftDiagnostic(files[target.path]!) }
  }

  /// The diagnostic for one out-of-date file, at the chapter line of its first differing line.
  private static func driftDiagnostic(_ file: File) -> Diagnostic {
    let firstChunk = file.tangled.chunks[0].origin
    guard let current = file.current else {
      return Diagnostic(
        .error, id: .missingGeneratedFile, at: firstChunk,
        "\(file.tangled.path) is missing; run `book tangle` to generate it")
    }
    let expectedLines = file.source.text.split(separator: "\n", omittingEmptySubsequences: false)
    let currentLines = String(decoding: current, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    let index =
      zip(expectedLines, currentLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(expectedLines.count, currentLines.count)
    let origin = file.source.origins.indices.contains(index) ? file.source.origins[index] : nil
    let location =
      origin ?? file.source.origins[..<min(index, file.source.origins.count)].compactMap { $0 }.last
      ?? firstChunk
    return Diagnostic(
      .error, id: .generatedFileDrift, at: location,
      "\(file.tangled.path):\(index + 1) differs from the chapter (a hand edit, or a forgotten "
        + "`book tangle`); edit the chapter, then run `book tangle`")
  }
}
