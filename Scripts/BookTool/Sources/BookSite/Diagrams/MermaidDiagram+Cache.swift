import BookKit
import Foundation

extension MermaidDiagram {
  /// Results already rendered by this process, so that `book serve` re-renders only the diagrams that
  /// changed. Kept in memory only: nothing about a diagram is cached on disk.
  static let cache = RenderCache()

  /// A bounded, thread-safe map from a diagram's source and location to its rendering.
  final class RenderCache: @unchecked Sendable {
    // Unchecked: `results` is only touched while holding `lock`.
    private let lock = NSLock()
    private var results: [Key: Result<String, DiagnosticsError>] = [:]
    /// Beyond this many diagrams the cache starts afresh; a book has far fewer.
    private let capacity = 512

    /// A diagram: its text and where it is (the location names its SVG's ids).
    private struct Key: Hashable {
      var source: String
      var location: SourceLocation
    }

    /// The stored result for a diagram, if any.
    func result(source: String, location: SourceLocation) -> Result<String, DiagnosticsError>? {
      self.lock.withLock { self.results[Key(source: source, location: location)] }
    }

    /// Stores a diagram's result.
    func store(_ result: Result<String, DiagnosticsError>, source: String, location: SourceLocation) {
      self.lock.withLock {
        if self.results.count >= self.capacity { self.results.removeAll() }
        self.results[Key(source: source, location: location)] = result
      }
    }
  }
}
