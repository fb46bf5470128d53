/// How the `book` commands report problems: every line in compiler format on standard error, and a
/// failing exit status whenever a problem stopped the command.
///
/// The commands pass a `write` function (standard error in the tool, an array in tests) and turn
/// `Failed` into their exit code.
package enum CommandReport {
  /// Thrown once a command's problems are written: the command must exit with a failing status.
  package struct Failed: Error, Equatable {
    /// Creates the error.
    package init() {}
  }

  /// The place a failure names when no file is to blame: an argument or option.
  package static let commandLine = "<command-line>"

  /// One failure in compiler format: `path:1:1: error: message [rule]`, or
  /// `<command-line>: error: message [rule]` for a problem with the arguments.
  package static func line(_ message: String, at location: String = commandLine, rule: RuleID) -> String {
    let place = location == Self.commandLine ? location : "\(location):1:1"
    return "\(place): error: \(message) [\(rule)]"
  }

  /// Writes diagnostics in reading order and, when any is an error, a count and what the failure means
  /// for the files (`outcome`, e.g. "nothing written"), then throws `Failed`.
  package static func diagnostics(
    _ diagnostics: [Diagnostic], outcome: String = "nothing written", write: (String) -> Void
  ) throws {
    for diagnostic in diagnostics.sortedByLocation() { write(diagnostic.description) }
    guard diagnostics.hasErrors else { return }
    let count = diagnostics.filter { $0.severity == .error }.count
    write("book: \(count) error\(count == 1 ? "" : "s"); \(outcome)")
    throw Failed()
  }

  /// Runs `body`, writing a workspace failure as one compiler-format line and a `DiagnosticsError` as its
  /// diagnostics; either way it then throws `Failed`, even when none of the diagnostics is an error (a
  /// stage that threw has stopped the command). Other errors pass through unchanged.
  package static func failures(_ body: () throws -> Void, write: (String) -> Void) throws {
    do {
      try body()
    } catch let failure as any LocatedFailure {
      write(Self.line(failure.message, at: failure.location ?? Self.commandLine, rule: failure.rule))
      throw Failed()
    } catch let error as DiagnosticsError {
      try Self.diagnostics(error.diagnostics, write: write)
      throw Failed()
    }
  }

  /// The lines that report an error which stopped a stage, for a caller that carries on (`book serve`):
  /// a located failure at its place, diagnostics as they are, in reading order, and any other error at
  /// the command line as `context: error` under `rule`.
  package static func lines(describing error: any Error, context: String, rule: RuleID) -> [String] {
    switch error {
    case let failure as any LocatedFailure:
      [Self.line(failure.message, at: failure.location ?? Self.commandLine, rule: failure.rule)]
    case let error as DiagnosticsError:
      error.diagnostics.sortedByLocation().map(\.description)
    default:
      [Self.line("\(context): \(error)", rule: rule)]
    }
  }
}
