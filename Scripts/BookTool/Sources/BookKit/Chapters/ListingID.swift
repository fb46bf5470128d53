/// Identifies one listing of the book by what does not move when the rest of the book changes: its
/// chapter's file and its place among that chapter's fenced code blocks, in document order (0 first).
///
/// `Chapters/03-counter.md`, block 2 stays block 2 when another chapter gains or loses a listing, or the
/// book gains a chapter; only a block added above it in its own chapter renumbers it. Every stage that
/// needs a listing again (a chunk's caption, a diagram's figure, a changes page's link) finds it by this
/// identity, never by its line.
package struct ListingID: Hashable, Sendable, CustomStringConvertible {
  /// The chapter's path relative to the workspace root (`Chapters/03-counter.md`).
  package var chapter: String
  /// The block's place among the chapter's fenced code blocks, in document order, from 0.
  package var ordinal: Int

  /// Creates an identifier.
  package init(chapter: String, ordinal: Int) {
    self.chapter = chapter
    self.ordinal = ordinal
  }

  /// `Chapters/03-counter.md#2`.
  package var description: String { "\(self.chapter)#\(self.ordinal)" }
}
