/// Where things are in a book workspace, each path spelled here once: every stage, command and cache
/// names a folder through these.
extension Workspace {
  /// The chapters, the book's one source (`--chapters` may name another folder for `book site`).
  package static let defaultChaptersFolder = "Chapters"
  /// The site `book site` writes and `book serve` serves.
  package static let siteFolder = "Site"
  /// The git-ignored build folder: SwiftPM's, and the tool's scratch space (caches, stamps, indexes).
  package static let buildFolder = ".build"
  /// The book's built programs (`swift build`'s debug products), which `book capture` runs.
  package static let productsFolder = "\(buildFolder)/debug"
  /// The site's caches: highlights, diagrams, e-book chapters, page memos.
  package static let siteCacheFolder = "\(buildFolder)/book-site-cache"
  /// The stamps of `book site`'s no-change shortcut, one per site folder.
  package static let siteStampsFolder = "\(buildFolder)/book-site-stamps"
  /// The committed bookkeeping of the generators: the lists of files each one owns.
  package static let bookkeepingFolder = ".book"
  /// The book package's manifest, tangled from the chapters.
  package static let manifestFile = "Package.swift"
  /// The book package's modules, tangled from the chapters (`Sources/<Target>/…`).
  package static let sourcesFolder = "Sources"
  /// The book package's tests, tangled from the chapters (`Tests/<Target>/…`).
  package static let testsFolder = "Tests"
}
