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
        ?? workspace.root.appendingPathComponent(Workspace.productsFolder)
      let captures = try TerminalCapture.declared(in: workspace)
      let declarations = "\(workspace.chaptersFolder)/\(TerminalCapture.fileName)"
      let locations = CaptureLocations(data: try workspace.readIfPresent(declarations), path: declarations)
      var outputs: [TerminalCapture: String] = [:]
      let output = { (capture: TerminalCapture) throws -> String in
        if let known = outputs[capture] { return known }
        let text = try capture.run(
          productsFolder: products, origin: locations.location(of: "program", value: capture.program))
        outputs[capture] = text
        return text
      }
      var (problems, plan) = try self.pictures(captures, in: workspace, locations: locations, output: output)
      let transcripts = try TerminalCapture.checkTranscripts(
        in: try Book.load(from: workspace), captures: captures, output: output)
      problems += transcripts.diagnostics
      if !self.check {
        for (transcript, text) in transcripts.expected {
          print("\(transcript.listing.fence): the current transcript:\n\(text)")
        }
      }
      // Every program ran and every transcript was compared before any picture is written: an error
      // anywhere writes nothing.
      try report(problems, outcome: self.check ? "book capture --check failed" : "nothing written")
      if let plan, !self.check {
        let changes = try plan.apply(to: workspace)
        for path in changes.written { print("wrote \(plan.kind.workspacePath(path))") }
        for path in changes.removed { print("removed \(plan.kind.workspacePath(path))") }
      }
      print("book capture: \(captures.count) capture\(captures.count == 1 ? "" : "s"), all in step")
    }
  }

  /// Draws every declared picture and plans its write through `OwnedOutput` (or, with --check, compares
  /// it); returns the problems found (an image path that may not be written, a file not owned, drift
  /// with --check) and the plan to apply once the whole command has succeeded.
  private func pictures(
    _ captures: [TerminalCapture], in workspace: Workspace, locations: CaptureLocations,
    output: (TerminalCapture) throws -> String
  ) throws -> ([Diagnostic], OwnedOutput?) {
    let kind = TerminalCapture.outputKind(chaptersFolder: workspace.chaptersFolder)
    let listed = Set(OutputManifest(data: try? workspace.read(kind.manifestPath)).paths)
    var problems: [Diagnostic] = []
    var targets: [OwnedOutput.Target] = []
    for capture in captures {
      guard let image = capture.image else { continue }
      let origin = locations.location(of: "image", value: image)
      if let problem = TerminalCapture.problem(withImage: image) {
        problems.append(Diagnostic(.error, id: .invalidCaptures, at: origin, "image '\(image)' \(problem)"))
        continue
      }
      // A chapter snapshot made before the program's chapter has the declaration but not the program.
      guard workspace.exists("\(Workspace.sourcesFolder)/\(capture.program)") else {
        print("skipped \(image): this workspace has no target \(capture.program) yet")
        if listed.contains(image) { targets.append(OwnedOutput.Target(path: image, expected: nil, origin: origin)) }
        continue
      }
      let svg = Data(capture.svg(for: try output(capture)).utf8)
      targets.append(OwnedOutput.Target(path: image, expected: svg, origin: origin))
    }
    let plan = OwnedOutput(kind: kind, targets: targets, workspace: workspace)
    problems += plan.diagnostics
    guard !problems.hasErrors else { return (problems, nil) }
    guard self.check else { return ([], plan) }
    let drift = plan.drift { target in
      Diagnostic(
        .error, id: .captureDrift, at: SourceLocation(path: kind.workspacePath(target.path), line: 1),
        "the picture differs from what the program prints now; run `book capture`")
    }
    return (drift, nil)
  }
}
