import Foundation

/// Produces generated files for a prefix of the chapters, and names the files it owns at HEAD, so a
/// snapshot can drop HEAD's generated files and add its own.
package protocol SnapshotGenerator: Sendable {
  /// The paths this generator owns in a tree, given a way to read that tree's files.
  func ownedPaths(in tree: [String], read: (String) throws -> Data) throws -> [String]
  /// The files this generator writes for a book made of the given chapters; `readHead` reads a file
  /// as committed at HEAD.
  func files(for book: Book, readHead: (String) throws -> Data) throws -> [String: Data]
}

/// The tangled sources and tests, and their manifest.
package struct TangleGenerator: SnapshotGenerator {
  /// Creates the generator.
  package init() {}

  /// The manifest and every path it lists.
  package func ownedPaths(in tree: [String], read: (String) throws -> Data) throws -> [String] {
    let path = TangleOutput.kind.manifestPath
    guard tree.contains(path) else { return [] }
    return [path] + OutputManifest(data: try read(path)).paths
  }

  /// Each tangled file's text, and the manifest.
  package func files(for book: Book, readHead: (String) throws -> Data) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for file in book.tangle.files {
      files[file.path] = Data(GeneratedSource(file).text.utf8)
    }
    files[TangleOutput.kind.manifestPath] = OutputManifest.data(header: TangleOutput.kind.header, paths: files.keys)
    return files
  }
}

/// The committed workspace at HEAD, from which every chapter snapshot's tree is built.
struct SnapshotSource {
  let git: Git
  let generators: [SnapshotGenerator]
  /// HEAD's chapters, read from the commit (not the working tree), in book order.
  let chapters: [Chapter]
  /// HEAD's committer date, given to snapshot commits and tags.
  let headDate: String
  private let headPaths: [String]
  private let removedAtEverySnapshot: Set<String>

  init(git: Git, generators: [SnapshotGenerator]) throws {
    self.git = git
    self.generators = generators
    self.headDate = try git.run(["show", "-s", "--format=%cI", "HEAD"])
    self.headPaths = try git.run(["ls-tree", "-r", "--name-only", "-z", "HEAD"])
      .split(separator: "\0").map(String.init)
    let read = { (path: String) in try git.runData(["show", "HEAD:\(path)"]) }
    // The committed chapters must pass what `book check` asks of chapters (their listing tags included:
    // a `flie=` would silently drop code from the snapshot) and be numbered one tag each.
    let chapterPaths = self.headPaths.filter(Self.isChapter).sorted()
    let loaded = try ChapterLoader.load(paths: chapterPaths, read: read)
    let chapters = loaded.chapters
    let book = Book(
      chapters: chapters, loadDiagnostics: ChapterNumbering.problems(in: chapterPaths) + loaded.diagnostics)
    guard !book.diagnostics.hasErrors else { throw SnapshotFailure.invalidBook(book.diagnostics) }
    self.chapters = chapters
    // git writes the private indexes there: the folder obeys the confinement rule, checked before any tag.
    _ = try Workspace(root: git.root).writableURL(".build/book-tag/index")
    let headPaths = self.headPaths
    self.removedAtEverySnapshot = Set(try generators.flatMap { try $0.ownedPaths(in: headPaths, read: read) })
  }

  private static func isChapter(_ path: String) -> Bool {
    path.hasPrefix("Chapters/") && path.hasSuffix(".md") && path.split(separator: "/").count == 2
  }

  /// The private git index for building chapter `index`'s tree: inside the workspace's own (ignored)
  /// `.build/book-tag/`, never the system temporary folder, and unique to this process.
  static func indexFile(in root: URL, forChapter index: Int) -> URL {
    root.appendingPathComponent(".build/book-tag", isDirectory: true)
      .appendingPathComponent("index-\(ProcessInfo.processInfo.processIdentifier)-\(index)")
  }

  /// The git tree of the workspace at the end of chapter `index`: HEAD without later chapters and
  /// without HEAD's generated files, plus the files generated from chapters 0…index.
  func tree(throughChapter index: Int) throws -> String {
    let indexFile = Self.indexFile(in: self.git.root, forChapter: index)
    try FileManager.default.createDirectory(
      at: indexFile.deletingLastPathComponent(), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: indexFile) }
    let git = Git(root: self.git.root, environment: ["GIT_INDEX_FILE": indexFile.path])
    try git.run(["read-tree", "HEAD"])
    let laterChapters = self.chapters[(index + 1)...].map(\.path)
    let removed = (Array(self.removedAtEverySnapshot) + laterChapters).filter(self.headPaths.contains).sorted()
    if !removed.isEmpty {
      try git.run(
        ["update-index", "--force-remove", "-z", "--stdin"], input: Data(removed.joined(separator: "\0").utf8))
    }
    let book = Book(chapters: Array(self.chapters[...index]))
    var entries: [String] = []
    for generator in self.generators {
      let files = try generator.files(for: book) { try self.git.runData(["show", "HEAD:\($0)"]) }
      for (path, data) in files.sorted(by: { $0.key < $1.key }) {
        let blob = try git.run(["hash-object", "-w", "--stdin"], input: data)
        entries.append("100644 \(blob)\t\(path)")
      }
    }
    if !entries.isEmpty {
      try git.run(["update-index", "--index-info"], input: Data((entries.joined(separator: "\n") + "\n").utf8))
    }
    return try git.run(["write-tree"])
  }
}
