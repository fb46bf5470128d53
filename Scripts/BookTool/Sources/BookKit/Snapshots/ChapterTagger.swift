import Foundation

/// Makes one git tag per chapter, each pointing at a commit that holds the workspace as it stands at the
/// end of that chapter, without moving HEAD or touching the index, the working tree or any branch.
///
/// Snapshot N's commit has snapshot N−1's as its parent, so `git diff chapter-05 chapter-06` is exactly
/// chapter 6's change. Tags are annotated with `marker`; a tag without it is never moved.
package struct ChapterTagger {
  /// What happened to one tag.
  package enum Outcome: String, Sendable {
    case created, moved, unchanged
  }

  /// One chapter's snapshot and what happened to its tag.
  package struct Result: Sendable {
    /// The tag's name, e.g. `chapter-03`.
    package var tag: String
    /// The snapshot commit.
    package var commit: String
    /// Whether the tag was created, moved or left as it was.
    package var outcome: Outcome
    /// The chapter's file, e.g. `Chapters/03-counter-data.md`.
    package var chapter = ""
    /// The digest of HEAD's chapters 0…N (`ChapterStatusRecord.prefixDigest`): what a verified result of
    /// this snapshot is a result for.
    package var prefixDigest = ""
  }

  /// The first line of every tag message `book tag` writes; tags without it belong to someone else.
  package static let marker = "book-tag snapshot"

  private let git: Git
  private let source: SnapshotSource

  /// A tagger for the repository at `root`, snapshotting its `HEAD` commit.
  package init(
    root: URL, generators: [SnapshotGenerator] = [TangleGenerator()]
  ) throws {
    self.git = Git(root: root)
    self.source = try SnapshotSource(git: self.git, generators: generators)
  }

  /// The tag name for a chapter: `chapter-03`.
  package static func tagName(for chapter: Chapter, index: Int) -> String {
    // `%02d` without Foundation's formatter (two digits at least, a sign counting as one) for every
    // number `%d` prints whole; the formatter itself for the others.
    let number = chapter.number ?? index
    guard (Int(Int32.min)...Int(Int32.max)).contains(number) else { return String(format: "chapter-%02d", number) }
    return (0...9).contains(number) ? "chapter-0\(number)" : "chapter-\(number)"
  }

  /// Computes every snapshot, then creates or moves the tags whose snapshot changed.
  ///
  /// Throws, moving no tag at all, if a tag that must change was not made by `book tag`.
  package func tagChapters() throws -> [Result] {
    var results: [Result] = []
    var parent: String?
    for index in self.source.chapters.indices {
      let tag = Self.tagName(for: self.source.chapters[index], index: index)
      let tree = try self.source.tree(throughChapter: index)
      let existing = try self.ownedTagCommit(tag)
      let commit: String
      let outcome: Outcome
      if let existing, try self.commit(existing, hasTree: tree, parent: parent) {
        (commit, outcome) = (existing, .unchanged)
      } else {
        commit = try self.makeCommit(tree: tree, parent: parent, chapter: self.source.chapters[index])
        outcome = try self.tagExists(tag) ? .moved : .created
      }
      var result = Result(tag: tag, commit: commit, outcome: outcome)
      result.chapter = self.source.chapters[index].path
      result.prefixDigest = ChapterStatusRecord.prefixDigest(of: self.source.chapters, through: index)
      results.append(result)
      parent = commit
    }
    try self.refuseForeignTags(results)
    for result in results where result.outcome != .unchanged {
      try self.writeTag(result.tag, at: result.commit)
    }
    return results
  }

  /// The commit an existing `book tag` tag points at; nil if there is no such tag or it is foreign.
  private func ownedTagCommit(_ tag: String) throws -> String? {
    guard try self.isOwnTag(tag) else { return nil }
    return try self.git.run(["rev-parse", "refs/tags/\(tag)^{commit}"])
  }

  private func tagExists(_ tag: String) throws -> Bool {
    self.git.succeeds(["rev-parse", "-q", "--verify", "refs/tags/\(tag)"])
  }

  /// Whether `tag` is an annotated tag whose message starts with the marker.
  private func isOwnTag(_ tag: String) throws -> Bool {
    guard try self.tagExists(tag), try self.git.run(["cat-file", "-t", "refs/tags/\(tag)"]) == "tag" else {
      return false
    }
    let object = try self.git.run(["cat-file", "tag", "refs/tags/\(tag)"])
    let message = object.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
    return message.hasPrefix(Self.marker)
  }

  /// Whether a commit already holds the tree with exactly the given parent.
  private func commit(_ commit: String, hasTree tree: String, parent: String?) throws -> Bool {
    let fields = try self.git.run(["show", "-s", "--format=%T %P", commit]).split(separator: " ").map(String.init)
    return fields.first == tree && Array(fields.dropFirst()) == (parent.map { [$0] } ?? [])
  }

  /// Refuses, before any tag moves, when a tag that must change was not made by `book tag`.
  private func refuseForeignTags(_ results: [Result]) throws {
    let foreign = try results.filter { try self.tagExists($0.tag) && !self.isOwnTag($0.tag) }.map(\.tag)
    guard foreign.isEmpty else { throw SnapshotFailure.foreignTags(foreign) }
  }

  /// Writes a snapshot commit with a fixed identity and the date of HEAD, so that re-running is stable.
  private func makeCommit(tree: String, parent: String?, chapter: Chapter) throws -> String {
    let message =
      "Chapter \(String(format: "%02d", chapter.number ?? 0)): \(chapter.title)\n\n"
      + "The workspace as it stands at the end of \(chapter.path), made by `book tag`.\n"
    let parents = parent.map { ["-p", $0] } ?? []
    return try self.identityGit.run(["commit-tree", tree] + parents, input: Data(message.utf8))
  }

  /// Creates or moves an annotated tag.
  private func writeTag(_ tag: String, at commit: String) throws {
    let message = "\(Self.marker) of \(tag)\n"
    try self.identityGit.run(["tag", "-a", "-f", tag, "-F", "-", commit], input: Data(message.utf8))
  }

  /// Git with the snapshot identity and HEAD's date, so no user configuration is needed.
  private var identityGit: Git {
    var environment = [
      "GIT_AUTHOR_NAME": "book tag", "GIT_AUTHOR_EMAIL": "book-tag@localhost",
      "GIT_COMMITTER_NAME": "book tag", "GIT_COMMITTER_EMAIL": "book-tag@localhost",
    ]
    environment["GIT_AUTHOR_DATE"] = self.source.headDate
    environment["GIT_COMMITTER_DATE"] = self.source.headDate
    return Git(root: self.git.root, environment: environment)
  }
}

/// Why `book tag` could not make the snapshots.
package enum SnapshotFailure: Error, CustomStringConvertible {
  /// Tags that exist but were not made by `book tag`.
  case foreignTags([String])
  /// The chapters at HEAD have errors.
  case invalidBook([Diagnostic])

  /// A one-paragraph explanation.
  package var description: String {
    switch self {
    case .foreignTags(let tags):
      "refusing to move \(tags.joined(separator: ", ")): not made by `book tag` (delete them yourself first); no tag moved"
    case .invalidBook(let diagnostics):
      diagnostics.map(\.description).joined(separator: "\n")
    }
  }
}
