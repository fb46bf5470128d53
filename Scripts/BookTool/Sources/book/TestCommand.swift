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
        arguments += ["--filter", try book.testFilter(forChapter: number)]
      }
      _ = FileManager.default.changeCurrentDirectoryPath(workspace.root.path)
    }
    try Self.runSwift(arguments + self.swiftTestArguments)
  }

  /// Runs `swift` with the given arguments, passing its exit status on.
  static func runSwift(_ arguments: [String]) throws {
    print("book test: swift \(arguments.joined(separator: " "))")
    let status = try Subprocess.runAttached(URL(fileURLWithPath: "/usr/bin/env"), arguments: ["swift"] + arguments)
    if status != 0 { throw ExitCode(status) }
  }
}
