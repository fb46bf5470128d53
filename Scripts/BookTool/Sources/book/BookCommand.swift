import ArgumentParser
import BookCLI
import BookKit
import Foundation

/// `book`: the literate book workspace's tool.
@main
struct BookCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "book",
    abstract: "Tangle, check and test a book whose chapters are the single source of its code.",
    subcommands: [
      TangleCommand.self, CheckCommand.self, LintCommand.self, TestCommand.self, TagCommand.self, CaptureCommand.self,
      SiteCommand.self, ServeForwarder.self,
    ]
  )

  /// Runs the command the arguments name, as `ParsableCommand.main` does. This process ends with that
  /// command, so a `book site` here keeps its render's large values unfreed until it exits (`Discard`);
  /// a site rendered anywhere else (`book serve`, the tests, which run `SiteCommand` in their process,
  /// `book tag`'s many snapshots) frees them as it goes.
  static func main() {
    do {
      var command = try Self.parseAsRoot()
      if command is SiteCommand { Discard.keepUntilExit() }
      try command.run()
    } catch {
      Self.exit(withError: error)
    }
  }
}
