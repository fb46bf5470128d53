import BookKit
import Foundation

/// Highlights code for one site build, each distinct text once: listings, and every file version of the
/// chapters' changes pages (the end of one chapter is the start of the next, so most versions repeat).
/// Results come from memory, else from the on-disk cache loaded at the start, else from
/// `SwiftHighlighter`; the cache can only save time, never change a byte, because an entry is used only
/// when its stored text equals the text asked for.
final class Highlighter: @unchecked Sendable {
  // Unchecked: `results` and `misses` are read and written only while holding `lock`.
  /// What a text is highlighted as.
  enum Kind: UInt8, Sendable {
    /// Escaped text, not highlighted.
    case plain = 0
    /// Swift, through swift-syntax's classifier.
    case swift = 1
    /// Not HTML: the declarations of Swift code, one line each (`SwiftDeclarations.lines`), for the
    /// symbol index. Kept with the highlighted texts, so that a build that highlights nothing new parses
    /// nothing for the index either.
    case declarations = 2
    /// Not HTML: how many tests Swift code declares (`TestCount.tests(in:)`), as one line, for the chapter
    /// status. Counted from the tree that highlighting the code parses, when it is highlighted.
    case tests = 3
  }

  /// A text to highlight and how, compared byte for byte and hashed once (`TextKey`).
  struct Key: Hashable, Sendable {
    let kind: Kind
    let text: TextKey
    /// The text.
    var code: String { self.text.text }

    init(kind: Kind, code: String) {
      self.init(kind: kind, text: TextKey(code))
    }

    private init(kind: Kind, text: TextKey) {
      self.kind = kind
      self.text = text
    }

    /// The key of the same code as another kind, without hashing the code again.
    func with(kind: Kind) -> Key {
      Key(kind: kind, text: self.text)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(self.text.digest)
      hasher.combine(self.kind)
    }
  }

  private let lock = NSLock()
  /// The `Kind.declarations` keys of the Swift texts whose declarations are kept too, from the tree that
  /// highlighting them parses; set before highlighting starts, then only read. Keys, not a `Set<String>`:
  /// String hashing would normalize every whole listing.
  var declarationKeys: Set<Key> = []
  /// The `Kind.tests` keys of the Swift texts whose tests are counted too, from the tree that highlighting
  /// them parses; set before highlighting starts, then only read.
  var testKeys: Set<Key> = []
  /// Everything known so far: loaded from the cache or highlighted in this build.
  private var results: [Key: [String]]
  /// The keys asked for in this build, which the next cache keeps.
  private var used: Set<Key> = []
  /// How many texts were highlighted rather than found.
  private var misses = 0

  /// A cache not read yet: read at the first text asked for, so that a build that highlights nothing
  /// (every page reused) does not pay for reading it.
  private var pending: HighlightCache?
  /// Whether every entry of the cache read is kept, used or not (a build that reuses pages uses only
  /// the entries of the pages it renders; the next full build prunes).
  private var keepsUnused = false
  /// How many entries came from the cache.
  private var loadedCount = 0
  /// The cache's bytes when only some of its entries were decoded (a build that keeps unused entries),
  /// with the keys already looked for in them: the rest is decoded only if a text outside those keys is
  /// asked for, or the cache must be saved with every entry.
  private var undecoded: (data: Data, searched: Set<Key>)?

  /// A highlighter that starts from `cached` results (say, a `HighlightCache`'s entries).
  init(cached: [Key: [String]] = [:]) {
    self.results = cached
    self.loadedCount = cached.count
  }

  /// A highlighter that reads `cache` when it first needs it.
  init(lazilyFrom cache: HighlightCache) {
    self.results = [:]
    self.pending = cache
  }

  /// Keep every entry read from the cache for the next build, not only the used ones.
  func keepUnusedEntries() {
    self.lock.withLock { self.keepsUnused = true }
  }

  /// Reads the pending cache, if any; call while holding `lock`. A build that keeps unused entries decodes
  /// only the entries of `wanted` and keeps the bytes for the rest.
  private func loadPendingCache(wanted: Set<Key>) {
    guard let cache = self.pending else { return }
    self.pending = nil
    guard self.keepsUnused, let data = cache.read() else {
      let loaded = cache.load()
      self.results.merge(loaded) { current, _ in current }
      self.loadedCount = loaded.count
      return
    }
    // The symbol index asks for the declarations of every module listing: decoded with the first texts,
    // so that asking for them later does not decode the whole cache.
    let wanted = wanted.union(self.declarationKeys).union(self.testKeys)
    let found = HighlightCache.decode(data, tool: ToolBuild.identity, only: wanted)
    self.results.merge(found) { current, _ in current }
    self.undecoded = (data, wanted)
  }

  /// Looks for `key`, not known yet, in the cache: read it if it is pending, decode the rest of it if the
  /// key was not among the ones looked for; call while holding `lock`.
  private func lookUpInCache(_ key: Key) {
    if self.pending != nil {
      self.loadPendingCache(wanted: [key])
    } else if let undecoded = self.undecoded, !undecoded.searched.contains(key) {
      self.decodeTheRest()
    }
  }

  /// Decodes every entry of the cache not decoded yet; call while holding `lock`.
  private func decodeTheRest() {
    guard let undecoded = self.undecoded else { return }
    self.undecoded = nil
    let loaded = HighlightCache.decode(undecoded.data, tool: ToolBuild.identity)
    self.results.merge(loaded) { current, _ in current }
    self.loadedCount = loaded.count
  }

  /// The HTML of each line of `code`, highlighted as `kind`.
  func lines(_ code: String, kind: Kind) -> [String] {
    self.lines(for: Key(kind: kind, code: code))
  }

  /// The HTML of each line of a key's code, highlighted as its kind.
  func lines(for key: Key) -> [String] {
    let (code, kind) = (key.code, key.kind)
    let known: [String]? = self.lock.withLock {
      self.used.insert(key)
      if self.results[key] == nil { self.lookUpInCache(key) }
      return self.results[key]
    }
    if let known { return known }
    let lines: [String]
    var derived: [Key: [String]] = [:]
    switch kind {
    case .plain: lines = SwiftHighlighter.plain(code)
    case .declarations: lines = SwiftDeclarations.scan(code).lines
    case .tests: lines = [String(TestCount.tests(in: code))]
    case .swift:
      let (declarations, tests) = (key.with(kind: .declarations), key.with(kind: .tests))
      let (scans, counts) = (self.declarationKeys.contains(declarations), self.testKeys.contains(tests))
      guard scans || counts else {
        lines = SwiftHighlighter.highlight(code)
        break
      }
      lines = SwiftHighlighter.highlight(code) { tree, source in
        if scans { derived[declarations] = SwiftDeclarations.scan(tree, source: source).lines }
        if counts { derived[tests] = [String(TestCount.tests(in: tree))] }
      }
    }
    self.lock.withLock {
      for (found, results) in derived {
        self.used.insert(found)
        self.results[found] = self.results[found] ?? results
      }
      self.results[key] = lines
      self.misses += 1
    }
    return lines
  }

  /// Swift is highlighted; anything else is escaped.
  func lines(_ code: String, isSwift: Bool) -> [String] {
    self.lines(code, kind: isSwift ? .swift : .plain)
  }

  /// Reads the cache, if it is still pending, for a build about to highlight `keys` (decoding only those
  /// when unused entries are kept); with no keys it is dropped unread. Either way nothing is read from disk
  /// afterwards: the build does this before the renderer's stages, which read no file.
  func readCache(for keys: [Key]) {
    self.lock.withLock {
      if keys.isEmpty { self.pending = nil } else { self.loadPendingCache(wanted: Set(keys)) }
    }
  }

  /// Highlights every text of `keys` ahead of use, spread over every core, so that the stages that need
  /// them find them in memory. Texts already known are skipped.
  func prepare(_ keys: [Key]) {
    let missing: [Key] = self.lock.withLock {
      if !keys.isEmpty { self.loadPendingCache(wanted: Set(keys)) }
      var seen = Set<Key>()
      return keys.filter { self.results[$0] == nil && seen.insert($0).inserted }
    }
    // Longest first, so that one big file does not start last and leave the other cores idle.
    let ordered = missing.sorted { $0.code.utf8.count > $1.code.utf8.count }
    _ = Parallel.map(ordered) { key in self.lines(for: key).count }
  }

  /// The results this build used, for the next build's cache, and whether any of them was not in the
  /// cache this build started from (or the cache held results this build did not use).
  func usedResults() -> (results: [Key: [String]], changed: Bool) {
    self.lock.withLock {
      // Never read (nothing was highlighted): the cache on disk stays as it is.
      guard self.pending == nil else { return ([:], false) }
      if self.keepsUnused {
        // Saved only when something was highlighted: then with every entry of the cache read.
        if self.misses > 0 { self.decodeTheRest() }
        return (self.results, self.misses > 0)
      }
      var used: [Key: [String]] = [:]
      for key in self.used { used[key] = self.results[key] }
      return (used, self.misses > 0 || used.count != self.loadedCount)
    }
  }
}
