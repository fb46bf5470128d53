import BookKit
import Foundation

/// A running preview: the server over the site folder, the watcher over the chapters, and the build
/// generation that ties them together (each successful rebuild reloads the open pages).
final class PreviewSession: Sendable {
  /// Rebuilds the site; returns whether it changed anything (so pages reload only for a real change).
  typealias Rebuild = @Sendable () -> Bool

  /// The HTTP server.
  let server: PreviewServer
  /// The chapter watcher.
  let watcher: ChapterWatcher
  /// The build generation.
  let reload: LiveReload

  /// The address pages are served at: `http://127.0.0.1:8000/`.
  let address: String

  /// Starts serving `site` on `host:port` and watching `chapters`, calling `rebuild` after each change,
  /// then `afterReload` once the open pages have been told (what can wait, such as saving caches).
  static func start(
    site: URL, chapters: URL, host: String, port: UInt16, pollInterval: TimeInterval = 0.05,
    reloadPollTimeout: Duration = .seconds(25), requestTimeout: Duration = .seconds(10),
    rebuild: @escaping Rebuild, afterReload: @escaping @Sendable () -> Void = {}
  ) async throws -> PreviewSession {
    let reload = LiveReload()
    let server = try await PreviewServer.start(
      host: host, port: port, root: site, reload: reload, pollTimeout: reloadPollTimeout,
      requestTimeout: requestTimeout)
    let watcher = ChapterWatcher(folder: chapters, interval: pollInterval) {
      if rebuild() { reload.advance() }
      afterReload()
    }
    watcher.start()
    let shownHost = host == "localhost" ? "127.0.0.1" : host
    return PreviewSession(
      server: server, watcher: watcher, reload: reload, address: "http://\(shownHost):\(server.port)/")
  }

  private init(server: PreviewServer, watcher: ChapterWatcher, reload: LiveReload, address: String) {
    self.server = server
    self.watcher = watcher
    self.reload = reload
    self.address = address
  }

  /// Stops watching, then serving; bounded, so Ctrl-C ends the command within a few seconds.
  func stop() async {
    self.watcher.stop()
    await self.server.stop()
  }
}
