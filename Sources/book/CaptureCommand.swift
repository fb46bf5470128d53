import ArgumentParser
import BookKit
import Foundation

/// `book capture`: renders the pictures of the book's programs from their real output.
struct CaptureCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "capture",
    abstract: "Run the programs declared in Chapters/captures.json and draw their output as SVG.",
    discussion: "Needs the programs built (`swift build`). With --check, writes nothing and fails on drift.")

  @OptionGroup var options: WorkspaceOptions

  @Flag(help: "Only compare the pictures with what the programs print now.")
  var check = false

  @Option(help: "The build's products folder (default: .build/debug in the workspace).")
  var products: String?

  func run() throws {
    try reportingFailures {
      let workspace = try self.options.workspace()
      let products = self.products.map { URL(fileURLWithPath: $0) }
        ?? workspace.root.appendingPathComponent(".build/debug")
      var drift: [Diagnostic] = []
      let captures = try TerminalCapture.declared(in: workspace)
      for capture in captures {
        // A chapter snapshot made before the program's chapter has the declaration but not the program.
        guard workspace.exists("Sources/\(capture.program)") else {
          print("skipped \(capture.image): this workspace has no target \(capture.program) yet")
          continue
        }
        let path = "\(workspace.chaptersFolder)/\(capture.image)"
        let svg = Data(capture.svg(for: try capture.run(productsFolder: products)).utf8)
        if self.check {
          if try workspace.readIfPresent(path) != svg {
            drift.append(
              Diagnostic(
                .error, id: "capture-drift", at: SourceLocation(path: path, line: 1),
                "the picture differs from what '\(capture.program)' prints now; run `book capture`"))
          }
        } else if try workspace.write(svg, to: path) {
          print("wrote \(path)")
        }
      }
      try report(drift, outcome: "book capture --check failed")
      print("book capture: \(captures.count) picture\(captures.count == 1 ? "" : "s") \(self.check ? "checked" : "drawn")")
    }
  }
}
