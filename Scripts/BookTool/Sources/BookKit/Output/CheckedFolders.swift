import Foundation

/// The folders (workspace-relative, `""` for the root) that one run of writes has checked, each held open
/// as a descriptor: opened part by part from the root, each part relative to the one above it with
/// `O_DIRECTORY | O_NOFOLLOW` (so a real folder, never a symbolic link), a missing part created with
/// `mkdirat` and opened the same way afterwards. Files written in one of them afterwards are written
/// relative to its descriptor, which keeps pointing at the folder checked even if a path above it is
/// replaced meanwhile. Shared by writes on several threads; the descriptors are closed with it.
final class CheckedFolders: @unchecked Sendable {
  // Unchecked: `descriptors` is read and written only while holding `lock`.
  private let lock = NSLock()
  private var descriptors: [String: Int32] = [:]

  /// The most folders held open at once: a site of thousands of folders must not run the process out of
  /// descriptors (past this many, files are written by their paths, with the same checks).
  static let maximumOpen = 256

  deinit {
    for descriptor in self.descriptors.values { close(descriptor) }
  }

  /// Whether `folder` was checked and is open.
  func contains(_ folder: String) -> Bool {
    self.lock.withLock { self.descriptors[folder] != nil }
  }

  /// The descriptor of `folder` (a plain relative path, or `""`) under the absolute `root`, opened (and
  /// created) now if it was not; nil when some part of it is not a real folder or cannot be made or
  /// opened (a symbolic link, a file, no permission), which the caller's general path then reports.
  func descriptor(of folder: String, under root: String) -> Int32? {
    let (known, count) = self.lock.withLock { (self.descriptors[folder], self.descriptors.count) }
    if let known { return known }
    guard count < Self.maximumOpen else { return nil }
    let opened: Int32
    if folder.isEmpty {
      opened = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    } else {
      guard let parent = self.descriptor(of: (folder as NSString).deletingLastPathComponent, under: root) else {
        return nil
      }
      opened = Self.openOrCreate((folder as NSString).lastPathComponent, in: parent)
    }
    guard opened >= 0 else { return nil }
    return self.lock.withLock {
      // Another thread may have opened it meanwhile: keep one descriptor per folder.
      if let known = self.descriptors[folder] {
        close(opened)
        return known
      }
      self.descriptors[folder] = opened
      return opened
    }
  }

  /// Opens the folder `name` inside `parent` (never through a link), creating it first when it is missing.
  private static func openOrCreate(_ name: String, in parent: Int32) -> Int32 {
    let flags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
    let opened = openat(parent, name, flags)
    guard opened < 0, errno == ENOENT else { return opened }
    // Another thread may create it at the same moment: whichever made it, it is opened the same way.
    _ = mkdirat(parent, name, 0o755)
    return openat(parent, name, flags)
  }
}
