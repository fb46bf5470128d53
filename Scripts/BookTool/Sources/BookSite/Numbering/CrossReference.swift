import BookKit

/// A link whose text the renderer fills with the label of the listing or figure it points to:
/// `[](#listing-immutabledata-store-store)` → `<a href="#listing-immutabledata-store-store">Listing 1.4</a>`,
/// and `[Figure](02-immutable-ui.md#figure-the-core-of-immutableui)` → `Figure 2.1` (the word written is a
/// placeholder that reads well on GitHub; the label always comes from the target). `book check` reports a
/// reference to anything that has no number as `unnumbered-reference`.
enum CrossReference {
  /// Whether a link's text asks to be filled: empty, or exactly `Listing` or `Figure` (either case).
  static func isPlaceholder(_ text: String) -> Bool {
    ["", "listing", "figure"].contains(text.lowercased())
  }

  /// The chapter (by path) and anchor a link destination points to, from the chapter at `chapterPath`; nil
  /// for a destination that names no anchor of a chapter in `chapterPaths`.
  static func target(
    of destination: String, from chapterPath: String, chapterPaths: Set<String>
  ) -> (chapter: String, anchor: String)? {
    switch LinkDestination(destination) {
    case .fragment(let anchor):
      return (chapterPath, anchor)
    case .relative(let path, let fragment?):
      let folder = chapterPath.split(separator: "/").dropLast().joined(separator: "/")
      guard let resolved = LinkDestination.resolve(path, in: folder), chapterPaths.contains(resolved) else {
        return nil
      }
      return (resolved, fragment)
    case .relative, .external, .absolute, .empty:
      return nil
    }
  }

  /// The text of a filled reference: the label, with its first letter lowercased when the placeholder's
  /// is (`listing` → `listing 2.4`).
  static func text(label: String, placeholder: String) -> String {
    guard let first = placeholder.first, first.isLowercase else { return label }
    return label.prefix(1).lowercased() + label.dropFirst()
  }
}
