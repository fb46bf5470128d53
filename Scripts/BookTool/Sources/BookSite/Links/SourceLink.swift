import BookKit

/// Where a listing's file can be read as it stands at the end of the listing's chapter: its code page in
/// the site (`CodeVersions`), so a copy of the site alone keeps the link; and, when `book.json` names a
/// repository, the file at the chapter's tag there (offered on the code page).
///
/// `Sources/A/B.swift` in chapter 3, unchanged since chapter 2 → `code/02-two/Sources/A/B.swift.html`;
/// with `repositoryURL` `https://example.org/book` →
/// `https://example.org/book/blob/chapter-03/Sources/A/B.swift` too.
struct SourceLink: Sendable {
  /// The repository's web address, if the book names one in `book.json`.
  var repositoryURL: String?
  /// The tag of the listing's chapter, e.g. `chapter-03` (made by `book tag`).
  var tag: String
  /// Each file's code page at the end of the chapter, by path in the workspace.
  var codePages: [String: String] = [:]

  /// The link's target for `file`: its code page, or nil when the chapter ends without the file.
  func href(for file: String) -> String? {
    self.codePages[file]
  }

  /// The file at the chapter's tag on the book's repository, or nil without a repository.
  func repositoryHref(for file: String) -> String? {
    guard let repository = self.repositoryURL else { return nil }
    let base = repository.hasSuffix("/") ? String(repository.dropLast()) : repository
    return "\(base)/blob/\(self.tag)/\(file)"
  }

  /// The link's tooltip for `file`.
  func title(for file: String) -> String {
    "\(file) at the end of this chapter: tag \(self.tag) (git show \(self.tag):\(file))"
  }
}
