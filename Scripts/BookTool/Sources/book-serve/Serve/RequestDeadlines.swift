import FlyingFox
import FlyingSocks
import Foundation
import Synchronization

/// The socket pool of the preview server's clients: FlyingFox's own (epoll, kqueue), with a deadline on
/// every request. `RequestGate` reads each head through it; FlyingFox's side of the gate waits through the
/// plain `pool`.
///
/// FlyingFox bounds how long a handler may take, but not how long a client may take to send its
/// request: a client that sends one byte every few seconds would keep its connection forever. Every wait
/// to read from a client goes through `suspendSocket`, so that is where the bound goes. A connection's
/// clock starts the first time the server waits for it to send, and stops when its request's head has
/// arrived in full (`answering`); a wait still pending when the clock passes `limit` fails, and the gate
/// closes that connection. After that, the next read wait on the connection fails at once: every answer
/// closes its connection. A wait to write (a client that stops reading) is bounded by `limit` on
/// its own. The listening socket (no peer) waits without a bound.
final class RequestDeadlines: AsyncSocketPool {
  /// Where a connection is, by its peer address.
  private enum Stage {
    /// Its request is arriving, and must have arrived by the deadline.
    case arriving(deadline: ContinuousClock.Instant)
    /// Its request was answered at that time; the connection is to be closed.
    case answered(at: ContinuousClock.Instant)
  }

  /// The pool that does the waiting.
  let pool: any AsyncSocketPool
  /// How long one request may take to arrive, and one write may wait.
  let limit: Duration
  /// Each connection's stage, by the connection's peer address.
  private let stages = Mutex<[HTTPRequest.Address: Stage]>([:])

  /// Bounds `pool`'s waits by `limit`.
  init(pool: any AsyncSocketPool, limit: Duration) {
    self.pool = pool
    self.limit = limit
  }

  /// Prepares the pool.
  func prepare() async throws {
    try await self.pool.prepare()
  }

  /// Runs the pool.
  func run() async throws {
    try await self.pool.run()
  }

  /// Waits until `socket` is ready for `events`; fails with `SocketError.timeout` once the connection's
  /// request (or this write) has taken longer than `limit`, or at once after its answer.
  func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
    guard let peer = try? socket.remotePeer() else {
      return try await self.pool.suspendSocket(socket, untilReadyFor: events)
    }
    let address = HTTPRequest.Address.make(from: peer)
    let deadline =
      events.contains(.write) ? ContinuousClock.now.advanced(by: self.limit) : self.deadline(for: address)
    do {
      try await Self.wait(until: deadline) {
        try await self.pool.suspendSocket(socket, untilReadyFor: events)
      }
    } catch {
      // The connection is about to be closed: forget it.
      _ = self.stages.withLock { $0.removeValue(forKey: address) }
      throw error
    }
  }

  /// Stops the clock of the connection from `peer`: its request has arrived in full and is being
  /// answered; the connection is closed after the answer.
  func answering(_ peer: HTTPRequest.Address?) {
    guard let peer else { return }
    self.stages.withLock { $0[peer] = .answered(at: .now) }
  }

  /// How many connections are in the middle of sending a request (or went away between two reads of
  /// one, until their entry is swept).
  var pending: Int {
    self.stages.withLock { stages in
      stages.values.count { if case .arriving = $0 { true } else { false } }
    }
  }

  /// The deadline of the request now arriving from `peer` (already passed once it was answered),
  /// starting its clock if this is the first wait. Entries of connections that went away are swept:
  /// arriving ones once past their deadline by another `limit` (a live connection's wait has failed by
  /// then), answered ones after a second (a client that closed first left no wait to fail).
  private func deadline(for peer: HTTPRequest.Address) -> ContinuousClock.Instant {
    let now = ContinuousClock.now
    return self.stages.withLock { stages in
      switch stages[peer] {
      case .arriving(let deadline):
        return deadline
      case .answered:
        stages[peer] = nil
        return now
      case nil:
        if stages.count >= 64 { stages = stages.filter { Self.isCurrent($0.value, at: now, limit: self.limit) } }
        let deadline = now.advanced(by: self.limit)
        stages[peer] = .arriving(deadline: deadline)
        return deadline
      }
    }
  }

  /// Whether an entry may still belong to an open connection.
  private static func isCurrent(_ stage: Stage, at now: ContinuousClock.Instant, limit: Duration) -> Bool {
    switch stage {
    case .arriving(let deadline): now < deadline.advanced(by: limit)
    case .answered(let time): now < time.advanced(by: .seconds(1))
    }
  }

  /// Runs `body`, failing with `SocketError.timeout` (and cancelling it) if it is not done by `deadline`.
  static func wait(
    until deadline: ContinuousClock.Instant, _ body: @escaping @Sendable () async throws -> Void
  ) async throws {
    guard ContinuousClock.now < deadline else { throw Self.timeout }
    try await withThrowingTaskGroup(of: Bool.self) { group in
      group.addTask {
        try await body()
        return true
      }
      group.addTask {
        try await Task.sleep(until: deadline, clock: .continuous)
        return false
      }
      let ready = try await group.next() ?? false
      group.cancelAll()
      guard ready else { throw Self.timeout }
    }
  }

  /// The failure of a request that took too long.
  static let timeout = SocketError.timeout(message: "the request took too long to arrive")
}
