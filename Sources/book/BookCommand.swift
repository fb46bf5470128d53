import ArgumentParser
import BookKit
import Foundation

/// `book`: the literate book workspace's tool.
@main
struct BookCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "book",
    abstract: "Tangle, check and test a book whose chapters are the single source of its code.",
    subcommands: [
      TangleCommand.self, CheckCommand.self, TestCommand.self, TagCommand.self, SiteCommand.self, ServeCommand.self,
    ]
  )
}

/// Options every subcommand shares.
struct WorkspaceOptions: ParsableArguments {
  @Option(help: "The workspace root (default: the nearest folder above with Package.swift and Chapters/).")
  var root: String?

  /// The workspace the command works on.
  func workspace() throws -> Workspace {
    let folder = URL(fileURLWithPath: self.root ?? FileManager.default.currentDirectoryPath)
    return self.root == nil ? try Workspace.enclosing(folder) : Workspace(root: folder)
  }
}

/// Prints diagnostics to standard error in compiler format and fails when any is an error; `outcome`
/// says what the failure means for the files ("nothing written", "the book is out of step").
func report(_ diagnostics: [Diagnostic], outcome: String = "nothing written") throws {
  for diagnostic in diagnostics.sortedByLocation() {
    FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
  }
  if diagnostics.hasErrors {
    let count = diagnostics.filter { $0.severity == .error }.count
    FileHandle.standardError.write(Data("book: \(count) error\(count == 1 ? "" : "s"); \(outcome)\n".utf8))
    throw ExitCode.failure
  }
}

/// Runs a body, turning workspace failures into a one-line message and a failing exit code.
func reportingFailures(_ body: () throws -> Void) throws {
  do {
    try body()
  } catch let failure as Workspace.Failure {
    FileHandle.standardError.write(Data("book: error: \(failure)\n".utf8))
    throw ExitCode.failure
  } catch let error as DiagnosticsError {
    try report(error.diagnostics)
  }
}
