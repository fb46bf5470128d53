import Foundation

/// What the file system says about a file without reading it (device, inode, size, modification and
/// change times to the nanosecond), as git's index keeps it: two equal statuses of a path mean its bytes
/// were not rewritten in between, unless they were rewritten within the timestamps' tick of the recorded
/// write (see `isRacy(before:)`).
package struct FileStatus: Equatable, Sendable {
  package var device: UInt64, inode: UInt64, size: Int64
  /// Modification and change times, in nanoseconds since 1970.
  package var modified: Int64, changed: Int64

  /// The status of a plain file, from `lstat`.
  init(_ status: stat) {
    self.device = UInt64(status.st_dev)
    self.inode = UInt64(status.st_ino)
    self.size = Int64(status.st_size)
    self.modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
    self.changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
  }

  /// A status with these values (tests).
  package init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
    (self.device, self.inode, self.size, self.modified, self.changed) = (device, inode, size, modified, changed)
  }

  /// Whether the file may have been written again within the tick of its recorded times without them
  /// changing: its modification or change time is not older than `clock`, a time the same file system
  /// gave a file written before this status was taken. Such a status vouches for nothing (git's "racy"
  /// entries), and the file must be read.
  package func isRacy(before clock: Int64) -> Bool {
    self.modified >= clock || self.changed >= clock
  }

  /// The status as text: its fields in hexadecimal, separated by spaces.
  package var text: String {
    [
      UInt64(self.device), self.inode, UInt64(bitPattern: self.size), UInt64(bitPattern: self.modified),
      UInt64(bitPattern: self.changed),
    ].map { String($0, radix: 16) }.joined(separator: " ")
  }

  /// The status `text` gave, or nil.
  package init?(text: String) {
    let fields = text.split(separator: " ").compactMap { UInt64($0, radix: 16) }
    guard fields.count == 5 else { return nil }
    self.init(
      device: fields[0], inode: fields[1], size: Int64(bitPattern: fields[2]), modified: Int64(bitPattern: fields[3]),
      changed: Int64(bitPattern: fields[4]))
  }
}

extension Workspace {
  /// The status of the plain file at `path` inside the workspace (not following a link at its end), or
  /// nil when it is missing, not a plain file, or not a plain path.
  package func status(of path: String) -> FileStatus? {
    guard let plain = Self.plainPath(path) else { return nil }
    let absolute = (self.root.path == "/" ? "" : self.root.path) + "/" + plain
    var status = stat()
    guard lstat(absolute, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
    return FileStatus(status)
  }
}
