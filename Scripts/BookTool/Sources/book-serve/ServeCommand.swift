import ArgumentParser
import BookCLI
import BookKit
import BookSite
import Foundation
import Synchronization

/// `book serve`: a local preview of the site that rebuilds when a chapter changes and reloads open pages.
struct ServeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve Site/ on this machine, rebuilding it and reloading open pages when a chapter changes.",
    discussion: """
      Renders the site once, serves Site/ over HTTP on this machine only, and polls Chapters/ every 50 ms. \
      After a change it renders again, as `book site` does, only the pages the change can reach, and open \
      pages reload. The reload script is added to pages as they are served; the files on disk never \
      contain it. A request must arrive within 10 s; a page's reload poll is answered within 25 s. Stop \
      with Ctrl-C.
      """)

  @OptionGroup var options: WorkspaceOptions

  @Option(help: "The port to listen on (0: any free port).")
  var port: UInt16 = 8000

  @Option(help: "The loopback address to listen on (127.0.0.1, another 127.x.y.z, or localhost).")
  var host = "127.0.0.1"

  /// Renders the site, serves it and watches the chapters until Ctrl-C.
  func run() throws {
    try reportingFailures {
      let workspace = try self.options.workspace(lock: nil)
      Self.raiseDescriptorLimit()
      let builds = PreviewBuilds(workspace: workspace)
      _ = builds.rebuild()
      builds.keepCaches()
      let session = try self.startSession(for: workspace, builds: builds)
      Self.say("serving Site/ at \(session.address) (Ctrl-C to stop)")
      Self.waitForInterrupt()
      Self.say("stopping")
      try Self.waitFor { await session.stop() }
      Self.say("stopped")
    }
  }

  /// Starts the server and the watcher over the workspace's site and chapters.
  private func startSession(for workspace: Workspace, builds: PreviewBuilds) throws -> PreviewSession {
    let (site, chapters) = (try workspace.url(Workspace.siteFolder), try workspace.url(workspace.chaptersFolder))
    let (host, port) = (self.host, self.port)
    do {
      return try Self.waitFor {
        try await PreviewSession.start(
          site: site, chapters: chapters, host: host, port: port, rebuild: builds.rebuild,
          afterReload: builds.keepCaches)
      }
    } catch let failure as PreviewServer.Failure {
      try fail(failure.description, rule: .cannotListen)
    }
  }

  /// Runs async work to its end from the command's synchronous `run` (the main thread, which may block).
  static func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = Outcome<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
      do { outcome.set(.success(try await work())) } catch { outcome.set(.failure(error)) }
      done.signal()
    }
    done.wait()
    return try outcome.get()
  }

  /// Renders the workspace's chapters into its site folder with `book site`'s incremental build, and
  /// keeps its caches. Returns whether any file changed. Errors leave the site as it was.
  @discardableResult
  static func renderSite(of workspace: Workspace) -> Bool {
    let build = CachedSiteBuild(input: workspace, output: workspace, folder: Workspace.siteFolder)
    guard let written = Self.writeSite(with: build) else { return false }
    var timings = SiteTimings()
    build.keep(written, timings: &timings)
    return written.changedFiles
  }

  /// Renders and writes the site with `build` (`CachedSiteBuild.renderAndWrite`), printing what it wrote;
  /// diagnostics and failures go to standard error in compiler format. Returns what was written, or nil
  /// when errors left the site as it was. The caller keeps the build's caches (`CachedSiteBuild.keep`).
  static func writeSite(with build: CachedSiteBuild) -> CachedSiteBuild.Written? {
    var timings = SiteTimings()
    let written: CachedSiteBuild.Written
    do {
      written = try build.renderAndWrite(timings: &timings)
    } catch {
      for line in CommandReport.lines(describing: error, context: "cannot render the site", rule: .renderFailure) {
        Self.printError(line)
      }
      Self.say("not rebuilt; fix the errors above")
      return nil
    }
    for diagnostic in written.diagnostics { Self.printError(diagnostic.description) }
    if written.changedFiles {
      Self.say("rebuilt, \(written.changes.written.count) written, \(written.changes.removed.count) removed")
    }
    return written
  }

  /// Prints a status line at once, even when standard output is a pipe (a log, or a test reading it).
  static func say(_ message: String) {
    FileHandle.standardOutput.write(Data("book serve: \(message)\n".utf8))
  }

  /// One line on standard error.
  private static func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Lets the server hold as many connections as the system allows this process (the soft limit on open
  /// files raised to the hard one), so that idle connections exhaust it later; the server listens again
  /// if they do (`PreviewServer`).
  static func raiseDescriptorLimit() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
    limit.rlim_cur = limit.rlim_max
    _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
  }

  /// Blocks until Ctrl-C (SIGINT) or SIGTERM.
  static func waitForInterrupt() {
    let interrupted = DispatchSemaphore(value: 0)
    let sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { interrupted.signal() }
      source.resume()
      return source
    }
    interrupted.wait()
    for source in sources { source.cancel() }
  }
}

/// The result of async work, handed from the task that ran it to the thread that waited for it.
final class Outcome<T: Sendable>: Sendable {
  private let result = Mutex<Result<T, any Error>?>(nil)

  /// Records the result.
  func set(_ result: Result<T, any Error>) {
    self.result.withLock { $0 = result }
  }

  /// The result's value, or its error; only called once the work has signalled that it is done.
  func get() throws -> T {
    guard let result = self.result.withLock({ $0 }) else { throw CancellationError() }
    return try result.get()
  }
}
