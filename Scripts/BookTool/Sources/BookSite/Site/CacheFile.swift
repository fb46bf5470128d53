import BookKit
import Foundation

/// One file of the tool's scratch space in a workspace's git-ignored `.build/` (a cache, a stamp, a memo),
/// read and written only through the workspace's confined reads and guarded writes: never through a
/// symbolic link that leaves the workspace (a committed `.build` link, say), never outside it.
/// Failing to read or write only costs the next build its shortcut, so failures are not reported.
struct CacheFile: Sendable {
  /// The workspace the file is in.
  var workspace: Workspace
  /// Its path inside the workspace.
  var path: String

  /// Its absolute location.
  var url: URL { self.workspace.root.appendingPathComponent(self.path) }

  /// Its bytes, or nil when it is missing or cannot be read inside the workspace.
  func read() -> Data? {
    try? self.workspace.readIfPresent(self.path)
  }

  /// Replaces its bytes atomically.
  func write(_ data: Data) {
    _ = try? self.workspace.write(data, to: self.path)
  }

  /// Removes it, if it is there.
  func remove() {
    guard self.workspace.exists(self.path) else { return }
    try? self.workspace.remove(self.path, pruningEmptyFoldersUpTo: [".build"])
  }
}
