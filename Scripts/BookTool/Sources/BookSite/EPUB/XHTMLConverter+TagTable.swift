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
        self.hash = Self.hash(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: source[range])), seed: inSVG ? 1 : 0)
      }

      /// Eight bytes at a time, each word mixed in with a multiply and a rotation (as `ContentHash`).
      private static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count) ^ (seed << 32)
        let prime: UInt64 = 0x0000_0100_0000_01b3
        var offset = 0
        while offset + 8 <= bytes.count {
          hash = (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* prime
          hash = (hash << 29) | (hash >> 35)
          offset += 8
        }
        while offset < bytes.count {
          hash = (hash ^ UInt64(bytes[offset])) &* prime
          offset += 1
        }
        return hash ^ (hash >> 31)
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
