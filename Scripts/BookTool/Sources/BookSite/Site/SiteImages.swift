import BookKit
import Foundation

/// Copying the images the chapters use beside the pages. An image may never replace a file the site
/// renders itself (`![x](index.html)` would overwrite the contents page), nor the site's manifest.
enum SiteImages {
  /// Adds every image that exists to `files` under its path without a leading `./` (with its first use in
  /// `origins`), and returns an error at the image's chapter line for each one whose name a rendered file
  /// (or the manifest) already has, or that cannot be read (a symbolic link out of the workspace).
  static func copy(
    _ images: [String], of book: Book, into files: inout [String: Data], origins: inout [String: SourceLocation],
    kept: [String: UInt64] = [:], reading read: (String) throws -> Data?
  ) -> [Diagnostic] {
    // Pages kept unread (`RenderedSite.kept`) are files the site writes too.
    let taken = Set(
      (Array(files.keys) + Array(kept.keys)).map { $0.lowercased() } + [SiteOutput.manifestName.lowercased()])
    var diagnostics: [Diagnostic] = []
    for image in images {
      let path = Self.normalized(image)
      guard !taken.contains(path.lowercased()) else {
        diagnostics += Self.locations(of: image, in: book).map { location in
          Diagnostic(
            .error, id: .imageNameCollision, at: location,
            "image '\(image)' has the name of a file the site writes itself (\(path)); move it, e.g. under images/")
        }
        continue
      }
      let data: Data?
      do {
        data = try read(path)
      } catch let failure as Workspace.Failure {
        diagnostics += Self.locations(of: image, in: book).map {
          Diagnostic(.error, id: failure.rule, at: $0, failure.message)
        }
        continue
      } catch {
        continue
      }
      guard let data else { continue }
      files[path] = data
      origins[path] = Self.locations(of: image, in: book).first
    }
    return diagnostics
  }

  /// Where the chapters use an image, as written; the first chapter's first line if nowhere (never expected).
  private static func locations(of image: String, in book: Book) -> [SourceLocation] {
    let found = book.chapters.flatMap { chapter in
      ChapterReferences(chapter).references.filter { $0.kind == .image && $0.destination == image }.map(\.location)
    }
    guard found.isEmpty, let first = book.chapters.first else { return found }
    return [SourceLocation(path: first.path, line: 1)]
  }

  /// An image path without a leading `./`.
  static func normalized(_ path: String) -> String {
    var path = Substring(path)
    while path.hasPrefix("./") { path = path.dropFirst(2) }
    return String(path)
  }
}
