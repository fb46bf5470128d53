import Foundation
import Synchronization

/// The site's build generation, which open pages wait on to know when to reload.
///
/// Each successful rebuild advances the generation. A page asks `/__reload?since=N`; the server answers
/// as soon as the generation passes `N`, or after a bounded wait with the same `N` so the page asks again.
/// A wait holds no thread and no lock: it is a parked continuation. At most `maxWaiters` are parked at
/// once; a newer poll beyond that answers the oldest one at once (a page that is still open simply asks
/// again, and one that was closed long ago never will), so abandoned polls cannot pile up.
final class LiveReload: Sendable {
  /// A parked poll: the continuation to resume with the generation, and the timer that answers it.
  private struct Waiter {
    var continuation: CheckedContinuation<Int, Never>
    var timer: Task<Void, Never>?
  }

  /// Everything that changes, behind one lock.
  private struct State {
    var generation = 0
    var closed = false
    var nextTicket = 0
    /// Parked polls by ticket; tickets grow, so the smallest is the oldest.
    var waiters: [Int: Waiter] = [:]
  }

  /// The most polls parked at once.
  let maxWaiters: Int
  private let state = Mutex(State())

  /// A generation counter whose waits park at most `maxWaiters` polls at once.
  init(maxWaiters: Int = 256) {
    self.maxWaiters = max(1, maxWaiters)
  }

  /// How many reload polls are waiting right now (tests wait for polls to be parked before a change).
  var waiters: Int { self.state.withLock { $0.waiters.count } }

  /// The current generation.
  var current: Int { self.state.withLock { $0.generation } }

  /// Records a rebuild and answers every waiting page; returns the new generation.
  @discardableResult
  func advance() -> Int {
    let (generation, released) = self.state.withLock { state in
      state.generation += 1
      return (state.generation, Self.takeAll(&state))
    }
    Self.resume(released, with: generation)
    return generation
  }

  /// Answers every waiting page, now and later, at once: the server is stopping.
  func close() {
    let (generation, released) = self.state.withLock { state in
      state.closed = true
      return (state.generation, Self.takeAll(&state))
    }
    Self.resume(released, with: generation)
  }

  /// Waits until the generation passes `seen`, `timeout` passes, the waiting task is cancelled, the
  /// server stops, or newer polls push this one out; returns the generation then.
  func wait(after seen: Int, timeout: Duration) async -> Int {
    let ticket = self.state.withLock { state in
      defer { state.nextTicket += 1 }
      return state.nextTicket
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        self.park(continuation, ticket: ticket, after: seen, timeout: timeout)
      }
    } onCancel: {
      self.answer(ticket)
    }
  }

  /// Parks a poll, or answers it at once when there is news, the server stopped, or its task was
  /// cancelled before it parked; answers the oldest poll when there are now too many.
  private func park(
    _ continuation: CheckedContinuation<Int, Never>, ticket: Int, after seen: Int, timeout: Duration
  ) {
    // The cancellation check is under the lock, so a cancellation either is seen here or finds the
    // parked poll in `answer`.
    let (now, evicted, parked) = self.state.withLock { state -> (Int, Waiter?, Bool) in
      guard state.generation <= seen, !state.closed, !Task.isCancelled else { return (state.generation, nil, false) }
      state.waiters[ticket] = Waiter(continuation: continuation, timer: nil)
      guard state.waiters.count > self.maxWaiters, let oldest = state.waiters.keys.min() else {
        return (state.generation, nil, true)
      }
      return (state.generation, state.waiters.removeValue(forKey: oldest), true)
    }
    guard parked else { return continuation.resume(returning: now) }
    if let evicted { Self.resume([evicted], with: now) }
    let timer = Task { [weak self] in
      try? await Task.sleep(for: timeout)
      self?.answer(ticket)
    }
    let stillParked = self.state.withLock { state in
      guard state.waiters[ticket] != nil else { return false }
      state.waiters[ticket]?.timer = timer
      return true
    }
    if !stillParked { timer.cancel() }
  }

  /// Answers one parked poll (its time is up, or its task was cancelled) with the current generation.
  private func answer(_ ticket: Int) {
    let (generation, waiter) = self.state.withLock { ($0.generation, $0.waiters.removeValue(forKey: ticket)) }
    if let waiter { Self.resume([waiter], with: generation) }
  }

  /// Removes every parked poll.
  private static func takeAll(_ state: inout State) -> [Waiter] {
    defer { state.waiters.removeAll() }
    return Array(state.waiters.values)
  }

  /// Answers polls (outside the lock) and stops their timers.
  private static func resume(_ waiters: [Waiter], with generation: Int) {
    for waiter in waiters {
      waiter.timer?.cancel()
      waiter.continuation.resume(returning: generation)
    }
  }

  /// The script served at `/__reload.js?since=N`: it long-polls and reloads the page on a newer
  /// generation; when the server is busy or gone it waits a second before asking again.
  static func script(generation: Int) -> String {
    """
    // book serve: reloads this page when the site is rebuilt. Served only by `book serve`, never on disk.
    (function () {
      var seen = \(generation);
      function poll() {
        fetch("/__reload?since=" + seen, { cache: "no-store" })
          .then(function (response) {
            if (!response.ok) { throw new Error("status " + response.status); }
            return response.text();
          })
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
