import ArgumentParser
import BookKit
import Foundation

// What every command of the tool shares, in the `book` executable and in `book-serve`: the workspace
// option, and diagnostics printed in compiler format with exit status 1.

/// Options every subcommand shares.
package struct WorkspaceOptions: ParsableArguments {
  @Option(help: "The workspace root (default: the nearest folder at or above this one with Chapters/).")
  package var root: String?

  /// Options as parsed from the command line.
  package init() {}

  /// The workspace the command works on, locked for the rest of the process unless `lock` is nil (the
  /// preview server, which writes nothing and runs for hours).
  package func workspace(lock: Workspace.LockKind? = .exclusive) throws -> Workspace {
    let folder = URL(fileURLWithPath: self.root ?? FileManager.default.currentDirectoryPath)
    let workspace = self.root == nil ? try Workspace.enclosing(folder) : Workspace(root: folder)
    if let lock { workspace.lock(lock) }
    return workspace
  }

  /// The first steps of `tangle`, `check` and `test`: the workspace, its book, and the tangle planned
  /// against the disk.
  package func plannedTangle(lock: Workspace.LockKind) throws -> (
    workspace: Workspace, book: Book, output: TangleOutput
  ) {
    let workspace = try self.workspace(lock: lock)
    let book = try Book.load(from: workspace)
    return (workspace, book, try TangleOutput(book: book, workspace: workspace))
  }
}

/// Writes one line to standard error.
private func writeError(_ line: String) {
  FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Prints diagnostics to standard error in compiler format and fails when any is an error; `outcome`
/// says what the failure means for the files ("nothing written", "the book is out of step").
package func report(_ diagnostics: [Diagnostic], outcome: String = "nothing written") throws {
  do {
    try CommandReport.diagnostics(diagnostics, outcome: outcome, write: writeError)
  } catch is CommandReport.Failed {
    throw ExitCode.failure
  }
}

/// Writes one failure to standard error in compiler format and exits with status 1: `path:1:1: error:
/// message [rule]`, or `<command-line>: error: message [rule]` when `location` is left out (a problem
/// with the arguments). For problems that have no chapter line:
/// `try fail("no chapter numbered 9; chapters are 1, 2", rule: .unknownChapter)`.
package func fail(_ message: String, at location: String = CommandReport.commandLine, rule: RuleID) throws -> Never {
  writeError(CommandReport.line(message, at: location, rule: rule))
  throw ExitCode.failure
}

/// Runs a body, turning workspace failures and diagnostics into compiler-format lines on standard error
/// and exit status 1 (always, once a `DiagnosticsError` was caught, even without an error among it).
package func reportingFailures(_ body: () throws -> Void) throws {
  do {
    try CommandReport.failures(body, write: writeError)
  } catch is CommandReport.Failed {
    throw ExitCode.failure
  }
}
