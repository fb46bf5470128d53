import Foundation

/// The one way the tool writes and removes files: tangled sources (`book tangle`), the site
/// (`book site`) and the pictures of programs (`book capture`) are each a set of targets planned here,
/// against the disk, under three rules.
///
/// - **Confinement** (`Workspace+Confinement`): no write or removal passes through a symbolic link.
/// - **Ownership**: an existing file is the tool's only when its manifest lists it (a plain path) and,
///   for sources, it starts with the generated marker (`GeneratedSource.isGenerated`). Anything else is
///   never overwritten nor removed.
/// - **Atomic apply** (`OwnedOutput+Apply`): the manifest is rewritten first as a journal naming every
///   file the run may touch, so a run killed at any point leaves files the next run owns and finishes.
///
/// `book check` reports the same plan's `drift` (`OwnedOutput+Drift`).
package struct OwnedOutput: Sendable {
  /// One kind of output: where its manifest lives and which paths it may own.
  package struct Kind: Sendable {
    /// The command that writes it (`book tangle`), named in diagnostics.
    package var command: String
    /// The folder its paths are relative to, relative to the workspace root ("" for the root).
    package var folder: String
    /// The manifest's path, relative to the workspace root.
    package var manifestPath: String
    /// The manifest's first line.
    package var header: String
    /// Whether an owned file must also start with the generated marker (sources).
    package var requiresMarker: Bool
    /// Folders (workspace-relative) that removing files never prunes.
    package var pruneStops: Set<String>
    /// Whether the manifest may name a path (relative to `folder`), beyond being a plain path.
    package var allows: @Sendable (String) -> Bool
    /// The rule ids of a stale file and of an out-of-date manifest (`stale-generated-file`, `stale-manifest`).
    package var staleRule: RuleID, manifestRule: RuleID

    /// Creates a kind of output.
    package init(
      command: String, folder: String, manifestPath: String, header: String, requiresMarker: Bool,
      pruneStops: Set<String>, staleRule: RuleID, manifestRule: RuleID,
      allows: @escaping @Sendable (String) -> Bool = { _ in true }
    ) {
      self.command = command
      self.folder = folder
      self.manifestPath = manifestPath
      self.header = header
      self.requiresMarker = requiresMarker
      self.pruneStops = pruneStops
      self.staleRule = staleRule
      self.manifestRule = manifestRule
      self.allows = allows
    }

    /// A path relative to `folder` as a path relative to the workspace root.
    package func workspacePath(_ path: String) -> String {
      self.folder.isEmpty ? path : "\(self.folder)/\(path)"
    }
  }

  /// One file the output should hold.
  package struct Target: Sendable {
    /// The path, relative to the kind's folder.
    package var path: String
    /// The bytes it should hold; nil to keep whatever is there (still owned, never written).
    package var expected: Data?
    /// Where a problem with this file is reported (the chapter line that produces it).
    package var origin: SourceLocation
    /// The bytes on disk, or nil when there is no file.
    package var current: Data?
    /// The file's bytes as this run already read them (the site's earlier pages, read to reuse them), or
    /// nil: the plan takes them instead of reading the file a second time, once the path has passed the
    /// same confinement checks (no symbolic link on the way, a file there).
    package var readAhead: Data?

    /// Creates a target.
    package init(path: String, expected: Data?, origin: SourceLocation, readAhead: Data? = nil) {
      self.path = path
      self.expected = expected
      self.origin = origin
      self.readAhead = readAhead
    }

    /// Whether the disk holds other bytes than expected.
    package var isOutOfDate: Bool { self.expected != nil && self.current != self.expected }
  }

  /// The kind of output.
  package let kind: Kind
  /// Every target, with its bytes on disk.
  package internal(set) var targets: [Target]
  /// Owned files (relative to the folder) that no target produces any more, sorted: removed by `apply`.
  package internal(set) var staleFiles: [String] = []
  /// Temporary files of interrupted writes (workspace-relative), sorted: removed by `apply`.
  package internal(set) var leftovers: [String] = []
  /// The manifest as it is on disk.
  package let previous: OutputManifest
  /// The manifest's bytes on disk, or nil.
  package let currentManifest: Data?
  /// Problems that forbid writing anything: confinement, ownership, an invalid manifest entry.
  package internal(set) var diagnostics: [Diagnostic] = []

  /// The complete manifest's bytes once applied.
  package var manifest: Data {
    OutputManifest.data(header: self.kind.header, paths: self.targets.map(\.path))
  }

  /// Plans `targets` of `kind` against the files in `workspace`.
  package init(kind: Kind, targets: [Target], workspace: Workspace) {
    self.kind = kind
    self.targets = targets
    let manifest = Self.readManifest(kind, in: workspace)
    self.currentManifest = manifest.data
    self.previous = OutputManifest(data: manifest.data)
    self.diagnostics = manifest.diagnostics
    let listed = self.validEntries()
    // What lies at each folder on the way, asked once per run of paths.
    var seenFolders = self.checkTargets(listed: listed, in: workspace)
    self.findStaleFiles(listed: listed, in: workspace, seenFolders: &seenFolders)
    self.findLeftovers(listed: listed, in: workspace, seenFolders: &seenFolders)
  }
}
