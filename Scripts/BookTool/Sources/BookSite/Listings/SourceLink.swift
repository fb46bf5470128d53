import BookKit

/// Where a listing's file can be read as it stands at the end of the listing's chapter: on the book's
/// repository at the chapter's tag, or, without a repository, in the local clone.
///
/// With `repositoryURL` `https://example.org/book`, `Sources/A/B.swift` in chapter 3 →
/// `https://example.org/book/blob/chapter-03/Sources/A/B.swift`; without one → `../Sources/A/B.swift`
/// (the page lives in `Site/`), titled with the `git show chapter-03:…` that prints that version.
struct SourceLink: Sendable {
  /// The repository's web address, if the book names one in `book.json`.
  var repositoryURL: String?
  /// The tag of the listing's chapter, e.g. `chapter-03` (made by `book tag`).
  var tag: String

  /// The link's target for `file`.
  func href(for file: String) -> String {
    guard let repository = self.repositoryURL else { return "../\(file)" }
    let base = repository.hasSuffix("/") ? String(repository.dropLast()) : repository
    return "\(base)/blob/\(self.tag)/\(file)"
  }

  /// The link's tooltip for `file`.
  func title(for file: String) -> String {
    "\(file) at the end of this chapter: tag \(self.tag) (git show \(self.tag):\(file))"
  }
}
