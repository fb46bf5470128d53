import BookKit
import Foundation

/// The rendered site of a chapter snapshot (`book tag`): `Site/` as `book site` would write it for the
/// chapters up to that one, so `book check` passes inside the snapshot.
package struct SiteSnapshotGenerator: SnapshotGenerator {
  /// The site folder in the workspace.
  package static let folder = Workspace.siteFolder

  /// The workspace whose highlight and diagram caches the renders read (never write); nil for none.
  let cachesOf: URL?

  /// Creates the generator; with `cachesOf`, it reads that workspace's highlight and diagram caches, so
  /// that code and diagrams `book site` already drew are not drawn again (the files are the same).
  package init(cachesOf: URL? = nil) {
    self.cachesOf = cachesOf
  }

  /// The site's manifest and every file it lists.
  package func ownedPaths(in tree: [String], read: (String) throws -> Data) throws -> [String] {
    let manifest = "\(Self.folder)/\(SiteOutput.manifestName)"
    guard tree.contains(manifest) else { return [] }
    return [manifest] + SiteOutput.paths(inManifest: try read(manifest)).map { "\(Self.folder)/\($0)" }
  }

  /// Every site file for the snapshot's chapters, with the metadata and images committed at HEAD.
  package func files(for book: Book, readHead: (String) throws -> Data) throws -> [String: Data] {
    let file = BookMetadata.file(inChaptersFolder: Workspace.defaultChaptersFolder) { try? readHead($0) }
    let metadata =
      (file.data.map { BookMetadata.decode($0, path: file.path) } ?? .success(BookMetadata(title: "Chapters")))
      .attachingStatus(inChaptersFolder: Workspace.defaultChaptersFolder) { try? readHead($0) }
    var timings = SiteTimings()
    let (highlights, diagrams) = (
      self.cachesOf.map(HighlightCache.init(workspaceRoot:)), self.cachesOf.map(DiagramCache.init(workspaceRoot:))
    )
    let site = SiteBuild.make(
      book: book, metadata: metadata, cache: highlights, diagrams: diagrams, timings: &timings
    ) { path in
      try? readHead("\(Workspace.defaultChaptersFolder)/\(path)")
    }.site
    guard !site.diagnostics.hasErrors else { throw SnapshotFailure.invalidBook(site.diagnostics) }
    var files: [String: Data] = [:]
    for (name, data) in site.files { files["\(Self.folder)/\(name)"] = data }
    files["\(Self.folder)/\(SiteOutput.manifestName)"] = SiteOutput.manifest(of: site)
    return files
  }
}
