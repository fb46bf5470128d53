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
    let url = try self.writableURL(path)
    if !knownToDiffer, Self.entry(at: url.path) == .file, let current = try? Data(contentsOf: url), current == data {
      return false
    }
    try self.createFolders(for: path)
    let temporary = try self.leafURL(Self.temporaryPath(for: path))
    if Self.entry(at: temporary.path) != .missing { unlink(temporary.path) }
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644)
    guard descriptor >= 0 else { throw Failure.io(path: path, reason: "cannot be written (\(Self.errnoText))") }
    let written = data.withUnsafeBytes { buffer in Self.writeAll(buffer, to: descriptor) }
    close(descriptor)
    // The target is checked again just before the rename: a symbolic link put there meanwhile is refused.
    guard written, Self.entry(at: url.path) != .symlink, Self.entry(at: url.path) != .folder,
      rename(temporary.path, url.path) == 0
    else {
      unlink(temporary.path)
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
    let folder = (path as NSString).deletingLastPathComponent
    guard let plain = Self.plainPath(path) else { throw Failure.outside(path) }
    if !folder.isEmpty { _ = try self.writableURL(folder) }
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
