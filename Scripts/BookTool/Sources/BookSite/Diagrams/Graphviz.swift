import BookKit
import Foundation

/// Lays graphs out as SVG with graphviz: its C library in this process (`GraphvizLibrary`, what builds
/// use), or a run of its `dot` program (Debian package `graphviz`: the tests' reference and stand-in).
enum Graphviz {
  /// What lays a graph out.
  enum Engine: Sendable {
    /// graphviz's library, in this process.
    case library
    /// A `dot` program, one run per graph.
    case executable(URL)

    /// Lays out DOT text holding one graph: one SVG document.
    func svg(fromDOT dot: String) -> Result<String, Failure> {
      switch self {
      case .library: GraphvizLibrary.svg(fromDOT: dot)
      case .executable(let url): Graphviz.svg(fromDOT: dot, executable: url)
      }
    }
  }

  /// Why graphviz gave no SVG.
  enum Failure: Error, Hashable, Sendable {
    /// `dot` could not be started.
    case notStarted(String)
    /// `dot` exited with a non-zero status; `message` is the first line it printed to standard error.
    case failed(status: Int32, message: String)
    /// `dot` succeeded but printed something other than the SVG documents expected.
    case unexpectedOutput(String)
    /// graphviz's library refused the graph or could not lay it out; the first line it reported.
    case layoutFailed(String)
  }

  /// The `dot` executable on `path` (a `PATH`-style list of folders), or nil when graphviz is missing.
  static func locateDot(inPath path: String? = ProcessInfo.processInfo.environment["PATH"]) -> URL? {
    let folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
    for folder in folders where !folder.isEmpty {
      let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("dot")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
  }

  /// Lays out DOT text holding one or more graphs; `dot` prints one SVG document per graph, in order.
  static func svg(fromDOT dot: String, executable: URL) -> Result<String, Failure> {
    let output: Subprocess.Output
    do {
      output = try Subprocess.run(executable, arguments: ["-Tsvg"], input: Data(dot.utf8))
    } catch let exceeded as Subprocess.LimitExceeded {
      return .failure(.failed(status: -1, message: exceeded.description))
    } catch {
      return .failure(.notStarted("\(executable.path) could not be started (\(error.localizedDescription))"))
    }
    guard output.status == 0 else {
      let firstLine = output.errorText.split(separator: "\n").first.map(String.init) ?? "no message"
      return .failure(.failed(status: output.status, message: firstLine))
    }
    return .success(String(decoding: output.standardOutput, as: UTF8.self))
  }
}
