import Foundation

/// A real run of one of the book's programs, declared in `Chapters/captures.json`: drawn as an SVG picture
/// and/or quoted as a transcript block in a chapter, so that both stay true when the code changes.
///
/// `{"name": "counter-script", "image": "images/counter.svg", "title": "…", "program": "Counter",
/// "input": "+\nq\n"}` runs the built `Counter` executable with that standard input. `book capture` draws
/// the picture; a chapter's ```` ```text capture=counter-script ```` block must hold the transcript.
package struct TerminalCapture: Codable, Hashable, Sendable {
  /// The name a transcript block refers to with `capture=`, if any.
  package var name: String?
  /// The SVG's path, relative to the chapters folder (`images/counter-session.svg`), if it is drawn.
  package var image: String?
  /// The picture's accessible title.
  package var title: String
  /// The executable target to run, from the build's products folder (`Counter`).
  package var program: String
  /// What the program reads on standard input.
  package var input: String
  /// Whether to draw only the last frame: the output after its last blank line (the screen as the
  /// session ends), rather than everything the program printed.
  package var lastFrame: Bool?

  /// The declarations file, inside the chapters folder.
  package static let fileName = "captures.json"

  /// Creates a capture declaration.
  package init(
    name: String? = nil, image: String?, title: String, program: String, input: String, lastFrame: Bool? = nil
  ) {
    self.name = name
    self.image = image
    self.title = title
    self.program = program
    self.input = input
    self.lastFrame = lastFrame
  }

  /// The captures declared in a workspace; none when there is no `captures.json`.
  package static func declared(in workspace: Workspace) throws -> [TerminalCapture] {
    let path = "\(workspace.chaptersFolder)/\(Self.fileName)"
    guard let data = try workspace.readIfPresent(path) else { return [] }
    let captures: [TerminalCapture]
    do {
      captures = try JSONDecoder().decode([TerminalCapture].self, from: data)
    } catch {
      throw DiagnosticsError([
        Diagnostic(
          .error, id: .invalidCaptures, at: SourceLocation(path: path, line: 1),
          "\(Self.fileName) must be a list of {\"image\", \"title\", \"program\", \"input\"}")
      ])
    }
    let locations = CaptureLocations(data: data, path: path)
    let problems = Set(captures.map(\.program)).sorted().compactMap { program in
      Self.problem(withProgram: program).map {
        Diagnostic(
          .error, id: .invalidCaptures, at: locations.location(of: "program", value: program),
          "program '\(program)' \($0)")
      }
    }
    guard problems.isEmpty else { throw DiagnosticsError(problems) }
    return captures
  }

  /// Runs the program from `products` (the build's products folder) and returns its standard output.
  /// Its name must be a plain one (`problem(withProgram:)`, checked again here), and it runs within
  /// `limits`: a program that hangs or prints without end is stopped with a located error.
  /// Its errors are located at `origin` (the declaration's `program`) when given, else at the executable.
  package func run(
    productsFolder products: URL, limits: Subprocess.Limits = .capture, origin: SourceLocation? = nil
  ) throws -> String {
    let executable = products.appendingPathComponent(self.program)
    let location = origin ?? SourceLocation(path: executable.path, line: 1)
    if let problem = Self.problem(withProgram: self.program) {
      throw DiagnosticsError([
        Diagnostic(
          .error, id: .invalidCaptures, at: location,
          "program '\(self.program)' \(problem)")
      ])
    }
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw DiagnosticsError([
        Diagnostic(
          .error, id: .captureProgramMissing, at: SourceLocation(path: executable.path, line: 1),
          "'\(self.program)' is not built; run `swift build` first")
      ])
    }
    let output: Subprocess.Output
    do {
      output = try Subprocess.run(executable, arguments: [], input: Data(self.input.utf8), limits: limits)
    } catch let exceeded as Subprocess.LimitExceeded {
      throw DiagnosticsError([
        Diagnostic(
          .error, id: .captureProgramFailed, at: location, exceeded.description)
      ])
    }
    guard output.status == 0 else {
      throw DiagnosticsError([
        Diagnostic(
          .error, id: .captureProgramFailed, at: location,
          "'\(self.program)' exited with status \(output.status): \(output.errorText)")
      ])
    }
    return String(decoding: output.standardOutput, as: UTF8.self)
  }

  /// The transcript a chapter shows for this run: the shell line that makes it, then the output.
  ///
  /// Input `"+\nq\n"` for `Counter` → `$ printf '+\nq\n' | .build/debug/Counter` and what it printed.
  package func transcript(of output: String) -> String {
    var quoted = ""
    for character in self.input {
      switch character {
      case "\n": quoted += "\\n"
      case "\\": quoted += "\\\\"
      case "%": quoted += "%%"
      case "'": quoted += "'\\''"
      default: quoted.append(character)
      }
    }
    return "$ printf '\(quoted)' | .build/debug/\(self.program)\n" + output
  }
}
