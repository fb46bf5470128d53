import ArgumentParser
import BookCLI
import BookKit
import Foundation

/// `book capture`: the book's pictures and transcripts of its programs, from their real output.
struct CaptureCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "capture",
    abstract: "Run the programs declared in Chapters/captures.json: draw their pictures, check their transcripts.",
    discussion: """
      Needs the programs built (`swift build`). Without --check it rewrites the SVG pictures and prints the \
      current text of any transcript block that is out of date (chapters are never edited by the tool). \
      With --check it writes nothing and fails on any difference.
      """)

  @OptionGroup var options: WorkspaceOptions

  @Flag(help: "Only compare the pictures and transcripts with what the programs print now.")
  var check = false

  @Option(help: "The build's products folder (default: .build/debug in the workspace).")
  var products: String?

  func run() throws {
    try reportingFailures {
      let workspace = try self.options.workspace()
      let run = try TerminalCapture.run(
        in: workspace, products: self.products.map { URL(fileURLWithPath: $0) }, checking: self.check)
      for (image, program) in run.skipped { print("skipped \(image): this workspace has no target \(program) yet") }
      if !self.check {
        for (transcript, text) in run.expected {
          print("\(transcript.listing.fence): the current transcript:\n\(text)")
        }
      }
      try report(run.diagnostics, outcome: self.check ? "book capture --check failed" : "nothing written")
      if let plan = run.plan {
        let changes = try plan.apply(to: workspace)
        for path in changes.written { print("wrote \(plan.kind.workspacePath(path))") }
        for path in changes.removed { print("removed \(plan.kind.workspacePath(path))") }
      }
      print("book capture: \(run.captures.count) capture\(run.captures.count == 1 ? "" : "s"), all in step")
    }
  }
}
