import BookKit
import Foundation
import Synchronization
import XCTest

@testable import book_serve

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `book serve` against clients that do not play along, all on loopback, bounded in count and time:
/// abandoned reload polls, clients that dribble their request, and normal requests next to them.
/// Blocking socket calls run on threads of their own, never on the task pool the server runs on.
extension ServeTests {
  /// The request a slow client sends, one byte at a time.
  static let slowRequest =
    "GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: \(String(repeating: "x", count: 64))\r\n\r\n"

  func testNormalRequestsAllSucceedPastIdlePollsAndSlowClients() async throws {
    let workspace = try self.makeWorkspace()
    ServeCommand.renderSite(of: workspace)
    // Timeouts far longer than the test, so every hostile connection is still open while it runs.
    let session = try await PreviewSession.start(
      site: workspace.url("Site"), chapters: workspace.url("Chapters"), host: "127.0.0.1", port: 0,
      reloadPollTimeout: .seconds(120), requestTimeout: .seconds(120)
    ) { false }
    self.addTeardownBlock { await session.stop() }
    let port = session.server.port

    let polls = try await Self.offThePool { try (0..<64).map { _ in try LoopbackClient(port: port) } }
    for poll in polls { poll.send("GET /__reload?since=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") }
    try await Self.waitUntil { session.reload.waiters == 64 }
    XCTAssertEqual(session.reload.waiters, 64, "64 abandoned polls are parked")

    let slow = try await Self.offThePool { try (0..<16).map { _ in try LoopbackClient(port: port) } }
    let dribbler = Dribbler(clients: slow, text: Self.slowRequest, interval: 3)
    self.addTeardownBlock { dribbler.stop() }
    try await Self.waitUntil { session.server.deadlines.pending >= 16 }
    XCTAssertGreaterThanOrEqual(session.server.deadlines.pending, 16, "16 slow requests are arriving")

    let base = try XCTUnwrap(URL(string: session.address))
    let failures = try await Self.fetchAll(count: 200, at: base, concurrently: 8, deadline: 2)
    XCTAssertEqual(failures, [], "every normal request succeeds within 2 s")
    XCTAssertEqual(session.reload.waiters, 64, "the polls were not dropped to make room")
    XCTAssertGreaterThanOrEqual(session.server.deadlines.pending, 16, "nor the slow clients")
    dribbler.stop()
  }

  func testAClientThatDribblesItsRequestIsDroppedAfterTheRequestTimeout() async throws {
    let workspace = try self.makeWorkspace()
    ServeCommand.renderSite(of: workspace)
    let session = try await PreviewSession.start(
      site: workspace.url("Site"), chapters: workspace.url("Chapters"), host: "127.0.0.1", port: 0,
      requestTimeout: .milliseconds(500)
    ) { false }
    self.addTeardownBlock { await session.stop() }
    let port = session.server.port
    let slow = try await Self.offThePool { try LoopbackClient(port: port) }
    // One byte every 100 ms: the whole request would take 10 s, twenty times the request timeout.
    let dribbler = Dribbler(clients: [slow], text: Self.slowRequest, interval: 0.1)
    self.addTeardownBlock { dribbler.stop() }
    let started = Date()
    let (answer, closed) = await Self.offThePool { slow.receiveUntilClosed() }
    let elapsed = Date().timeIntervalSince(started)
    dribbler.stop()
    XCTAssertTrue(closed, "the server closes the connection (within the client's 15 s read limit)")
    XCTAssertEqual(answer, "", "a request that never arrived gets no answer")
    XCTAssertLessThan(elapsed, 10, "dropped long before the request could have arrived (took \(elapsed) s)")
    let page = try await Self.fetch(try XCTUnwrap(URL(string: session.address)), timeout: 5)
    XCTAssertEqual(page.status, 200, "and the server goes on serving")
    XCTAssertEqual(session.server.deadlines.pending, 0, "the dropped request is forgotten")
  }

  func testAnIdlePollIsAnsweredWhenItsTimeIsUpAndItsConnectionClosed() async throws {
    let workspace = try self.makeWorkspace()
    ServeCommand.renderSite(of: workspace)
    let session = try await PreviewSession.start(
      site: workspace.url("Site"), chapters: workspace.url("Chapters"), host: "127.0.0.1", port: 0,
      reloadPollTimeout: .milliseconds(300)
    ) { false }
    self.addTeardownBlock { await session.stop() }
    let port = session.server.port
    let poll = try await Self.offThePool { try LoopbackClient(port: port) }
    poll.send("GET /__reload?since=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    let (answer, closed) = await Self.offThePool { poll.receiveUntilClosed() }
    XCTAssertTrue(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), answer)
    XCTAssertTrue(answer.contains("\r\nConnection: close\r\n"), answer)
    XCTAssertTrue(answer.hasSuffix("\r\n\r\n0\n"), "no change: the same generation\n\(answer)")
    XCTAssertTrue(closed, "and the connection is closed")
    XCTAssertEqual(session.reload.waiters, 0)
  }

  /// Fetches `count` pages of the site, `concurrently` at a time; returns what went wrong: a status
  /// other than 200, an error, or an answer that took longer than `deadline` seconds.
  static func fetchAll(count: Int, at base: URL, concurrently: Int, deadline: TimeInterval) async throws
    -> [String]
  {
    let paths = ["index.html", "01-alpha.html", "assets/book.css", "__reload.js?since=0"]
    let urls = try (0..<count).map { try XCTUnwrap(URL(string: paths[$0 % paths.count], relativeTo: base)) }
    var failures: [String] = []
    for start in stride(from: 0, to: count, by: concurrently) {
      let batch = urls[start..<min(start + concurrently, count)]
      failures += await withTaskGroup(of: String?.self) { group in
        for url in batch {
          group.addTask { await Self.problem(fetching: url, deadline: deadline) }
        }
        return await group.reduce(into: []) { if let problem = $1 { $0.append(problem) } }
      }
    }
    return failures
  }

  /// What is wrong with fetching `url` within `deadline` seconds, or nil when nothing is.
  private static func problem(fetching url: URL, deadline: TimeInterval) async -> String? {
    let started = Date()
    do {
      let answer = try await Self.fetch(url, timeout: deadline)
      let elapsed = Date().timeIntervalSince(started)
      if answer.status != 200 { return "\(url.relativeString): status \(answer.status)" }
      if answer.body.isEmpty { return "\(url.relativeString): empty body" }
      if elapsed > deadline { return "\(url.relativeString): \(elapsed) s" }
      return nil
    } catch {
      return "\(url.relativeString): \(error)"
    }
  }

  /// Runs blocking work (socket calls) on a thread of its own and waits for it without blocking the pool.
  static func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
  }

  /// Runs blocking work that cannot fail on a thread of its own.
  static func offThePool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: work()) }
    }
  }
}

/// Sends a request to each of its clients one byte at a time, every `interval` seconds, on a thread of
/// its own, until stopped or the request is all sent (bounded: one byte per client per interval).
final class Dribbler: Sendable {
  private let stopped = Mutex(false)
  private let finished = DispatchSemaphore(value: 0)

  /// Starts dribbling `text` to `clients`.
  init(clients: [LoopbackClient], text: String, interval: TimeInterval) {
    let bytes = text.map(String.init)
    Thread.detachNewThread { [self] in
      defer { self.finished.signal() }
      for byte in bytes {
        var open = false
        for client in clients where client.send(byte) { open = true }
        guard open, self.pause(interval) else { return }
      }
    }
  }

  /// Stops dribbling and waits for the thread to end (bounded by one short pause).
  func stop() {
    let wasStopped = self.stopped.withLock { stopped in
      defer { stopped = true }
      return stopped
    }
    if !wasStopped { self.finished.wait() }
  }

  /// Waits `interval` seconds in short steps; false once stopped.
  private func pause(_ interval: TimeInterval) -> Bool {
    let end = Date(timeIntervalSinceNow: interval)
    while Date() < end {
      if self.stopped.withLock({ $0 }) { return false }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return !self.stopped.withLock { $0 }
  }
}
