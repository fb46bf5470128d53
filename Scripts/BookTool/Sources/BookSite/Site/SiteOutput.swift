import BookKit
import Foundation

/// Everything `book site` would leave in the site folder, compared with what is there: like
/// `TangleOutput`, shared by `book site` (which applies it) and `book check` (which reports drift).
public struct SiteOutput: Sendable {
  /// One file of the site.
  public struct File: Sendable {
    /// The path inside the site folder (`index.html`).
    public var path: String
    /// The bytes the site should hold.
    public var expected: Data
    /// The bytes on disk, or nil when the file is missing.
    public var current: Data?

    /// Whether the disk holds different bytes.
    public var isOutOfDate: Bool { self.current != self.expected }
  }

  /// The list of files the site writer owns, inside the site folder.
  public static let manifestName = ".site-files"
  private static let manifestHeader = "# Files written by `book site`; it keeps this list. Do not edit."

  /// The site folder, relative to the workspace root; empty when the workspace is the site folder itself.
  public var folder: String
  /// Every file, sorted by path.
  public var files: [File]
  /// Files listed in the old manifest that the site no longer has, sorted.
  public var staleFiles: [String]
  /// The manifest's expected and current bytes.
  public var manifest: Data
  /// The manifest on disk, or nil.
  public var currentManifest: Data?
  /// Problems that forbid writing.
  public var diagnostics: [Diagnostic] = []

  /// Plans writing `site` into `folder` of `workspace`.
  public init(site: RenderedSite, workspace: Workspace, folder: String) throws {
    self.folder = folder
    let path = { (name: String) in folder.isEmpty ? name : "\(folder)/\(name)" }
    self.files = try site.files.keys.sorted().map { name in
      File(path: name, expected: site.files[name]!, current: try workspace.readIfPresent(path(name)))
    }
    self.currentManifest = try workspace.readIfPresent(path(Self.manifestName))
    let previous = Self.entries(inManifest: self.currentManifest)
    let produced = Set(site.files.keys)
    self.manifest = Self.manifest(of: site)
    let stale = Self.staleFiles(listed: previous, produced: produced, folder: folder, workspace: workspace)
    self.staleFiles = stale.files
    self.diagnostics = stale.diagnostics
    if self.currentManifest == nil, let unowned = self.files.first(where: { $0.current != nil }) {
      self.diagnostics.append(
        Diagnostic(
          .error, id: "site-folder-not-owned", at: SourceLocation(path: path(unowned.path), line: 1),
          "\(folder.isEmpty ? "the output folder" : folder + "/") already holds files that `book site` did not "
            + "write (there is no \(Self.manifestName)); choose an empty folder"))
    }
  }

  /// The bytes of the list of files a site has.
  public static func manifest(of site: RenderedSite) -> Data {
    let lines = [Self.manifestHeader] + site.files.keys.sorted()
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }

  /// The paths a manifest's bytes list, leaving out any entry that is not a plain path inside the site
  /// folder (see `problem(withManifestPath:)`).
  public static func paths(inManifest data: Data) -> [String] {
    Self.entries(inManifest: data).map(\.path).filter { Self.problem(withManifestPath: $0) == nil }
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
  public func workspacePath(_ name: String) -> String {
    self.folder.isEmpty ? name : "\(self.folder)/\(name)"
  }
}

extension SiteOutput {
  /// What applying the output changed.
  public struct Changes: Sendable {
    /// Files written because their bytes changed, sorted.
    public var written: [String]
    /// Files removed because the site no longer has them, sorted.
    public var removed: [String]
  }

  /// Writes every out-of-date file atomically, removes stale files the site wrote earlier and updates the
  /// manifest, creating the site folder with the first file (so an error leaves no empty folder behind).
  /// Writes nothing if there is any error, and checks that every stale file lies inside the site folder
  /// before writing or removing anything.
  public func apply(to workspace: Workspace) throws -> Changes {
    guard !self.diagnostics.hasErrors else { throw DiagnosticsError(self.diagnostics) }
    var written: [String] = []
    let removals = try self.staleRemovals(in: workspace)
    for file in self.files where file.isOutOfDate {
      try workspace.write(file.expected, to: self.workspacePath(file.path))
      written.append(file.path)
    }
    try removals.perform()
    if self.currentManifest != self.manifest {
      try workspace.write(self.manifest, to: self.workspacePath(Self.manifestName))
    }
    return Changes(written: written, removed: self.staleFiles)
  }

  /// Diagnostics for every difference between the site folder and what `book site` would write.
  public func drift() -> [Diagnostic] {
    var found: [Diagnostic] = self.files.filter(\.isOutOfDate).map { file in
      let path = self.workspacePath(file.path)
      guard let current = file.current else {
        return Diagnostic(
          .error, id: "site-drift", at: SourceLocation(path: path, line: 1), "\(path) is missing; run `book site`")
      }
      return Diagnostic(
        .error, id: "site-drift", at: SourceLocation(path: path, line: Self.firstDifferentLine(current, file.expected)),
        "\(path) differs from what the chapters render to (a hand edit, or a forgotten `book site`); run `book site`")
    }
    found += self.staleFiles.map { name in
      Diagnostic(
        .error, id: "stale-site-file", at: SourceLocation(path: self.workspacePath(name), line: 1),
        "site file is no longer produced by any chapter; run `book site` to remove it")
    }
    if found.isEmpty, self.currentManifest != self.manifest {
      found.append(
        Diagnostic(
          .error, id: "stale-site-manifest", at: SourceLocation(path: self.workspacePath(Self.manifestName), line: 1),
          "the list of site files is out of date; run `book site`"))
    }
    return found
  }
}
