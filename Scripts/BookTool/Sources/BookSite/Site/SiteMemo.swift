import BookKit
import Foundation

/// What the last build of a site rendered each page from, so that the next build renders again only the
/// pages whose inputs changed (`PageKeys`) and takes the others from the site folder as it is.
///
/// One file per output folder under the input workspace's git-ignored `.build/book-site-cache/`, named by
/// a hash of the folder's location. It records, for every page, the key it was rendered under and a hash
/// of the bytes written (for `print.html`, where each chapter's article lies in it). A page is reused only
/// when its key is the same *and* the file in the folder still has the recorded hash, so a hand edit or a
/// deleted page is rendered again. A file from another build of the tool, or whose checksum does not
/// match, is ignored as a whole: the build renders everything.
public struct SiteMemo: Sendable {
  /// Where the memo lives: in the input workspace, whose guarded writes save it.
  var file: CacheFile
  /// The workspace the site is written into, and the site's folder inside it.
  public var output: Workspace, folder: String

  /// The memo of the site that `input`'s chapters render into `folder` of `output`.
  public init(input: Workspace, output: Workspace, folder: String) {
    let name = CacheFile.siteName(input: input, output: output, folder: folder)
    self.file = CacheFile(workspace: input, path: ".build/book-site-cache/pages-\(name).json")
    self.output = output
    self.folder = folder
  }

  /// What the site folder can offer this build, read through the output workspace's confined reads.
  func load() -> EarlierSite? {
    let output = self.output
    let kind = SiteOutput.kind(folder: self.folder)
    return self.load { path in (try? output.readIfPresent(kind.workspacePath(path))) ?? nil }
  }

  static let magic = "BKSM0001"

  /// One page's record.
  struct Entry: Codable, Equatable, Sendable {
    /// The key it was rendered under (hexadecimal).
    var key: String
    /// The hash of the bytes written (hexadecimal); nil when the page was not written at all (a chapter
    /// without code changes has no changes page).
    var hash: String?
    /// The images a chapter page uses.
    var images: [String]
    /// The print edition's articles, in book order.
    var articles: [Article]?

    init(key: ContentDigest, absent: Bool = false, images: [String] = [], articles: [Article]? = nil) {
      self.key = key.hex
      self.hash = absent ? nil : ""
      self.images = images
      self.articles = articles
    }
  }

  /// Where one chapter's article lies in `print.html`, and its key.
  struct Article: Codable, Equatable, Sendable {
    var key: String
    var offset: Int
    var length: Int
  }

  /// Every page's record, and the tool that wrote them.
  struct Record: Codable, Equatable, Sendable {
    var tool: String
    var entries: [String: Entry] = [:]
  }

  /// What the site folder can offer this build: nil when there is no memo or it cannot be trusted.
  func load(reading read: @escaping @Sendable (String) -> Data?) -> EarlierSite? {
    guard let data = self.file.read(), let newline = data.firstIndex(of: UInt8(ascii: "\n"))
    else {
      return nil
    }
    let header = String(decoding: data[data.startIndex..<newline], as: UTF8.self).split(separator: " ")
    let payload = data[(newline + 1)...]
    guard header.count == 2, header[0] == Self.magic, header[1] == String(ContentHash.of(Data(payload)), radix: 16),
      let record = try? JSONDecoder().decode(Record.self, from: Data(payload)), record.tool == SiteStamp.toolIdentity
    else { return nil }
    return EarlierSite(record: record, read: read)
  }

  /// Saves the record of `site` once it is written, with the hash of each page's bytes; failing to save
  /// only costs the next build its shortcut.
  public func save(_ site: RenderedSite) {
    guard !site.memo.tool.isEmpty, !site.diagnostics.hasErrors else { return }
    var record = site.memo
    for (path, entry) in record.entries where entry.hash != nil {
      guard let data = site.files[path] else {
        record.entries[path] = nil
        continue
      }
      record.entries[path]?.hash = String(ContentHash.of(data), radix: 16)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    guard let payload = try? encoder.encode(record) else { return }
    var data = Data("\(Self.magic) \(String(ContentHash.of(payload), radix: 16))\n".utf8)
    data.append(payload)
    self.file.write(data)
  }
}

/// The pages an earlier build wrote, as the site folder holds them now.
struct EarlierSite: Sendable {
  var record: SiteMemo.Record
  /// Reads a file of the site folder (a path inside it), or nil.
  var read: @Sendable (String) -> Data?
  /// Files already read, with their hashes (nil: missing), by path.
  private var prefetched: [String: (data: Data, hash: String)?] = [:]

  init(record: SiteMemo.Record, read: @escaping @Sendable (String) -> Data?) {
    self.record = record
    self.read = read
  }

  /// This site with the files its memo names read and hashed ahead, spread over the cores.
  func prefetchingRecordedFiles() -> EarlierSite {
    let paths = self.record.entries.keys.sorted()
    let read = self.read
    let found = Parallel.map(paths) { path in read(path).map { ($0, String(ContentHash.of($0), radix: 16)) } }
    var copy = self
    for (path, file) in zip(paths, found) { copy.prefetched[path] = .some(file.map { (data: $0.0, hash: $0.1) }) }
    return copy
  }

  /// The files of the folder read ahead, by path: the output plan takes their bytes from here rather than
  /// reading them again (`OwnedOutput.Target.readAhead`).
  var readAhead: [String: Data] {
    self.prefetched.compactMapValues { $0?.data }
  }

  /// A file of the folder and its hash, or nil when it is missing.
  private func contents(_ path: String) -> (data: Data, hash: String)? {
    if let known = self.prefetched[path] { return known }
    return self.read(path).map { ($0, String(ContentHash.of($0), radix: 16)) }
  }

  /// The bytes of the page at `path` when it was rendered under `key` and is still as written; `.some(nil)`
  /// when that render wrote no file there.
  func file(_ path: String, key: ContentDigest) -> (data: Data?, images: [String])? {
    guard let entry = self.record.entries[path], entry.key == key.hex else { return nil }
    guard let hash = entry.hash else { return self.contents(path) == nil ? (nil, entry.images) : nil }
    guard let file = self.contents(path), file.hash == hash else { return nil }
    return (file.data, entry.images)
  }

  /// The bytes of the parts of the file at `path` (the print edition's articles, the search index's
  /// blocks) whose keys match, by chapter index (nil where they do not): slices of the file, never decoded,
  /// since they are only copied into the new file.
  func articles(in path: String, keys: [ContentDigest]) -> [Data?] {
    guard let entry = self.record.entries[path], let articles = entry.articles, let hash = entry.hash,
      let (data, found) = self.contents(path), found == hash
    else { return keys.map { _ in nil } }
    return keys.indices.map { index in
      guard index < articles.count, articles[index].key == keys[index].hex else { return nil }
      let article = articles[index]
      guard article.offset >= 0, article.length >= 0, article.offset + article.length <= data.count else { return nil }
      let start = data.startIndex + article.offset
      return data[start..<(start + article.length)]
    }
  }
}

/// The print edition's bytes, and where each chapter's article lies in them (nil when unknown); or the
/// search index's, and where each chapter's block lies.
struct PrintPage {
  var data: Data
  var ranges: [Range<Int>]?

  /// The articles' records for the memo, or nil when their places are unknown.
  func articles(keys: [ContentDigest]) -> [SiteMemo.Article]? {
    self.ranges.map { ranges in
      zip(keys, ranges).map { SiteMemo.Article(key: $0.hex, offset: $1.lowerBound, length: $1.count) }
    }
  }
}

/// What a render takes from an earlier site, and what it must render.
struct Reused {
  /// Chapter pages taken from the folder, by chapter index.
  var pages: [Int: (data: Data, images: [String])] = [:]
  /// Changes pages taken from the folder (nil: the chapter has none), by chapter index.
  var changes: [Int: Data?] = [:]
  /// Print articles taken from `print.html`, by chapter index.
  var articles: [Data?]
  /// Search index blocks taken from `assets/search-index.js`, by chapter index.
  var searchBlocks: [Data?]
  /// The chapters whose page, changes page or print article must be rendered.
  var missingPages = Set<Int>(), missingChanges = Set<Int>(), missingArticles = Set<Int>()

  init(earlier: EarlierSite?, book: Book, keys: PageKeys) {
    let count = book.chapters.count
    self.articles = earlier?.articles(in: "print.html", keys: keys.printArticles) ?? Array(repeating: nil, count: count)
    self.searchBlocks =
      earlier?.articles(in: SearchIndex.path, keys: keys.search) ?? Array(repeating: nil, count: count)
    for (index, chapter) in book.chapters.enumerated() {
      if let page = earlier?.file(chapter.pageName, key: keys.pages[index]), let data = page.data {
        self.pages[index] = (data, page.images)
      } else {
        self.missingPages.insert(index)
      }
      if let changes = earlier?.file(ChangesPage.pageName(of: chapter), key: keys.changes[index]) {
        self.changes[index] = changes.data
      } else {
        self.missingChanges.insert(index)
      }
      if self.articles[index] == nil { self.missingArticles.insert(index) }
    }
  }
}
