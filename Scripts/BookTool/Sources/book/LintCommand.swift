import ArgumentParser
import BookCLI
import BookKit

/// `book lint`: the house style (`swift format lint --strict`) over the tangled code, with each finding
/// reported at the chapter line of the listing that wrote it.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check the tangled code against the house style (swift format), at the chapters' lines.")

  @OptionGroup var options: WorkspaceOptions

  func run() throws {
    try reportingFailures {
      let (workspace, _, output) = try self.options.plannedTangle(lock: .shared)
      try report(output.diagnostics + output.drift(), outcome: "run `book tangle` first; nothing linted")
      guard !output.files.isEmpty else { return print("book lint: no generated files") }
      try report(try StyleFindings.lint(output, in: workspace), outcome: "book lint failed")
      print("book lint: \(output.files.count) generated files in the house style")
    }
  }
}
