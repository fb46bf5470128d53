import Foundation

/// The one way the tool runs another program: to completion with its standard input, output and error
/// connected to pipes (`run`), or attached to the tool's own (`runAttached`).
///
/// Writing the input and reading both outputs happen at once, so a program that answers while it
/// reads (like `dot`) or prints a lot to standard error (like `git`) can never deadlock on a full pipe.
/// Every run has a time limit and a cap on what it may print (`Limits`): a program that hangs or prints
/// without end (a broken `swift format` first on `PATH`, a capture reading `yes`) is killed, and the
/// caller reports `LimitExceeded` at its own location.
package enum Subprocess {
  /// What a finished program left behind.
  package struct Output: Sendable {
    /// The exit status.
    package var status: Int32
    /// Everything it printed to standard output.
    package var standardOutput: Data
    /// Everything it printed to standard error.
    package var standardError: Data

    /// Standard error as text.
    package var errorText: String { String(decoding: self.standardError, as: UTF8.self) }
  }

  /// Runs `executable` with `arguments`, feeding it `input`, within `limits`; throws when it cannot be
  /// started, or `LimitExceeded` (after killing it) when it runs too long or prints too much.
  package static func run(
    _ executable: URL, arguments: [String], input: Data = Data(), in folder: URL? = nil,
    environment: [String: String]? = nil, limits: Limits = .standard
  ) throws -> Output {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    process.environment = environment
    let (inputPipe, outputPipe, errorPipe) = (Pipe(), Pipe(), Pipe())
    process.standardInput = inputPipe
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    try process.run()
    Self.feed(input, to: inputPipe.fileHandleForWriting)
    var collected = Collected(
      output: outputPipe.fileHandleForReading.fileDescriptor, error: errorPipe.fileHandleForReading.fileDescriptor)
    let deadline = Date().addingTimeInterval(limits.seconds)
    // A program that closed its outputs may still run: it too must end before the deadline.
    if let exceeded = collected.readAll(until: deadline, cap: limits.outputBytes)
      ?? Self.wait(for: process, until: deadline)
    {
      Self.stop(process)
      try? outputPipe.fileHandleForReading.close()
      try? errorPipe.fileHandleForReading.close()
      throw LimitExceeded(program: executable.lastPathComponent, arguments: arguments, kind: exceeded, limits: limits)
    }
    process.waitUntilExit()
    return Output(status: process.terminationStatus, standardOutput: collected.output, standardError: collected.error)
  }

  /// Writes `input` to the program's standard input on a short-lived thread, then closes it. A program
  /// that exits before reading everything would kill this process with SIGPIPE; blocked on this thread
  /// only, the failed write shows up as the program's own exit status.
  private static func feed(_ input: Data, to handle: FileHandle) {
    Thread.detachNewThread {
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
      try? handle.write(contentsOf: input)
      try? handle.close()
    }
  }

  /// Waits for a program whose outputs are closed to exit; `.time` if it is still running at `deadline`.
  private static func wait(for process: Process, until deadline: Date) -> LimitExceeded.Kind? {
    while process.isRunning {
      guard deadline.timeIntervalSinceNow > 0 else { return .time }
      usleep(100)
    }
    return nil
  }

  /// Kills a program that went past its limits, and its process group when it leads one, and reaps it.
  private static func stop(_ process: Process) {
    let pid = process.processIdentifier
    if getpgid(pid) == pid { kill(-pid, SIGKILL) }
    kill(pid, SIGKILL)
    process.waitUntilExit()
  }

  /// Runs `executable` with this process's own standard input, output and error (a program whose output
  /// the user watches, like `swift test`); returns its exit status, throws only if it cannot be started.
  package static func runAttached(_ executable: URL, arguments: [String], in folder: URL? = nil) throws -> Int32 {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
  }
}
