/// The rule `book tag` adds to a book's own: every chapter file is named `NN-name.md` and no two share a
/// number, because each chapter becomes the tag `chapter-NN` (two `01-` chapters would fight over one tag).
package enum ChapterNumbering {
  /// A located error for every chapter path without an explicit number, and for every chapter whose
  /// number an earlier chapter already has (with a note at that chapter).
  ///
  /// `Chapters/01-a.md`, `Chapters/01-b.md` → `Chapters/01-b.md:1:1: error: … [duplicate-chapter-number]`.
  package static func problems(in paths: [String]) -> [Diagnostic] {
    var first: [Int: String] = [:]
    var problems: [Diagnostic] = []
    for path in paths.sorted() {
      let name = String(path.split(separator: "/").last ?? "")
      guard let number = Self.explicitNumber(of: name) else {
        problems.append(
          Diagnostic(
            .error, id: .unnumberedChapter, at: SourceLocation(path: path, line: 1),
            "chapter file '\(name)' is not named NN-name.md; `book tag` names each chapter's tag by its number"))
        continue
      }
      if let earlier = first[number] {
        problems.append(
          Diagnostic(
            .error, id: .duplicateChapterNumber, at: SourceLocation(path: path, line: 1),
            "chapter number \(number) is already used by \(earlier); each chapter needs its own number",
            notes: [.note(at: SourceLocation(path: earlier, line: 1), "\(earlier) is chapter \(number)")]))
      } else {
        first[number] = path
      }
    }
    return problems
  }

  /// The number of a file named `NN-name.md` (digits, a dash, a non-empty name), or nil.
  static func explicitNumber(of name: String) -> Int? {
    let digits = name.prefix { $0.isASCII && $0.isNumber }
    let rest = name.dropFirst(digits.count)
    guard !digits.isEmpty, rest.hasPrefix("-"), rest.count > "-.md".count, rest.hasSuffix(".md") else { return nil }
    return Int(digits)
  }
}
