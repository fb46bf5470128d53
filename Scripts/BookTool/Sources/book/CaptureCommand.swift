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
      let products =
        self.products.map { URL(fileURLWithPath: $0) }
        ?? workspace.root.appendingPathComponent(".build/debug")
      let captures = try TerminalCapture.declared(in: workspace)
      var outputs: [TerminalCapture: String] = [:]
      let output = { (capture: TerminalCapture) throws -> String in
        if let known = outputs[capture] { return known }
        let text = try capture.run(productsFolder: products)
        outputs[capture] = text
        return text
      }
      var problems = try self.pictures(captures, in: workspace, output: output)
      let transcripts = try TerminalCapture.checkTranscripts(
        in: try Book.load(from: workspace), captures: captures, output: output)
      problems += transcripts.diagnostics
      if !self.check {
        for (transcript, text) in transcripts.expected {
          print("\(transcript.listing.fence): the current transcript:\n\(text)")
        }
      }
      try report(problems, outcome: "book capture\(self.check ? " --check" : "") failed")
      print("book capture: \(captures.count) capture\(captures.count == 1 ? "" : "s"), all in step")
    }
  }

  /// Draws (or, with --check, compares) every declared picture through `OwnedOutput`; returns the
  /// problems found (an image path that may not be written, a file not owned, drift with --check).
  private func pictures(
    _ captures: [TerminalCapture], in workspace: Workspace, output: (TerminalCapture) throws -> String
  ) throws -> [Diagnostic] {
    let declarations = "\(workspace.chaptersFolder)/\(TerminalCapture.fileName)"
    let declared = try workspace.readIfPresent(declarations)
    let kind = TerminalCapture.outputKind(chaptersFolder: workspace.chaptersFolder)
    let listed = Set(OutputManifest(data: try? workspace.read(kind.manifestPath)).paths)
    var problems: [Diagnostic] = []
    var targets: [OwnedOutput.Target] = []
    for capture in captures {
      guard let image = capture.image else { continue }
      let origin = TerminalCapture.location(ofImage: image, in: declared, path: declarations)
      if let problem = TerminalCapture.problem(withImage: image) {
        problems.append(Diagnostic(.error, id: .invalidCaptures, at: origin, "image '\(image)' \(problem)"))
        continue
      }
      // A chapter snapshot made before the program's chapter has the declaration but not the program.
      guard workspace.exists("Sources/\(capture.program)") else {
        print("skipped \(image): this workspace has no target \(capture.program) yet")
        if listed.contains(image) { targets.append(OwnedOutput.Target(path: image, expected: nil, origin: origin)) }
        continue
      }
      let svg = Data(capture.svg(for: try output(capture)).utf8)
      targets.append(OwnedOutput.Target(path: image, expected: svg, origin: origin))
    }
    let plan = OwnedOutput(kind: kind, targets: targets, workspace: workspace)
    problems += plan.diagnostics
    guard !problems.hasErrors else { return problems }
    if self.check {
      return plan.drift { target in
        Diagnostic(
          .error, id: .captureDrift, at: SourceLocation(path: kind.workspacePath(target.path), line: 1),
          "the picture differs from what the program prints now; run `book capture`")
      }
    }
    let changes = try plan.apply(to: workspace)
    for path in changes.written { print("wrote \(kind.workspacePath(path))") }
    for path in changes.removed { print("removed \(kind.workspacePath(path))") }
    return []
  }
}
