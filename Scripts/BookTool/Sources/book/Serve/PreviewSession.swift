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

  /// Starts serving `site` on `host:port` and watching `chapters`, calling `rebuild` after each change.
  init(
    site: URL, chapters: URL, host: String, port: UInt16, pollInterval: TimeInterval = 0.3,
    reloadPollTimeout: TimeInterval = 25, rebuild: @escaping Rebuild
  ) throws {
    let reload = LiveReload()
    self.reload = reload
    self.server = try PreviewServer(host: host, port: port, root: site, reload: reload, pollTimeout: reloadPollTimeout)
    self.watcher = ChapterWatcher(folder: chapters, interval: pollInterval) {
      if rebuild() { reload.advance() }
    }
    self.address = "http://\(host):\(self.server.port)/"
    self.server.start()
    self.watcher.start()
  }

  /// Stops watching, then serving; bounded, so Ctrl-C ends the command within a few seconds.
  func stop() {
    self.watcher.stop()
    self.server.stop()
  }
}
