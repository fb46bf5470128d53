import Foundation

/// What a book says about itself in `Chapters/book.json`: its title, subtitle and parts.
///
/// ```json
/// {"title": "Immutable Swift", "subtitle": "…", "parts": [{"title": "Part 0: Overview", "chapters": [0]}]}
/// ```
/// Without the file, the title is the chapters folder's name and there are no parts.
package struct BookMetadata: Codable, Hashable, Sendable {
  /// A named group of chapters, listed by chapter number.
  package struct Part: Codable, Hashable, Sendable {
    /// The part's heading, e.g. `Part 1: Infra`.
    package var title: String
    /// The numbers of its chapters (from their file names); numbers with no chapter are skipped.
    package var chapters: [Int]
    /// What the part will hold that is not written yet, said in the table of contents:
    /// `"Chapters 18 and 19: copy-on-write and benchmarks"`. A part with nothing written yet is listed
    /// only when it says what is to come.
    package var toCome: String?

    /// Creates a part.
    package init(title: String, chapters: [Int], toCome: String? = nil) {
      self.title = title
      self.chapters = chapters
      self.toCome = toCome
    }
  }

  /// The book's title.
  package var title: String
  /// A line under the title, if any.
  package var subtitle: String?
  /// The parts, in order.
  package var parts: [Part]
  /// Where the book's sources live, if it is published (shown on the index page).
  package var repositoryURL: String?
  /// When the book was last changed, as the e-book's `dcterms:modified` says it: `2026-11-26` or
  /// `2026-11-26T09:30:00Z` (UTC). Written by the author, so that the same chapters give the same e-book.
  package var modified: String?
  /// Each chapter's last verified result, from `Chapters/status.json` (`book tag --verify` writes it; it is
  /// not part of `book.json`); nil when there is none. The pages show it, so it is hashed with the rest.
  package var status: ChapterStatusRecord?

  /// The file name of the metadata, inside the chapters folder.
  package static let fileName = "book.json"

  /// Creates metadata.
  package init(title: String, subtitle: String? = nil, parts: [Part] = [], repositoryURL: String? = nil) {
    self.title = title
    self.subtitle = subtitle
    self.parts = parts
    self.repositoryURL = repositoryURL
  }

  private enum CodingKeys: String, CodingKey {
    case title, subtitle, parts, repositoryURL, modified
  }

  /// Decodes metadata; `parts` may be left out.
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.title = try container.decode(String.self, forKey: .title)
    self.subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle)
    self.parts = try container.decodeIfPresent([Part].self, forKey: .parts) ?? []
    self.repositoryURL = try container.decodeIfPresent(String.self, forKey: .repositoryURL)
    self.modified = try container.decodeIfPresent(String.self, forKey: .modified)
    if let modified = self.modified, !Self.isModifiedDate(modified) {
      throw DecodingError.dataCorruptedError(
        forKey: .modified, in: container, debugDescription: "'modified' is not YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ")
    }
  }

  /// `2026-11-26` or `2026-11-26T09:30:00Z`: the forms `dcterms:modified` can be made from.
  static func isModifiedDate(_ text: String) -> Bool {
    let pattern = Array("dddd-dd-ddTdd:dd:ddZ")
    let characters = Array(text)
    guard characters.count == 10 || characters.count == pattern.count else { return false }
    return zip(characters, pattern).allSatisfy { character, expected in
      expected == "d" ? ("0"..."9").contains(character) : character == expected
    }
  }

  /// The metadata of the book in `workspace`'s chapters folder, or the default when there is no
  /// `book.json`; a file that cannot be decoded is an error located at the file.
  package static func load(from workspace: Workspace) throws -> Result<BookMetadata, DiagnosticsError> {
    try Self.load(
      try Self.file(inChaptersFolder: workspace.chaptersFolder, read: workspace.readIfPresent).data, in: workspace
    )
    .attachingStatus(inChaptersFolder: workspace.chaptersFolder, read: workspace.readIfPresent)
  }

  /// The one reader of `book.json`: its path in the chapters folder `folder`, and its bytes as `read`
  /// gives them (from disk, from a git tree), nil when there is none. Every stage that needs the book's
  /// configuration, or its hash, reads it here.
  package static func file(
    inChaptersFolder folder: String, read: (String) throws -> Data?
  ) rethrows -> (path: String, data: Data?) {
    let path = "\(folder)/\(Self.fileName)"
    return (path, try read(path))
  }

  /// The metadata given the bytes of `workspace`'s `book.json` already read, or nil when there is none.
  package static func load(_ data: Data?, in workspace: Workspace) -> Result<BookMetadata, DiagnosticsError> {
    guard let data else {
      let folder = workspace.chaptersFolder.split(separator: "/").last.map(String.init)
      return .success(BookMetadata(title: folder ?? workspace.root.lastPathComponent))
    }
    return Self.decode(data, path: "\(workspace.chaptersFolder)/\(Self.fileName)")
  }

  /// Metadata decoded from the bytes of a `book.json` at `path`, or an error located at that file.
  package static func decode(_ data: Data, path: String) -> Result<BookMetadata, DiagnosticsError> {
    do {
      return .success(try JSONDecoder().decode(BookMetadata.self, from: data))
    } catch {
      return .failure(
        DiagnosticsError([
          Diagnostic(
            .error, id: .invalidBookMetadata, at: SourceLocation(path: path, line: 1),
            "\(Self.fileName) is not valid book metadata (\(Self.describe(error))); expected "
              + "{\"title\": …, \"subtitle\": …, \"parts\": [{\"title\": …, \"chapters\": [0, 1]}]}")
        ]))
    }
  }

  /// A short reason for a decoding failure.
  private static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(let key, _): "missing '\(key.stringValue)'"
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      "wrong type at '\(context.codingPath.map(\.stringValue).joined(separator: "."))'"
    case DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty: context.debugDescription
    default: "not JSON"
    }
  }
}

extension BookMetadata {
  /// The chapters grouped as the book's parts say, skipping numbers with no chapter; chapters that no part
  /// lists follow in a group without a title. Indices are into `chapters`.
  package func groups(of chapters: [Chapter]) -> [(title: String?, chapterIndices: [Int], toCome: String?)] {
    var listed = Set<Int>()
    var groups: [(title: String?, chapterIndices: [Int], toCome: String?)] = self.parts.map { part in
      let indices = part.chapters.compactMap { number in chapters.firstIndex { $0.number == number } }
      listed.formUnion(indices)
      return (part.title, indices, part.toCome)
    }
    let rest = chapters.indices.filter { !listed.contains($0) }
    if !rest.isEmpty { groups.append((nil, rest, nil)) }
    return groups.filter { !$0.chapterIndices.isEmpty || $0.toCome != nil }
  }
}

extension Result where Success == BookMetadata, Failure == DiagnosticsError {
  /// The metadata with the chapter status record of the chapters folder `folder` attached, read through
  /// `read`; a record that cannot be decoded fails like a bad `book.json`.
  package func attachingStatus(
    inChaptersFolder folder: String, read: (String) throws -> Data?
  ) rethrows -> Result<BookMetadata, DiagnosticsError> {
    guard case .success(var metadata) = self else { return self }
    switch try ChapterStatusRecord.load(inChaptersFolder: folder, read: read) {
    case .success(let record):
      metadata.status = record
      return .success(metadata)
    case .failure(let error):
      return .failure(error)
    }
  }
}
