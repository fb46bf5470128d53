import ArgumentParser
import BookCLI
import BookKit
import Foundation

/// `book test [N]`: checks the book, then runs one chapter's tests (or all of them) with `swift test`.
struct TestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Check the book, then run one chapter's tests, or every test.")

  @OptionGroup var options: WorkspaceOptions

  @Argument(help: "The chapter number (from its file name, e.g. 1 for 01-immutable-data.md); all when omitted.")
  var chapter: Int?

  @Argument(parsing: .postTerminator, help: "Extra arguments for `swift test`, after `--`.")
  var swiftTestArguments: [String] = []

  func run() throws {
    var arguments = ["test"]
    try reportingFailures {
      let (workspace, book, output) = try self.options.plannedTangle(lock: .shared)
      try report(output.diagnostics + output.drift(), outcome: "no test run")
      if let number = self.chapter {
        arguments += ["--filter", try Self.filter(forChapter: number, in: book)]
      }
      _ = FileManager.default.changeCurrentDirectoryPath(workspace.root.path)
    }
    try Self.runSwift(arguments + self.swiftTestArguments)
  }

  /// The `swift test --filter` pattern for a chapter's test targets: `^(CounterDataTests)\.`; fails in
  /// compiler format (`<command-line>: error: …`) for an unknown chapter or one without tests.
  static func filter(forChapter number: Int, in book: Book) throws -> String {
    guard let chapter = book.chapter(numbered: number) else {
      let known = book.chapters.compactMap(\.number).map(String.init).joined(separator: ", ")
      try fail("no chapter numbered \(number); chapters are \(known)", rule: .unknownChapter)
    }
    guard !chapter.testTargets.isEmpty else {
      try fail(
        "the chapter has no test listings (blocks with file=Tests/…)", at: chapter.path,
        rule: .chapterWithoutTests)
    }
    return "^(\(chapter.testTargets.joined(separator: "|")))\\."
  }

  /// Runs `swift` with the given arguments, passing its exit status on.
  static func runSwift(_ arguments: [String]) throws {
    print("book test: swift \(arguments.joined(separator: " "))")
    let status = try Subprocess.runAttached(URL(fileURLWithPath: "/usr/bin/env"), arguments: ["swift"] + arguments)
    if status != 0 { throw ExitCode(status) }
  }
}
