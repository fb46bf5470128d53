import BookKit
import Foundation

/// The whole of `book site` short of writing: load the chapters of a workspace, render them, and read the
/// images they use. Shared with `book check`, which compares the result with the site on disk.
public enum SiteBuild {
  /// Renders the book in `input`'s chapters folder. Diagnostics in the result are the problems that stop
  /// the site: a chapter that is not UTF-8, invalid `book.json`, a diagram that cannot be rendered. (The
  /// chapters' listing tags are `book check`'s business: a book with no tags at all renders.)
  public static func make(from input: Workspace, timings: inout SiteTimings) throws -> RenderedSite {
    let loaded = try timings.measure(\.parse) { () throws -> (Book, Result<BookMetadata, DiagnosticsError>) in
      let chapters = try ChapterLoader.load(from: input)
      let book = Book(chapters: chapters.chapters, loadDiagnostics: chapters.diagnostics.filter { $0.id == "not-utf8" })
      return (book, try BookMetadata.load(from: input))
    }
    let (book, metadata) = loaded
    var site = Self.make(book: book, metadata: metadata, timings: &timings) { path in
      try input.readIfPresent("\(input.chaptersFolder)/\(path)")
    }
    site.diagnostics = (site.diagnostics + book.diagnostics.filter { $0.id == "not-utf8" }).sortedByLocation()
    return site
  }

  /// Renders an already-loaded book, copying the images it uses through `readChapterFile` (a path
  /// relative to the chapters folder → its bytes, or nil when missing). Shared with chapter snapshots,
  /// which read their chapters from a commit rather than the disk.
  public static func make(
    book: Book, metadata: Result<BookMetadata, DiagnosticsError>, timings: inout SiteTimings,
    readChapterFile: (String) throws -> Data?
  ) -> RenderedSite {
    var site: RenderedSite
    switch metadata {
    case .success(let metadata):
      site = SiteRenderer(book: book, metadata: metadata).render(timings: &timings)
    case .failure(let error):
      site = RenderedSite()
      site.diagnostics = error.diagnostics
    }
    timings.measure(\.write) {
      for image in site.images {
        let path = Self.normalized(image)
        guard let data = try? readChapterFile(path) else { continue }
        site.files[path] = data
      }
    }
    site.diagnostics = site.diagnostics.sortedByLocation()
    return site
  }

  /// An image path without a leading `./`.
  private static func normalized(_ path: String) -> String {
    var path = Substring(path)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    return String(path)
  }
}

extension SiteBuild {
  /// What `book check` reports about the site: problems that stop rendering it, else every difference
  /// between the workspace's `Site/` and what `book site` would write there.
  public static func drift(in workspace: Workspace, folder: String = "Site") throws -> [Diagnostic] {
    var timings = SiteTimings()
    let site = try Self.make(from: workspace, timings: &timings)
    guard !site.diagnostics.hasErrors else { return site.diagnostics }
    let output = try SiteOutput(site: site, workspace: workspace, folder: folder)
    return site.diagnostics + output.diagnostics + output.drift()
  }
}
