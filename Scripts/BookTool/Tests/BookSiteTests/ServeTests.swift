import BookKit
import Foundation
import Synchronization
import XCTest

@testable import book_serve

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `book serve`: a live server on a free loopback port, fetched with URLSession, rebuilt and reloaded
/// when a chapter changes, and stopped cleanly. Every wait is bounded.
final class ServeTests: XCTestCase {
  /// A temporary workspace with one chapter, `Chapters/01-alpha.md`, that says `First version.`.
  func makeWorkspace() throws -> Workspace {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
    self.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
    try FileManager.default.createDirectory(
      at: root.appendingPathComponent("Chapters"), withIntermediateDirectories: true)
    try Data("// test workspace\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
    let workspace = Workspace(root: root)
    try self.writeChapter("First version.", in: workspace)
    return workspace
  }

  /// Rewrites the chapter with one sentence.
  func writeChapter(_ sentence: String, in workspace: Workspace) throws {
    try workspace.write(Data("# Alpha\n\n\(sentence)\n".utf8), to: "Chapters/01-alpha.md")
  }

  /// GETs a URL (or sends another method) with a bounded wait.
  static func fetch(_ url: URL, method: String = "GET", timeout: TimeInterval = 15) async throws -> (
    status: Int, body: String
  ) {
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.httpMethod = method
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
  }

  func testServesThePagesRebuildsOnAChangeAndSignalsTheReload() async throws {
    let workspace = try self.makeWorkspace()
    XCTAssertTrue(ServeCommand.renderSite(of: workspace), "the first render writes the site")
    let session = try await PreviewSession.start(
      site: workspace.url("Site"), chapters: workspace.url("Chapters"), host: "127.0.0.1", port: 0,
      pollInterval: 0.1, reloadPollTimeout: .seconds(15)
    ) {
      ServeCommand.renderSite(of: workspace)
    }
    self.addTeardownBlock { await session.stop() }
    let base = try XCTUnwrap(URL(string: session.address))
    XCTAssertTrue(session.address.hasPrefix("http://127.0.0.1:"))

    let index = try await Self.fetch(base)
    XCTAssertEqual(index.status, 200)
    XCTAssertTrue(index.body.contains("<script src=\"/__reload.js?since=0\"></script></body>"), "script injected")
    let onDisk = String(decoding: try workspace.read("Site/index.html"), as: UTF8.self)
    XCTAssertFalse(onDisk.contains("__reload"), "the files on disk never carry the reload script")

    let page = try await Self.fetch(base.appendingPathComponent("01-alpha.html"))
    XCTAssertTrue(page.body.contains("First version."))

    async let signal = Self.fetch(URL(string: "__reload?since=0", relativeTo: base)!)
    try await Self.waitUntil { session.reload.waiters == 1 }
    XCTAssertEqual(session.reload.current, 0, "the poll is parked, not answered: nothing changed yet")
    try self.writeChapter("Second version.", in: workspace)
    let reload = try await signal
    XCTAssertEqual(reload.status, 200)
    XCTAssertEqual(
      reload.body.trimmingCharacters(in: .whitespacesAndNewlines), "1", "the reload poll answers the new generation")

    let rebuilt = try await Self.fetch(base.appendingPathComponent("01-alpha.html"))
    XCTAssertTrue(rebuilt.body.contains("Second version."))
    XCTAssertTrue(rebuilt.body.contains("/__reload.js?since=1"))
    let script = try await Self.fetch(URL(string: "__reload.js?since=1", relativeTo: base)!)
    XCTAssertTrue(script.body.contains("var seen = 1;"))
  }

  func testAnswersMissingPagesFoldersAndOtherMethods() async throws {
    let workspace = try self.makeWorkspace()
    ServeCommand.renderSite(of: workspace)
    let session = try await PreviewSession.start(
      site: workspace.url("Site"), chapters: workspace.url("Chapters"), host: "127.0.0.1", port: 0
    ) { false }
    self.addTeardownBlock { await session.stop() }
    let base = try XCTUnwrap(URL(string: session.address))
    let missing = try await Self.fetch(base.appendingPathComponent("nope.html"))
    XCTAssertEqual(missing.status, 404)
    XCTAssertTrue(missing.body.contains("/__reload.js"), "a missing page reloads once a rebuild makes it")
    let folder = try await Self.fetch(URL(string: "assets", relativeTo: base)!)
    XCTAssertEqual(folder.status, 404, "a folder without an index.html is no page")
    let css = try await Self.fetch(URL(string: "assets/book.css", relativeTo: base)!)
    XCTAssertEqual(css.status, 200)
    XCTAssertFalse(css.body.contains("__reload"), "only HTML pages get the script")
    let post = try await Self.fetch(base, method: "POST")
    XCTAssertEqual(post.status, 405)
  }

  func testNothingOutsideTheSiteIsServedAndHeadSendsNoBody() async throws {
    let workspace = try self.makeWorkspace()
    ServeCommand.renderSite(of: workspace)
    try workspace.write(Data("secret".utf8), to: "outside.txt")
    try FileManager.default.createSymbolicLink(
      at: try workspace.url("Site/leak.txt"), withDestinationURL: try workspace.url("outside.txt"))
    let session = try await PreviewSession.start(
      site: workspace.url("Site"), chapters: workspace.url("Chapters"), host: "127.0.0.1", port: 0
    ) { false }
    self.addTeardownBlock { await session.stop() }
    let port = session.server.port
    // Raw requests: an HTTP library would tidy `..` away before sending.
    for target in ["/../outside.txt", "/assets/../../outside.txt", "/%2e%2e/outside.txt", "/leak.txt"] {
      let client = try await Self.offThePool { try LoopbackClient(port: port) }
      client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
      let (answer, _) = await Self.offThePool { client.receiveUntilClosed() }
      XCTAssertTrue(answer.hasPrefix("HTTP/1.1 404 "), "\(target): \(answer)")
      XCTAssertFalse(answer.contains("secret"), target)
    }
    let page = try workspace.read("Site/01-alpha.html")
    let client = try await Self.offThePool { try LoopbackClient(port: port) }
    client.send("HEAD /01-alpha.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    let (head, closed) = await Self.offThePool { client.receiveUntilClosed() }
    XCTAssertTrue(head.hasPrefix("HTTP/1.1 200 OK\r\n"), head)
    XCTAssertTrue(head.contains("\r\nContent-Type: text/html; charset=utf-8\r\n"), head)
    XCTAssertTrue(head.hasSuffix("\r\n\r\n"), "a head and no body: \(head)")
    let length = head.components(separatedBy: "\r\nContent-Length: ").last?.prefix { $0.isNumber }
    XCTAssertGreaterThan(Int(length ?? "") ?? 0, page.count, "the length of the page with its script")
    XCTAssertTrue(closed)
  }

  func testTheCommandServesAndStopsCleanlyOnControlC() async throws {
    let executable = try XCTUnwrap(Self.bookExecutable, "the built `book` executable next to the tests")
    let workspace = try self.makeWorkspace()
    let process = Process()
    process.executableURL = executable
    process.arguments = ["serve", "--port", "0", "--root", workspace.root.path]
    let output = ServeOutputCollector()
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    pipe.fileHandleForReading.readabilityHandler = { output.append($0.availableData) }
    try process.run()
    defer { if process.isRunning { process.terminate() } }

    let address = try XCTUnwrap(
      output.waitForMatch(after: "serving Site/ at ", upTo: "/ ", timeout: 60), "no address in:\n\(output.text)")
    let page = try await Self.fetch(try XCTUnwrap(URL(string: address + "/01-alpha.html")))
    XCTAssertTrue(page.body.contains("First version."))

    process.interrupt()
    let deadline = Date(timeIntervalSinceNow: 30)
    while process.isRunning, Date() < deadline { try await Task.sleep(nanoseconds: 50_000_000) }
    XCTAssertFalse(process.isRunning, "book serve stops on Ctrl-C")
    XCTAssertEqual(process.terminationStatus, 0)
    pipe.fileHandleForReading.readabilityHandler = nil
    XCTAssertTrue(output.text.contains("book serve: stopped"), output.text)
  }

  func testAPortInUseIsACommandLineErrorOnStandardError() async throws {
    let executable = try XCTUnwrap(Self.bookExecutable, "the built `book` executable next to the tests")
    let workspace = try self.makeWorkspace()
    let busy = try await PreviewServer.start(
      host: "127.0.0.1", port: 0, root: URL(fileURLWithPath: "/"), reload: LiveReload())
    self.addTeardownBlock { await busy.stop() }
    let result = try SiteCommandTests.runProcess(
      executable, ["serve", "--port", "\(busy.port)", "--root", workspace.root.path])
    XCTAssertEqual(result.status, 1)
    let expected = "<command-line>: error: cannot listen on 127.0.0.1:\(busy.port)"
    XCTAssertTrue(result.stderr.hasPrefix(expected), result.stderr)
    XCTAssertTrue(result.stderr.hasSuffix(" [cannot-listen]\n"), result.stderr)
  }

  func testARenderFailureGoesToStandardErrorInCompilerFormat() async throws {
    let executable = try XCTUnwrap(Self.bookExecutable, "the built `book` executable next to the tests")
    let workspace = try self.makeWorkspace()
    try workspace.write(Data("a file where the site folder should be".utf8), to: "Site")
    let process = Process()
    process.executableURL = executable
    process.arguments = ["serve", "--port", "0", "--root", workspace.root.path]
    let (output, errors) = (ServeOutputCollector(), ServeOutputCollector())
    let (outputPipe, errorPipe) = (Pipe(), Pipe())
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    outputPipe.fileHandleForReading.readabilityHandler = { output.append($0.availableData) }
    errorPipe.fileHandleForReading.readabilityHandler = { errors.append($0.availableData) }
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    let failure = errors.waitForMatch(after: "Site/01-alpha.html:1:1: error: ", upTo: "\n", timeout: 60)
    XCTAssertNotNil(failure, "stderr:\n\(errors.text)\nstdout:\n\(output.text)")
    XCTAssertTrue(errors.text.contains("[file-system-error]"), errors.text)
    XCTAssertNotNil(output.waitForMatch(after: "book serve: not rebuilt", upTo: "\n", timeout: 60), output.text)
    XCTAssertFalse(output.text.contains(": error:"), "failures are not on standard output: \(output.text)")
  }

  func testServeFormatsFailuresLikeTheCompiler() {
    struct Other: Error, CustomStringConvertible { var description: String { "x" } }
    let cases: [(error: any Error, lines: [String])] = [
      (
        Workspace.Failure.io(path: "Site/a", reason: "cannot be written"),
        ["Site/a:1:1: error: 'Site/a' cannot be written [file-system-error]"]
      ),
      (Other(), ["<command-line>: error: cannot render the site: x [render-failure]"]),
      (
        DiagnosticsError([
          Diagnostic(.error, id: .renderFailure, at: SourceLocation(path: "b.md", line: 2), "two"),
          Diagnostic(.warning, id: .renderFailure, at: SourceLocation(path: "a.md", line: 1), "one"),
        ]),
        ["a.md:1:1: warning: one [render-failure]", "b.md:2:1: error: two [render-failure]"]
      ),
    ]
    for (error, lines) in cases {
      XCTAssertEqual(
        CommandReport.lines(describing: error, context: "cannot render the site", rule: .renderFailure), lines)
    }
  }

  /// Waits (bounded, 15 s) until a condition holds, failing the test if it never does.
  static func waitUntil(_ condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line) async throws {
    let deadline = Date(timeIntervalSinceNow: 15)
    while !condition() {
      guard Date() < deadline else { return XCTFail("condition never held", file: file, line: line) }
      try await Task.sleep(nanoseconds: 10_000_000)
    }
  }

  /// The built `book` executable in the products folder beside the test bundle.
  static let bookExecutable: URL? = {
    var folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    folders += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
    folders += CommandLine.arguments.prefix(1).map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
    return folders.map { $0.appendingPathComponent("book") }.first {
      FileManager.default.isExecutableFile(atPath: $0.path)
        && (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == false
    }
  }()
}

/// The server's pieces on their own: paths, request lines, the injected script, the reload wait, the watcher.
extension ServeTests {
  func testRequestPathsStayInsideTheSite() {
    let cases: [(String, String?)] = [
      ("/", "index.html"), ("/01-a.html", "01-a.html"), ("/assets/book.css", "assets/book.css"),
      ("/images/", "images/index.html"), ("//double//slash.html", "double/slash.html"),
      ("/../Package.swift", nil), ("/images/../../x", nil), ("/./a", nil), ("relative", nil), ("/a\\b", nil),
    ]
    for (path, expected) in cases {
      XCTAssertEqual(PreviewSite.relativePath(forRequestPath: path), expected, path)
    }
  }

  func testTheReloadScriptGoesBeforeTheEndOfTheBody() {
    XCTAssertEqual(
      LiveReload.injectingScript(into: "<html><body><p>x</p></BODY></html>", generation: 2),
      "<html><body><p>x</p><script src=\"/__reload.js?since=2\"></script></BODY></html>")
    XCTAssertEqual(
      LiveReload.injectingScript(into: "<p>fragment</p>", generation: 0),
      "<p>fragment</p><script src=\"/__reload.js?since=0\"></script>")
  }

  func testReloadWaitsAreBoundedAndWokenByARebuildOrByStopping() async {
    let reload = LiveReload()
    let timedOut = await reload.wait(after: 0, timeout: .milliseconds(100))
    XCTAssertEqual(timedOut, 0, "no rebuild: the same generation after the timeout")
    XCTAssertEqual(reload.waiters, 0, "a finished wait is no longer counted")
    XCTAssertEqual(reload.advance(), 1)
    let older = await reload.wait(after: 0, timeout: .seconds(60))
    XCTAssertEqual(older, 1, "an older page is answered at once")
    // Each wake-up comes only once the page is parked, and the waits' timeouts are far longer than any
    // loaded machine needs: the generation returned tells a wake-up from a timeout, with no clock.
    Self.whenParked(reload, count: 1) { reload.advance() }
    let woken = await reload.wait(after: 1, timeout: .seconds(600))
    XCTAssertEqual(woken, 2, "a rebuild wakes the waiting page")
    Self.whenParked(reload, count: 1) { reload.close() }
    let released = await reload.wait(after: 2, timeout: .seconds(600))
    XCTAssertEqual(released, 2, "stopping releases waiting pages")
    let afterStop = await reload.wait(after: 2, timeout: .seconds(600))
    XCTAssertEqual(afterStop, 2, "and pages that ask after the stop")
  }

  func testParkedPollsAreBoundedTheOldestIsAnsweredFirst() async {
    let reload = LiveReload(maxWaiters: 2)
    let order = ArrivalOrder()
    await withTaskGroup(of: Void.self) { group in
      for poll in 0..<2 {
        group.addTask {
          _ = await reload.wait(after: 0, timeout: .seconds(600))
          order.append(poll)
        }
        // Park them one after the other, so that the first is the oldest.
        while reload.waiters < poll + 1 { try? await Task.sleep(for: .milliseconds(5)) }
      }
      group.addTask {
        _ = await reload.wait(after: 0, timeout: .seconds(600))
        order.append(2)
      }
      while order.values.isEmpty { try? await Task.sleep(for: .milliseconds(5)) }
      XCTAssertEqual(order.values, [0], "a third poll answers the oldest at once")
      XCTAssertEqual(reload.waiters, 2, "never more than the bound are parked")
      reload.advance()
    }
    XCTAssertEqual(Set(order.values), [0, 1, 2])
    XCTAssertEqual(reload.waiters, 0)
  }

  func testACancelledPollIsAnsweredAndForgotten() async {
    let reload = LiveReload()
    let poll = Task { await reload.wait(after: 0, timeout: .seconds(600)) }
    while reload.waiters == 0 { try? await Task.sleep(for: .milliseconds(5)) }
    poll.cancel()
    let answer = await poll.value
    XCTAssertEqual(answer, 0, "a cancelled poll (a handler that timed out) answers at once")
    XCTAssertEqual(reload.waiters, 0)
  }

  /// Runs `action` on another thread once `count` pages are waiting on `reload`.
  private static func whenParked(_ reload: LiveReload, count: Int, _ action: @escaping @Sendable () -> Void) {
    DispatchQueue.global().async {
      while reload.waiters < count { Thread.sleep(forTimeInterval: 0.005) }
      action()
    }
  }

  func testTheWatcherSeesEditsNewFilesAndRemovals() throws {
    let workspace = try self.makeWorkspace()
    let folder = try workspace.url("Chapters")
    let first = ChapterWatcher.snapshot(of: folder)
    XCTAssertEqual(first.count, 1)
    try self.writeChapter("Changed.", in: workspace)
    let edited = ChapterWatcher.snapshot(of: folder)
    XCTAssertNotEqual(edited, first)
    try workspace.write(Data("<svg/>".utf8), to: "Chapters/images/a.svg")
    let added = ChapterWatcher.snapshot(of: folder)
    XCTAssertEqual(added.count, 2, "images under the chapters count too")
    try workspace.write(Data("hidden".utf8), to: "Chapters/.swap")
    XCTAssertEqual(ChapterWatcher.snapshot(of: folder), added, "hidden files are ignored")
    try FileManager.default.removeItem(at: folder.appendingPathComponent("images/a.svg"))
    XCTAssertEqual(ChapterWatcher.snapshot(of: folder).count, 1)
  }

  func testAWatcherCallsBackOnAChangeAndStopsPromptly() throws {
    let workspace = try self.makeWorkspace()
    let changed = expectation(description: "a change is seen")
    changed.assertForOverFulfill = false
    let watcher = ChapterWatcher(folder: try workspace.url("Chapters"), interval: 0.05) { changed.fulfill() }
    watcher.start()
    try self.writeChapter("Edited.", in: workspace)
    wait(for: [changed], timeout: 10)
    watcher.stop()
    let slow = ChapterWatcher(folder: try workspace.url("Chapters"), interval: 600) {}
    slow.start()
    let stopping = Date()
    slow.stop()
    XCTAssertLessThan(Date().timeIntervalSince(stopping), 300, "stopping wakes the watcher, not its 600 s interval")
  }

  func testAPortInUseIsReportedClearly() async throws {
    let root = URL(fileURLWithPath: "/")
    let first = try await PreviewServer.start(host: "127.0.0.1", port: 0, root: root, reload: LiveReload())
    self.addTeardownBlock { await first.stop() }
    do {
      let second = try await PreviewServer.start(host: "127.0.0.1", port: first.port, root: root, reload: LiveReload())
      await second.stop()
      XCTFail("a second server on the same port")
    } catch {
      XCTAssertTrue("\(error)".contains("cannot listen on 127.0.0.1:\(first.port) ("), "\(error)")
    }
    for host in ["not-an-address", "0.0.0.0", "192.168.1.1"] {
      do {
        let server = try await PreviewServer.start(host: host, port: 0, root: root, reload: LiveReload())
        await server.stop()
        XCTFail("listened on \(host)")
      } catch {
        XCTAssertTrue("\(error)".contains("'\(host)' is not a"), "\(error)")
      }
    }
  }
}

/// Values appended from several tasks.
final class ArrivalOrder: Sendable {
  private let lock = Mutex<[Int]>([])

  /// Appends a value.
  func append(_ value: Int) {
    self.lock.withLock { $0.append(value) }
  }

  /// The values so far, in order.
  var values: [Int] { self.lock.withLock { $0 } }
}

/// A process's output, collected from another thread.
final class ServeOutputCollector: @unchecked Sendable {
  // Unchecked: `data` is only touched while holding `lock`.
  private let lock = NSLock()
  private var data = Data()

  /// Adds a chunk of output.
  func append(_ chunk: Data) {
    self.lock.withLock { self.data.append(chunk) }
  }

  /// Everything printed so far.
  var text: String { self.lock.withLock { String(decoding: self.data, as: UTF8.self) } }

  /// The text between `prefix` and the next `terminator`, once it has been printed (bounded wait).
  func waitForMatch(after prefix: String, upTo terminator: String, timeout: TimeInterval) -> String? {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
      let text = self.text
      if let start = text.range(of: prefix), let end = text[start.upperBound...].range(of: terminator) {
        return String(text[start.upperBound..<end.lowerBound])
      }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return nil
  }
}
