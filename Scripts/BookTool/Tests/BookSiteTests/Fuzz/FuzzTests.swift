import BookKit
import Foundation
import XCTest

@testable import BookSite

/// Random books (see `ChapterFuzzer`) through the real pipeline: loading, the tangle plan, the site
/// rendered in memory, the site drift and the link check, in process; a few of them through the built
/// `book` executable too. Every book must give: no crash, only well-formed diagnostics (`path:line:col:
/// severity: message [rule]`, a known rule, a line within the file), and not one byte written when there
/// is an error.
///
/// The suite runs a fixed number of books from a fixed seed. `Scripts/fuzz.sh [SEED] [SECONDS]` runs
/// more: it sets `BOOK_FUZZ_SEED` and `BOOK_FUZZ_SECONDS`, and a failure names the seed that replays it.
/// `BOOK_FUZZ_KEEP=DIR` keeps a copy of every in-process book in `DIR/<seed>` to look at.
final class FuzzTests: XCTestCase {
  /// The first book's seed; book `k` of a run uses `seed + k`.
  private static let seed = ProcessInfo.processInfo.environment["BOOK_FUZZ_SEED"].flatMap { UInt64($0) } ?? 2026_1123

  /// How long to keep going once the fixed number of books is done (0 in the test suite).
  private static let seconds = ProcessInfo.processInfo.environment["BOOK_FUZZ_SECONDS"].flatMap { Double($0) } ?? 0

  /// How many books run in process at least, and through the executable.
  private static let inProcessBooks = 16
  private static let executableBooks = 3

  func testRandomBooksInProcess() throws {
    let rules = FuzzChecks.knownRules()
    let started = Date()
    var count = 0
    while count < Self.inProcessBooks || Date().timeIntervalSince(started) < Self.seconds {
      let seed = Self.seed &+ UInt64(count)
      let bookStarted = Date()
      try self.runInProcess(seed: seed, rules: rules)
      if Date().timeIntervalSince(bookStarted) > 1 {
        print("fuzz: seed \(seed) took \(Date().timeIntervalSince(bookStarted)) s")
      }
      count += 1
    }
    print("fuzz: \(count) books in process from seed \(Self.seed), \(Date().timeIntervalSince(started)) s")
  }

  func testRandomBooksThroughTheExecutable() throws {
    let executable = try XCTUnwrap(ServeTests.bookExecutable, "the built `book` executable next to the tests")
    let rules = FuzzChecks.knownRules()
    let started = Date()
    var count = 0
    while count < Self.executableBooks || Date().timeIntervalSince(started) < Self.seconds / 4 {
      let seed = Self.seed &+ 1_000_000 &+ UInt64(count)
      try self.runExecutable(executable, seed: seed, rules: rules)
      count += 1
    }
    print("fuzz: \(count) books through `book` from seed \(Self.seed), \(Date().timeIntervalSince(started)) s")
  }

  /// One book through the pipeline's stages, in process; none of them may write.
  private func runInProcess(seed: UInt64, rules: Set<String>) throws {
    var fuzzer = ChapterFuzzer(seed: seed)
    let fixture = try FuzzWorkspace(fuzzer.book())
    defer { fixture.destroy() }
    let label = "fuzz seed \(seed) (replay: Scripts/fuzz.sh \(seed) 0)"
    if let keep = ProcessInfo.processInfo.environment["BOOK_FUZZ_KEEP"] {
      try fixture.copy(to: URL(fileURLWithPath: keep).appendingPathComponent("\(seed)"))
    }
    let before = try fixture.snapshot()
    let workspace = fixture.workspace
    let book = try Book.load(from: workspace)
    let output = try TangleOutput(book: book, workspace: workspace)
    var timings = SiteTimings()
    let site = try SiteBuild.make(from: workspace, timings: &timings).site
    let links = LinkChecker.check(book: book, workspace: workspace)
    let drift = try SiteBuild.drift(book: book, in: workspace)
    for diagnostic in output.diagnostics + output.drift() + site.diagnostics + links + drift {
      for problem in FuzzChecks.problems(inDiagnostic: diagnostic.description, rules: rules, files: fixture.files) {
        XCTFail("\(label): \(problem)")
      }
    }
    XCTAssertEqual(try fixture.snapshot(), before, "\(label): the pipeline wrote to the workspace")
  }

  /// One book through `book check`, `book tangle` and `book site`: each ends with status 0 or 1 (never a
  /// signal), prints only well-formed diagnostics, and writes nothing when it fails.
  private func runExecutable(_ executable: URL, seed: UInt64, rules: Set<String>) throws {
    var fuzzer = ChapterFuzzer(seed: seed)
    let fixture = try FuzzWorkspace(fuzzer.book())
    defer { fixture.destroy() }
    let label = "fuzz seed \(seed) (replay: Scripts/fuzz.sh \(seed) 0)"
    for command in ["check", "tangle", "site"] {
      let before = try fixture.snapshot()
      let result = try FuzzChecks.run(executable, [command, "--root", fixture.root.path])
      XCTAssertEqual(result.reason, .exit, "\(label): book \(command) was killed by signal \(result.status)")
      XCTAssertTrue([0, 1].contains(result.status), "\(label): book \(command) exit status \(result.status)")
      for line in result.stderr.split(separator: "\n") where !line.hasPrefix("book: ") {
        for problem in FuzzChecks.problems(inDiagnostic: String(line), rules: rules, files: fixture.files) {
          XCTFail("\(label): book \(command): \(problem)")
        }
      }
      if result.status != 0 || command == "check" {
        XCTAssertEqual(try fixture.snapshot(), before, "\(label): book \(command) failed and wrote anyway")
      }
    }
  }
}
