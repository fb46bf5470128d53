import Foundation

/// Workspaces named by a folder on the command line (`book site --chapters DIR --output DIR`).
extension Workspace {
  /// A workspace whose chapters folder is `folder` (relative to `current`, or absolute): rooted at
  /// `current` when the folder lies inside it, so that diagnostics print short paths
  /// (`notes/01-a.md:3:1`), else at the folder's parent.
  package static func forChapters(inFolder folder: String, near current: URL) -> Workspace {
    let folder = URL(fileURLWithPath: folder, relativeTo: current).standardizedFileURL.resolvingSymlinksInPath()
    let root = current.standardizedFileURL.resolvingSymlinksInPath()
    if folder.path.hasPrefix(root.path + "/") {
      return Workspace(root: root, chaptersFolder: String(folder.path.dropFirst(root.path.count + 1)))
    }
    return Workspace(root: folder.deletingLastPathComponent(), chaptersFolder: folder.lastPathComponent)
  }

  /// A workspace rooted at an output folder (relative to `current`, or absolute) that may not exist yet,
  /// at its real location: its nearest existing ancestor with symbolic links resolved, followed by the
  /// missing parts. Nothing is created: the folder appears only when a site is written into it.
  package static func forOutput(folder: String, near current: URL) -> Workspace {
    var existing = URL(fileURLWithPath: folder, relativeTo: current).standardizedFileURL
    var missing: [String] = []
    while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
      missing.insert(existing.lastPathComponent, at: 0)
      existing = existing.deletingLastPathComponent()
    }
    return Workspace(root: missing.reduce(existing.resolvingSymlinksInPath()) { $0.appendingPathComponent($1) })
  }
}
