import BookKit
import Foundation

/// What the fuzz tests check about the tool's output, and the helpers they run it with.
enum FuzzChecks {
  /// The tool's package root (`Scripts/BookTool`), found from this file's path.
  static let toolRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Every rule the tool can report, as printed in brackets (notes print `note`, which is no rule).
  static func knownRules() -> Set<String> {
    Set(RuleID.allCases.filter { $0 != .note }.map(\.rawValue))
  }

  /// `path:line:col: severity: message [rule]`.
  private static let diagnosticLine = try! NSRegularExpression(
    pattern: #"^(.+):([0-9]+):([0-9]+): (error|warning|note): (.+) \[([a-z0-9-]+)\]$"#)

  /// What is wrong with one printed diagnostic line (and the notes printed after it): nothing, when it is
  /// in compiler format, names a known rule, and points at a line within the file it names. `files` are
  /// the workspace's files as written by the test (path → bytes).
  static func problems(inDiagnostic text: String, rules: Set<String>, files: [String: Data]) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
      let line = String(line)
      guard let match = Self.diagnosticLine.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else {
        return ["not in compiler format: \(line)"]
      }
      let field = { (index: Int) in String(line[Range(match.range(at: index), in: line)!]) }
      var problems: [String] = []
      let (path, severity, rule) = (field(1), field(4), field(6))
      let (number, column) = (Int(field(2)) ?? 0, Int(field(3)) ?? 0)
      if severity == "note" ? rule != "note" : !rules.contains(rule) {
        problems.append("unknown rule '\(rule)': \(line)")
      }
      let lastLine = files[path].map(Self.lineCount) ?? Int.max
      if !(1...lastLine).contains(number) || column < 1 {
        problems.append("line \(number), column \(column) is not in \(path) (\(lastLine) lines): \(line)")
      }
      return problems
    }
  }

  /// The number of lines of a file as CommonMark counts them: a line ends at "\n", "\r\n" or a lone "\r",
  /// and the text after the last line end (maybe none) is a line too.
  static func lineCount(_ bytes: Data) -> Int {
    var count = 1
    var previous: UInt8 = 0
    for byte in bytes {
      if byte == UInt8(ascii: "\r") || (byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r")) { count += 1 }
      previous = byte
    }
    return count
  }

  /// How a run of the executable ended.
  struct Run {
    var reason: Process.TerminationReason
    var status: Int32
    var stderr: String
  }

  /// Runs the executable to completion, collecting standard error through a file (no pipe deadlock).
  static func run(_ executable: URL, _ arguments: [String]) throws -> Run {
    let errors = FileManager.default.temporaryDirectory.appendingPathComponent("BookFuzz-stderr-\(UUID())")
    try Data().write(to: errors)
    defer { try? FileManager.default.removeItem(at: errors) }
    let handle = try FileHandle(forWritingTo: errors)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    let text = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
    return Run(reason: process.terminationReason, status: process.terminationStatus, stderr: text)
  }
}

/// A temporary workspace holding a generated book.
final class FuzzWorkspace {
  /// The root folder (symlinks resolved, as `Workspace` resolves them).
  let root: URL
  /// The files written, by workspace-relative path.
  let files: [String: Data]

  /// Writes the files into a fresh folder.
  init(_ files: [ChapterFuzzer.File]) throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("BookFuzz-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: base.appendingPathComponent("Chapters"), withIntermediateDirectories: true)
    self.root = base.standardizedFileURL.resolvingSymlinksInPath()
    var written: [String: Data] = [:]
    for file in files {
      let url = self.root.appendingPathComponent(file.path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try file.bytes.write(to: url)
      written[file.path] = file.bytes
    }
    self.files = written
  }

  /// The library's view of the folder.
  var workspace: BookKit.Workspace { BookKit.Workspace(root: self.root) }

  /// Every file and folder under the root: relative path → bytes (nil for a folder).
  func snapshot() throws -> [String: Data?] {
    var entries: [String: Data?] = [:]
    let enumerator = FileManager.default.enumerator(atPath: self.root.path)
    while let relative = enumerator?.nextObject() as? String {
      let url = self.root.appendingPathComponent(relative)
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
      entries[relative] = isFolder.boolValue ? .some(nil) : .some(try Data(contentsOf: url))
    }
    return entries
  }

  /// Copies the folder, to look at a failing book.
  func copy(to folder: URL) throws {
    try? FileManager.default.removeItem(at: folder)
    try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: self.root, to: folder)
  }

  /// Deletes the folder.
  func destroy() {
    try? FileManager.default.removeItem(at: self.root)
  }
}
