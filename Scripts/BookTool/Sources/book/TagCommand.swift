import ArgumentParser
import BookCLI
import BookKit
import BookSite
import Foundation

/// `book tag`: one git tag per chapter, each a snapshot of the workspace at the end of that chapter.
struct TagCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tag",
    abstract: "Create or move the chapter-NN tags (snapshots of HEAD's chapters); never moves HEAD.",
    discussion: """
      Each tag points at a commit holding the workspace as of that chapter: the chapters so far, the \
      code and tests as they stood then, and the tool. Snapshot N's parent is snapshot N-1. Tags not \
      made by `book tag` are never moved.
      """)

  @OptionGroup var options: WorkspaceOptions

  @Flag(
    help: """
      After tagging, build every snapshot in full (in .build-snapshots/, reusing .build) and run the test \
      targets its chapter can have changed.
      """)
  var verify = false

  @Flag(help: "Like --verify, but run every test of every snapshot.")
  var verifyAllTests = false

  @Flag(
    help: """
      With --verify: the workspace as it stands was just built and tested (Scripts/test.sh), so a snapshot \
      whose tree is HEAD's, with no uncommitted or untracked file, is skipped.
      """)
  var workspaceTested = false

  func run() throws {
    try reportingFailures {
      let workspace = try self.options.workspace()
      // The snapshot worktree and its build cache obey the workspace's confinement rule: no part of their
      // paths may be a symbolic link (git's `read-tree -u` then refuses links inside the tree itself).
      // Checked before any tag moves.
      if self.verify || self.verifyAllTests {
        for path in [".build-snapshots/worktree", ".build"] { _ = try workspace.writableURL(path) }
      }
      // With --workspace-tested, HEAD's tree is the workspace's, which `Scripts/test.sh` just checked.
      let tested = self.verify || self.verifyAllTests ? try self.testedTree(of: workspace) : nil
      let results = try Self.tagChapters(in: workspace, committedBookChecked: tested != nil)
      for result in results {
        print("\(result.tag) \(result.outcome.rawValue) \(result.commit.prefix(12))")
      }
      let moved = results.filter { $0.outcome != .unchanged }.count
      print("book tag: \(results.count) chapter tags, \(moved) created or moved")
      if self.verify || self.verifyAllTests { try self.verifySnapshots(results, in: workspace, tested: tested) }
    }
  }

  /// Creates or moves the tags, reporting a snapshot or git failure in compiler format.
  private static func tagChapters(in workspace: Workspace, committedBookChecked: Bool) throws
    -> [ChapterTagger.Result]
  {
    do {
      let tagger = try ChapterTagger(root: workspace.root, generators: snapshotGenerators(cachesOf: workspace.root))
      if committedBookChecked {
        print("book tag: HEAD's tree is the workspace's, just checked (--workspace-tested): not checked again")
      } else {
        try Self.checkCommittedBook(of: workspace)
      }
      return try tagger.tagChapters()
    } catch SnapshotFailure.invalidBook(let diagnostics) {
      try report(diagnostics, outcome: "no tag moved")
      throw ExitCode.failure
    } catch let failure as SnapshotFailure {
      try fail(failure.description, rule: .foreignTag)
    } catch let failure as Git.Failure {
      try fail(failure.description.split(whereSeparator: \.isNewline).joined(separator: " "), rule: .gitFailure)
    }
  }

  /// Refuses what `book check` refuses, in the book as committed (hostile case 12): HEAD's files are
  /// checked out into `.build/book-tag/head` through a private index, and checked there.
  private static func checkCommittedBook(of workspace: Workspace) throws {
    let folder = try workspace.writableURL(".build/book-tag/head")
    let index = try workspace.writableURL(".build/book-tag/head-index")
    // The folders this makes are removed again, so that a refused tag leaves the workspace as it was.
    let made = [".build", ".build/book-tag"].filter { !workspace.exists($0) }.map(workspace.root.appendingPathComponent)
    for url in [folder, index] where FileManager.default.fileExists(atPath: url.path) {
      try FileManager.default.removeItem(at: url)
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer {
      for url in [folder, index] { try? FileManager.default.removeItem(at: url) }
      for url in made.reversed() { rmdir(url.path) }
    }
    let git = Git(root: workspace.root, environment: ["GIT_INDEX_FILE": index.path])
    try git.run(["--work-tree=\(folder.path)", "checkout", "HEAD", "--", ":/"])
    let committed = Workspace(root: folder, chaptersFolder: workspace.chaptersFolder)
    let book = try Book.load(from: committed)
    let problems = try BookCheck.problems(
      in: committed, book: book, output: try TangleOutput(book: book, workspace: committed))
    try report(problems, outcome: "no tag moved: the committed book fails `book check`")
  }

  /// Builds and tests each snapshot, printing progress and a per-chapter table, and records the results
  /// in `Chapters/status.json` (the chapter pages show them).
  private func verifySnapshots(_ results: [ChapterTagger.Result], in workspace: Workspace, tested: String?) throws {
    let tags = results.map(\.tag)
    let folder = workspace.root.appendingPathComponent(".build-snapshots")
    let book = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    let scratch = workspace.root.appendingPathComponent(".build")
    let options = SnapshotVerifier.Options(allTests: self.verifyAllTests, testedTree: tested)
    let verifier = SnapshotVerifier(
      root: workspace.root, folder: folder, scratch: scratch, book: book, options: options,
      check: Self.checkSnapshot(in:))
    let reports = try verifier.verify(tags: tags) { line in
      // Flushed at once: a CI log shows each step as it starts, not all at the end.
      FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
    print("\nchapter      built  check  time     tests; package dependencies compiled (none: the workspace's builds)")
    for report in reports {
      let mark = { (passed: Bool) in passed ? "yes  " : "NO   " }
      let time = String(format: "%5.1f s", report.seconds)
      let compiled = report.compiledDependencies.isEmpty ? "none" : report.compiledDependencies.joined(separator: " ")
      print(
        "\(report.tag)   \(mark(report.built))  \(mark(report.checked))  \(time)  \(report.testSummary); \(compiled)")
      print("               \(report.testsRun)")
    }
    let (toolchain, date) = (SnapshotVerifier.toolchain(), Date())
    let entries = zip(reports, results).map { report, result in
      ChapterStatusRecord.Entry(report, of: result, toolchain: toolchain, date: date)
    }
    let path = try ChapterStatusRecord.record(entries, in: workspace)
    print("book tag: \(entries.count) results recorded in \(path): run `book site` and commit both")
    if reports.contains(where: { !$0.passed }) { throw ExitCode.failure }
  }
}

extension TagCommand {
  /// HEAD's tree when `--workspace-tested` says the workspace was just tested and git sees no change to
  /// it (nothing modified, staged or untracked outside what .gitignore ignores); nil otherwise.
  fileprivate func testedTree(of workspace: Workspace) throws -> String? {
    guard self.workspaceTested else { return nil }
    let git = Git(root: workspace.root)
    guard try git.run(["status", "--porcelain"]).isEmpty else {
      print("book tag: the workspace differs from HEAD, so no snapshot is taken as already tested")
      return nil
    }
    return try git.run(["rev-parse", "HEAD^{tree}"])
  }
}

extension TagCommand {
  /// `book check` in a snapshot's folder, in this process. Its `Site/` is the one `book tag` just wrote,
  /// or found already written, for its chapters: the same renderer of this same tool, on the same
  /// chapters, `book.json` and pictures (a tag is left in place only when its tree is the one computed
  /// now). Rendering it again to compare would prove nothing, so the site's links are checked as
  /// written (every link stays inside the site) and everything else is checked as `book check` does.
  fileprivate static func checkSnapshot(in tree: URL) -> (status: Int32, output: String) {
    do {
      let snapshot = Workspace(root: tree)
      let book = try Book.load(from: snapshot)
      let output = try TangleOutput(book: book, workspace: snapshot)
      let problems = try BookCheck.problems(in: snapshot, book: book, output: output) { _, snapshot in
        try Self.siteLinkProblems(in: snapshot)
      }
      return (problems.hasErrors ? 1 : 0, problems.map(\.description).joined(separator: "\n"))
    } catch {
      return (1, "\(tree.path): error: book check failed: \(error)")
    }
  }

  /// The links of the site written in the workspace's `Site/` (the files its manifest lists) that leave it.
  private static func siteLinkProblems(in workspace: Workspace) throws -> [Diagnostic] {
    let folder = SiteSnapshotGenerator.folder
    let manifestPath = "\(folder)/\(SiteOutput.manifestName)"
    guard let manifest = try workspace.readConfinedIfPresent(manifestPath) else {
      let location = SourceLocation(path: manifestPath, line: 1)
      return [Diagnostic(.error, id: .staleSiteManifest, at: location, "the snapshot has no site manifest")]
    }
    var files: [String: Data] = [:]
    for path in SiteOutput.paths(inManifest: manifest) {
      files[path] = try workspace.readConfinedIfPresent("\(folder)/\(path)")
    }
    return SiteLinkCheck.check(files, folder: folder)
  }
}

/// The generators whose files differ per snapshot: the tangled code (the manifest included) and the site,
/// drawn with the highlight and diagram caches of the workspace at `cachesOf` when given.
func snapshotGenerators(cachesOf root: URL? = nil) -> [SnapshotGenerator] {
  [TangleGenerator(), SiteSnapshotGenerator(cachesOf: root)]
}
