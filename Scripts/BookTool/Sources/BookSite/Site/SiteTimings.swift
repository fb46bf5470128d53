/// Where the time of a site build goes, for `book site --timings` and the benchmark.
public struct SiteTimings: Sendable {
  /// Hashing inputs and outputs against the last run's stamp.
  public var stamp: Duration = .zero
  /// Reading and parsing the chapters, and tangling them for the captions.
  public var parse: Duration = .zero
  /// Highlighting listings and rendering diagrams.
  public var highlight: Duration = .zero
  /// Rendering pages, the print edition and the search index.
  public var render: Duration = .zero
  /// Comparing with the disk and writing what changed.
  public var write: Duration = .zero

  /// Creates empty timings.
  public init() {}

  /// Runs `body`, adding its duration to the phase at `phase`.
  public mutating func measure<T>(
    _ phase: WritableKeyPath<SiteTimings, Duration>, _ body: () throws -> T
  ) rethrows -> T {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    self[keyPath: phase] += clock.now - start
    return result
  }

  /// One line per phase, in milliseconds: `parse 12.3 ms`.
  public var report: String {
    let phases: [(String, Duration)] = [
      ("stamp", self.stamp), ("parse", self.parse), ("highlight", self.highlight), ("render", self.render),
      ("write", self.write),
    ]
    let total = phases.reduce(Duration.zero) { $0 + $1.1 }
    return (phases + [("total", total)]).map { name, duration in
      "\(name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(Self.milliseconds(duration)) ms"
    }.joined(separator: "\n")
  }

  /// A duration in milliseconds with one decimal.
  static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let tenths = Int((Double(seconds) * 1e4 + Double(attoseconds) / 1e14).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
