import BookKit

/// How the site shows one fenced code block of a chapter: its anchor, its caption and its body.
///
/// Computed once per listing for the whole book (highlighting and diagrams are the expensive part), then
/// placed on the chapter's page and again in the print edition.
package struct ListingView: Hashable, Sendable {
  /// What the block shows.
  package enum Body: Hashable, Sendable {
    /// Code, one HTML line per source line; `marked` lines are new or changed against the replaced
    /// version; `removed` shows every line as deleted code.
    case code(lines: [String], marked: Set<Int>, removed: Bool)
    /// A diagram rendered to inline SVG.
    case diagram(svg: String)
    /// A table or chart drawn from a result file (`Figures/`), with the line that says where its numbers
    /// come from.
    case figure(html: String)
  }

  /// What the caption says beside the file and module.
  package enum Note: Hashable, Sendable {
    /// An excerpt that names what it quotes (`excerpt=PATH#CHUNK`), checked by `book check`; the view's
    /// `file` is the quoted file.
    case excerpt(chunk: String?)
    /// A `compile=false` block that names nothing: a sketch, neither compiled nor checked.
    case sketch
    /// The listing replaces an earlier version of its chunk.
    case replaces(ListingReference)
    /// The listing removes its chunk, whose last version is referenced.
    case removes(ListingReference)
  }

  /// The listing shown.
  package var id: ListingID
  /// The anchor id, stable across builds: `listing-immutabledata-store-store`.
  package var anchor: String
  /// The language of the block (`swift`, `sh`, …), or empty.
  package var language: String
  /// The tangled file, for tangled listings.
  package var file: String?
  /// The module (SwiftPM target) the file belongs to.
  package var module: String?
  /// Whether the file is a test (under `Tests/`): the site folds it away.
  package var isTest: Bool
  /// The caption's note, if any.
  package var note: Note?
  /// What is shown.
  package var body: Body
  /// The number the reader sees, `Listing 3.2` or `Figure 2.1`; nil for unnumbered blocks (tests, shell).
  package var label: String? = nil
  /// A diagram's title (its `accTitle`), shown in its caption.
  package var title: String? = nil
}

/// Points at a listing of the book: which chapter and which anchor, for "replaces …" links.
package struct ListingReference: Hashable, Sendable {
  /// The chapter's index in book order.
  package var chapterIndex: Int
  /// The listing's anchor on that chapter's page.
  package var anchor: String
}
