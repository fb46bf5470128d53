import Foundation

extension Workspace {
  /// Writes `data` to a relative path atomically (a temporary file renamed into place), creating folders,
  /// and only when the bytes differ from what is there. Returns whether it wrote.
  @discardableResult
  public func write(_ data: Data, to path: String) throws -> Bool {
    let url = try self.url(path)
    if let current = try? Data(contentsOf: url), current == data { return false }
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try data.write(to: url, options: .atomic)
    } catch {
      throw Failure.io(path: path, reason: "cannot be written (\(error.localizedDescription))")
    }
    return true
  }

  /// Removes a file, then each parent folder the removal left empty, up to (not including) `stopAt`.
  public func remove(_ path: String, pruningEmptyFoldersUpTo stopAt: Set<String>) throws {
    let url = try self.url(path)
    do {
      try FileManager.default.removeItem(at: url)
    } catch {
      throw Failure.io(path: path, reason: "cannot be removed")
    }
    var folder = (path as NSString).deletingLastPathComponent
    while !folder.isEmpty, !stopAt.contains(folder) {
      let folderURL = try self.url(folder)
      let entries = (try? FileManager.default.contentsOfDirectory(atPath: folderURL.path)) ?? ["?"]
      guard entries.isEmpty else { break }
      try? FileManager.default.removeItem(at: folderURL)
      folder = (folder as NSString).deletingLastPathComponent
    }
  }
}
