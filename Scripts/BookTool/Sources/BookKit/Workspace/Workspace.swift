import Foundation

/// The folder that holds `Chapters/` (and, once a chapter declares it, the book's `Package.swift`): the
/// only place the tool reads and writes.
///
/// Every path the tool handles is relative to the root; the workspace refuses to resolve a path that
/// leaves it, so no bug elsewhere can make the tool write outside.
package struct Workspace: Sendable {
  /// Failures of file-system access, each naming the path involved.
  package enum Failure: LocatedFailure, CustomStringConvertible {
    /// No workspace root was found above the given folder.
    case notFound(String)
    /// A path resolved outside the workspace.
    case outside(String)
    /// A folder the tool needs (the chapters folder) does not exist.
    case missing(String)
    /// Reading or writing failed.
    case io(path: String, reason: String)
    /// A write or removal would pass through a symbolic link (`link`, a part of `path`).
    case throughSymlink(path: String, link: String)
    /// A file to read is a symbolic link (or lies under one) that leads out of the workspace.
    case readOutside(String)

    /// A one-line explanation.
    package var description: String {
      switch self {
      case .notFound(let folder): "no book workspace (a folder with Chapters/) at or above \(folder)"
      case .outside(let path): "refusing to touch '\(path)': it lies outside the workspace"
      case .missing(let path): "\(path): no such folder"
      case .io(let path, let reason): "\(path): \(reason)"
      case .throughSymlink(let path, _), .readOutside(let path): "\(path): \(self.message)"
      }
    }

    /// The workspace-relative path to blame, or nil when the failure is about the command's arguments.
    package var location: String? {
      switch self {
      case .notFound: nil
      case .outside(let path), .missing(let path), .io(let path, _), .throughSymlink(let path, _),
        .readOutside(let path):
        path
      }
    }

    /// The explanation without the location: what a compiler-format line prints after `error:`.
    package var message: String {
      switch self {
      case .notFound, .outside: self.description
      case .missing(let path): "the folder '\(path)' does not exist"
      case .io(let path, let reason): "'\(path)' \(reason)"
      case .throughSymlink(let path, let link):
        "refusing to write '\(path)': '\(link)' is a symbolic link (the tool never writes or removes through one)"
      case .readOutside(let path):
        "refusing to read '\(path)': it leads out of the workspace through a symbolic link"
      }
    }

    /// A stable rule identifier for the failure, like a diagnostic's.
    package var rule: RuleID {
      switch self {
      case .notFound: .workspaceNotFound
      case .outside: .pathOutsideWorkspace
      case .missing: .missingFolder
      case .io: .fileSystemError
      case .throughSymlink: .pathThroughSymlink
      case .readOutside: .readOutsideWorkspace
      }
    }
  }

  /// The workspace's absolute root folder.
  package let root: URL
  /// The folder of chapters, relative to the root.
  package let chaptersFolder: String

  /// Opens the workspace at `root`.
  package init(root: URL, chaptersFolder: String = Workspace.defaultChaptersFolder) {
    self.root = root.standardizedFileURL.resolvingSymlinksInPath()
    self.chaptersFolder = chaptersFolder
  }

  /// Finds the workspace that contains `folder`: the nearest ancestor holding a `Chapters/` folder.
  /// (Not `Package.swift`: the book's manifest is tangled from chapter 1, so a snapshot of chapter 0
  /// has none, and the tool's own package lies inside the workspace.)
  package static func enclosing(_ folder: URL) throws -> Workspace {
    var candidate = folder.standardizedFileURL
    while true {
      var isFolder: ObjCBool = false
      let chapters = candidate.appendingPathComponent(Self.defaultChaptersFolder).path
      if FileManager.default.fileExists(atPath: chapters, isDirectory: &isFolder), isFolder.boolValue {
        return Workspace(root: candidate)
      }
      let parent = candidate.deletingLastPathComponent()
      if parent.path == candidate.path { throw Failure.notFound(folder.path) }
      candidate = parent
    }
  }

  /// The absolute URL of a relative path, refusing any path that leaves the workspace.
  package func url(_ path: String) throws -> URL {
    let url = self.root.appendingPathComponent(path).standardizedFileURL
    let resolved = url.deletingLastPathComponent().resolvingSymlinksInPath()
    guard Self.components(of: url, within: self.root, allowingRoot: false),
      Self.components(of: resolved, within: self.root, allowingRoot: true)
    else {
      throw Failure.outside(path)
    }
    return url
  }

  /// Whether `url` lies under `root`, comparing whole path components (so `/` and `/a` contain
  /// `/a/b`, but `/a` does not contain `/ab`); `allowingRoot` also accepts the root itself.
  private static func components(of url: URL, within root: URL, allowingRoot: Bool) -> Bool {
    let inner = url.pathComponents
    let outer = root.pathComponents
    guard inner.count > outer.count || (allowingRoot && inner.count == outer.count) else { return false }
    return Array(inner.prefix(outer.count)) == outer
  }

  /// The chapter files, relative to the root, in book order (by file name).
  package func chapterPaths() throws -> [String] {
    let folder = try self.url(self.chaptersFolder)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
      throw Failure.missing(self.chaptersFolder)
    }
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    } catch {
      throw Failure.io(path: self.chaptersFolder, reason: "cannot list the chapters folder")
    }
    // `.MD`, `.Md`: listed, so that the loader refuses them by name rather than leave them out unseen.
    return names.filter { $0.lowercased().hasSuffix(".md") && !$0.hasPrefix(".") }.sorted().map {
      "\(self.chaptersFolder)/\($0)"
    }
  }

  /// Whether a file exists at a relative path.
  package func exists(_ path: String) -> Bool {
    guard let url = try? self.url(path) else { return false }
    return FileManager.default.fileExists(atPath: url.path)
  }

  /// The bytes of a file, refusing one whose real location (symbolic links resolved) leaves the workspace.
  package func read(_ path: String) throws -> Data {
    if case .read(let data) = self.readWithoutLinks(path) { return data }
    do {
      return try Data(contentsOf: self.readableURL(path))
    } catch let failure as Failure {
      throw failure
    } catch {
      throw Failure.io(path: path, reason: "cannot be read")
    }
  }

  /// The bytes of a file, or nil when there is none.
  package func readIfPresent(_ path: String) throws -> Data? {
    switch self.readWithoutLinks(path) {
    case .read(let data): return data
    case .missing: return nil
    case .undecided: return self.exists(path) ? try self.read(path) : nil
    }
  }

  /// What `readWithoutLinks` found.
  private enum PlainRead {
    /// The file's bytes.
    case read(Data)
    /// No file there, and no symbolic link on the way.
    case missing
    /// Anything else (a link on the way, a folder, an error): the caller takes the general path.
    case undecided
  }

  /// The common case of `readIfPresent`, with none of its URL work: a plain path whose real location is
  /// itself (no symbolic link on the way, which `realpath` tells), so it lies inside the workspace and is
  /// read with `open` and `read`; a site build reads hundreds of pages this way. Whatever else it meets
  /// is left undecided, for the general path and its errors.
  private func readWithoutLinks(_ path: String) -> PlainRead {
    guard let plain = Self.plainPath(path) else { return .undecided }
    let absolute = (self.root.path == "/" ? "" : self.root.path) + "/" + plain
    guard let real = realpath(absolute, nil) else {
      // Missing (or under a file): what `exists` says too, whatever the path's links.
      return errno == ENOENT || errno == ENOTDIR ? .missing : .undecided
    }
    defer { free(real) }
    guard String(cString: real) == absolute else { return .undecided }
    let descriptor = open(absolute, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard descriptor >= 0 else { return .undecided }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return .undecided }
    // One byte more than the size, so that the read that finds the end needs no second buffer.
    var data = Data(count: Int(status.st_size) + 1)
    var filled = 0
    while true {
      if filled == data.count { data.count += max(4096, data.count / 2) }
      let count = data.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
      }
      guard count >= 0 else { return .undecided }
      if count == 0 { break }
      filled += count
    }
    data.count = filled
    return .read(data)
  }

  /// The bytes of a file, or nil when there is none; but a path that a symbolic link on the way leads out
  /// of the workspace (`Chapters/images` → a folder elsewhere) is refused, not taken for a missing file.
  package func readConfinedIfPresent(_ path: String) throws -> Data? {
    do {
      _ = try self.url(path)
    } catch Failure.outside {
      let byName = self.root.appendingPathComponent(path).standardizedFileURL
      let inside = Self.components(of: byName, within: self.root, allowingRoot: false)
      throw inside ? Failure.readOutside(path) : Failure.outside(path)
    }
    return try self.readIfPresent(path)
  }
}
