import BookKit
import Foundation

/// A part of the site the renderer makes on its own, from what it reads of the book: the unit the page memo
/// keeps between builds. The composite files (`print.html`, the search index, `index.html`, the assets)
/// are always put together from the parts.
enum SitePart: Hashable, Sendable {
  /// Chapter `index`'s page.
  case page(Int)
  /// Chapter `index`'s changes page (none when the chapter changes no code).
  case changes(Int)
  /// Chapter `index`'s article in the print edition.
  case article(Int)
  /// Chapter `index`'s entries in the search index.
  case searchEntries(Int)
  /// The code page of version `index` of `CodeVersions.versions`.
  case code(Int)
  /// The symbol index (`symbols.html`): every declaration of the book's modules and the listings that
  /// introduced and changed it.
  case symbols

  /// Where a part lies in the site.
  enum Location: Hashable, Sendable {
    /// A file of its own, by path inside the site.
    case file(String)
    /// The `index`th slice of the file at a path (an article of `print.html`, a block of the search index).
    case slice(String, Int)
  }

  /// The name the memo keeps it under: `page 3`.
  var name: String {
    switch self {
    case .page(let index): "page \(index)"
    case .changes(let index): "changes \(index)"
    case .article(let index): "article \(index)"
    case .searchEntries(let index): "search \(index)"
    case .code(let index): "code \(index)"
    case .symbols: "symbols"
    }
  }
}

/// A part as rendered, or as an earlier build left it: its bytes, the images it uses, and what it read.
struct RenderedPart: Sendable {
  /// Its bytes; nil when the part writes no file (a chapter without code changes has no changes page).
  var data: Data?
  /// The images a chapter page uses, relative to the chapters folder.
  var images: [String]
  /// Every input it read (`BookInput.name`) with that input's digest (hexadecimal).
  var inputs: [String: String]
  /// The memo's hash of the earlier file this part is, when that file is kept unread (`EarlierSite`):
  /// `data` is nil then.
  var kept: UInt64? = nil
}

/// A site as a build made it: the site, and what the build keeps beside it (the record for the page memo,
/// the caches to save, what it reused, the inputs it read for the stamp).
package struct BuiltSite: Sendable {
  /// The site.
  package var site: RenderedSite
  /// The hash of every input file other than a chapter as it was read for this render (`book.json`, the
  /// status record, images), by path relative to the input workspace; empty when the book was not read
  /// from a workspace.
  package var inputs: [String: UInt64] = [:]
  /// Each chapter rendered, by path relative to the input workspace: its `sourceDigest` (hexadecimal).
  package var chapters: [String: String] = [:]
  /// What each part was rendered from, for the next build (`SiteMemo`).
  var memo = SiteMemo.Record(tool: "")
  /// The files taken from the earlier site rather than rendered (memo builds), by path inside the site.
  var reusedFiles: Set<String> = []
  /// How many print articles, and how many chapters' search entries, were taken from the earlier files.
  var reusedArticles = 0, reusedSearchBlocks = 0
  /// The earlier site's files as this build read them, by path inside the site: the output plan uses
  /// these bytes instead of reading the files again (`OwnedOutput.Target.readAhead`).
  var readAhead: [String: Data] = [:]
  /// The memo's hash of each file read ahead, by path inside the site: a reused file is saved in the next
  /// memo with this hash rather than hashed again.
  var readAheadHashes: [String: String] = [:]
  /// The status the memo recorded for each reused file that status vouched for (`EarlierSite`), by path
  /// inside the site: not written by this build, the file keeps it.
  var unchangedStatuses: [String: String] = [:]
  /// What this render highlighted, when it was made with a highlight cache: saved only after a successful
  /// write (`SiteBuild.keepHighlights`).
  var highlighter: Highlighter?
  /// The diagrams this render laid out or found, when it was made with the diagram cache.
  var diagramStore: DiagramStore?
  /// The e-book's converted chapters to keep, when it was made with their cache (`EPUBChapterCache`).
  var epubChapters: EPUBChapterCache.Pending?
  /// Each chapter's headings as the render's plan found them, for the e-book's table of contents; empty
  /// when nothing was rendered.
  var sections: [[Section]] = []

  /// A site with nothing kept beside it.
  package init(site: RenderedSite) {
    self.site = site
  }
}
