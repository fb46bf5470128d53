import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Wakes the chapter watcher as soon as a file directly in the chapters folder is written and closed,
/// created, moved or removed (Linux's inotify), so that an edit is seen at once rather than at the next
/// poll. Only a wake-up: the watcher still compares snapshots, and still polls, which covers what this
/// misses (subfolders such as images, a file still open for writing, systems without inotify).
final class FolderEvents: @unchecked Sendable {
  // Unchecked: the descriptor is only read by the watcher's one thread, and closed in `deinit`.
  /// The inotify descriptor, or -1 when there is none (another system, or no watch could be added).
  private let descriptor: Int32

  /// Events of `folder`, when the system offers them.
  init(folder: URL) {
    #if canImport(Glibc)
      var descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      let events = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)
      if descriptor >= 0, inotify_add_watch(descriptor, folder.path, events) < 0 {
        close(descriptor)
        descriptor = -1
      }
      self.descriptor = descriptor
    #else
      self.descriptor = -1
    #endif
  }

  deinit {
    if self.descriptor >= 0 { close(self.descriptor) }
  }

  /// Waits at most `timeout` seconds for an event, and takes every event that has arrived; returns
  /// whether there was one. Without events it only sleeps.
  func wait(atMost timeout: TimeInterval) -> Bool {
    guard self.descriptor >= 0 else {
      Thread.sleep(forTimeInterval: timeout)
      return false
    }
    var request = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&request, 1, Int32((timeout * 1000).rounded(.up))) > 0 else { return false }
    var buffer = [UInt8](repeating: 0, count: 4096)
    while read(self.descriptor, &buffer, buffer.count) > 0 {}
    return true
  }
}
