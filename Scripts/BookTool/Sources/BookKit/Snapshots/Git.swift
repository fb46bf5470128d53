import Foundation

/// Runs `git` in a repository, with an optional private index so the user's index is never touched.
package struct Git: Sendable {
  /// A git command that failed, with what it printed.
  package struct Failure: Error, CustomStringConvertible {
    /// The arguments given to git.
    package var arguments: [String]
    /// What git printed to standard error.
    package var message: String

    /// `git <arguments>: <message>`.
    package var description: String { "git \(self.arguments.joined(separator: " ")): \(self.message)" }
  }

  /// The repository's work-tree root.
  package var root: URL
  /// Extra environment variables for every command (e.g. `GIT_INDEX_FILE`).
  package var environment: [String: String]

  /// A runner for the repository at `root`.
  package init(root: URL, environment: [String: String] = [:]) {
    self.root = root
    self.environment = environment
  }

  /// Runs git and returns its standard output, trimmed of one trailing newline.
  @discardableResult
  package func run(_ arguments: [String], input: Data? = nil) throws -> String {
    let data = try self.runData(arguments, input: input)
    var text = String(decoding: data, as: UTF8.self)
    if text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  /// Runs git and returns its standard output as bytes.
  package func runData(_ arguments: [String], input: Data? = nil) throws -> Data {
    let output: Subprocess.Output
    do {
      output = try Subprocess.run(
        URL(fileURLWithPath: "/usr/bin/env"), arguments: ["git"] + arguments, input: input ?? Data(),
        in: self.root, environment: ProcessInfo.processInfo.environment.merging(self.environment) { $1 })
    } catch let exceeded as Subprocess.LimitExceeded {
      throw Failure(arguments: arguments, message: exceeded.description)
    }
    guard output.status == 0 else { throw Failure(arguments: arguments, message: output.errorText) }
    return output.standardOutput
  }

  /// Runs git and reports whether it succeeded, ignoring its output.
  package func succeeds(_ arguments: [String]) -> Bool {
    (try? self.runData(arguments)) != nil
  }
}
