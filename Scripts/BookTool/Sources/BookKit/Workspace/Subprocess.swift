import Foundation

/// The one way the tool runs another program: to completion with its standard input, output and error
/// connected to pipes (`run`), or attached to the tool's own (`runAttached`).
///
/// Writing the input and reading both outputs happen at once, so a program that answers while it
/// reads (like `dot`) or prints a lot to standard error (like `git`) can never deadlock on a full pipe.
public enum Subprocess {
  /// What a finished program left behind.
  public struct Output: Sendable {
    /// The exit status.
    public var status: Int32
    /// Everything it printed to standard output.
    public var standardOutput: Data
    /// Everything it printed to standard error.
    public var standardError: Data

    /// Standard error as text.
    public var errorText: String { String(decoding: self.standardError, as: UTF8.self) }
  }

  /// Runs `executable` with `arguments`, feeding it `input`; throws only if it cannot be started.
  public static func run(
    _ executable: URL, arguments: [String], input: Data = Data(), in folder: URL? = nil,
    environment: [String: String]? = nil
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
    let written = Self.inBackground {
      // A program that exits before reading everything would kill this process with SIGPIPE; blocked on
      // this short-lived thread only, the failed write shows up as the program's own exit status.
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
      try? inputPipe.fileHandleForWriting.write(contentsOf: input)
      try? inputPipe.fileHandleForWriting.close()
      return Data()
    }
    let errors = Self.inBackground { errorPipe.fileHandleForReading.readDataToEndOfFile() }
    let output = outputPipe.fileHandleForReading.readDataToEndOfFile()
    _ = written.wait()
    let errorData = errors.wait()
    process.waitUntilExit()
    return Output(status: process.terminationStatus, standardOutput: output, standardError: errorData)
  }

  /// Runs `executable` with this process's own standard input, output and error (a program whose output
  /// the user watches, like `swift test`); returns its exit status, throws only if it cannot be started.
  public static func runAttached(_ executable: URL, arguments: [String], in folder: URL? = nil) throws -> Int32 {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = folder
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
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
