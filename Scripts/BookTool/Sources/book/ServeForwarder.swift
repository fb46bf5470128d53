import ArgumentParser
import BookCLI
import BookKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `book serve`: runs the preview server, `book-serve`, built beside this executable, with the same
/// arguments. The server is a program of its own so that every other command starts without loading the
/// HTTP stack (about 8 ms of each start, measured with the site benchmark's one-chapter edit).
struct ServeForwarder: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve Site/ on this machine, rebuilding it and reloading open pages when a chapter changes.",
    discussion: "Runs `book-serve` (built beside `book`); `book serve --help` lists its options.")

  @Argument(parsing: .captureForPassthrough, help: "The server's options: see `book serve --help`.")
  var arguments: [String] = []

  func run() throws {
    let server = Self.serverURL()
    guard let server, FileManager.default.isExecutableFile(atPath: server.path) else {
      try fail(
        "the preview server `book-serve` is not built beside `book`; build the tool with "
          + "`swift build --package-path Scripts/BookTool` (Scripts/book does)", rule: .previewServerMissing)
    }
    let argv = ([server.path] + self.arguments).map { strdup($0) } + [nil]
    execv(server.path, argv)
    try fail("cannot start \(server.path): \(String(cString: strerror(errno)))", rule: .previewServerMissing)
  }

  /// `book-serve` in the folder of the running executable (symbolic links resolved).
  static func serverURL() -> URL? {
    guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
    return executable.deletingLastPathComponent().appendingPathComponent("book-serve")
  }
}
