import Foundation

/// Builds and tests every chapter snapshot in one reused folder with one shared build folder, so each
/// snapshot recompiles only what its chapter changed.
///
/// The build folder is the workspace's own `.build`: the snapshots' package dependencies (GRDB, the
/// argument parser, …) are then the very builds the workspace already made, checked out at the same paths,
/// and are never compiled a second time. Only the book's own modules are rebuilt for each snapshot (their
/// sources live in the snapshot folder), so the next build of the workspace compiles them again.
package struct SnapshotVerifier {
  /// How one snapshot fared.
  package struct Report: Sendable {
    /// The tag, e.g. `chapter-03`.
    package var tag: String
    /// Whether `swift build --build-tests` succeeded.
    package var built: Bool
    /// Whether `book check` passed inside the snapshot.
    package var checked: Bool
    /// Whether `swift test` passed.
    package var testsPassed: Bool
    /// The test summary line, e.g. `Executed 12 tests, with 0 failures`.
    package var testSummary: String
    /// Which test targets ran and why (`tests: all (…)`, `tests: CounterTests (its files changed)`).
    package var testsRun = "tests: not run"
    /// The first error lines the build, `book check` or the tests printed, so a failure says what failed.
    package var errors: [String] = []
    /// How long checking out, checking, building and testing the snapshot took, in seconds.
    package var seconds: Double = 0
    /// The modules the build compiled that are not the snapshot's own: package dependencies (GRDB, …)
    /// that the workspace's build did not already hold. Empty when the snapshot reused them all.
    package var compiledDependencies: [String] = []
    /// The snapshot's manifest as far as test selection needs it (nil without a package).
    var shape: PackageShape?
    /// How long `swift build --build-tests` took, in milliseconds (0 when there is no package).
    package var buildMilliseconds = 0
    /// How long `swift test` took, in milliseconds.
    package var testMilliseconds = 0

    /// Whether everything passed.
    package var passed: Bool { self.built && self.checked && self.testsPassed }
  }

  /// How much of each snapshot to test.
  package struct Options: Sendable {
    /// Run every test of every snapshot, not only the test targets its chapter can have changed.
    package var allTests = false
    /// The git tree of a workspace that was just built and tested as it is (`Scripts/test.sh`): a snapshot
    /// with exactly this tree is skipped, since the same files passed there.
    package var testedTree: String?

    /// Options; by default only affected tests run and no snapshot is skipped.
    package init(allTests: Bool = false, testedTree: String? = nil) {
      self.allTests = allTests
      self.testedTree = testedTree
    }
  }

  /// `book check` in a snapshot's folder: its exit status and what it printed.
  package typealias Check = (_ tree: URL) -> (status: Int32, output: String)

  private let git: Git
  private let folder: URL
  private let scratch: URL
  private let book: URL
  private let options: Options
  private let check: Check?

  /// A verifier for the repository at `root`, working in `folder` (kept between runs), building in
  /// `scratch` (SwiftPM's `--scratch-path`), that checks each snapshot with `check`, or else by running
  /// `book check` with the executable at `book` (the running tool: snapshots carry the tool's sources,
  /// but only the book's package is built in them).
  package init(
    root: URL, folder: URL, scratch: URL, book: URL, options: Options = Options(), check: Check? = nil
  ) {
    self.git = Git(root: root)
    self.options = options
    self.folder = folder
    self.scratch = scratch
    self.book = book
    self.check = check
  }

  /// Verifies the given tags in order, calling `progress` with each step's description.
  package func verify(tags: [String], progress: (String) -> Void) throws -> [Report] {
    let tree = self.folder.appendingPathComponent("worktree")
    try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
    var reports: [Report] = []
    var previous: Previous?
    let head = self.options.testedTree.flatMap(self.testedHead(tree:))
    for (position, tag) in tags.enumerated() {
      let step = "[\(position + 1)/\(tags.count)] \(tag)"
      let started = Date()
      if let tested = self.options.testedTree, try self.git.run(["rev-parse", "\(tag)^{tree}"]) == tested {
        let skipped = "skipped: its tree \(tested.prefix(12)) is the workspace's, already built and tested"
        progress("\(step): \(skipped)")
        reports.append(Report(tag: tag, built: true, checked: true, testsPassed: true, testSummary: skipped))
        previous = nil
        continue
      }
      progress("\(step): checking out")
      try self.checkOut(tag, into: tree)
      var report = self.verify(tag, in: tree, after: previous, head: head) { progress("\(step): \($0)") }
      // Only a snapshot that passed vouches for the tests the next one leaves out.
      previous = report.passed ? report.shape.map { Previous(tag: tag, shape: $0) } : nil
      report.seconds = Date().timeIntervalSince(started)
      let time = String(format: "%.1f s", report.seconds)
      progress("\(step): \(report.passed ? "passed" : "FAILED") in \(time) (\(report.testSummary))")
      for line in report.errors where !report.passed { progress("  \(line)") }
      reports.append(report)
    }
    return reports
  }

  /// The snapshot verified just before, whose tests the next one need not repeat on unchanged code.
  struct Previous {
    var tag: String
    var shape: PackageShape
  }

  /// The workspace just built and tested as HEAD (`--workspace-tested`): its tree and manifest's shape.
  struct TestedHead {
    var tree: String
    var shape: PackageShape
  }

  /// The tested workspace's shape, read in the repository's root (whose files are HEAD's: `book tag`
  /// passes a tested tree only when git sees no change), with the versions its build resolved; nil when
  /// it cannot be read, or its package dependencies' resolved versions are unknown (then no test is
  /// left out as HEAD's).
  private func testedHead(tree: String) -> TestedHead? {
    let root = self.git.root
    let dump = try? Subprocess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      arguments: ["swift", "package", "--scratch-path", self.scratch.path, "dump-package"], in: root)
    guard let dump, dump.status == 0, var shape = try? PackageShape(dumpPackageJSON: dump.standardOutput) else {
      return nil
    }
    let resolved = try? Data(contentsOf: root.appendingPathComponent("Package.resolved"))
    shape.resolvedPins = resolved.map(PackageShape.resolvedPins(from:)) ?? [:]
    guard shape.packages.isEmpty || !shape.resolvedPins.isEmpty else { return nil }
    return TestedHead(tree: tree, shape: shape)
  }

  /// Checks the snapshot in `tree`, then builds its book package in full and runs the test targets its
  /// chapter can have changed since `previous` (a snapshot of chapter 0 has no package: it is only checked).
  private func verify(
    _ tag: String, in tree: URL, after previous: Previous?, head: TestedHead?, progress: (String) -> Void
  ) -> Report {
    progress("book check")
    let check = self.check?(tree) ?? Self.run([self.book.path, "check", "--root", tree.path], in: tree)
    var report = Report(
      tag: tag, built: true, checked: check.status == 0, testsPassed: true, testSummary: Self.noPackage)
    report.errors = Self.errorLines(of: check.output)
    guard FileManager.default.fileExists(atPath: tree.appendingPathComponent("Package.swift").path) else {
      return report
    }
    progress("building")
    let buildStarted = Date()
    let build = Self.run(["swift", "build", "--build-tests", "--scratch-path", self.scratch.path], in: tree)
    report.buildMilliseconds = Self.milliseconds(since: buildStarted)
    report.built = build.status == 0
    report.errors += Self.errorLines(of: build.output)
    report.compiledDependencies = Self.compiledModules(of: build.output, except: Self.ownModules(in: tree))
    guard report.built else {
      (report.testsPassed, report.testSummary) = (false, "not run")
      return report
    }
    let rebuilt = report.compiledDependencies.filter { !$0.hasPrefix("plugin ") }
    var selection = self.selection(for: tag, in: tree, after: previous, rebuilt: rebuilt, shape: &report.shape)
    var sameAsHead: [String] = []
    if let head, let shape = report.shape, !self.options.allTests {
      let againstHead = self.selection(for: tag, shape: shape, against: head, rebuilt: rebuilt)
      (selection, sameAsHead) = selection.leavingOut(sameAs: againstHead, in: shape)
    }
    report.testsRun = TestSelection.description(of: selection, sameAsHead: sameAsHead)
    progress(report.testsRun)
    var arguments = ["swift", "test", "--skip-build", "--scratch-path", self.scratch.path]
    if let targets = selection.targets {
      guard !targets.isEmpty else {
        report.testSummary = sameAsHead.isEmpty ? "no test target affected" : "every affected test target is HEAD's"
        return report
      }
      arguments += ["--filter", "^(\(targets.joined(separator: "|")))\\."]
    }
    progress("testing")
    let testStarted = Date()
    let test = Self.run(arguments, in: tree)
    report.testMilliseconds = Self.milliseconds(since: testStarted)
    report.testsPassed = test.status == 0
    report.testSummary = Self.summary(of: test.output)
    report.errors += Self.errorLines(of: test.output)
    return report
  }

  /// Which tests the snapshot in `tree` runs, reading its manifest's shape into `shape` (nil when it
  /// cannot be read: then every test runs, here and in the next snapshot).
  private func selection(
    for tag: String, in tree: URL, after previous: Previous?, rebuilt: [String], shape: inout PackageShape?
  ) -> TestSelection {
    let dump = try? Subprocess.run(
      URL(fileURLWithPath: "/usr/bin/env"),
      arguments: ["swift", "package", "--scratch-path", self.scratch.path, "dump-package"], in: tree)
    shape = dump.flatMap { $0.status == 0 ? try? PackageShape(dumpPackageJSON: $0.standardOutput) : nil }
    // The build just resolved the package graph; the versions it chose tell a re-pinned package.
    let resolved = try? Data(contentsOf: tree.appendingPathComponent("Package.resolved"))
    shape?.resolvedPins = resolved.map(PackageShape.resolvedPins(from:)) ?? [:]
    if self.options.allTests { return .all(reason: "--verify-all-tests") }
    guard let shape else { return .all(reason: "swift package dump-package failed") }
    guard let previous else { return .all(reason: "no passing snapshot verified just before it") }
    let trees = ["\(previous.tag)^{tree}", "\(tag)^{tree}"]
    guard let changed = try? self.git.run(["diff", "--name-only", "-z"] + trees) else {
      return .all(reason: "git cannot compare it with \(previous.tag)")
    }
    let paths = changed.split(separator: "\0").map(String.init)
    return TestSelection.select(
      previous: previous.shape, current: shape, changedPaths: paths, rebuiltModules: rebuilt)
  }

  /// Which tests the snapshot would run after the tested HEAD: the targets it leaves out are HEAD's byte
  /// for byte. Every test when the snapshot's resolved versions are unknown or git cannot compare.
  private func selection(
    for tag: String, shape: PackageShape, against head: TestedHead, rebuilt: [String]
  ) -> TestSelection {
    guard shape.packages.isEmpty || !shape.resolvedPins.isEmpty else {
      return .all(reason: "the snapshot's resolved versions are unknown")
    }
    let trees = ["\(tag)^{tree}", head.tree]
    guard let changed = try? self.git.run(["diff", "--name-only", "-z"] + trees) else {
      return .all(reason: "git cannot compare it with HEAD")
    }
    let paths = changed.split(separator: "\0").map(String.init)
    return TestSelection.select(
      previous: head.shape.locatedLike(shape), current: shape, changedPaths: paths, rebuiltModules: rebuilt)
  }

  /// Makes `tree` hold exactly the tag's files, rewriting only files that changed (so builds stay
  /// incremental), through a private index that never touches the repository's own.
  func checkOut(_ tag: String, into tree: URL) throws {
    let index = self.folder.appendingPathComponent("index")
    let git = Git(root: self.git.root, environment: ["GIT_INDEX_FILE": index.path])
    try git.run(["--work-tree=\(tree.path)", "read-tree", "--reset", "-u", "refs/tags/\(tag)^{tree}"])
  }

  /// The test summary of a snapshot without a package (chapter 0's): only `book check` ran.
  package static let noPackage = "no package"

  /// Whole milliseconds since `start`.
  static func milliseconds(since start: Date) -> Int {
    Int((Date().timeIntervalSince(start) * 1000).rounded())
  }

  /// The first line of `swift --version`: the toolchain that built and tested the snapshots.
  package static func toolchain() -> String {
    let version = Self.run(["swift", "--version"], in: URL(fileURLWithPath: "/"))
    let line = version.output.split(whereSeparator: \.isNewline).first { $0.contains("Swift version") }
    return line.map { String($0.trimmingCharacters(in: .whitespaces)) } ?? "unknown toolchain"
  }

  /// The first twenty lines of `output` that report an error, in the compiler's and XCTest's format.
  static func errorLines(of output: String) -> [String] {
    Array(output.split(separator: "\n").filter { $0.contains(": error: ") }.prefix(20).map(String.init))
  }

  /// The modules and plugins SwiftPM's build output says it compiled (`[12/80] Compiling GRDB
  /// Database.swift`, `[1/1] Compiling plugin GenerateManual`), in order of first mention, leaving out `own` and SwiftPM's generated test targets
  /// (`…PackageDiscoveredTests`, `…PackageTests`).
  static func compiledModules(of output: String, except own: Set<String>) -> [String] {
    var seen = Set(own)
    var modules: [String] = []
    for line in output.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard let verb = words.firstIndex(of: "Compiling"), verb + 1 < words.count else { continue }
      // SwiftPM names a package plugin it compiles as `Compiling plugin GenerateManual`.
      let plugin = words[verb + 1] == "plugin" && verb + 2 < words.count
      let module = plugin ? "plugin \(words[verb + 2])" : String(words[verb + 1])
      let generated = module.hasSuffix("PackageDiscoveredTests") || module.hasSuffix("PackageTests")
      if !generated, seen.insert(module).inserted { modules.append(module) }
    }
    return modules
  }

  /// The book's own modules in a snapshot: the folders of its `Sources/` and `Tests/`.
  static func ownModules(in tree: URL) -> Set<String> {
    let folders = ["Sources", "Tests"].map { tree.appendingPathComponent($0).path }
    return Set(folders.flatMap { (try? FileManager.default.contentsOfDirectory(atPath: $0)) ?? [] })
  }

  /// The last `Executed N tests` line of XCTest's output, or a note that there was none.
  static func summary(of output: String) -> String {
    let lines = output.split(separator: "\n").filter { $0.contains("Executed") && $0.contains("test") }
    return lines.last.map { String($0.trimmingCharacters(in: .whitespaces)) } ?? "no test summary"
  }

  /// Runs a command found on `PATH`, returning its status and its output (standard output, then error).
  static func run(_ arguments: [String], in folder: URL) -> (status: Int32, output: String) {
    do {
      let output = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: arguments, in: folder)
      return (output.status, String(decoding: output.standardOutput, as: UTF8.self) + output.errorText)
    } catch {
      return (127, "cannot run \(arguments[0]): \(error)")
    }
  }
}
