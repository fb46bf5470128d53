import ArgumentParser
import BookCLI
import BookKit
import Foundation

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
      let paths = output.files.map(\.tangled.path)
      // Without paths, swift-format would read standard input (a book before its first listing).
      guard !paths.isEmpty else { return print("book lint: no generated files") }
      let run: Subprocess.Output
      do {
        run = try Subprocess.run(
          URL(fileURLWithPath: "/usr/bin/env"),
          arguments: ["swift", "format", "lint", "--strict", "--parallel"] + paths, in: workspace.root)
      } catch let exceeded as Subprocess.LimitExceeded {
        try fail("`swift format lint` failed: \(exceeded)", rule: .swiftFormatFailed)
      }
      let text = String(decoding: run.standardError + run.standardOutput, as: UTF8.self)
      let findings = StyleFindings.diagnostics(fromLintOutput: text, files: output.files, root: workspace.root)
      if run.status != 0 && findings.isEmpty {
        try fail("`swift format lint` failed: \(StyleFindings.oneLine(run.errorText))", rule: .swiftFormatFailed)
      }
      try report(findings, outcome: "book lint failed")
      print("book lint: \(paths.count) generated files in the house style")
    }
  }
}
