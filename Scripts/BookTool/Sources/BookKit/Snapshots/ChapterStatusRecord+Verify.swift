import Foundation

extension ChapterStatusRecord.Entry {
  /// The entry for a verified snapshot: `report` of the snapshot tagged by `result`, verified with
  /// `toolchain` at `date`.
  package init(
    _ report: SnapshotVerifier.Report, of result: ChapterTagger.Result, toolchain: String, date: Date
  ) {
    self.init(
      tag: result.tag, chapter: result.chapter, prefixDigest: result.prefixDigest, toolchain: toolchain,
      date: ChapterStatusRecord.timestamp(date), passed: report.passed,
      buildMilliseconds: report.buildMilliseconds, testMilliseconds: report.testMilliseconds,
      testSummary: report.testSummary)
  }
}

extension ChapterStatusRecord {
  /// `2026-11-26T06:40:00Z`: a date in UTC, to the second.
  package static func timestamp(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }

  /// Records `entries` (the snapshots `book tag --verify` just verified) in `workspace`'s record, keeping
  /// the entries of other tags, through the workspace's guarded (atomic) writes. A record that cannot be
  /// read is replaced. Returns the record's path.
  @discardableResult
  package static func record(_ entries: [Entry], in workspace: Workspace) throws -> String {
    let path = Self.path(inChaptersFolder: workspace.chaptersFolder)
    let loaded = try Self.load(inChaptersFolder: workspace.chaptersFolder, read: workspace.readIfPresent)
    let earlier = (try? loaded.get()).flatMap { $0 } ?? ChapterStatusRecord()
    _ = try workspace.write(earlier.merging(entries).encoded, to: path)
    return path
  }
}
