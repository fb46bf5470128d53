import Foundation

/// The site's build generation, which open pages wait on to know when to reload.
///
/// Each successful rebuild advances the generation. A page asks `/__reload?since=N`; the server answers
/// as soon as the generation passes `N`, or after a bounded wait with the same `N` so the page asks again.
final class LiveReload: @unchecked Sendable {
  // Unchecked: `generation`, `closed` and `waiting` are only touched while holding `condition`.
  private let condition = NSCondition()
  private var generation = 0
  private var closed = false
  private var waiting = 0

  /// How many reload polls are waiting right now (tests wait for a poll to be parked before a change).
  var waiters: Int {
    self.condition.lock()
    defer { self.condition.unlock() }
    return self.waiting
  }

  /// The current generation.
  var current: Int {
    self.condition.lock()
    defer { self.condition.unlock() }
    return self.generation
  }

  /// Records a rebuild and wakes every waiting page; returns the new generation.
  @discardableResult
  func advance() -> Int {
    self.condition.lock()
    defer { self.condition.unlock() }
    self.generation += 1
    self.condition.broadcast()
    return self.generation
  }

  /// Blocks until the generation passes `seen`, the wait times out, or the server stops; returns the
  /// generation then.
  func wait(after seen: Int, timeout: TimeInterval) -> Int {
    let deadline = Date(timeIntervalSinceNow: timeout)
    self.condition.lock()
    self.waiting += 1
    defer {
      self.waiting -= 1
      self.condition.unlock()
    }
    while self.generation <= seen, !self.closed, self.condition.wait(until: deadline) {}
    return self.generation
  }

  /// Releases every waiting page, now and later: the server is stopping.
  func close() {
    self.condition.lock()
    defer { self.condition.unlock() }
    self.closed = true
    self.condition.broadcast()
  }

  /// The script served at `/__reload.js?since=N`: it long-polls and reloads the page on a newer generation.
  static func script(generation: Int) -> String {
    """
    // book serve: reloads this page when the site is rebuilt. Served only by `book serve`, never on disk.
    (function () {
      var seen = \(generation);
      function poll() {
        fetch("/__reload?since=" + seen, { cache: "no-store" })
          .then(function (response) { return response.text(); })
          .then(function (text) {
            var now = parseInt(text, 10);
            if (now > seen) { location.reload(); } else { poll(); }
          })
          .catch(function () { setTimeout(poll, 1000); });
      }
      poll();
    })();

    """
  }

  /// An HTML page with the reload script added before `</body>` (or at the end):
  /// `…</main></body>` → `…</main><script src="/__reload.js?since=3"></script></body>`.
  static func injectingScript(into html: String, generation: Int) -> String {
    let tag = "<script src=\"/__reload.js?since=\(generation)\"></script>"
    guard let body = html.range(of: "</body>", options: [.caseInsensitive, .backwards]) else { return html + tag }
    return html.replacingCharacters(in: body.lowerBound..<body.lowerBound, with: tag)
  }
}
