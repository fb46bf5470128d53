import ArgumentParser
import BookCLI
import BookKit
import BookSite

/// `book check`: reports every problem in the chapters and every generated file out of step with them.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check the chapters and that every generated file matches them; writes nothing.")

  @OptionGroup var options: WorkspaceOptions

  func run() throws {
    try reportingFailures {
      let (workspace, book, output) = try self.options.plannedTangle(lock: .shared)
      try report(try BookCheck.problems(in: workspace, book: book, output: output), outcome: "book check failed")
      print("book check: \(book.chapters.count) chapters, \(output.files.count) generated files, all in step")
    }
  }
}
