import BookKit
import Foundation

/// Each chapter's e-book XHTML as the last build made it, one file per converted chapter under the input
/// workspace's `.build/book-site-cache/epub-chapters/`, so that a build after an edit converts only the
/// chapters whose articles changed, and writes only their files (rewriting one file of every chapter cost
/// an edit about 4 ms of CPU). An entry is found by a 128-bit hash of the article and of where its links
/// may lead, which names its file; each file names the tool build that wrote it and is signed
/// (`CacheFile`), and a foreign or damaged one is ignored (that chapter is converted again). Like the page
/// memo, it trusts content hashes.
package struct EPUBChapterCache: Sendable {
  /// What an entry is found by: two hashes of the article and the e-book's destinations.
  struct Key: Hashable, Sendable {
    var high: UInt64
    var low: UInt64
  }

  /// What one build used and made, saved once the site is written.
  struct Pending: Sendable {
    var cache: EPUBChapterCache
    /// The converted article of every chapter of this build.
    var entries: [Key: Data]
    /// How many chapters were taken from the cache rather than converted.
    var reused: Int
    /// The entries the folder held when the build read it (and the names there that hold none).
    var stored: Set<Key>, unreadable: [String] = []

    /// Writes the entries converted by this build and removes those it did not use.
    func save() {
      let workspace = self.cache.workspace
      let key = CacheKey.existing(in: workspace) ?? CacheKey.create(in: workspace)
      for (entry, body) in self.entries where !self.stored.contains(entry) {
        self.cache.file(for: entry).write(EPUBChapterCache.encode(body), signedBy: key)
      }
      for entry in self.stored where self.entries[entry] == nil { self.cache.file(for: entry).remove() }
      for name in self.unreadable {
        CacheFile(workspace: workspace, path: "\(EPUBChapterCache.folder)/\(name)").remove()
      }
      // The single file of every chapter that earlier builds kept.
      CacheFile(workspace: workspace, path: "\(Workspace.siteCacheFolder)/epub-chapters.bin").remove()
    }
  }

  static let magic = "book-epub-chapter 2"
  /// The folder of the entries, inside the workspace.
  static let folder = "\(Workspace.siteCacheFolder)/epub-chapters"

  /// The workspace whose `.build/` holds the entries (the one whose chapters are rendered).
  var workspace: Workspace

  /// The file of one entry.
  func file(for key: Key) -> CacheFile {
    CacheFile(workspace: self.workspace, path: "\(Self.folder)/\(Self.name(of: key))")
  }

  /// An entry's file name: its key in hexadecimal.
  static func name(of key: Key) -> String {
    "\(String(key.high, radix: 16))-\(String(key.low, radix: 16))"
  }

  /// The key a file name gives, or nil.
  static func key(named name: String) -> Key? {
    let parts = name.split(separator: "-")
    guard parts.count == 2, let high = UInt64(parts[0], radix: 16), let low = UInt64(parts[1], radix: 16),
      Self.name(of: Key(high: high, low: low)) == name
    else { return nil }
    return Key(high: high, low: low)
  }

  /// The key of an article given the e-book's destinations (`digest`).
  static func key(article: Data.SubSequence, digest: String) -> Key {
    // The digest, the article and the digest again, in one copy: the first hash takes the digest and the
    // article, the second the article and the digest.
    let digestLength = digest.utf8.count
    var joined = Data(capacity: 2 * digestLength + article.count)
    joined.append(contentsOf: digest.utf8)
    joined.append(article)
    joined.append(contentsOf: digest.utf8)
    let end = joined.count
    return Key(
      high: ContentHash.of(joined[0..<(end - digestLength)]), low: ContentHash.of(joined[digestLength..<end]))
  }

  /// The entries the folder holds that can be trusted, by key, with the names of the files found and the
  /// names of files that hold no trustworthy entry.
  func load() -> (entries: [Key: Data], stored: Set<Key>, unreadable: [String]) {
    let names =
      (try? FileManager.default.contentsOfDirectory(atPath: self.workspace.root.path + "/" + Self.folder))
      ?? []
    let signature = CacheKey.existing(in: self.workspace)
    let found = Parallel.map(names.sorted()) { name -> (String, Key?, Data?) in
      guard let key = Self.key(named: name) else { return (name, nil, nil) }
      return (name, key, self.file(for: key).read(signedBy: signature).flatMap(Self.decode))
    }
    var entries: [Key: Data] = [:]
    var unreadable: [String] = []
    for (name, key, body) in found {
      if let key, let body { entries[key] = body } else { unreadable.append(name) }
    }
    return (entries, Set(entries.keys), unreadable)
  }

  /// One entry's file: `magic`, the tool build, the article's length and hash, then the converted article.
  static func encode(_ body: Data) -> Data {
    var data = Data(Self.header(of: body).utf8)
    data.append(body)
    return data
  }

  /// The converted article of an entry's file, a slice of `data`; nil unless its magic, tool build, length
  /// and hash match.
  static func decode(_ data: Data) -> Data? {
    var newlines = 0
    guard
      let end = data.firstIndex(where: { byte in
        newlines += byte == UInt8(ascii: "\n") ? 1 : 0
        return newlines == 3
      })
    else { return nil }
    let body = data[(end + 1)...]
    guard data[..<(end + 1)].elementsEqual(Self.header(of: body).utf8) else { return nil }
    return body
  }

  private static func header(of body: Data) -> String {
    "\(Self.magic)\n\(ToolBuild.identity)\n\(body.count) \(String(ContentHash.of(body), radix: 16))\n"
  }
}
