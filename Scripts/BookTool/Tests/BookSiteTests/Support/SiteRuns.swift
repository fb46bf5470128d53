import ArgumentParser
import Foundation

@testable import book

/// What the tests of whole `book site` runs share: a command line run in this process, and a site folder
/// read back to compare with another.
enum SiteRuns {
  /// Parses and runs a `book` command line.
  static func run(_ arguments: [String]) throws {
    var command = try BookCommand.parseAsRoot(arguments)
    try command.run()
  }

  /// Every file under `folder` but those named in `leavingOut`, by relative path.
  static func files(in folder: URL, leavingOut: Set<String> = []) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let root = folder.resolvingSymlinksInPath().path + "/"
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = enumerator?.nextObject() as? URL {
      guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
      let path = String(url.resolvingSymlinksInPath().path.dropFirst(root.count))
      if !leavingOut.contains(path) { files[path] = try Data(contentsOf: url) }
    }
    return files
  }
}
