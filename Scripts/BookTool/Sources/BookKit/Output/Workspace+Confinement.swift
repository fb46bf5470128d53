import Foundation

/// The one confinement rule of everything the tool writes, removes or reads.
///
/// - A path the tool writes or removes is a plain relative path (no `..`, `.`, empty part or leading `/`),
///   and no part of it, from the first folder under the root to the file itself, is a symbolic link:
///   each part is checked with `lstat`, and folders created on the way are checked again after `mkdir`.
///   The tool never writes or removes through a symbolic link, even one that points back inside.
/// - A file the tool reads (a chapter, an image, `book.json`, `captures.json`) may be a symbolic link, or
///   lie under one, only when its real location stays inside the workspace's real root.
extension Workspace {
  /// What `lstat` says lies at a path.
  enum Entry: Equatable {
    /// Nothing.
    case missing
    /// A folder.
    case folder
    /// A symbolic link (never followed).
    case symlink
    /// A regular file, or anything else that is neither folder nor link.
    case file
  }

  /// A path as a plain relative path with no `..`, `.` or empty part and no leading `/`, or nil.
  ///
  /// `Sources/M/A.swift` → itself; `Sources/../x`, `/etc/passwd`, `a//b`, `./a` → nil.
  ///
  /// The parts are found by their bytes, as the file system finds them: a `/` that a combining mark
  /// follows is no `Character` of its own, but it still separates two parts (`..` then `/́x` would
  /// otherwise pass as one part named `../́x`).
  package static func plainPath(_ path: String) -> String? {
    var (length, dots) = (0, 0)
    for byte in path.utf8 {
      if byte == UInt8(ascii: "/") {
        guard Self.isPlainPart(length: length, dots: dots) else { return nil }
        (length, dots) = (0, 0)
      } else {
        length += 1
        if byte == UInt8(ascii: ".") { dots += 1 }
      }
    }
    return Self.isPlainPart(length: length, dots: dots) ? path : nil
  }

  /// Whether a part of `length` bytes, `dots` of them `.`, is neither empty, `.` nor `..`.
  private static func isPlainPart(length: Int, dots: Int) -> Bool {
    length > 0 && !(length == dots && dots <= 2)
  }

  /// The parts of a plain path, split at every `/` byte: `Sources/M/A.swift` → `Sources`, `M`, `A.swift`.
  static func parts(ofPlain path: String) -> [String] {
    path.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
  }

  /// A plain path's folder (`""` at the root) and last part: `Sources/M/A.swift` → `Sources/M`, `A.swift`.
  static func folderAndName(ofPlain path: String) -> (folder: String, name: String) {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return ("", path) }
    return (String(path[..<slash]), String(path[path.utf8.index(after: slash)...]))
  }

  /// What lies at an absolute path, without following a final symbolic link.
  static func entry(at path: String) -> Entry {
    var status = stat()
    guard lstat(path, &status) == 0 else { return .missing }
    return Self.entry(of: status)
  }

  /// What a `stat` result describes.
  static func entry(of status: stat) -> Entry {
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return .folder
    case S_IFLNK: return .symlink
    default: return .file
    }
  }

  /// The absolute URL of a path the tool may write or remove: plain, and with no symbolic link in any of
  /// its parts that exist (the root itself is the workspace's real path). Parts that do not exist yet are
  /// created by `createFolders(for:)`, which checks them again.
  package func writableURL(_ path: String) throws -> URL {
    var seen: [String: Entry] = [:]
    return try self.writableURL(path, seenFolders: &seen)
  }

  /// The same; `seenFolders` keeps what lies at each part on the way (by absolute path), so that a plan
  /// checking hundreds of paths in the same folders asks `lstat` about each folder once. (Only for a walk
  /// that writes nothing in between: what it keeps is what was there when first asked.)
  func writableURL(_ path: String, seenFolders: inout [String: Entry]) throws -> URL {
    let absolute = try self.writablePath(path, root: self.root.path, seenFolders: &seenFolders)
    return URL(fileURLWithPath: absolute, isDirectory: false)
  }

  /// The same check, giving the absolute path rather than a URL, for a plan of many paths: `root` is the
  /// root's path, asked of its URL once, and no URL is made per path.
  func writablePath(_ path: String, root: String, seenFolders: inout [String: Entry]) throws -> String {
    guard let plain = Self.plainPath(path) else { throw Failure.outside(path) }
    let prefix = root + "/"
    var start = plain.startIndex
    while true {
      // The path up to the end of this part (a plain path's parts are never empty).
      let end = plain.utf8[start...].firstIndex(of: UInt8(ascii: "/")) ?? plain.endIndex
      let current = prefix + plain[..<end]
      let entry = seenFolders[current] ?? Self.entry(at: current)
      seenFolders[current] = entry
      switch entry {
      case .missing: return Self.filePath(root: root, plain: plain)
      case .symlink: throw Failure.throughSymlink(path: path, link: String(plain[..<end]))
      case .file where end != plain.endIndex:
        throw Failure.io(path: path, reason: "cannot be written: '\(plain[..<end])' is a file")
      case .folder, .file: break
      }
      guard end != plain.endIndex else { return Self.filePath(root: root, plain: plain) }
      start = plain.utf8.index(after: end)
    }
  }

  /// The absolute URL of a plain path, made without asking the file system (`appendingPathComponent`
  /// asks `stat` whether it names a folder, one system call per path).
  func fileURL(_ plain: String) -> URL {
    URL(fileURLWithPath: Self.filePath(root: self.root.path, plain: plain), isDirectory: false)
  }

  /// The absolute path of a plain path under the root's path `root`.
  static func filePath(root: String, plain: String) -> String {
    root.hasSuffix("/") ? root + plain : root + "/" + plain
  }

  /// The absolute URL of a file to read: inside the workspace by its path, and inside the workspace's real
  /// root once every symbolic link on the way is resolved (a missing file is left to the caller).
  package func readableURL(_ path: String) throws -> URL {
    let url = try self.url(path)
    guard let real = realpath(url.path, nil) else { return url }
    defer { free(real) }
    let inner = URL(fileURLWithPath: String(cString: real)).pathComponents
    let outer = self.root.pathComponents
    guard inner.count > outer.count, Array(inner.prefix(outer.count)) == outer else {
      throw Failure.readOutside(path)
    }
    return url
  }

  /// Creates every missing folder on the way to `path` (the root included, for `--output DIR`), one at a
  /// time, and checks after each `mkdir` that a real folder, not a symbolic link, stands there.
  func createFolders(for path: String) throws {
    if Self.entry(at: self.root.path) == .missing {
      do {
        try FileManager.default.createDirectory(at: self.root, withIntermediateDirectories: true)
      } catch {
        throw Failure.io(path: self.root.path, reason: "cannot be created")
      }
    }
    let parts = (Self.plainPath(path).map(Self.parts(ofPlain:)) ?? path.split(separator: "/").map(String.init))
      .dropLast()
    var current = self.root.path
    for (index, part) in parts.enumerated() {
      current += "/" + part
      let relative = parts.prefix(index + 1).joined(separator: "/")
      if Self.entry(at: current) == .missing { _ = mkdir(current, 0o755) }
      switch Self.entry(at: current) {
      case .folder: continue
      case .symlink: throw Failure.throughSymlink(path: path, link: relative)
      case .missing, .file: throw Failure.io(path: path, reason: "cannot be written: '\(relative)' is not a folder")
      }
    }
  }
}
