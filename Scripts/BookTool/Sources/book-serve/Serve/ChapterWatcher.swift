import Foundation

/// Watches a folder (the chapters, their images, `book.json`) by polling modification times and sizes,
/// and calls `onChange` on its own thread after each change it sees.
///
/// Polling keeps it portable and simple; a chapter folder is a few dozen files, so a poll costs
/// microseconds. Where the system tells of writes (`FolderEvents`: inotify on Linux), a chapter saved
/// wakes it at once, so that an edit reaches the open page without waiting for the next poll. Changes
/// made while `onChange` runs are seen at the next poll.
final class ChapterWatcher: @unchecked Sendable {
  // Unchecked: `running` and `finished` are only touched while holding `state`.
  /// What identifies a version of a file: when it was modified and how big it is.
  struct Stamp: Hashable, Sendable {
    var modified: Date
    var size: Int
  }

  /// The folder watched.
  let folder: URL
  /// How long to wait between polls.
  let interval: TimeInterval
  /// What to do after a change (rebuild the site and reload the pages).
  private let onChange: @Sendable () -> Void
  /// Guards `running` and `finished` and wakes the polling thread when stopping.
  private let state = NSCondition()
  private var running = false
  private var finished = true

  /// A watcher of `folder` that polls every `interval` seconds once started.
  init(folder: URL, interval: TimeInterval = 0.05, onChange: @escaping @Sendable () -> Void) {
    self.folder = folder
    self.interval = interval
    self.onChange = onChange
  }

  /// Starts polling on a thread of its own.
  func start() {
    let events = FolderEvents(folder: self.folder)
    let initial = Self.snapshot(of: self.folder)
    self.state.withLock {
      self.running = true
      self.finished = false
    }
    Thread.detachNewThread { self.poll(from: initial, events: events) }
  }

  /// Stops polling; waits (at most `limit`) for a rebuild in progress to end.
  func stop(waitingAtMost limit: TimeInterval = 5) {
    let deadline = Date(timeIntervalSinceNow: limit)
    self.state.lock()
    self.running = false
    self.state.broadcast()
    while !self.finished, self.state.wait(until: deadline) {}
    self.state.unlock()
  }

  /// Polls until stopped, calling `onChange` whenever the snapshot differs from the last one.
  private func poll(from initial: [String: Stamp], events: FolderEvents) {
    var last = initial
    while self.sleep(events) {
      let current = Self.snapshot(of: self.folder)
      guard current != last else { continue }
      last = current
      self.onChange()
    }
    self.state.withLock {
      self.finished = true
      self.state.broadcast()
    }
  }

  /// How often a wait checks whether the watcher was stopped.
  static let stopCheck: TimeInterval = 0.05

  /// Waits one interval, or less when `events` tells of a write; false once stopped (seen within
  /// `stopCheck`).
  private func sleep(_ events: FolderEvents) -> Bool {
    let deadline = Date(timeIntervalSinceNow: self.interval)
    while self.isRunning {
      let left = deadline.timeIntervalSinceNow
      guard left > 0 else { return true }
      if events.wait(atMost: min(left, Self.stopCheck)) { return self.isRunning }
    }
    return false
  }

  /// Whether the watcher has not been stopped.
  private var isRunning: Bool { self.state.withLock { self.running } }

  /// Every file under `folder` (relative path → stamp), skipping hidden files.
  static func snapshot(of folder: URL) -> [String: Stamp] {
    let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey]
    guard
      let files = FileManager.default.enumerator(
        at: folder, includingPropertiesForKeys: keys, options: [.skipsHiddenFiles])
    else { return [:] }
    var snapshot: [String: Stamp] = [:]
    for case let url as URL in files {
      guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
      snapshot[url.path] = Stamp(
        modified: values.contentModificationDate ?? .distantPast, size: values.fileSize ?? 0)
    }
    return snapshot
  }
}
