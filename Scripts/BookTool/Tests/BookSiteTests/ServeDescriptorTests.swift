import BookKit
import Foundation
import XCTest

@testable import book_serve

/// Hostile case 9 of issue 18: a client that holds more idle connections than the process may open makes
/// `accept` fail; the server must listen again once they close, not stay up deaf.
extension ServeTests {
  func testTheServerListensAgainAfterRunningOutOfFileDescriptors() async throws {
    let workspace = try self.makeWorkspace()
    ServeCommand.renderSite(of: workspace)
    let session = try await PreviewSession.start(
      site: workspace.url("Site"), chapters: workspace.url("Chapters"), host: "127.0.0.1", port: 0,
      requestTimeout: .seconds(120)
    ) { false }
    self.addTeardownBlock { await session.stop() }
    let port = session.server.port
    var saved = rlimit()
    XCTAssertEqual(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &saved), 0)
    var lowered = saved
    lowered.rlim_cur = rlim_t(try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count + 40)
    XCTAssertEqual(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &lowered), 0)
    // Connections until this process has no descriptor left: the server's `accept` fails (EMFILE).
    var clients = await Self.offThePool { () -> [LoopbackClient] in
      var clients: [LoopbackClient] = []
      while clients.count < 200, let client = try? LoopbackClient(port: port) { clients.append(client) }
      return clients
    }
    try await Task.sleep(for: .milliseconds(300))
    clients.removeAll()
    XCTAssertEqual(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &saved), 0)
    try await Task.sleep(for: .milliseconds(500))
    let base = try XCTUnwrap(URL(string: session.address))
    let failures = try await Self.fetchAll(count: 8, at: base, concurrently: 2, deadline: 5)
    XCTAssertEqual(failures, [], "the server answers again once the idle connections are gone")
  }
}
