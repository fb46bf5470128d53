import Foundation

/// A picture of a real program's terminal output, declared in `Chapters/captures.json` and rendered to
/// SVG by `book capture`, so that the book's pictures of its products stay true when the code changes.
///
/// `{"image": "images/counter.svg", "title": "…", "program": "Counter", "input": "+\nq\n"}` runs the
/// built `Counter` executable with that standard input and draws what it printed.
public struct TerminalCapture: Codable, Hashable, Sendable {
  /// The SVG's path, relative to the chapters folder (`images/counter-session.svg`).
  public var image: String
  /// The picture's accessible title.
  public var title: String
  /// The executable target to run, from the build's products folder (`Counter`).
  public var program: String
  /// What the program reads on standard input.
  public var input: String
  /// Whether to draw only the last frame: the output after its last blank line (the screen as the
  /// session ends), rather than everything the program printed.
  public var lastFrame: Bool?

  /// The declarations file, inside the chapters folder.
  public static let fileName = "captures.json"

  /// Creates a capture declaration.
  public init(image: String, title: String, program: String, input: String, lastFrame: Bool? = nil) {
    self.image = image
    self.title = title
    self.program = program
    self.input = input
    self.lastFrame = lastFrame
  }

  /// The captures declared in a workspace; none when there is no `captures.json`.
  public static func declared(in workspace: Workspace) throws -> [TerminalCapture] {
    let path = "\(workspace.chaptersFolder)/\(Self.fileName)"
    guard let data = try workspace.readIfPresent(path) else { return [] }
    do {
      return try JSONDecoder().decode([TerminalCapture].self, from: data)
    } catch {
      throw DiagnosticsError([
        Diagnostic(
          .error, id: "invalid-captures", at: SourceLocation(path: path, line: 1),
          "\(Self.fileName) must be a list of {\"image\", \"title\", \"program\", \"input\"}")
      ])
    }
  }

  /// Runs the program from `products` (the build's products folder) and returns its standard output.
  public func run(productsFolder products: URL) throws -> String {
    let executable = products.appendingPathComponent(self.program)
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw DiagnosticsError([
        Diagnostic(
          .error, id: "capture-program-missing", at: SourceLocation(path: executable.path, line: 1),
          "'\(self.program)' is not built; run `swift build` first")
      ])
    }
    let output = try Subprocess.run(executable, arguments: [], input: Data(self.input.utf8))
    guard output.status == 0 else {
      throw DiagnosticsError([
        Diagnostic(
          .error, id: "capture-program-failed", at: SourceLocation(path: executable.path, line: 1),
          "'\(self.program)' exited with status \(output.status): \(output.errorText)")
      ])
    }
    return String(decoding: output.standardOutput, as: UTF8.self)
  }
}
