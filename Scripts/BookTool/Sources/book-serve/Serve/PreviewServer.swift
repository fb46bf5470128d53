import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// The HTTP side of `book serve`: a `RequestGate` on a loopback address in front of FlyingFox's server,
/// which answers every request from a `PreviewSite`.
///
/// FlyingFox serves each connection as a task on one event loop (epoll, kqueue), so a client that is
/// slow, or a reload poll that is parked, holds no thread. What FlyingFox leaves open is bounded here:
/// each request's head must arrive within `requestTimeout` (`RequestDeadlines`) and within the bounds of
/// `RequestHead` (the gate reads it; FlyingFox gets the request line alone, over a Unix socket in a private
/// folder), each handler may take the poll timeout plus a margin, and every response closes its connection.
final class PreviewServer: Sendable {
  /// Why the server could not start.
  struct Failure: Error, CustomStringConvertible {
    /// What went wrong, with the system's reason.
    var description: String
  }

  /// The port the server listens on (the one asked for, or the free one picked for port 0).
  let port: UInt16
  /// What is served.
  let site: PreviewSite
  /// The request deadlines (tests look at how many requests are arriving).
  let deadlines: RequestDeadlines
  /// The front door, which reads each head before FlyingFox does.
  private let gate: RequestGate
  /// FlyingFox's server.
  private let server: HTTPServer
  /// The task running the server.
  private let running: Task<Void, Never>
  /// The private folder holding FlyingFox's socket.
  private let folder: URL

  /// Listens on `host:port` (a loopback address; port 0: any free port) and starts serving `root`.
  /// A reload poll waits at most `pollTimeout`; a request must arrive within `requestTimeout`.
  static func start(
    host: String, port: UInt16, root: URL, reload: LiveReload, pollTimeout: Duration = .seconds(25),
    requestTimeout: Duration = .seconds(10)
  ) async throws -> PreviewServer {
    let address = try Self.loopbackAddress(host: host, port: port)
    let folder = try Self.privateFolder()
    let socketPath = folder.appendingPathComponent("http.sock").path
    let inside = sockaddr_un.unix(path: socketPath)
    let deadlines = RequestDeadlines(pool: HTTPServer.defaultPool(), limit: requestTimeout)
    let site = PreviewSite(root: root, reload: reload, pollTimeout: pollTimeout)
    let handlerTimeout = (pollTimeout + .seconds(5)).components
    let config = HTTPServer.Configuration(
      address: inside, timeout: TimeInterval(handlerTimeout.seconds), pool: deadlines.pool, logger: .disabled)
    let server = HTTPServer(config: config, handler: PreviewHandler(site: site))
    let failure = RunFailure()
    let running = Task { await Self.serve(server, at: socketPath, recordingFailure: failure) }
    let gate: RequestGate
    do {
      _ = try await Self.waitUntilListening(server, or: failure)
      gate = try RequestGate.start(address: address, upstream: inside, deadlines: deadlines)
    } catch {
      running.cancel()
      await running.value
      try? FileManager.default.removeItem(at: folder)
      throw Failure(description: "cannot listen on \(host):\(port) (\(Self.reason(error))); choose another --port")
    }
    return PreviewServer(
      port: gate.port, site: site, deadlines: deadlines, gate: gate, server: server, running: running, folder: folder)
  }

  private init(
    port: UInt16, site: PreviewSite, deadlines: RequestDeadlines, gate: RequestGate, server: HTTPServer,
    running: Task<Void, Never>, folder: URL
  ) {
    self.port = port
    self.site = site
    self.deadlines = deadlines
    self.gate = gate
    self.server = server
    self.running = running
    self.folder = folder
  }

  /// Answers every waiting reload poll, stops listening, gives open connections up to `grace` to finish,
  /// then ends them.
  func stop(grace: TimeInterval = 1) async {
    await self.gate.stop()
    self.site.reload.close()
    await self.server.stop(timeout: grace)
    self.running.cancel()
    await self.running.value
    try? FileManager.default.removeItem(at: self.folder)
  }

  /// A new folder that only this user can enter, for FlyingFox's socket: no other user can reach FlyingFox
  /// around the gate.
  private static func privateFolder() throws -> URL {
    var template = Array(
      FileManager.default.temporaryDirectory.appendingPathComponent("book-serve-XXXXXX").path.utf8CString)
    guard let made = mkdtemp(&template) else {
      throw Failure(description: "cannot make a private folder (\(String(cString: strerror(errno))))")
    }
    return URL(fileURLWithPath: String(cString: made), isDirectory: true)
  }

  /// Runs the server until it is stopped. FlyingFox's accept loop ends for good when `accept` fails, as
  /// it does when the process runs out of file descriptors (a client holding a thousand idle connections,
  /// hostile case 9); the server then listens again at `socketPath` (removed first: a Unix socket's file
  /// stays), after a pause that lets connections close, rather than stay up deaf. A failure before it ever
  /// listened is recorded for `start`.
  private static func serve(_ server: HTTPServer, at socketPath: String, recordingFailure failure: RunFailure) async {
    var listened = false
    while !Task.isCancelled {
      do {
        try await server.run()
        return
      } catch {
        listened = listened || failure.listened
        guard listened, !Task.isCancelled else { return failure.record(error) }
        try? await Task.sleep(for: .milliseconds(100))
        _ = unlink(socketPath)
      }
    }
  }

  /// The IPv4 loopback address for `host` (`127.0.0.1`, any `127.x.y.z`, or `localhost`): the preview
  /// stays on this machine.
  static func loopbackAddress(host: String, port: UInt16) throws -> sockaddr_in {
    let host = host == "localhost" ? "127.0.0.1" : host
    guard let address = try? sockaddr_in.inet(ip4: host, port: port) else {
      throw Failure(description: "'\(host)' is not an IPv4 address such as 127.0.0.1")
    }
    guard host.split(separator: ".").first == "127" else {
      throw Failure(description: "'\(host)' is not a loopback address; the preview listens on 127.0.0.1 only")
    }
    return address
  }

  /// Waits (at most 10 s) until the server listens, and returns its address; throws why it could not
  /// (a port in use).
  private static func waitUntilListening(_ server: HTTPServer, or failure: RunFailure) async throws -> Socket.Address {
    let deadline = ContinuousClock.now.advanced(by: .seconds(10))
    while ContinuousClock.now < deadline {
      if let address = await server.listeningAddress {
        failure.listened = true
        return address
      }
      if let error = failure.error { throw error }
      try await Task.sleep(for: .milliseconds(5))
    }
    throw Failure(description: "not listening after 10 s")
  }

  /// The system's words for a failure to listen: `Address already in use`.
  private static func reason(_ error: any Error) -> String {
    switch error {
    case SocketError.failed(_, _, let message): message
    case let failure as Failure: failure.description
    default: "\(error)"
    }
  }

  /// How the task running the server ended, if it did.
  private final class RunFailure: Sendable {
    private let state = Mutex<(any Error)?>(nil)
    private let started = Mutex(false)

    /// The error the server stopped with.
    var error: (any Error)? { self.state.withLock { $0 } }

    /// Whether the server has listened once.
    var listened: Bool {
      get { self.started.withLock { $0 } }
      set { self.started.withLock { $0 = newValue } }
    }

    /// Records the error the server stopped with.
    func record(_ error: any Error) {
      self.state.withLock { $0 = error }
    }
  }
}
