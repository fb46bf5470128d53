import BookKit
import Foundation

/// Diagrams laid out by earlier builds, kept in one file under the input workspace's git-ignored
/// `.build/book-site-cache/`, so that a build lays out only the diagrams that changed.
///
/// The same rules as the highlight cache: the file holds exactly the diagrams the last build used; it
/// names the tool build and the graphviz library (version, file size and time) that made it, and a file
/// from another tool or another graphviz is ignored; each entry carries a hash of its bytes, and an entry
/// whose hash does not match is skipped. An entry is found by the diagram's full source and location (the
/// location names the SVG's ids), never by a hash of them, so the cache cannot change a byte of the site.
/// Only diagrams that rendered are kept; a failure is tried again, with its diagnostics, every build.
///
/// Layout: `BKDG0001`, the tool's identity with graphviz's, then entries of source, path, line, column,
/// SVG and a 64-bit hash; lengths are 32-bit little-endian.
package struct DiagramCache: Sendable {
  /// Where the cache lives.
  var file: CacheFile
  /// Its absolute location.
  package var url: URL { self.file.url }

  static let magic = Data("BKDG0001".utf8)

  /// A cache at `path` inside `workspace`.
  package init(workspace: Workspace, path: String) {
    self.file = CacheFile(workspace: workspace, path: path)
  }

  /// The cache of a workspace: `.build/book-site-cache/diagrams.bin` under its root.
  package init(workspaceRoot: URL) {
    self.init(workspace: Workspace(root: workspaceRoot), path: ".build/book-site-cache/diagrams.bin")
  }

  /// The diagrams that can be trusted, ready for a build; none when the file is missing or foreign.
  func load() -> DiagramStore {
    guard let data = self.file.read() else { return DiagramStore() }
    return DiagramStore(stored: Self.decode(data, identity: Self.identity))
  }

  /// Saves the diagrams `store` used, when they differ from what was loaded.
  func save(_ store: DiagramStore) {
    let (results, changed) = store.usedResults()
    guard changed else { return }
    self.file.write(Self.encode(results, identity: Self.identity))
  }

  /// This tool and this graphviz (its library's version and file): a diagram's SVG depends on both.
  static let identity = ToolBuild.identity + "\n" + GraphvizLibrary.identity

  static func encode(_ results: [DiagramStore.Key: String], identity: String) -> Data {
    var writer = ByteWriter()
    writer.data.append(Self.magic)
    writer.string(identity)
    let keys = results.keys.sorted {
      ($0.location.path, $0.location.line, $0.location.column, $0.source)
        < ($1.location.path, $1.location.line, $1.location.column, $1.source)
    }
    for key in keys {
      let start = writer.data.count
      writer.string(key.source)
      writer.string(key.location.path)
      writer.integer(UInt32(clamping: key.location.line))
      writer.integer(UInt32(clamping: key.location.column))
      writer.string(results[key] ?? "")
      let hash = ContentHash.of(writer.data[start...])
      withUnsafeBytes(of: hash.littleEndian) { writer.data.append(contentsOf: $0) }
    }
    return writer.data
  }

  static func decode(_ data: Data, identity: String) -> [DiagramStore.Key: String] {
    var reader = ByteReader(bytes: [UInt8](data))
    guard reader.bytes(Self.magic.count).map(Array.init) == [UInt8](Self.magic), reader.string() == identity else {
      return [:]
    }
    var results: [DiagramStore.Key: String] = [:]
    while !reader.isAtEnd {
      let start = reader.offset
      guard let source = reader.string(), let path = reader.string(), let line = reader.integer(),
        let column = reader.integer(), let svg = reader.string()
      else { break }
      let end = reader.offset
      guard let stored = reader.bytes(8) else { break }
      let hash = stored.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
      guard hash == ContentHash.of(Data(reader.all[start..<end])) else { continue }
      let location = SourceLocation(path: path, line: Int(line), column: Int(column))
      results[DiagramStore.Key(source: source, location: location)] = svg
    }
    return results
  }
}

/// The diagrams of one build: those loaded from the cache, and those laid out now. Thread-safe.
final class DiagramStore: @unchecked Sendable {
  // Unchecked: every property is touched only while holding `lock`.
  /// A diagram: its source and where it is.
  struct Key: Hashable, Sendable {
    var source: String
    var location: SourceLocation
  }

  private let lock = NSLock()
  private var results: [Key: String]
  private var used: Set<Key> = []
  private var added = 0

  init(stored: [Key: String] = [:]) {
    self.results = stored
  }

  /// The stored SVG of a diagram, marking it used.
  func svg(source: String, location: SourceLocation) -> String? {
    let key = Key(source: source, location: location)
    return self.lock.withLock {
      guard let svg = self.results[key] else { return nil }
      self.used.insert(key)
      return svg
    }
  }

  /// Keeps the SVG of a diagram just laid out.
  func store(_ svg: String, source: String, location: SourceLocation) {
    let key = Key(source: source, location: location)
    self.lock.withLock {
      self.used.insert(key)
      self.results[key] = svg
      self.added += 1
    }
  }

  /// The diagrams this build used, and whether they differ from what was loaded.
  func usedResults() -> (results: [Key: String], changed: Bool) {
    self.lock.withLock {
      var used: [Key: String] = [:]
      for key in self.used { used[key] = self.results[key] }
      return (used, self.added > 0 || used.count != self.results.count)
    }
  }
}
