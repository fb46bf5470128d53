import BookKit
import Foundation

/// The line of a chapter's code header that gives its status: the tag, the number of tests it writes,
/// and the last verified result of its snapshot (`Chapters/status.json`, written by `book tag --verify`),
/// or that there is none yet, or that it is older than the chapter.
///
/// `chapter-03 · 12 tests · Last verified 2026-11-26 with Swift version 6.2.1: passed (build 41.2 s,
/// tests 3.1 s)`
struct ChapterStatusView: Hashable, Sendable {
  /// The chapter's tag.
  var tag: String
  /// The tests the chapter writes (`TestCount`).
  var tests: Int
  /// The last verified result, and whether it still describes the chapters up to this one.
  var status: ChapterStatus

  /// The status of chapter `index` of `book`, from the record in `metadata`; `testCounts` keeps the counts
  /// of the file texts already counted in this render.
  init(_ index: Int, of book: Book, metadata: BookMetadata, testCounts: TestCounts? = nil) {
    let chapters = book.chapters
    let tag = ChapterTagger.tagName(for: chapters[index], index: index)
    let prefix = index < book.prefixTangles.count ? book.prefixTangles[index] : []
    self.tag = tag
    self.tests = TestCount.of(chapters[index], prefix: prefix, counts: testCounts)
    self.status = Self.status(index, of: chapters, metadata: metadata)
  }

  /// Chapter `index`'s last verified result in the record of `metadata`, and whether chapters 0…N still
  /// give its digest; `.notVerified` without a record or an entry.
  static func status(_ index: Int, of chapters: [Chapter], metadata: BookMetadata) -> ChapterStatus {
    let tag = ChapterTagger.tagName(for: chapters[index], index: index)
    return metadata.status.map { $0.status(ofChapter: index, in: chapters, tag: tag) } ?? .notVerified
  }

  /// The status as items of the code header (which names the tag itself when the chapter has code).
  var items: String {
    "<span>\(self.tests) test\(self.tests == 1 ? "" : "s") in this chapter</span>\n"
      + "<span class=\"chapter-status\">\(self.result)</span>\n"
  }

  /// The header of a chapter without code, shown once its snapshot has a verified result.
  var headerWithoutCode: String? {
    guard self.status != .notVerified else { return nil }
    return "<aside class=\"chapter-code\" aria-label=\"This chapter's status\">\n"
      + "<span>Tag <code>\(HTML.escape(self.tag))</code></span>\n\(self.items)</aside>\n"
  }

  /// `Last verified …`, `Not verified yet`, or the last result marked as older than the chapter.
  private var result: String {
    switch self.status {
    case .notVerified:
      return "Not verified yet"
    case .current(let entry):
      return "Last verified " + Self.describe(entry)
    case .stale(let entry):
      return "<strong>Verified before the latest changes</strong> to the chapters up to this one: "
        + Self.describe(entry)
    }
  }

  /// `2026-11-26 with Swift version 6.2.1: passed (build 41.2 s, tests 3.1 s)`.
  private static func describe(_ entry: ChapterStatusRecord.Entry) -> String {
    let day = HTML.escape(String(entry.date.prefix(10)))
    let outcome = entry.passed ? "passed" : "<strong>failed</strong>"
    var times = "build \(Self.seconds(entry.buildMilliseconds)), tests \(Self.seconds(entry.testMilliseconds))"
    // A snapshot without a package (chapter 0's) is only checked: there was nothing to build or test.
    if entry.testSummary == SnapshotVerifier.noPackage { times = "checked only: no package yet" }
    return "<time datetime=\"\(HTML.escape(entry.date))\">\(day)</time> with \(HTML.escape(entry.toolchain)): "
      + "\(outcome) (\(times))"
  }

  /// `41.2 s`, from milliseconds, without the locale or floating point.
  static func seconds(_ milliseconds: Int) -> String {
    let tenths = (max(milliseconds, 0) + 50) / 100
    return "\(tenths / 10).\(tenths % 10) s"
  }
}
