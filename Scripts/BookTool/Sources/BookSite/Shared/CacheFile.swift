import BookKit
import Foundation

/// One file of the tool's scratch space in a workspace's git-ignored `.build/` (a cache, a stamp, a memo),
/// read and written only through the workspace's confined reads and guarded writes: never through a
/// symbolic link that leaves the workspace (a committed `.build` link, say), never outside it.
/// Failing to read or write only costs the next build its shortcut, so failures are not reported.
///
/// Every file ends with a keyed hash of its bytes under the workspace's secret (`CacheKey`), so a cache
/// crafted by someone else (highlighted HTML that never came from the highlighter, a memo that vouches
/// for a hand-edited page) is ignored: a cache can save work, never change a page.
package struct CacheFile: Sendable {
  /// The workspace the file is in.
  package var workspace: Workspace
  /// Its path inside the workspace.
  package var path: String

  /// The file at `path` inside `workspace`.
  package init(workspace: Workspace, path: String) {
    self.workspace = workspace
    self.path = path
  }

  /// Its absolute location.
  package var url: URL { self.workspace.root.appendingPathComponent(self.path) }

  /// Its bytes, or nil when it is missing, cannot be read inside the workspace, or was not written by
  /// this workspace's tool (its keyed hash does not match: see `CacheKey`).
  package func read() -> Data? {
    self.read(signedBy: CacheKey.existing(in: self.workspace))
  }

  /// The same, with the workspace's key already read (`CacheKey.existing`), for a build reading many files.
  func read(signedBy key: KeyedHash?) -> Data? {
    guard let key, var data = try? self.workspace.readIfPresent(self.path), data.count >= 8 else { return nil }
    let tag = data.suffix(8).withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    guard data.prefix(data.count - 8).withUnsafeBytes(key.hash) == tag else { return nil }
    // Cut off in place: the contents are not copied (a cache is megabytes).
    data.count -= 8
    return data
  }

  /// Replaces its bytes atomically, followed by their keyed hash.
  package func write(_ data: Data) {
    self.write(data, signedBy: CacheKey.existing(in: self.workspace) ?? CacheKey.create(in: self.workspace))
  }

  /// The same, with the workspace's key already read or made.
  func write(_ data: Data, signedBy key: KeyedHash?) {
    guard let key else { return }
    var signed = data
    withUnsafeBytes(of: data.withUnsafeBytes(key.hash).littleEndian) { signed.append(contentsOf: $0) }
    // Written only when it changed (or always, for the memo and the stamp): not read back to compare.
    _ = try? self.workspace.write(signed, to: self.path, knownToDiffer: true)
  }

  /// The name of what one site build keeps (its stamp, its page memo): a hash of `input`'s chapters
  /// rendered into `folder` of `output`, so that two sites built from one workspace keep apart.
  static func siteName(input: Workspace, output: Workspace, folder: String) -> String {
    let key = [input.root.path, input.chaptersFolder, output.root.path, folder].joined(separator: "\n")
    return String(ContentHash.of(Data(key.utf8)), radix: 16)
  }

  /// Removes it, if it is there.
  package func remove() {
    guard self.workspace.exists(self.path) else { return }
    try? self.workspace.remove(self.path, pruningEmptyFoldersUpTo: [Workspace.buildFolder])
  }
}
