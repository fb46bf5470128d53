import Foundation

/// The only writes and removals of the tool: confined (see `Workspace+Confinement`), atomic, and never
/// through a symbolic link. `OwnedOutput` decides what may be written; these do the writing.
extension Workspace {
  /// The temporary file a write of `path` goes through: `.NAME.book-tmp` beside it, a fixed name, so a
  /// run killed mid-write leaves a file the next run finds and removes (`OwnedOutput.leftovers`).
  package static func temporaryPath(for path: String) -> String {
    if Self.plainPath(path) != nil {
      let (folder, name) = Self.folderAndName(ofPlain: path)
      return folder.isEmpty ? ".\(name).book-tmp" : "\(folder)/.\(name).book-tmp"
    }
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
  /// earlier files, each open as a descriptor: a file in one is written relative to it (`openat`,
  /// `renameat`), so neither its folders nor the path are walked again (the file itself always is checked).
  /// `OwnedOutput.apply` shares one among all the files it writes. A folder that cannot be opened that way
  /// takes the general path below, with its errors.
  @discardableResult
  func write(_ data: Data, to path: String, knownToDiffer: Bool, checked: CheckedFolders?) throws -> Bool {
    if let checked, let plain = Self.plainPath(path) {
      let (folder, name) = Self.folderAndName(ofPlain: plain)
      if let descriptor = checked.descriptor(of: folder, under: self.root.path) {
        return try Self.write(data, named: name, in: descriptor, path: path, knownToDiffer: knownToDiffer)
      }
    }
    let target = try self.writableURL(path).path
    if !knownToDiffer, Self.entry(at: target) == .file,
      let current = try? Data(contentsOf: URL(fileURLWithPath: target, isDirectory: false)), current == data
    {
      return false
    }
    try self.createFolders(for: path)
    let temporary = try self.leafURL(Self.temporaryPath(for: path)).path
    if Self.entry(at: temporary) != .missing { unlink(temporary) }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
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

  /// Writes the file `name` of a checked folder open as `folder`, like the general path: refused when a
  /// symbolic link stands there, through the fixed temporary file beside it (`O_EXCL | O_NOFOLLOW`, a
  /// leftover removed first), checked again before the rename. `path` is the workspace path, for errors.
  private static func write(
    _ data: Data, named name: String, in folder: Int32, path: String, knownToDiffer: Bool
  ) throws -> Bool {
    let before = Self.entry(named: name, in: folder)
    if before == .symlink { throw Failure.throughSymlink(path: path, link: path) }
    if !knownToDiffer, before == .file, Self.read(named: name, in: folder) == data { return false }
    let temporary = ".\(name).book-tmp"
    let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
    var descriptor = openat(folder, temporary, flags, 0o644)
    if descriptor < 0, errno == EEXIST {
      // A leftover of an interrupted write (never a folder: `unlinkat` without flags refuses one).
      unlinkat(folder, temporary, 0)
      descriptor = openat(folder, temporary, flags, 0o644)
    }
    guard descriptor >= 0 else { throw Failure.io(path: path, reason: "cannot be written (\(Self.errnoText))") }
    let written = data.withUnsafeBytes { buffer in Self.writeAll(buffer, to: descriptor) }
    close(descriptor)
    let entry = Self.entry(named: name, in: folder)
    guard written, entry != .symlink, entry != .folder, renameat(folder, temporary, folder, name) == 0 else {
      unlinkat(folder, temporary, 0)
      throw Failure.io(path: path, reason: "cannot be written (\(Self.errnoText))")
    }
    return true
  }

  /// What `fstatat` (not following a link) says lies at `name` in the folder open as `folder`.
  static func entry(named name: String, in folder: Int32) -> Entry {
    var status = stat()
    guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return .missing }
    return Self.entry(of: status)
  }

  /// The bytes of the file `name` in the folder open as `folder` (never through a link), or nil.
  private static func read(named name: String, in folder: Int32) -> Data? {
    let descriptor = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress!, $0.count) }
      if count < 0 { return nil }
      if count == 0 { return data }
      data.append(contentsOf: buffer[..<count])
    }
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
    guard let plain = Self.plainPath(path) else { throw Failure.outside(path) }
    let folder = Self.folderAndName(ofPlain: plain).folder
    if !folder.isEmpty { _ = try self.writableURL(folder, seenFolders: &seenFolders) }
    return self.fileURL(plain)
  }

  /// The names in a folder whose way is checked like `leafURL`'s (no symbolic link on it), or nil when it
  /// is missing, not a folder, or cannot be read.
  func entryNames(inFolder folder: String, seenFolders: inout [String: Entry]) -> Set<String>? {
    let absolute: String
    if folder.isEmpty {
      absolute = self.root.path
    } else {
      guard let url = try? self.writableURL(folder, seenFolders: &seenFolders),
        (seenFolders[url.path] ?? Self.entry(at: url.path)) == .folder
      else { return nil }
      absolute = url.path
    }
    guard let directory = opendir(absolute) else { return nil }
    defer { closedir(directory) }
    var names: Set<String> = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      names.insert(name)
    }
    return names
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
