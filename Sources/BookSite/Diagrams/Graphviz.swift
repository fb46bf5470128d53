import Foundation

/// Runs graphviz's `dot` (Debian package `graphviz`) to lay graphs out as SVG.
enum Graphviz {
  /// Why graphviz gave no SVG.
  enum Failure: Error, Hashable, Sendable {
    /// `dot` could not be started.
    case notStarted(String)
    /// `dot` exited with a non-zero status; `message` is the first line it printed to standard error.
    case failed(status: Int32, message: String)
    /// `dot` succeeded but printed something other than the SVG documents expected.
    case unexpectedOutput(String)
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
    let process = Process()
    process.executableURL = executable
    process.arguments = ["-Tsvg"]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      return .failure(.notStarted("\(executable.path) could not be started (\(error.localizedDescription))"))
    }
    // dot answers graph by graph while it reads, so writing and both reads run at once: a full pipe on one
    // side must never wait for the other.
    let written = Self.inBackground {
      // A `dot` that dies while we write would otherwise kill this process with SIGPIPE. Blocked on this
      // thread only (it ends right after), the failed write shows up as dot's own non-zero exit instead.
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
      try? input.fileHandleForWriting.write(contentsOf: Data(dot.utf8))
      try? input.fileHandleForWriting.close()
      return Data()
    }
    let errorText = Self.inBackground { errors.fileHandleForReading.readDataToEndOfFile() }
    let svg = output.fileHandleForReading.readDataToEndOfFile()
    _ = written.wait()
    let message = String(decoding: errorText.wait(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let firstLine = message.split(separator: "\n").first.map(String.init) ?? "no message"
      return .failure(.failed(status: process.terminationStatus, message: firstLine))
    }
    return .success(String(decoding: svg, as: UTF8.self))
  }

  /// Starts `work` on another thread; `wait()` on the result gives its value.
  private static func inBackground(_ work: @escaping @Sendable () -> Data) -> PendingData {
    let pending = PendingData()
    Thread.detachNewThread { pending.fulfil(work()) }
    return pending
  }
}

/// Bytes that another thread is still producing (a pipe being read or written).
private final class PendingData: @unchecked Sendable {
  // Unchecked: `value` is only touched while holding `condition`.
  private let condition = NSCondition()
  private var value: Data?

  /// Stores the bytes and wakes the waiting thread.
  func fulfil(_ data: Data) {
    self.condition.lock()
    self.value = data
    self.condition.broadcast()
    self.condition.unlock()
  }

  /// Blocks until the bytes are there.
  func wait() -> Data {
    self.condition.lock()
    defer { self.condition.unlock() }
    while self.value == nil { self.condition.wait() }
    return self.value ?? Data()
  }
}
