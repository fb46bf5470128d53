import BookKit
import Foundation

/// Each chapter's e-book XHTML as the last build made it, kept in the input workspace's
/// `.build/book-site-cache/epub-chapters.bin`, so that a build after an edit converts only the chapters
/// whose articles changed. An entry is found by a 128-bit hash of the article and of where its links may
/// lead; the file names the tool build that wrote it and carries a checksum, and a foreign or damaged file
/// is ignored (everything is converted again). Like the page memo, it trusts content hashes.
package struct EPUBChapterCache: Sendable {
  /// What an entry is found by: two hashes of the article and the e-book's destinations.
  struct Key: Hashable, Sendable {
    var high: UInt64
    var low: UInt64
  }

  /// What one build used and made, saved once the site is written.
  struct Pending: Sendable {
    var file: CacheFile
    /// The converted article of every chapter of this build.
    var entries: [Key: Data]
    /// How many chapters were taken from the cache rather than converted.
    var reused: Int
    /// Whether the file should be rewritten (some chapter was converted, or some entry is no longer used).
    var changed: Bool

    /// Writes the entries (only when they changed).
    func save() {
      if self.changed { self.file.write(EPUBChapterCache.encode(self.entries)) }
    }
  }

  static let magic = "book-epub-chapters 1"

  /// The cache file.
  var file: CacheFile

  /// The cache of the workspace whose chapters are rendered.
  init(workspace: Workspace) {
    self.file = CacheFile(workspace: workspace, path: "\(Workspace.siteCacheFolder)/epub-chapters.bin")
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

  /// The entries the file holds, or none when it is missing, foreign or damaged.
  func load() -> [Key: Data] {
    self.file.read().map(Self.decode) ?? [:]
  }

  /// `magic`, the tool build, the checksum of the rest, then each entry: `HIGH LOW LENGTH` and its bytes.
  static func encode(_ entries: [Key: Data]) -> Data {
    var body = Data()
    for key in entries.keys.sorted(by: { ($0.high, $0.low) < ($1.high, $1.low) }) {
      let bytes = entries[key]!
      body.append(contentsOf: "\(String(key.high, radix: 16)) \(String(key.low, radix: 16)) \(bytes.count)\n".utf8)
      body.append(bytes)
    }
    let header = "\(Self.magic)\n\(ToolBuild.identity)\n\(String(ContentHash.of(body), radix: 16))\n"
    return Data(header.utf8) + body
  }

  /// The entries of a file's bytes; none unless its magic, tool build and checksum match. Each entry is
  /// a slice of `data`, which it shares rather than copies (the file is most of the e-book's size).
  static func decode(_ data: Data) -> [Key: Data] {
    let start = data.startIndex
    var position = 0
    func line() -> String? {
      let rest = data[(start + position)...]
      guard let end = rest.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      defer { position = end - start + 1 }
      return String(decoding: data[(start + position)..<end], as: UTF8.self)
    }
    guard line() == Self.magic, line() == ToolBuild.identity, let sum = line().flatMap({ UInt64($0, radix: 16) }),
      ContentHash.of(data[(start + position)...]) == sum
    else { return [:] }
    var entries: [Key: Data] = [:]
    while position < data.count {
      guard let fields = line()?.split(separator: " "), fields.count == 3, let high = UInt64(fields[0], radix: 16),
        let low = UInt64(fields[1], radix: 16), let count = Int(fields[2]), count >= 0, position + count <= data.count
      else { return [:] }
      entries[Key(high: high, low: low)] = data[(start + position)..<(start + position + count)]
      position += count
    }
    return entries
  }
}
