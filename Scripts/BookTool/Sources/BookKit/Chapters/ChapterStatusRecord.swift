import Foundation

/// What `book tag --verify` last found for each chapter snapshot, committed as `Chapters/status.json` so
/// that each chapter's page can show it (an input of the site, like `book.json`).
///
/// ```json
/// {
///   "chapters" : [
///     {
///       "buildMilliseconds" : 41200, "chapter" : "Chapters/01-immutable-data.md",
///       "date" : "2026-11-26T06:40:00Z", "passed" : true, "prefixDigest" : "0f3c…",
///       "tag" : "chapter-01", "testMilliseconds" : 3100, "testSummary" : "Executed 12 tests, with 0 failures",
///       "toolchain" : "Swift version 6.2.1 (swift-6.2.1-RELEASE)"
///     }
///   ],
///   "format" : 1
/// }
/// ```
/// Entries are sorted by tag and keys by name, with no fractional numbers, so the same results always
/// give the same bytes. Each entry names the digest of the chapters 0…N it verified (`prefixDigest`):
/// when the chapters change, the entry is older than the chapter and says so.
package struct ChapterStatusRecord: Codable, Hashable, Sendable {
  /// One verified snapshot.
  package struct Entry: Codable, Hashable, Sendable {
    /// The snapshot's tag, e.g. `chapter-03`.
    package var tag: String
    /// The chapter's file, e.g. `Chapters/03-counter-data.md`.
    package var chapter: String
    /// `ChapterStatusRecord.prefixDigest` of the chapters 0…N the snapshot was made from.
    package var prefixDigest: String
    /// The first line of `swift --version`.
    package var toolchain: String
    /// When the snapshot was verified, in UTC: `2026-11-26T06:40:00Z`.
    package var date: String
    /// Whether `book check`, the build and the tests all passed.
    package var passed: Bool
    /// How long `swift build --build-tests` took (0 for a snapshot without a package).
    package var buildMilliseconds: Int
    /// How long `swift test` took.
    package var testMilliseconds: Int
    /// XCTest's summary line, or why there is none (`no package`, `not run`).
    package var testSummary: String

    /// Creates an entry.
    package init(
      tag: String, chapter: String, prefixDigest: String, toolchain: String, date: String, passed: Bool,
      buildMilliseconds: Int, testMilliseconds: Int, testSummary: String
    ) {
      self.tag = tag
      self.chapter = chapter
      self.prefixDigest = prefixDigest
      self.toolchain = toolchain
      self.date = date
      self.passed = passed
      self.buildMilliseconds = buildMilliseconds
      self.testMilliseconds = testMilliseconds
      self.testSummary = testSummary
    }
  }

  /// The version of this format; a record of another version is refused.
  package var format = 1
  /// One entry per verified tag, sorted by tag.
  package var chapters: [Entry] = []

  /// The record's file name, inside the chapters folder.
  package static let fileName = "status.json"

  /// An empty record: no chapter verified yet.
  package init() {}

  /// The record's path in the chapters folder `folder`.
  package static func path(inChaptersFolder folder: String) -> String {
    "\(folder)/\(Self.fileName)"
  }

  /// The entry of a tag, if any.
  package func entry(forTag tag: String) -> Entry? {
    self.chapters.first { $0.tag == tag }
  }

  /// The record with `entries` added, each replacing the entry of its tag, sorted by tag.
  package func merging(_ entries: [Entry]) -> ChapterStatusRecord {
    var byTag = Dictionary(self.chapters.map { ($0.tag, $0) }, uniquingKeysWith: { _, last in last })
    for entry in entries { byTag[entry.tag] = entry }
    var record = self
    record.chapters = byTag.values.sorted { $0.tag < $1.tag }
    return record
  }

  /// The record's bytes: pretty-printed JSON with sorted keys and a final newline.
  package var encoded: Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var sorted = self
    sorted.chapters.sort { $0.tag < $1.tag }
    // Encoding plain strings, integers and booleans cannot fail.
    return ((try? encoder.encode(sorted)) ?? Data()) + Data("\n".utf8)
  }

  /// The record in `data`, read from `path`, or an error located at that file.
  package static func decode(_ data: Data, path: String) -> Result<ChapterStatusRecord, DiagnosticsError> {
    let record = try? JSONDecoder().decode(ChapterStatusRecord.self, from: data)
    guard let record, record.format == 1 else {
      return .failure(
        DiagnosticsError([
          Diagnostic(
            .error, id: .invalidStatusRecord, at: SourceLocation(path: path, line: 1),
            "\(Self.fileName) is not a chapter status record of format 1 (it is written by `book tag --verify`; "
              + "delete it and verify again)")
        ]))
    }
    return .success(record)
  }

  /// The digest of chapters 0…`index`: each one's path and source bytes, in book order. A snapshot's
  /// entry is current while the chapters up to its own still give this digest.
  package static func prefixDigest(of chapters: [Chapter], through index: Int) -> String {
    var hasher = DigestHasher()
    hasher.combine("book chapter prefix 1")
    hasher.combine(index + 1)
    for chapter in chapters[...index] {
      hasher.combine(chapter.path)
      hasher.combine(chapter.sourceDigest)
    }
    return hasher.finalize().hex
  }
}

/// What a chapter's page and `book check` say about its last verified result.
package enum ChapterStatus: Hashable, Sendable {
  /// No entry for the chapter's tag.
  case notVerified
  /// The entry verified exactly the chapters 0…N as they are now.
  case current(ChapterStatusRecord.Entry)
  /// The entry verified other chapters 0…N: one of them changed since.
  case stale(ChapterStatusRecord.Entry)
}

extension ChapterStatusRecord {
  /// The status of chapter `index` of `chapters`, whose tag is `tag`.
  package func status(ofChapter index: Int, in chapters: [Chapter], tag: String) -> ChapterStatus {
    guard let entry = self.entry(forTag: tag) else { return .notVerified }
    let current = entry.prefixDigest == Self.prefixDigest(of: chapters, through: index)
    return current ? .current(entry) : .stale(entry)
  }
}
