import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the time of a site build goes, stage by stage, for `book site --timings` and the benchmark: the
/// wall time of each stage and the CPU time (user + system, every thread) the process spent in it.
package struct SiteTimings: Sendable {
  /// The stages of a build, in the order the report lists them.
  package enum Stage: String, CaseIterable, Sendable {
    /// Hashing inputs and outputs against the last run's stamp.
    case stamp
    /// Reading the chapters and parsing their Markdown.
    case load
    /// Tangling the book once, keeping the files at the end of every chapter, and checking named
    /// excerpts against them.
    case tangle
    /// Sections, listing anchors, numbers, the keys of the pages (what each page depends on), and which
    /// pages the last build left that can be reused (reading and hashing them).
    case plan
    /// Loading the highlight cache and highlighting what it lacks.
    case highlight
    /// Laying out the diagrams (the diagram cache, else graphviz's library): what is left of it once the
    /// highlighting, which it runs beside, is done.
    case diagrams
    /// The listings' views: captions, changed-line marks.
    case views
    /// The changes pages' diffs.
    case changes
    /// Rendering chapter pages, changes pages and the index.
    case pages
    /// The print edition.
    case print
    /// The search index.
    case search
    /// Copying images, planning the output against the disk (ownership, confinement, the manifest) and
    /// writing what changed.
    case write
    /// Saving the caches for the next build.
    case caches
  }

  /// Wall and CPU time per stage.
  private var wall: [Stage: Duration] = [:]
  private var cpu: [Stage: Duration] = [:]

  /// Creates empty timings.
  package init() {}

  /// Runs `body`, adding its wall and CPU time to `stage`.
  package mutating func measure<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
    let clock = ContinuousClock()
    let start = clock.now
    let cpuStart = Self.processCPUTime()
    let result = try body()
    self.wall[stage, default: .zero] += clock.now - start
    self.cpu[stage, default: .zero] += Self.processCPUTime() - cpuStart
    return result
  }

  /// The wall time spent in `stage` so far.
  package func wallTime(of stage: Stage) -> Duration { self.wall[stage] ?? .zero }

  /// One line per stage that ran, in milliseconds, then the total: `load       12.3 ms   20.1 ms cpu`.
  package var report: String {
    let stages = Stage.allCases.filter { self.wall[$0] != nil }
    let rows = stages.map { ($0.rawValue, self.wall[$0] ?? .zero, self.cpu[$0] ?? .zero) }
    let total = rows.reduce((Duration.zero, Duration.zero)) { ($0.0 + $1.1, $0.1 + $1.2) }
    return (rows + [("total", total.0, total.1)]).map { name, wall, cpu in
      let padded = name.padding(toLength: 10, withPad: " ", startingAt: 0)
      let wallText = Self.milliseconds(wall)
      return "\(padded) \(String(repeating: " ", count: max(0, 7 - wallText.count)))\(wallText) ms  "
        + "\(String(repeating: " ", count: max(0, 7 - Self.milliseconds(cpu).count)))\(Self.milliseconds(cpu)) ms cpu"
    }.joined(separator: "\n")
  }

  /// The CPU time of the whole process so far (every thread, user and system).
  static func processCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
  }

  /// A duration in milliseconds with one decimal.
  static func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let tenths = Int((Double(seconds) * 1e4 + Double(attoseconds) / 1e14).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
