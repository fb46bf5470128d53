import Foundation

/// The only writes and removals of the tool: confined (see `Workspace+Confinement`), atomic, and never
/// through a symbolic link. `OwnedOutput` decides what may be written; these do the writing.
extension Workspace {
  /// The temporary file a write of `path` goes through: `.NAME.book-tmp` beside it, a fixed name, so a
  /// run killed mid-write leaves a file the next run finds and removes (`OwnedOutput.leftovers`).
  package static func temporaryPath(for path: String) -> String {
    let folder = (path as NSString).deletingLastPathComponent
    let name = ".\((path as NSString).lastPathComponent).book-tmp"
    return folder.isEmpty ? name : "\(folder)/\(name)"
  }

  /// Writes `data` to a relative path atomically (the fixed temporary file, then `rename`), creating
  /// folders, and only when the bytes differ from what is there. Returns whether it wrote. A caller that
  /// has just compared the file's bytes (`OwnedOutput`) passes `knownToDiffer`, so they are not read again.
  @discardableResult
  package func write(_ data: Data, to path: String, knownToDiffer: Bool = false) throws -> Bool {
    try self.write(data, to: path, knownToDiffer: knownToDiffer, checked: nil)
  }

  /// The same; `checked` holds the folders this run has already checked (or created) on the way to
  /// earlier files, and gets this file's: a folder in it is not checked part by part again (the file
  /// itself always is). `OwnedOutput.apply` shares one among all the files it writes.
  @discardableResult
  func write(_ data: Data, to path: String, knownToDiffer: Bool, checked: CheckedFolders?) throws -> Bool {
    let folder = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let folderIsChecked = checked?.contains(folder) == true
    let target: String
    if folderIsChecked {
      guard let plain = Self.plainPath(path) else { throw Failure.outside(path) }
      target = self.root.path + "/" + plain
      if Self.entry(at: target) == .symlink { throw Failure.throughSymlink(path: path, link: path) }
    } else {
      target = try self.writableURL(path).path
    }
    if !knownToDiffer, Self.entry(at: target) == .file,
      let current = try? Data(contentsOf: URL(fileURLWithPath: target)), current == data
    {
      return false
    }
    let temporary: String
    if folderIsChecked {
      temporary = (target as NSString).deletingLastPathComponent + "/.\(name).book-tmp"
    } else {
      try self.createFolders(for: path)
      temporary = try self.leafURL(Self.temporaryPath(for: path)).path
      checked?.insert(folder)
    }
    if Self.entry(at: temporary) != .missing { unlink(temporary) }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { throw Failure.io(path: path, reason: "cannot be written (\(Self.errnoText))") }
    let written = data.withUnsafeBytes { buffer in Self.writeAll(buffer, to: descriptor) }
    close(descriptor)
    // The target is checked again just before the rename: a symbolic link put there meanwhile is refused.
    let entry = Self.entry(at: target)
    guard written, entry != .symlink, entry != .folder, rename(temporary, target) == 0 else {
      unlink(temporary)
      throw Failure.io(path: path, reason: "cannot be written (\(Self.errnoText))")
    }
    return true
  }

  /// Removes a file (never a folder, never through a symbolic link), then each parent folder the removal
  /// left empty, up to (not including) `stopAt`.
  package func remove(_ path: String, pruningEmptyFoldersUpTo stopAt: Set<String>) throws {
    let url = try self.writableURL(path)
    guard Self.entry(at: url.path) == .file, unlink(url.path) == 0 else {
      throw Failure.io(path: path, reason: "cannot be removed: it is not a file the tool wrote")
    }
    var folder = (path as NSString).deletingLastPathComponent
    while !folder.isEmpty, !stopAt.contains(folder), let folderURL = try? self.writableURL(folder),
      Self.entry(at: folderURL.path) == .folder, rmdir(folderURL.path) == 0
    {
      folder = (folder as NSString).deletingLastPathComponent
    }
  }

  /// Removes a leftover temporary file of an interrupted write (a link is removed, not followed).
  func removeLeftover(_ path: String) throws {
    let url = try self.leafURL(path)
    guard Self.entry(at: url.path) != .missing else { return }
    guard Self.entry(at: url.path) != .folder, unlink(url.path) == 0 else {
      throw Failure.io(path: path, reason: "cannot be removed (\(Self.errnoText))")
    }
  }

  /// The URL of a path whose folders must be real (checked like `writableURL`) but whose last part may be
  /// anything: a leftover temporary file is removed with `unlink`, which never follows a link.
  func leafURL(_ path: String) throws -> URL {
    var seen: [String: Entry] = [:]
    return try self.leafURL(path, seenFolders: &seen)
  }

  /// The same, keeping what lies at each folder on the way in `seenFolders` (`writableURL(_:seenFolders:)`).
  func leafURL(_ path: String, seenFolders: inout [String: Entry]) throws -> URL {
    let folder = (path as NSString).deletingLastPathComponent
    guard let plain = Self.plainPath(path) else { throw Failure.outside(path) }
    if !folder.isEmpty { _ = try self.writableURL(folder, seenFolders: &seenFolders) }
    return self.root.appendingPathComponent(plain)
  }

  private static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < buffer.count {
      let count = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }

  private static var errnoText: String { String(cString: strerror(errno)) }
}

/// The folders (workspace-relative, `""` for the root) that one run of writes has checked to be real
/// folders, created or found, part by part (`Workspace.createFolders`): the files written inside them
/// afterwards skip that walk. Shared by writes on several threads.
final class CheckedFolders: @unchecked Sendable {
  // Unchecked: `folders` is read and written only while holding `lock`.
  private let lock = NSLock()
  private var folders: Set<String> = []

  /// Whether `folder` was checked.
  func contains(_ folder: String) -> Bool {
    self.lock.withLock { self.folders.contains(folder) }
  }

  /// Notes that `folder` and every folder above it were checked.
  func insert(_ folder: String) {
    var folder = folder
    self.lock.withLock {
      while self.folders.insert(folder).inserted, !folder.isEmpty {
        folder = (folder as NSString).deletingLastPathComponent
      }
    }
  }
}
