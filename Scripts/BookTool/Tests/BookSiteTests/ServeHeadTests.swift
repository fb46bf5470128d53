import BookKit
import Foundation
import XCTest

@testable import book_serve

/// Hostile case 10 of issue 18: FlyingFox reads a header line in time quadratic in its length, so a few
/// clients each sending one 64 KB header line held the server's CPU for a minute. `RequestGate` reads
/// every head first, within `RequestHead`'s bounds, and FlyingFox sees only the request line.
extension ServeTests {
  func testLongHeaderLinesAreRefusedAndANormalRequestIsAnsweredWithinASecond() async throws {
    let executable = try XCTUnwrap(
      Self.bookExecutable?.deletingLastPathComponent().appendingPathComponent("book-serve"),
      "the built `book-serve` executable next to the tests")
    let workspace = try self.makeWorkspace()
    let process = Process()
    process.executableURL = executable
    process.arguments = ["--port", "0", "--root", workspace.root.path]
    let output = ServeOutputCollector()
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    pipe.fileHandleForReading.readabilityHandler = { output.append($0.availableData) }
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    let address = try XCTUnwrap(
      output.waitForMatch(after: "serving Site/ at ", upTo: "/ ", timeout: 60), "no address in:\n\(output.text)")
    let port = try XCTUnwrap(address.split(separator: ":").last.flatMap { UInt16($0) })

    let long = "GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: \(String(repeating: "a", count: 65_536))\r\n\r\n"
    let hostile = try await Self.offThePool { try (0..<4).map { _ in try LoopbackClient(port: port) } }
    let answers = hostile.map { client in
      Task {
        await Self.offThePool { () -> (text: String, seconds: Double) in
          let started = Date()
          client.send(long)
          return (client.receiveUntilClosed().text, Date().timeIntervalSince(started))
        }
      }
    }
    try await Task.sleep(for: .milliseconds(100))
    let started = Date()
    let page = try await Self.fetch(try XCTUnwrap(URL(string: address + "/01-alpha.html")), timeout: 5)
    let elapsed = Date().timeIntervalSince(started)
    XCTAssertEqual(page.status, 200)
    XCTAssertLessThan(elapsed, 1, "a normal request beside the long lines is answered within a second")
    for task in answers {
      let answer = await task.value
      XCTAssertTrue(answer.text.hasPrefix("HTTP/1.1 431 "), "a long header line is refused: \(answer.text.prefix(40))")
      XCTAssertLessThan(answer.seconds, 2, "and at once, not after FlyingFox has read it")
    }
    process.interrupt()
    process.waitUntilExit()
    pipe.fileHandleForReading.readabilityHandler = nil
  }
}

/// `RequestHead` on its own: what completes a head, what breaks a bound, and what FlyingFox is given.
final class RequestHeadTests: XCTestCase {
  /// Feeds `text` whole, and again byte by byte: the verdicts must agree.
  private func verdict(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> RequestHead.Verdict {
    var whole = RequestHead()
    whole.feed(Array(text.utf8))
    var bytewise = RequestHead()
    for byte in text.utf8 { bytewise.feed([byte]) }
    XCTAssertEqual(whole.verdict, bytewise.verdict, "fed whole or byte by byte", file: file, line: line)
    return whole.verdict
  }

  func testAHeadEndsAtItsEmptyLineWithEitherLineEnding() {
    XCTAssertEqual(self.verdict("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), .complete)
    XCTAssertEqual(self.verdict("GET / HTTP/1.1\nHost: x\n\n"), .complete)
    XCTAssertEqual(self.verdict("GET / HTTP/1.1\r\n\r\n"), .complete)
    XCTAssertEqual(self.verdict("GET / HTTP/1.1\r\nHost: x\r\n"), .incomplete)
    XCTAssertEqual(self.verdict("GET / HTTP/1.1\r\nHost: x\r\n\r"), .incomplete)
  }

  func testFlyingFoxIsGivenTheRequestLineAlone() {
    var head = RequestHead()
    head.feed(Array("GET /a.html?b=c HTTP/1.1\r\nHost: x\r\nCookie: long\r\n\r\nbody".utf8))
    XCTAssertEqual(String(decoding: head.forwarded, as: UTF8.self), "GET /a.html?b=c HTTP/1.1\r\n\r\n")
  }

  func testEachBoundIsRefusedOneByteOrLinePastIt() {
    let request = "GET / HTTP/1.1\r\n"
    let longest = "GET /\(String(repeating: "a", count: RequestHead.maximumRequestLine - 14)) HTTP/1.1"
    XCTAssertEqual(self.verdict(longest + "\r\n\r\n"), .complete, "a request line at the bound")
    XCTAssertEqual(self.verdict(longest + "a"), .refused(status: 414), "one byte past it")
    let header = "X: " + String(repeating: "a", count: RequestHead.maximumHeaderLine - 3)
    XCTAssertEqual(self.verdict(request + header + "\r\n\r\n"), .complete, "a header line at the bound")
    XCTAssertEqual(self.verdict(request + header + "a"), .refused(status: 431), "one byte past it")
    let lines = String(repeating: "X: a\r\n", count: RequestHead.maximumHeaderLines)
    XCTAssertEqual(self.verdict(request + lines + "\r\n"), .complete, "as many header lines as allowed")
    XCTAssertEqual(self.verdict(request + lines + "X"), .refused(status: 431), "one line more")
    let big = String(repeating: "X: \(String(repeating: "a", count: 1_000))\r\n", count: 40)
    XCTAssertEqual(self.verdict(request + big), .refused(status: 431), "more bytes than the head may have")
  }

  func testARefusalIsACompleteAnswerThatClosesTheConnection() {
    let answer = String(decoding: RequestHead.refusal(status: 431), as: UTF8.self)
    XCTAssertEqual(
      answer, "HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
    XCTAssertTrue(
      String(decoding: RequestHead.refusal(status: 414), as: UTF8.self).hasPrefix("HTTP/1.1 414 URI Too Long"))
  }
}
