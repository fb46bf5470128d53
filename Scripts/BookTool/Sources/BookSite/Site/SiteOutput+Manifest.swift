import BookKit
import Foundation

/// Reading `Site/.site-files` safely: the manifest is a file on disk that anyone can edit, so no entry is
/// trusted. An entry must be a plain path inside the site folder, and a stale file must still lie inside
/// the site folder once symbolic links are resolved; otherwise nothing at all is written or removed.
extension SiteOutput {
  /// One path listed in a manifest, with its 1-based line.
  struct ManifestEntry: Sendable {
    /// The 1-based line of the manifest.
    var line: Int
    /// The path as written, relative to the site folder.
    var path: String
  }

  /// The entries of a manifest's bytes: every line that is neither empty nor a `#` comment.
  static func entries(inManifest data: Data?) -> [ManifestEntry] {
    guard let data else { return [] }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    return lines.enumerated().compactMap { index, line in
      line.isEmpty || line.hasPrefix("#") ? nil : ManifestEntry(line: index + 1, path: String(line))
    }
  }

  /// Why a manifest entry is not a plain relative path inside the site folder, or nil when it is:
  /// `../Chapters/01-one.md`, `/etc/passwd`, `a//b` and `./a` are all refused.
  public static func problem(withManifestPath path: String) -> String? {
    if path.hasPrefix("/") { return "is an absolute path" }
    let parts = path.split(separator: "/", omittingEmptySubsequences: false)
    if parts.contains("..") { return "climbs out of its folder with '..'" }
    if parts.contains(where: { $0.isEmpty || $0 == "." }) { return "has an empty or '.' part" }
    return nil
  }

  /// The listed files that the site no longer produces and that exist, sorted, and a diagnostic for every
  /// entry that may not be removed.
  static func staleFiles(
    listed entries: [ManifestEntry], produced: Set<String>, folder: String, workspace: Workspace
  ) -> (files: [String], diagnostics: [Diagnostic]) {
    let manifestPath = folder.isEmpty ? Self.manifestName : "\(folder)/\(Self.manifestName)"
    let site = SiteFolder(workspace: workspace, folder: folder)
    var files: [String] = []
    var diagnostics: [Diagnostic] = []
    for entry in entries where !produced.contains(entry.path) {
      let problem = Self.problem(withManifestPath: entry.path) ?? site.problem(removing: entry.path)
      if let problem {
        diagnostics.append(
          Diagnostic(
            .error, id: "invalid-site-manifest", at: SourceLocation(path: manifestPath, line: entry.line),
            "'\(entry.path)' \(problem): the list of site files may only name files inside the site folder; "
              + "delete this line (nothing was written or removed)"))
      } else if site.exists(entry.path) {
        files.append(entry.path)
      }
    }
    return (files.sorted(), diagnostics)
  }

  /// The removal of every stale file, checked in full before anything is removed.
  func staleRemovals(in workspace: Workspace) throws -> StaleRemovals {
    let site = SiteFolder(workspace: workspace, folder: self.folder)
    for name in self.staleFiles {
      if let problem = Self.problem(withManifestPath: name) ?? site.problem(removing: name) {
        throw Workspace.Failure.io(path: self.workspacePath(name), reason: "not removed: it \(problem)")
      }
    }
    return StaleRemovals(site: site, names: self.staleFiles)
  }
}

/// Stale site files, checked and ready to remove.
struct StaleRemovals {
  /// The site folder they lie in.
  let site: SiteFolder
  /// Their paths inside it.
  let names: [String]

  /// Removes each file, then the folders that removal left empty, never the site folder or above.
  func perform() throws {
    for name in self.names { try self.site.remove(name) }
  }
}

/// The site folder of a workspace, compared by real path (symbolic links resolved).
struct SiteFolder {
  /// The workspace that holds the site.
  let workspace: Workspace
  /// The site folder, relative to the workspace root; empty when it is the root.
  let folder: String

  /// The path of a site file relative to the workspace root.
  func workspacePath(_ name: String) -> String {
    self.folder.isEmpty ? name : "\(self.folder)/\(name)"
  }

  /// Whether something exists at a site path (a dangling symbolic link counts).
  func exists(_ name: String) -> Bool {
    guard let url = try? self.workspace.url(self.workspacePath(name)) else { return false }
    return (try? FileManager.default.attributesOfItem(atPath: url.path)) != nil
  }

  /// Why the file at a site path may not be removed, or nil: its folder must really lie inside the site
  /// folder, and it must not be a folder itself.
  func problem(removing name: String) -> String? {
    guard let url = try? self.workspace.url(self.workspacePath(name)) else { return "lies outside the workspace" }
    guard self.exists(name) else { return nil }
    guard let root = self.realRoot, let parent = RealPath.of(url.deletingLastPathComponent()),
      RealPath.lies(parent, inside: root, orEqual: true)
    else { return "lies outside the site folder once symbolic links are resolved" }
    let type = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType
    return type == .typeDirectory ? "is a folder, not a file the site wrote" : nil
  }

  /// Removes a file, then each parent folder the removal left empty while it lies strictly inside the site
  /// folder.
  func remove(_ name: String) throws {
    let path = self.workspacePath(name)
    let url = try self.workspace.url(path)
    do {
      try FileManager.default.removeItem(at: url)
    } catch {
      throw Workspace.Failure.io(path: path, reason: "cannot be removed")
    }
    guard let root = self.realRoot else { return }
    var folder = url.deletingLastPathComponent()
    while let real = RealPath.of(folder), RealPath.lies(real, inside: root, orEqual: false),
      (try? FileManager.default.contentsOfDirectory(atPath: real))?.isEmpty == true
    {
      try? FileManager.default.removeItem(atPath: real)
      folder = folder.deletingLastPathComponent()
    }
  }

  /// The site folder's real path, or nil when it does not exist.
  var realRoot: String? {
    guard let url = self.folder.isEmpty ? self.workspace.root : try? self.workspace.url(self.folder) else {
      return nil
    }
    return RealPath.of(url)
  }
}

/// Real paths: absolute, with every symbolic link resolved, compared part by part.
enum RealPath {
  /// The real path of an existing file or folder, or nil.
  static func of(_ url: URL) -> String? {
    guard let resolved = realpath(url.path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Whether `path` lies inside `folder` (or is it, when `orEqual`), comparing whole path parts, so
  /// `/a/bc` is not inside `/a/b` and everything is inside `/`.
  static func lies(_ path: String, inside folder: String, orEqual: Bool) -> Bool {
    let parts = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
    let root = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
    return parts.starts(with: root) && (orEqual || parts.count > root.count)
  }
}
