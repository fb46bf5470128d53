import FlyingFox
import FlyingSocks
import Foundation

/// The preview server's front door: it listens on the loopback address the reader opens, reads each
/// request's head itself (`RequestHead`: bounded, linear), and only then passes the request line to
/// FlyingFox, which listens on a Unix socket in a folder only this user can enter, and relays FlyingFox's
/// answer back.
///
/// FlyingFox reads a head in time quadratic in its line lengths, so a few clients each sending one 64 KB
/// header line held its CPU for a minute (hostile case 10 of issue 18). Here a head that breaks a bound is
/// answered `414` or `431` and closed, after at most 32 KB read; FlyingFox never sees it. A head must
/// arrive within the request deadline (`RequestDeadlines`, which the client's socket waits through), and
/// the answer is relayed until FlyingFox closes its side, which it does after every answer.
final class RequestGate: Sendable {
  /// The port the gate listens on.
  let port: UInt16
  /// The task accepting connections.
  private let accepting: Task<Void, Never>

  private init(port: UInt16, accepting: Task<Void, Never>) {
    self.port = port
    self.accepting = accepting
  }

  /// Listens on `address` and starts passing its requests to FlyingFox at `upstream`; throws when it
  /// cannot listen (a port in use).
  static func start(address: sockaddr_in, upstream: sockaddr_un, deadlines: RequestDeadlines) throws -> RequestGate {
    let socket = try Socket(domain: AF_INET, type: .stream)
    do {
      try socket.setValue(true, for: .localAddressReuse)
      #if canImport(Darwin)
        // As FlyingFox does: a write to a client that has gone fails instead of raising SIGPIPE (accepted
        // sockets inherit the option; Linux sends with MSG_NOSIGNAL).
        try socket.setValue(true, for: .noSIGPIPE)
      #endif
      try socket.bind(to: address)
      try socket.listen()
      guard case .ip4(_, let port) = try socket.sockname() else { throw SocketError.unsupportedAddress }
      let listening = try AsyncSocket(socket: socket, pool: deadlines)
      let accepting = Task { await Self.accept(on: listening, upstream: upstream, deadlines: deadlines) }
      return RequestGate(port: port, accepting: accepting)
    } catch {
      try? socket.close()
      throw error
    }
  }

  /// Stops accepting connections and closes the listening socket; requests already let through are
  /// answered (FlyingFox closing ends their relays).
  func stop() async {
    self.accepting.cancel()
    await self.accepting.value
  }

  /// Accepts connections until cancelled, each served on a task of its own. A failed `accept` (the
  /// process out of file descriptors: hostile case 9) is tried again after a pause that lets connections
  /// close, so the gate never stops listening.
  private static func accept(on listening: AsyncSocket, upstream: sockaddr_un, deadlines: RequestDeadlines) async {
    defer { try? listening.close() }
    while !Task.isCancelled {
      do {
        let client = try await listening.accept()
        Task { await Self.serve(client, upstream: upstream, deadlines: deadlines) }
      } catch {
        try? await Task.sleep(for: .milliseconds(100))
      }
    }
  }

  /// Reads one request's head from `client`; refuses it, drops it (too slow, or gone), or passes its
  /// request line to FlyingFox and relays the answer.
  private static func serve(_ client: AsyncSocket, upstream: sockaddr_un, deadlines: RequestDeadlines) async {
    defer { try? client.close() }
    let peer = (try? client.socket.remotePeer()).map(HTTPRequest.Address.make)
    var head = RequestHead()
    do {
      while head.feed(try await client.read(atMost: 4_096)) == .incomplete {}
    } catch {
      return
    }
    // The head has arrived: the client's clock stops, and the only wait left on its socket is writing.
    deadlines.answering(peer)
    switch head.verdict {
    case .complete: await Self.relay(head.forwarded, to: upstream, answeringOn: client, pool: deadlines.pool)
    case .refused(let status): try? await client.write(Data(RequestHead.refusal(status: status)))
    case .incomplete: return
    }
  }

  /// Sends `request` to FlyingFox, closes the sending side (FlyingFox ends the connection after one
  /// answer), and copies the answer to `client` until FlyingFox closes.
  private static func relay(
    _ request: [UInt8], to upstream: sockaddr_un, answeringOn client: AsyncSocket, pool: any AsyncSocketPool
  ) async {
    guard let server = try? await AsyncSocket.connected(to: upstream, pool: pool, timeout: 5) else { return }
    defer { try? server.close() }
    #if canImport(Darwin)
      try? server.socket.setValue(true, for: .noSIGPIPE)
    #endif
    do {
      try await server.write(Data(request))
      _ = shutdown(server.socket.file.rawValue, Int32(SHUT_WR))
      while true { try await client.write(Data(try await server.read(atMost: 65_536))) }
    } catch {
      return
    }
  }
}
