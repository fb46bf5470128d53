import Synchronization

/// Large values a build lets go of: the highlighter's texts, the listing views, every chapter's Markdown
/// tree. Freeing them is milliseconds of `free` on the thread that goes on to write the site. A process
/// that exits once its command ends need not free them at all, as clang does not with `-disable-free`:
/// the system takes back the whole address space at exit. `book`'s `main` says so for a `book site`
/// process (`keepUntilExit()`); anywhere else (`book serve`, `book check`, `book tag`, the tests, which run
/// `SiteCommand` in their own process) a value handed here is freed at once, as before.
package enum Discard {
  /// The values kept until the process exits, or nil while values are freed at once.
  private static let kept = Mutex<[any Sendable]?>(nil)

  /// From now on, keeps what is handed to `drop(_:)` until the process exits, unfreed. Only for a
  /// command whose process ends with it, and which renders once: nothing is ever given back.
  package static func keepUntilExit() {
    Self.kept.withLock { kept in if kept == nil { kept = [] } }
  }

  /// Lets go of `value`: kept unfreed when the process exits once its command ends
  /// (`keepUntilExit()`), else released here (freed unless something else still holds it).
  package static func drop<Value: Sendable>(_ value: Value) {
    Self.kept.withLock { kept in kept?.append(value) }
  }
}
