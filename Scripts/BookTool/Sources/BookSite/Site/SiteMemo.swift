import BookKit
import Foundation

/// What the last build of a site rendered each page from, so that the next build renders again only the
/// pages whose inputs changed and takes the others from the site folder as it is.
///
/// One file per output folder under the input workspace's git-ignored `.build/book-site-cache/`, named by
/// a hash of the folder's location. It records, for every part of the site (a page, a print article, a
/// chapter's search entries), the inputs its render read (`BookInput`, noted by the `BookReader` it was
/// rendered through) with their digests, and a hash of the bytes written (for `print.html`, where each
/// chapter's article lies in it). A part is reused only when every input it read has the same digest now
/// *and* the file in the folder still has the recorded hash, so a hand edit or a deleted page is rendered
/// again. A file from another build of the tool, or whose checksum does not
/// match, is ignored as a whole: the build renders everything.
package struct SiteMemo: Sendable {
  /// Where the memo lives: in the input workspace, whose guarded writes save it.
  var file: CacheFile
  /// The workspace the site is written into, and the site's folder inside it.
  package var output: Workspace, folder: String

  /// The memo of the site that `input`'s chapters render into `folder` of `output`.
  package init(input: Workspace, output: Workspace, folder: String) {
    let name = CacheFile.siteName(input: input, output: output, folder: folder)
    self.file = CacheFile(workspace: input, path: "\(Workspace.siteCacheFolder)/pages-\(name).json")
    self.output = output
    self.folder = folder
  }

  /// What the site folder can offer this build, read through the output workspace's confined reads.
  func load() -> EarlierSite? {
    let output = self.output
    let kind = SiteOutput.kind(folder: self.folder)
    return self.load(
      reading: { path in (try? output.readIfPresent(kind.workspacePath(path))) ?? nil },
      status: { path in output.status(of: kind.workspacePath(path)) })
  }

  static let magic = "BKSM0005"

  /// One page's record.
  struct Entry: Codable, Equatable, Sendable {
    /// Which part of the site it is (`SitePart.name`): a file holds one part, or slices of several.
    var part: String
    /// What its render read.
    var reads: Reads
    /// The hash of the bytes written (hexadecimal); nil when the page was not written at all (a chapter
    /// without code changes has no changes page).
    var hash: String?
    /// The images a chapter page uses.
    var images: [String]
    /// The print edition's articles, in book order.
    var articles: [Article]?
    /// The file's status once written (`FileStatus.text`): while the file has it, and it is not racy
    /// (`Record.clock`), the file still holds the bytes of `hash` and is not read again.
    var status: String?

    init(
      part: String, inputs: [String: String], absent: Bool = false, images: [String] = [], articles: [Article]? = nil
    ) {
      self.part = part
      self.reads = Reads(inputs)
      self.hash = absent ? nil : ""
      self.images = images
      self.articles = articles
    }
  }

  /// What a part's render read, as the memo keeps it: the names of the inputs, and one digest of their
  /// digests (a record a third the size of every digest written out, read at every build).
  struct Reads: Codable, Equatable, Sendable {
    var names: [String]
    var key: String

    /// A record of these names and key, as the memo file holds it.
    init(names: [String], key: String) {
      (self.names, self.key) = (names, key)
    }

    /// The record of `inputs`, each input's name with its digest (hexadecimal).
    init(_ inputs: [String: String]) {
      self.names = inputs.keys.sorted()
      var hasher = DigestHasher()
      for name in self.names {
        hasher.combine(name)
        hasher.combine(inputs[name] ?? "")
      }
      self.key = hasher.finalize().hex
    }

    /// The same inputs with their digests now, or nil when one of them is gone (a chapter past the end).
    func current(in digests: BookInputDigests) -> [String: String]? {
      var inputs: [String: String] = [:]
      for name in self.names {
        guard let digest = digests.digest(named: name) else { return nil }
        inputs[name] = digest.hex
      }
      return inputs
    }

    /// Whether every input has the digest it had. A record that names no input vouches for nothing.
    func isUnchanged(in digests: BookInputDigests) -> Bool {
      guard !self.names.isEmpty, let now = self.current(in: digests) else { return false }
      return Reads(now).key == self.key
    }
  }

  /// Where one chapter's article lies in `print.html`, and what its render read.
  struct Article: Codable, Equatable, Sendable {
    var reads: Reads
    var offset: Int
    var length: Int
  }

  /// Every page's record, and the tool that wrote them.
  struct Record: Codable, Equatable, Sendable {
    var tool: String
    var entries: [String: Entry] = [:]
    /// A time the site's file system gave before the statuses were taken (the modification time of the
    /// site's manifest, written last), in nanoseconds: a status whose times are not older vouches for
    /// nothing (`FileStatus.isRacy(before:)`).
    var clock: Int64?
  }

  /// What the site folder can offer this build: nil when there is no memo or it cannot be trusted.
  func load(
    reading read: @escaping @Sendable (String) -> Data?, status: @escaping @Sendable (String) -> FileStatus?
  ) -> EarlierSite? {
    guard let data = self.file.read(), let newline = data.firstIndex(of: UInt8(ascii: "\n"))
    else {
      return nil
    }
    let header = String(decoding: data[data.startIndex..<newline], as: UTF8.self).split(separator: " ")
    let payload = data[(newline + 1)...]
    guard header.count == 2, header[0] == Self.magic, header[1] == String(ContentHash.of(Data(payload)), radix: 16),
      let record = Record(decoding: Data(payload)), record.tool == SiteStamp.toolIdentity
    else { return nil }
    return EarlierSite(record: record, read: read, status: status)
  }

  /// Saves the record of `site` once it is written, with the hash of each page's bytes; failing to save
  /// only costs the next build its shortcut.
  func save(_ built: BuiltSite) {
    let site = built.site
    guard !built.memo.tool.isEmpty, !site.diagnostics.hasErrors else { return }
    var record = built.memo
    for (path, entry) in record.entries where entry.hash != nil {
      if let kept = site.kept[path] {
        record.entries[path]?.hash = String(kept, radix: 16)
        continue
      }
      guard let data = site.files[path] else {
        record.entries[path] = nil
        continue
      }
      // A page taken from the folder as it was read keeps the hash it was read with.
      let known = built.reusedFiles.contains(path) ? built.readAheadHashes[path] : nil
      record.entries[path]?.hash = known ?? String(ContentHash.of(data), radix: 16)
    }
    self.recordStatuses(in: &record, unchanged: built.unchangedStatuses)
    let payload = record.encoded
    var data = Data("\(Self.magic) \(String(ContentHash.of(payload), radix: 16))\n".utf8)
    data.append(payload)
    self.file.write(data)
  }
}

extension SiteMemo {
  /// Notes the status of every file the record hashes, and the clock they are judged by: the site's
  /// manifest, the last file the write made, is statted first, so its time precedes the statuses.
  /// `unchanged` holds the statuses of files this build neither wrote nor found changed (vouched for by
  /// their status at the start, and reused as they were): they keep it, and keep the old clock's verdict,
  /// since a file not racy before an earlier clock is not racy before a later one.
  func recordStatuses(in record: inout SiteMemo.Record, unchanged: [String: String]) {
    let kind = SiteOutput.kind(folder: self.folder)
    guard let manifest = self.output.status(of: kind.manifestPath) else { return }
    record.clock = manifest.modified
    for (path, entry) in record.entries where entry.hash != nil {
      record.entries[path]?.status = unchanged[path] ?? self.output.status(of: kind.workspacePath(path))?.text
    }
  }
}

/// The pages an earlier build wrote, as the site folder holds them now.
struct EarlierSite: Sendable {
  var record: SiteMemo.Record
  /// Reads a file of the site folder (a path inside it), or nil.
  var read: @Sendable (String) -> Data?
  /// The status of a file of the site folder, or nil.
  var status: @Sendable (String) -> FileStatus?
  /// Files already looked at, by path: their bytes (nil when a file whose status vouches for it was not
  /// read) and the memo's hash of them; nil when missing.
  private var prefetched: [String: (data: Data?, hash: String)?] = [:]
  /// The recorded status of each file it vouched for, by path.
  private(set) var vouchedStatuses: [String: String] = [:]

  init(
    record: SiteMemo.Record, read: @escaping @Sendable (String) -> Data?,
    status: @escaping @Sendable (String) -> FileStatus? = { _ in nil }
  ) {
    self.record = record
    self.read = read
    self.status = status
  }

  /// This site with the files its memo names looked at ahead, spread over the cores: a file whose status
  /// is still the recorded one, and not racy, has the recorded hash, and is read only when a build needs
  /// its bytes (a chapter page for the e-book, `print.html` and the search index for their slices); any
  /// other file is read and hashed.
  func prefetchingRecordedFiles() -> EarlierSite {
    let paths = self.record.entries.keys.sorted()
    let found = Parallel.map(paths) { path in self.look(at: path) }
    var copy = self
    for (path, file) in zip(paths, found) {
      copy.prefetched[path] = .some(file.map { (data: $0.data, hash: $0.hash) })
      if file?.vouched == true { copy.vouchedStatuses[path] = self.record.entries[path]?.status }
    }
    return copy
  }

  /// A file of the folder, by its status when that vouches for it, else read and hashed; nil when missing.
  private func look(at path: String) -> (data: Data?, hash: String, vouched: Bool)? {
    if let entry = self.record.entries[path], let hash = entry.hash, self.vouches(for: entry, at: path) {
      guard entry.articles != nil || entry.part.hasPrefix("page ") else { return (nil, hash, true) }
      if let data = self.read(path) { return (data, hash, true) }
    }
    return self.read(path).map { ($0, String(ContentHash.of($0), radix: 16), false) }
  }

  /// Whether `path` still has the status `entry` recorded, and that status is not racy.
  private func vouches(for entry: SiteMemo.Entry, at path: String) -> Bool {
    guard let clock = self.record.clock, let text = entry.status, let recorded = FileStatus(text: text),
      !recorded.isRacy(before: clock)
    else { return false }
    return self.status(path) == recorded
  }

  /// The files of the folder read ahead, by path: the output plan takes their bytes from here rather than
  /// reading them again (`OwnedOutput.Target.readAhead`).
  var readAhead: [String: Data] {
    self.prefetched.compactMapValues { $0?.data }
  }

  /// The hash of each file looked at ahead (as the memo writes hashes), by path.
  var readAheadHashes: [String: String] {
    self.prefetched.compactMapValues { $0?.hash }
  }

  /// A file of the folder (its bytes, unless its status vouched for it unread) and its hash, or nil when
  /// it is missing.
  private func contents(_ path: String) -> (data: Data?, hash: String)? {
    if let known = self.prefetched[path] { return known }
    return self.look(at: path).map { (data: $0.data, hash: $0.hash) }
  }

  /// What the earlier build left of `part`, at `location`, when every input its render read is unchanged
  /// (`digests`) and its file is still as written; nil otherwise. A file left unread is kept as it is.
  func reusable(_ part: SitePart, at location: SitePart.Location, digests: BookInputDigests) -> RenderedPart? {
    switch location {
    case .file(let path):
      guard let entry = self.record.entries[path], entry.part == part.name,
        entry.reads.isUnchanged(in: digests)
      else { return nil }
      let inputs = entry.reads.current(in: digests) ?? [:]
      guard let hash = entry.hash else {
        return self.contents(path) == nil ? RenderedPart(data: nil, images: entry.images, inputs: inputs) : nil
      }
      guard let file = self.contents(path), file.hash == hash else { return nil }
      guard let data = file.data else {
        return UInt64(hash, radix: 16).map { RenderedPart(data: nil, images: entry.images, inputs: inputs, kept: $0) }
      }
      return RenderedPart(data: data, images: entry.images, inputs: inputs)
    case .slice(let path, let index):
      guard let entry = self.record.entries[path], let articles = entry.articles, let hash = entry.hash,
        articles.indices.contains(index), articles[index].reads.isUnchanged(in: digests),
        let (read, found) = self.contents(path), found == hash, let data = read
      else { return nil }
      let article = articles[index]
      guard article.offset >= 0, article.length >= 0, article.offset + article.length <= data.count else { return nil }
      let start = data.startIndex + article.offset
      // A slice of the file, never decoded: it is only copied into the new file.
      return RenderedPart(
        data: data[start..<(start + article.length)], images: [], inputs: article.reads.current(in: digests) ?? [:])
    }
  }
}

/// The print edition's bytes, and where each chapter's article lies in them (nil when unknown); or the
/// search index's, and where each chapter's block lies.
struct PrintPage {
  var data: Data
  var ranges: [Range<Int>]?

  /// The articles' records for the memo, given what each article's render read, or nil when their places
  /// are unknown.
  func articles(inputs: [[String: String]]) -> [SiteMemo.Article]? {
    self.ranges.map { ranges in
      zip(inputs, ranges).map { SiteMemo.Article(reads: SiteMemo.Reads($0), offset: $1.lowerBound, length: $1.count) }
    }
  }
}
