import ArgumentParser
import BookCLI
import BookKit

/// `book tangle`: writes the generated sources and tests from the chapters.
struct TangleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tangle",
    abstract: "Write every tangled file from the chapters (only files whose bytes change).")

  @OptionGroup var options: WorkspaceOptions

  func run() throws {
    try reportingFailures {
      let (workspace, book, output) = try self.options.plannedTangle(lock: .exclusive)
      try report(output.diagnostics)
      let changes = try output.apply(to: workspace)
      for path in changes.written { print("wrote \(path)") }
      for path in changes.removed { print("removed \(path)") }
      print(
        "book tangle: \(book.chapters.count) chapters, \(output.files.count) files, "
          + "\(changes.written.count) written, \(changes.removed.count) removed")
    }
  }
}
