import Foundation

extension TerminalCapture {
  /// What `book capture` found, short of writing: every program run at most once, every picture drawn and
  /// every transcript compared before anything is written, so that an error anywhere writes nothing.
  package struct Run {
    /// The captures declared in `captures.json`.
    package var captures: [TerminalCapture]
    /// Every problem: an image that may not be written, a file not owned, an out-of-date transcript, and
    /// with `checking` a picture that differs from what its program prints now.
    package var diagnostics: [Diagnostic]
    /// Each out-of-date transcript block and the text it should hold.
    package var expected: [(transcript: Transcript, text: String)]
    /// The pictures skipped because the workspace has no such program yet (a chapter snapshot made before
    /// the program's chapter), by image path.
    package var skipped: [(image: String, program: String)]
    /// The pictures to write (nil when checking, or when there is an error).
    package var plan: OwnedOutput?
  }

  /// Runs every declared capture of `workspace` from `products` (default: `.build/debug` in the
  /// workspace), draws its picture and compares its transcripts. With `checking`, the pictures are only
  /// compared with the files (`capture-drift`); otherwise their write is planned through `OwnedOutput`.
  package static func run(in workspace: Workspace, products: URL? = nil, checking: Bool) throws -> Run {
    let products = products ?? workspace.root.appendingPathComponent(Workspace.productsFolder)
    let captures = try Self.declared(in: workspace)
    let declarations = "\(workspace.chaptersFolder)/\(Self.fileName)"
    let locations = CaptureLocations(data: try workspace.readIfPresent(declarations), path: declarations)
    var outputs: [TerminalCapture: String] = [:]
    let output = { (capture: TerminalCapture) throws -> String in
      if let known = outputs[capture] { return known }
      let text = try capture.run(
        productsFolder: products, origin: locations.location(of: "program", value: capture.program))
      outputs[capture] = text
      return text
    }
    var run = try Self.pictures(captures, in: workspace, locations: locations, checking: checking, output: output)
    let transcripts = try Self.checkTranscripts(in: try Book.load(from: workspace), captures: captures, output: output)
    run.diagnostics += transcripts.diagnostics
    run.expected = transcripts.expected.map { (transcript: $0.0, text: $0.1) }
    // A transcript out of date stops the pictures too: nothing is written on error.
    if run.diagnostics.hasErrors { run.plan = nil }
    return run
  }

  /// Draws every declared picture and plans its write through `OwnedOutput` (or, with `checking`,
  /// compares it with the file): the problems found, the pictures skipped, and the plan.
  private static func pictures(
    _ captures: [TerminalCapture], in workspace: Workspace, locations: CaptureLocations, checking: Bool,
    output: (TerminalCapture) throws -> String
  ) throws -> Run {
    let kind = Self.outputKind(chaptersFolder: workspace.chaptersFolder)
    let listed = Set(OutputManifest(data: try? workspace.read(kind.manifestPath)).paths)
    var run = Run(captures: captures, diagnostics: [], expected: [], skipped: [], plan: nil)
    var targets: [OwnedOutput.Target] = []
    for capture in captures {
      guard let image = capture.image else { continue }
      let origin = locations.location(of: "image", value: image)
      if let problem = Self.problem(withImage: image) {
        run.diagnostics.append(Diagnostic(.error, id: .invalidCaptures, at: origin, "image '\(image)' \(problem)"))
        continue
      }
      // A chapter snapshot made before the program's chapter has the declaration but not the program.
      guard workspace.exists("\(Workspace.sourcesFolder)/\(capture.program)") else {
        run.skipped.append((image, capture.program))
        if listed.contains(image) { targets.append(OwnedOutput.Target(path: image, expected: nil, origin: origin)) }
        continue
      }
      let svg = Data(capture.svg(for: try output(capture)).utf8)
      targets.append(OwnedOutput.Target(path: image, expected: svg, origin: origin))
    }
    let plan = OwnedOutput(kind: kind, targets: targets, workspace: workspace)
    run.diagnostics += plan.diagnostics
    guard !run.diagnostics.hasErrors else { return run }
    guard checking else {
      (run.diagnostics, run.plan) = ([], plan)
      return run
    }
    run.diagnostics = plan.drift { target in
      Diagnostic(
        .error, id: .captureDrift, at: SourceLocation(path: kind.workspacePath(target.path), line: 1),
        "the picture differs from what the program prints now; run `book capture`")
    }
    return run
  }
}
