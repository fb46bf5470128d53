import Foundation
import XCTest

/// A temporary folder holding a workspace (`ws/`, with `Chapters/`) and a folder beside it (`outside/`),
/// with a byte-exact walk of both trees, to prove that a refused command changed nothing anywhere.
final class Sandbox {
  /// The parent folder.
  let base: URL
  /// The workspace root.
  let workspace: URL
  /// The folder beside the workspace that symbolic links point into.
  let outside: URL

  init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("BookOutput-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: base.appendingPathComponent("ws/Chapters"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: base.appendingPathComponent("outside"), withIntermediateDirectories: true)
    self.base = base.resolvingSymlinksInPath()
    self.workspace = self.base.appendingPathComponent("ws")
    self.outside = self.base.appendingPathComponent("outside")
  }

  /// Writes a workspace file, creating its folders.
  func write(_ path: String, _ text: String) throws {
    let url = self.workspace.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  /// Writes a file in the folder beside the workspace.
  func writeOutside(_ name: String, _ text: String) throws {
    try Data(text.utf8).write(to: self.outside.appendingPathComponent(name))
  }

  /// Makes a symbolic link at a workspace path (creating its folders) pointing at `target`.
  func link(_ path: String, to target: String) throws {
    let url = self.workspace.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
  }

  /// Runs `book` in the workspace and requires it to succeed (a set-up step).
  @discardableResult
  func book(_ arguments: String...) throws -> ProcessResult {
    let result = try BookBinary.run(arguments + ["--root", self.workspace.path], in: self.workspace)
    guard result.status == 0 else {
      throw NotFound(what: "a successful `book \(arguments.joined(separator: " "))`: \(result.stderr)")
    }
    return result
  }

  /// Makes the workspace a git repository with everything committed.
  func commitAll() throws {
    for arguments in [
      ["init", "-q"], ["add", "-A"],
      ["-c", "user.name=Test", "-c", "user.email=test@example.org", "commit", "-q", "-m", "book"],
    ] {
      let result = try runProcess(URL(fileURLWithPath: "/usr/bin/git"), arguments, in: self.workspace)
      guard result.status == 0 else { throw NotFound(what: "git \(arguments): \(result.stderr)") }
    }
  }

  /// Every entry under `folder`, by relative path: `dir`, `link → target`, or the file's bytes, never
  /// following a link.
  func tree(_ folder: URL) throws -> [String: String] {
    var entries: [String: String] = [:]
    func walk(_ url: URL, _ relative: String) throws {
      let names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
      for name in names {
        let child = url.appendingPathComponent(name)
        let path = relative.isEmpty ? name : "\(relative)/\(name)"
        let type = try FileManager.default.attributesOfItem(atPath: child.path)[.type] as? FileAttributeType
        switch type {
        case .typeSymbolicLink:
          entries[path] = "link → " + (try FileManager.default.destinationOfSymbolicLink(atPath: child.path))
        case .typeDirectory:
          entries[path] = "dir"
          try walk(child, path)
        default:
          entries[path] = "file " + (try Data(contentsOf: child)).base64EncodedString()
        }
      }
    }
    try walk(folder, "")
    return entries
  }

  /// Removes everything.
  func destroy() {
    try? FileManager.default.removeItem(at: self.base)
  }
}
