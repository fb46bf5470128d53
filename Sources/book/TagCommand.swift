import ArgumentParser
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

  @Flag(help: "After tagging, build and test every snapshot (shared build cache in .build-snapshots/).")
  var verify = false

  func run() throws {
    let workspace = try self.options.workspace()
    let results: [ChapterTagger.Result]
    do {
      results = try ChapterTagger(root: workspace.root, generators: snapshotGenerators()).tagChapters()
    } catch let failure as SnapshotFailure {
      FileHandle.standardError.write(Data("book tag: error: \(failure)\n".utf8))
      throw ExitCode.failure
    }
    for result in results {
      print("\(result.tag) \(result.outcome.rawValue) \(result.commit.prefix(12))")
    }
    let moved = results.filter { $0.outcome != .unchanged }.count
    print("book tag: \(results.count) chapter tags, \(moved) created or moved")
    if self.verify { try self.verifySnapshots(results.map(\.tag), in: workspace) }
  }

  /// Builds and tests each snapshot, printing progress and a per-chapter table.
  private func verifySnapshots(_ tags: [String], in workspace: Workspace) throws {
    let folder = workspace.root.appendingPathComponent(".build-snapshots")
    let reports = try SnapshotVerifier(root: workspace.root, folder: folder).verify(tags: tags) { line in
      // Flushed at once: a CI log shows each step as it starts, not all at the end.
      FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
    print("\nchapter      built  check  tests")
    for report in reports {
      let mark = { (passed: Bool) in passed ? "yes  " : "NO   " }
      print("\(report.tag)   \(mark(report.built))  \(mark(report.checked))  \(report.testSummary)")
    }
    if reports.contains(where: { !$0.passed }) { throw ExitCode.failure }
  }
}

/// The generators whose files differ per snapshot: the tangled code (and, once rendered, the site).
func snapshotGenerators() -> [SnapshotGenerator] {
  [TangleGenerator(), PackageManifestGenerator(), SiteSnapshotGenerator()]
}
