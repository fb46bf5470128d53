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
}
