import Foundation
import XCTest

@testable import BookKit

// MARK: - Temporary workspaces

/// A throw-away book workspace: a unique folder under the system temporary folder holding a `Chapters/`
/// folder (the book's `Package.swift`, when a test needs one, is tangled like any other file). `WorkspaceTestCase` creates one per test and removes it.
final class TempWorkspace {
  /// The workspace's root folder (symlinks resolved, as `Workspace` resolves them).
  let root: URL

  /// Creates the folder and `Chapters/`.
  init() throws {
    let base = FileManager.default.temporaryDirectory
      .appendingPathComponent("BookKitTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(
      at: base.appendingPathComponent("Chapters"), withIntermediateDirectories: true)
    self.root = base.standardizedFileURL.resolvingSymlinksInPath()
  }

  /// The library's view of this folder.
  var workspace: Workspace { Workspace(root: self.root) }

  /// The absolute URL of a path relative to the root.
  func url(_ path: String) -> URL { self.root.appendingPathComponent(path) }

  /// Writes `Chapters/<name>` and returns its workspace-relative path.
  @discardableResult
  func writeChapter(_ name: String, _ text: String) throws -> String {
    try self.write("Chapters/\(name)", text)
    return "Chapters/\(name)"
  }

  /// Writes text to a relative path, creating folders.
  func write(_ path: String, _ text: String) throws {
    try self.write(path, data: Data(text.utf8))
  }

  /// Writes bytes to a relative path, creating folders.
  func write(_ path: String, data: Data) throws {
    let url = self.url(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  /// The text of a relative path.
  func read(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: self.url(path)), as: UTF8.self)
  }

  /// Whether a file or folder exists at a relative path.
  func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: self.url(path).path)
  }

  /// Removes a relative path.
  func remove(_ path: String) throws {
    try FileManager.default.removeItem(at: self.url(path))
  }

  /// Every file and folder under the root: relative path → bytes (nil for a folder).
  func snapshot() throws -> [String: Data?] {
    var entries: [String: Data?] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: self.root.path) else {
      throw CocoaError(.fileReadUnknown)
    }
    while let relative = enumerator.nextObject() as? String {
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: self.url(relative).path, isDirectory: &isFolder)
      entries[relative] = isFolder.boolValue ? .some(nil) : .some(try Data(contentsOf: self.url(relative)))
    }
    return entries
  }

  /// The file-system identity of a file (inode number and modification date), to prove it was not rewritten.
  func identity(_ path: String) throws -> String {
    let attributes = try FileManager.default.attributesOfItem(atPath: self.url(path).path)
    let inode = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
    let date = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
    return "inode \(inode), modified \(date)"
  }

  /// Deletes the whole folder.
  func destroy() {
    try? FileManager.default.removeItem(at: self.root)
  }
}

/// A test case with a fresh `TempWorkspace` for every test, removed in `tearDown`.
class WorkspaceTestCase: XCTestCase {
  /// This test's workspace.
  private(set) var fixture: TempWorkspace!

  override func setUpWithError() throws {
    try super.setUpWithError()
    self.fixture = try TempWorkspace()
  }

  override func tearDownWithError() throws {
    self.fixture?.destroy()
    if let root = self.fixture?.root {
      XCTAssertFalse(FileManager.default.fileExists(atPath: root.path), "temp workspace was not removed")
    }
    self.fixture = nil
    try super.tearDownWithError()
  }

  /// Loads the book from the fixture and plans its output, as `book tangle` and `book check` do.
  func plan() throws -> (book: Book, output: TangleOutput) {
    let book = try Book.load(from: self.fixture.workspace)
    return (book, try TangleOutput(book: book, workspace: self.fixture.workspace))
  }

  /// Runs the library's tangle pipeline like `book tangle`: stops on book errors, else applies the output.
  @discardableResult
  func tangle(file: StaticString = #filePath, line: UInt = #line) throws -> TangleOutput.Changes {
    let (book, output) = try self.plan()
    XCTAssertEqual(book.diagnostics.map(\.description), [], "book has errors", file: file, line: line)
    guard !book.diagnostics.hasErrors else { throw DiagnosticsError(book.diagnostics) }
    return try output.apply(to: self.fixture.workspace)
  }
}

// MARK: - Chapters and diagnostics

/// Builds a chapter from text, as the loader does for a file.
func loadChapter(_ source: String, path: String = "Chapters/01-test.md") -> (
  chapter: Chapter, diagnostics: [Diagnostic]
) {
  ChapterLoader.chapter(path: path, source: source)
}

/// Builds chapters from (file name, text) pairs, in the order given, failing the test on any load diagnostic.
func loadChapters(
  _ sources: [(name: String, text: String)], file: StaticString = #filePath, line: UInt = #line
) -> [Chapter] {
  sources.map { source in
    let loaded = ChapterLoader.chapter(path: "Chapters/\(source.name)", source: source.text)
    XCTAssertEqual(
      loaded.diagnostics.map(\.description), [], "unexpected diagnostics in \(source.name)", file: file,
      line: line)
    return loaded.chapter
  }
}

/// A compact, comparable form of diagnostics and their notes: `rule@path:line:col`, notes as `  note@…`.
func summary(_ diagnostics: [Diagnostic]) -> [String] {
  diagnostics.flatMap { diagnostic in
    ["\(diagnostic.id)@\(diagnostic.location)"] + diagnostic.notes.map { "  \($0.id)@\($0.location)" }
  }
}

/// A fenced Swift listing: the fence line with `info`, then `code` (which should end with a newline).
func listing(_ info: String, _ code: String) -> String {
  "```\(info)\n\(code)```\n"
}

/// The generated file with the given path in a tangle result.
func tangledFile(_ path: String, in result: Tangler.Result) -> TangledFile? {
  result.files.first { $0.path == path }
}

// MARK: - Processes

/// The result of running a process to completion.
struct ProcessResult {
  var status: Int32
  var stdout: String
  var stderr: String

  var stdoutLines: [String] { Self.lines(self.stdout) }
  var stderrLines: [String] { Self.lines(self.stderr) }

  private static func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
  }
}

/// Runs an executable with arguments in a folder, capturing both outputs through files (no pipe deadlock).
func runProcess(
  _ executable: URL, _ arguments: [String], in folder: URL, environment: [String: String] = [:]
) throws -> ProcessResult {
  let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("BookKitTests-out-\(UUID())")
  try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: scratch) }
  let outURL = scratch.appendingPathComponent("stdout")
  let errURL = scratch.appendingPathComponent("stderr")
  try Data().write(to: outURL)
  try Data().write(to: errURL)
  let out = try FileHandle(forWritingTo: outURL)
  let err = try FileHandle(forWritingTo: errURL)
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.currentDirectoryURL = folder
  if !environment.isEmpty {
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  }
  process.standardOutput = out
  process.standardError = err
  try process.run()
  process.waitUntilExit()
  try out.close()
  try err.close()
  return ProcessResult(
    status: process.terminationStatus,
    stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
    stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// Thrown when a tool the tests need is missing.
struct NotFound: Error, CustomStringConvertible {
  var what: String
  var description: String { "not found: \(self.what)" }
}

/// The built `book` executable, found in the products folder next to the test bundle.
enum BookBinary {
  /// The `book` executable's URL, or nil when it cannot be found.
  static let url: URL? = {
    var folders: [URL] = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    folders += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    if let argument = CommandLine.arguments.first {
      folders.append(URL(fileURLWithPath: argument).deletingLastPathComponent())
    }
    return folders.lazy.map { $0.appendingPathComponent("book") }.first { candidate in
      var isFolder: ObjCBool = false
      return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder)
        && !isFolder.boolValue && FileManager.default.isExecutableFile(atPath: candidate.path)
    }
  }()

  /// The executable, or a test failure that says where it was looked for.
  static func require() throws -> URL {
    guard let url = Self.url else {
      throw NotFound(what: "the `book` executable next to \(Bundle.main.bundleURL.path)")
    }
    return url
  }

  /// Runs `book` with arguments in a folder.
  static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> ProcessResult {
    try runProcess(try Self.require(), arguments, in: folder, environment: environment)
  }
}

// MARK: - Chapter text builders

/// A chapter of one-line listings: `# title` on line 1, then listing k (0-based) with its fence on line
/// `3 + 4k` and its single code line on line `4 + 4k`, each followed by a blank line.
func chapterText(_ title: String, _ blocks: [(info: String, code: String)]) -> String {
  "# \(title)\n\n" + blocks.map { listing($0.info, $0.code + "\n") }.joined(separator: "\n")
}

/// A `chapterText` chapter titled "Chapter".
func chapterText(_ blocks: [(info: String, code: String)]) -> String {
  chapterText("Chapter", blocks)
}

/// The fence line of listing `k` (0-based) of a `chapterText` chapter.
func fenceLine(_ k: Int) -> Int { 3 + 4 * k }

/// The code line of listing `k` (0-based) of a `chapterText` chapter.
func codeLine(_ k: Int) -> Int { 4 + 4 * k }
