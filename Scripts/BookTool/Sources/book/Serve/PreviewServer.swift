import Foundation

/// A small HTTP/1.1 server for `book serve`: it serves the site folder, adds the live-reload script to
/// HTML pages as it sends them, and answers the pages' reload polls.
///
/// One thread accepts; each connection gets its own short-lived thread (a reload poll waits at most
/// `pollTimeout`), and at most `maxConnections` are served at once. `stop()` returns within a few seconds.
final class PreviewServer: @unchecked Sendable {
  // Unchecked: the mutable state (`running`, `connections`, `acceptorDone`) is only touched while
  // holding `state`; everything else is immutable after `init`.
  /// The folder served at `/` (the workspace's `Site/`).
  let root: URL
  /// The port the server listens on (the one asked for, or the free one picked for port 0).
  let port: UInt16
  /// The build generation pages wait on.
  let reload: LiveReload
  /// How long a reload poll waits before answering "no change".
  let pollTimeout: TimeInterval
  /// How many connections are served at once; more are turned away with 503.
  let maxConnections = 32

  /// The listening socket.
  private let listener: Int32
  /// Guards the serving state and signals its changes (a connection ending, the acceptor stopping).
  private let state = NSCondition()
  private var running = false
  private var connections = 0
  private var acceptorDone = true

  /// Listens on `host:port`; serving starts with `start()`.
  init(host: String, port: UInt16, root: URL, reload: LiveReload, pollTimeout: TimeInterval = 25) throws {
    (self.listener, self.port) = try ListeningSocket.listen(host: host, port: port)
    self.root = root
    self.reload = reload
    self.pollTimeout = pollTimeout
  }

  /// Starts accepting connections on a thread of its own.
  func start() {
    self.state.withLock {
      self.running = true
      self.acceptorDone = false
    }
    Thread.detachNewThread { self.acceptLoop() }
  }

  /// Stops accepting, releases waiting reload polls, waits (at most `limit`) for open connections to
  /// finish, and closes the listening socket.
  func stop(waitingAtMost limit: TimeInterval = 3) {
    self.state.withLock { self.running = false }
    self.reload.close()
    let deadline = Date(timeIntervalSinceNow: limit)
    self.state.lock()
    while !self.acceptorDone || self.connections > 0, self.state.wait(until: deadline) {}
    self.state.unlock()
    ListeningSocket.close(self.listener)
  }

  /// Whether `stop()` has not been called yet.
  private var isRunning: Bool { self.state.withLock { self.running } }

  /// Accepts connections until `stop()`; checks for it every 200 ms.
  private func acceptLoop() {
    while self.isRunning {
      guard let connection = ListeningSocket.accept(on: self.listener, timeout: 200) else { continue }
      let admitted = self.state.withLock {
        guard self.connections < self.maxConnections else { return false }
        self.connections += 1
        return true
      }
      guard admitted else {
        ListeningSocket.write(HTTPResponse.text(503, "busy: too many connections").data, to: connection)
        ListeningSocket.close(connection)
        continue
      }
      Thread.detachNewThread { self.serve(connection) }
    }
    self.state.withLock {
      self.acceptorDone = true
      self.state.broadcast()
    }
  }

  /// Answers one request and closes the connection.
  private func serve(_ connection: Int32) {
    defer {
      ListeningSocket.close(connection)
      self.state.withLock {
        self.connections -= 1
        self.state.broadcast()
      }
    }
    guard let head = ListeningSocket.readHead(from: connection) else { return }
    let response = self.response(to: HTTPRequest(head: head))
    ListeningSocket.write(response.data, to: connection)
  }
}
