import Foundation

/// Applying a plan: journal first, then files, then the complete manifest.
extension OwnedOutput {
  /// What applying the output changed.
  package struct Changes: Sendable {
    /// Files written because their bytes changed (relative to the kind's folder), sorted.
    package var written: [String]
    /// Stale files removed (relative to the kind's folder), sorted.
    package var removed: [String]
  }

  /// Whether applying would change nothing on disk.
  package var isCurrent: Bool {
    !self.targets.contains(where: \.isOutOfDate) && self.staleFiles.isEmpty && self.leftovers.isEmpty
      && self.isManifestCurrent
  }

  /// Whether the manifest on disk is the one to write; no manifest is current while there is nothing to list.
  package var isManifestCurrent: Bool {
    self.currentManifest == self.manifest || (self.currentManifest == nil && self.targets.isEmpty)
  }

  /// How long the apply pauses after its journal and after each file: `BOOK_APPLY_PAUSE_MICROSECONDS`, set
  /// only by the crash tests, so that the kills they send at random times land inside the apply often
  /// enough to test it on a fast, quiet machine. Unset (always, outside those tests), it is zero.
  static let crashTestPause: UInt32 =
    ProcessInfo.processInfo.environment["BOOK_APPLY_PAUSE_MICROSECONDS"].flatMap { UInt32($0) }.map { min($0, 100_000) }
    ?? 0

  private static func pauseForCrashTests() {
    if Self.crashTestPause > 0 { usleep(Self.crashTestPause) }
  }

  /// Writes every out-of-date target, removes stale files and leftovers, and writes the manifest; nothing
  /// at all when there is an error.
  ///
  /// The order makes a kill at any point safe: (1) the manifest is replaced (atomically) by a journal that
  /// lists every path already owned and every target, marked incomplete; (2) each target is written
  /// through its fixed temporary file and renamed; (3) stale files and leftovers are removed; (4) the
  /// complete manifest replaces the journal. After a kill in (1) the old manifest stands and at most its
  /// temporary file is left; after (2) or (3) every file touched is listed, so the next run owns it,
  /// finishes the work and removes what is stale, and `book check` reports `interrupted-output`.
  package func apply(to workspace: Workspace) throws -> Changes {
    guard !self.diagnostics.hasErrors else { throw DiagnosticsError(self.diagnostics) }
    guard !self.isCurrent else { return Changes(written: [], removed: []) }
    // The complete list is sorted meanwhile, beside the writes, rather than after them.
    let manifest = Background { [self] in self.manifest }
    let journal = OutputManifest.data(
      header: self.kind.header, paths: self.previous.paths + self.targets.map(\.path), incomplete: true)
    try workspace.write(journal, to: self.kind.manifestPath)
    Self.pauseForCrashTests()
    let written = try self.writeOutOfDateTargets(to: workspace)
    for path in self.staleFiles {
      try workspace.remove(self.kind.workspacePath(path), pruningEmptyFoldersUpTo: self.kind.pruneStops)
    }
    for leftover in self.leftovers { try workspace.removeLeftover(leftover) }
    try workspace.write(manifest.value, to: self.kind.manifestPath)
    return Changes(written: written.sorted(), removed: self.staleFiles)
  }

  /// Writes every out-of-date target (step 2 of `apply`), spread over the cores: the journal already
  /// names them all, so their order does not matter, and most of a file's cost is the system's (creating
  /// it, its temporary file and the rename), which threads overlap. The folders on the way are checked
  /// once for all the files inside them. Throws the first failure in path order, once every write ended.
  private func writeOutOfDateTargets(to workspace: Workspace) throws -> [String] {
    let pending = self.targets.filter(\.isOutOfDate)
    let (kind, checked) = (self.kind, CheckedFolders())
    // The largest files first, so that none is left to write alone at the end.
    let size: (Target) -> Int = { $0.expected?.count ?? 0 }
    let failures = Parallel.map(pending, largestFirst: size) { target -> (any Error)? in
      do {
        // The plan compared its bytes with the file's a moment ago: they differ.
        try workspace.write(
          target.expected!, to: kind.workspacePath(target.path), knownToDiffer: true, checked: checked)
        Self.pauseForCrashTests()
        return nil
      } catch {
        return error
      }
    }
    if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
    return pending.map(\.path)
  }
}
