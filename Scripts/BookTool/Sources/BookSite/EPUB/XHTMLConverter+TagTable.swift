import Foundation

extension XHTMLConverter {
  /// What each start tag met so far became, found by its source bytes (`<span class="hl-keyword">`) and
  /// whether it is inside SVG. A key is a range of the source being converted, which stays in place, so
  /// a lookup hashes and compares bytes where they lie: no copy, no `Hasher` (a chapter repeats a few
  /// hundred tags some 30,000 times).
  struct TagTable {
    /// A start tag's place in the source, with its hash.
    struct Key {
      var range: Range<Int>
      var inSVG: Bool
      var hash: UInt64

      /// The key of `source[range]`.
      init(source: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, inSVG: Bool) {
        (self.range, self.inSVG) = (range, inSVG)
        let bytes = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: source[range]))
        self.hash = ContentHash.of(bytes, seed: inSVG ? 1 : 0)
      }
    }

    /// The tags met, with their keys.
    private var entries: [(key: Key, tag: Tag)] = []
    /// Open addressing: an index into `entries` plus one, 0 for an empty slot (a power of two, at most
    /// half full).
    private var slots = [Int32](repeating: 0, count: 1024)

    /// What the tag at `key` became, if it was met before in `source`.
    func tag(for key: Key, source: UnsafeBufferPointer<UInt8>) -> Tag? {
      let mask = self.slots.count - 1
      var index = Int(truncatingIfNeeded: key.hash) & mask
      while self.slots[index] != 0 {
        let entry = self.entries[Int(self.slots[index]) - 1]
        if entry.key.hash == key.hash, Self.same(entry.key, key, in: source) { return entry.tag }
        index = (index + 1) & mask
      }
      return nil
    }

    /// Records what the tag at `key` became (a key not in the table).
    mutating func insert(_ tag: Tag, for key: Key) {
      self.entries.append((key, tag))
      if self.entries.count * 2 > self.slots.count {
        self.slots = [Int32](repeating: 0, count: self.slots.count * 2)
        for (index, entry) in self.entries.enumerated() { self.place(entry.key, index: index) }
      } else {
        self.place(key, index: self.entries.count - 1)
      }
    }

    private mutating func place(_ key: Key, index entryIndex: Int) {
      let mask = self.slots.count - 1
      var index = Int(truncatingIfNeeded: key.hash) & mask
      while self.slots[index] != 0 { index = (index + 1) & mask }
      self.slots[index] = Int32(entryIndex + 1)
    }

    /// Whether two keys are the same bytes, both in or both out of SVG.
    private static func same(_ left: Key, _ right: Key, in source: UnsafeBufferPointer<UInt8>) -> Bool {
      guard left.inSVG == right.inSVG, left.range.count == right.range.count else { return false }
      let base = source.baseAddress!
      return memcmp(base + left.range.lowerBound, base + right.range.lowerBound, left.range.count) == 0
    }
  }
}
