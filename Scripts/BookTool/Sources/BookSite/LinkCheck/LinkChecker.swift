import BookKit
import Foundation

/// Checks that every internal link, heading anchor, footnote and image of the book resolves, and reports
/// each one that does not at its chapter line and column.
///
/// - `02-x.md` and `02-x.md#id` must name a chapter of the book and an anchor of its page (a heading id,
///   a listing, a diagram, a footnote, or an id in raw HTML); `#id` alone looks in the same chapter.
/// - Other relative links must name a file or folder that exists, relative to the chapter file.
/// - Images must exist relative to the chapter file, inside the chapters folder (the site copies them
///   from there), and may not load from the network.
/// - Every footnote reference needs a definition; a definition nothing refers to is a warning.
/// - `http(s)://`, `mailto:` and other URLs with a scheme are not fetched: the check works offline.
package enum LinkChecker {
  /// Every broken link, anchor, image and footnote of the book, in reading order.
  package static func check(book: Book, workspace: Workspace) -> [Diagnostic] {
    let references = book.chapters.map(ChapterReferences.init)
    let targets = LinkTargets(book: book, references: references)
    var diagnostics: [Diagnostic] = []
    for (chapter, found) in zip(book.chapters, references) {
      let context = Context(chapter: chapter, targets: targets, workspace: workspace)
      for reference in found.references {
        diagnostics += context.check(reference)
      }
      diagnostics += Self.footnoteDiagnostics(found)
    }
    return diagnostics.sortedByLocation()
  }

  /// What checking one chapter's references needs to know.
  struct Context {
    /// The chapter whose references are checked.
    let chapter: Chapter
    /// What links may point to.
    let targets: LinkTargets
    /// Where files are looked up.
    let workspace: Workspace

    /// The folder holding the chapter, relative to the workspace root (`Chapters`).
    var folder: String {
      let parts = self.chapter.path.split(separator: "/")
      return parts.dropLast().joined(separator: "/")
    }

    /// The diagnostics for one link or image.
    func check(_ reference: ChapterReferences.Reference) -> [Diagnostic] {
      switch reference.kind {
      case .link: self.checkLink(reference)
      case .image: self.checkImage(reference)
      }
    }
  }
}
