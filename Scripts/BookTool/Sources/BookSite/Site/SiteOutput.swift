import BookKit
import Foundation

/// Everything `book site` would leave in the site folder, planned through `OwnedOutput` against what is
/// there: shared by `book site` (which applies it), `book serve`, and `book check` (which reports drift).
package struct SiteOutput: Sendable {
  /// One file of the site.
  package struct File: Sendable {
    /// The path inside the site folder (`index.html`).
    package var path: String
    /// The bytes the site should hold.
    package var expected: Data
    /// The bytes on disk, or nil when the file is missing.
    package var current: Data?

    /// Whether the disk holds different bytes.
    package var isOutOfDate: Bool { self.current != self.expected }
  }

  /// The list of files the site writer owns, inside the site folder.
  package static let manifestName = ".site-files"
  static let manifestHeader = "# Files written by `book site`; it keeps this list. Do not edit."

  /// What `book site` owns in `folder` (relative to the workspace root; empty for `--output DIR`): the
  /// files its `.site-files` lists.
  package static func kind(folder: String) -> OwnedOutput.Kind {
    OwnedOutput.Kind(
      command: "book site", folder: folder,
      manifestPath: folder.isEmpty ? Self.manifestName : "\(folder)/\(Self.manifestName)",
      header: Self.manifestHeader, requiresMarker: false, pruneStops: [folder], staleRule: .staleSiteFile,
      manifestRule: .staleSiteManifest, allows: { $0 != Self.manifestName })
  }

  /// The site folder, relative to the workspace root; empty when the workspace is the site folder itself.
  package var folder: String
  /// Every file, sorted by path, but those kept unread.
  package var files: [File]
  /// The files kept as an earlier build wrote them, unread (`RenderedSite.kept`), with their hashes.
  package var kept: [String: UInt64]
  /// The plan of writes and removals.
  package var output: OwnedOutput

  /// Files listed in the old manifest that the site no longer has, sorted.
  package var staleFiles: [String] { self.output.staleFiles }
  /// The manifest's expected bytes.
  package var manifest: Data { self.output.manifest }
  /// The manifest on disk, or nil.
  package var currentManifest: Data? { self.output.currentManifest }
  /// Problems that forbid writing.
  package var diagnostics: [Diagnostic] { self.output.diagnostics }

  /// Plans writing `site` into `folder` of `workspace`. A problem with a file is reported where the
  /// chapters produce it (`site.origins`), else at the file itself. `readAhead` holds files of the folder
  /// a build has already read (by path inside the site), which are not read again.
  package init(site: RenderedSite, workspace: Workspace, folder: String, readAhead: [String: Data] = [:]) throws {
    self.folder = folder
    let kind = Self.kind(folder: folder)
    // A kept file is a target without bytes: owned and listed, never written.
    let targets = (Array(site.files.keys) + Array(site.kept.keys)).sorted().map { name in
      OwnedOutput.Target(
        path: name, expected: site.files[name],
        origin: site.origins[name] ?? SourceLocation(path: kind.workspacePath(name), line: 1),
        readAhead: readAhead[name])
    }
    self.output = OwnedOutput(kind: kind, targets: targets, workspace: workspace)
    self.files = self.output.targets.compactMap { target in
      target.expected.map { File(path: target.path, expected: $0, current: target.current) }
    }
    self.kept = site.kept
  }

  /// The bytes of the list of files a site has.
  package static func manifest(of site: RenderedSite) -> Data {
    OutputManifest.data(header: Self.manifestHeader, paths: Array(site.files.keys) + Array(site.kept.keys))
  }

  /// The paths a manifest's bytes list, leaving out any entry that is not a plain path.
  package static func paths(inManifest data: Data) -> [String] {
    OutputManifest(data: data).paths.filter { Workspace.plainPath($0) != nil }
  }

  /// The 1-based number of the first line where two files differ.
  static func firstDifferentLine(_ current: Data, _ expected: Data) -> Int {
    var line = 1
    for (a, b) in zip(current, expected) {
      if a != b { return line }
      if a == UInt8(ascii: "\n") { line += 1 }
    }
    return line
  }

  /// The path of a site file relative to the workspace root.
  package func workspacePath(_ name: String) -> String {
    self.folder.isEmpty ? name : "\(self.folder)/\(name)"
  }
}

extension SiteOutput {
  /// What applying the output changed.
  package typealias Changes = OwnedOutput.Changes

  /// Writes every out-of-date file, removes stale files the site wrote earlier and updates the manifest,
  /// through `OwnedOutput.apply` (journal first; the site folder is created with the journal, so an error
  /// leaves no folder behind). Writes nothing if there is any error.
  package func apply(to workspace: Workspace) throws -> Changes {
    try self.output.apply(to: workspace)
  }

  /// Diagnostics for every difference between the site folder and what `book site` would write.
  package func drift() -> [Diagnostic] {
    self.output.drift { target in
      let path = self.workspacePath(target.path)
      guard let current = target.current else {
        return Diagnostic(
          .error, id: .siteDrift, at: SourceLocation(path: path, line: 1), "\(path) is missing; run `book site`")
      }
      return Diagnostic(
        .error, id: .siteDrift,
        at: SourceLocation(path: path, line: Self.firstDifferentLine(current, target.expected ?? Data())),
        "\(path) differs from what the chapters render to (a hand edit, or a forgotten `book site`); run `book site`")
    }
  }
}
