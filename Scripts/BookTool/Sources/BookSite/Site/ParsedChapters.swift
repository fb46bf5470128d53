import BookKit
import Foundation
import Synchronization

/// The chapters an earlier build parsed, kept in memory between the builds of `book serve`: a chapter
/// is a function of its path and bytes, so a file whose bytes are the same is not parsed again (after a
/// prose edit, one chapter is parsed instead of every one).
package final class ParsedChapters: Sendable {
  /// Each chapter file's last bytes and what they parsed into, by path.
  private let parsed = Mutex<[String: (data: Data, result: ChapterLoader.Parsed)]>([:])

  /// No chapter parsed yet.
  package init() {}

  /// The chapter that `data` at `path` parses into, parsed again only when the bytes differ (compared in
  /// full, not by hash) from the last ones seen at that path.
  @Sendable package func parse(path: String, data: Data) -> ChapterLoader.Parsed {
    if let known = self.parsed.withLock({ $0[path] }), known.data == data { return known.result }
    let result = ChapterLoader.chapter(path: path, data: data)
    self.parsed.withLock { $0[path] = (data, result) }
    return result
  }
}
