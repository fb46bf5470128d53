import ArgumentParser
import BookKit

/// `book check`: reports every problem in the chapters and every generated file out of step with them.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check the chapters and that every generated file matches them; writes nothing.")

  @OptionGroup var options: WorkspaceOptions

  func run() throws {
    try reportingFailures {
      let workspace = try self.options.workspace()
      let book = try Book.load(from: workspace)
      let output = try TangleOutput(book: book, workspace: workspace)
      try report(book.diagnostics + output.diagnostics + output.drift())
      print("book check: \(book.chapters.count) chapters, \(output.files.count) generated files, all in step")
    }
  }
}
