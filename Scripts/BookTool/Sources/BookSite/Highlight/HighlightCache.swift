import BookKit
import Foundation

/// Highlighted code kept between builds in one file under the workspace's git-ignored `.build/`, so that a
/// build re-highlights only code that changed.
///
/// The file holds exactly the entries the last build used, so it never outgrows the book (and is not
/// written at all past `maximumBytes`). Each entry stores its text, its lines and a hash of both; an
/// entry whose hash does not match, a truncated file or a file from another build of the tool is ignored,
/// and the code is highlighted again. Output never depends on the cache: an entry is found by its full
/// text, not by a hash of it.
///
/// Layout: `BKHL0001`, the tool's identity, then entries of kind (1 byte), text, line count and lines,
/// and a 64-bit hash; lengths and counts are 32-bit little-endian.
package struct HighlightCache: Sendable {
  /// Where the cache lives.
  var file: CacheFile
  /// Its absolute location.
  package var url: URL { self.file.url }
  /// The largest cache written, in bytes.
  package var maximumBytes = 64 << 20

  /// The file's first bytes.
  static let magic = Data("BKHL0001".utf8)

  /// A cache at `path` inside `workspace`.
  package init(workspace: Workspace, path: String) {
    self.file = CacheFile(workspace: workspace, path: path)
  }

  /// The cache of a workspace: `.build/book-site-cache/highlight.bin` under its root.
  package init(workspaceRoot: URL) {
    self.init(workspace: Workspace(root: workspaceRoot), path: "\(Workspace.siteCacheFolder)/highlight.bin")
  }

  /// The entries that can be trusted; none when the file is missing, from another tool or unreadable.
  func load() -> [Highlighter.Key: [String]] {
    guard let data = self.file.read() else { return [:] }
    return Self.decode(data, tool: ToolBuild.identity)
  }

  /// The file's bytes, for `decode(_:tool:only:)`; nil when it is missing or cannot be read.
  func read() -> Data? {
    self.file.read()
  }

  /// Saves what `highlighter` used, when it differs from what was loaded. Failing to save only costs the
  /// next build its shortcut.
  func save(_ highlighter: Highlighter) {
    let (results, changed) = highlighter.usedResults()
    guard changed else { return }
    let data = Self.encode(results, tool: ToolBuild.identity)
    guard data.count <= self.maximumBytes else { return self.file.remove() }
    self.file.write(data)
  }

  /// The bytes of a cache holding `results`, in a stable order.
  static func encode(_ results: [Highlighter.Key: [String]], tool: String) -> Data {
    var writer = ByteWriter()
    writer.data.append(Self.magic)
    writer.string(tool)
    let keys = results.keys.sorted { ($0.kind.rawValue, $0.code) < ($1.kind.rawValue, $1.code) }
    for key in keys {
      let start = writer.data.count
      writer.data.append(key.kind.rawValue)
      writer.string(key.code)
      let lines = results[key] ?? []
      writer.integer(UInt32(lines.count))
      for line in lines { writer.string(line) }
      let hash = ContentHash.of(writer.data[start...])
      withUnsafeBytes(of: hash.littleEndian) { writer.data.append(contentsOf: $0) }
    }
    return writer.data
  }

  /// The trustworthy entries of a cache's bytes: reading stops at the first entry that is cut short, and
  /// an entry whose hash does not match is skipped. With `wanted`, only the entries of those keys are
  /// decoded (an edit that renders one page needs a few of the thousands of entries); the others are
  /// skipped without making a string of them.
  static func decode(_ data: Data, tool: String, only wanted: Set<Highlighter.Key>? = nil) -> [Highlighter.Key:
    [String]]
  {
    var reader = ByteReader(bytes: [UInt8](data))
    guard reader.bytes(Self.magic.count).map(Array.init) == [UInt8](Self.magic), reader.string() == tool else {
      return [:]
    }
    // The wanted keys by their text's length in bytes: most entries are skipped on their length alone.
    let byLength = wanted.map { Dictionary(grouping: $0) { $0.code.utf8.count } }
    var results: [Highlighter.Key: [String]] = [:]
    while !reader.isAtEnd {
      let start = reader.offset
      guard let kindByte = reader.bytes(1)?.first, let codeBytes = reader.counted(), let count = reader.integer()
      else { break }
      let key: Highlighter.Key?
      if let byLength {
        key = byLength[codeBytes.count]?.first { $0.kind.rawValue == kindByte && $0.code.utf8.elementsEqual(codeBytes) }
      } else {
        key = String(validating: codeBytes, as: UTF8.self).flatMap { code in
          Highlighter.Kind(rawValue: kindByte).map { Highlighter.Key(kind: $0, code: code) }
        }
      }
      guard let lines = key == nil ? reader.skipStrings(Int(count)) : reader.strings(Int(count)) else { break }
      let end = reader.offset
      guard let stored = reader.bytes(8) else { break }
      guard let key else { continue }
      let hash = stored.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
      guard hash == ContentHash.of(Data(reader.all[start..<end])) else { continue }
      results[key] = lines
    }
    return results
  }
}
