/// SipHash-2-4 (Aumasson and Bernstein, https://www.aumasson.jp/siphash/siphash.pdf): a 64-bit hash under
/// a 128-bit secret key. Without the key, nobody can make bytes that hash to a chosen value, so a file
/// that carries the keyed hash of its contents proves that a holder of the key wrote it.
package struct KeyedHash: Sendable, Hashable {
  /// The key's two halves.
  package var key0: UInt64, key1: UInt64

  /// A hash under the key `key0`, `key1`.
  package init(key0: UInt64, key1: UInt64) {
    (self.key0, self.key1) = (key0, key1)
  }

  /// The 64-bit SipHash-2-4 of `bytes`.
  package func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var state = State(key0: self.key0, key1: self.key1)
    var offset = 0
    while offset + 8 <= bytes.count {
      state.absorb(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      offset += 8
    }
    var last = UInt64(truncatingIfNeeded: bytes.count) << 56
    for index in 0..<(bytes.count - offset) {
      last |= UInt64(bytes[offset + index]) << (8 * UInt64(index))
    }
    state.absorb(last)
    return state.finish()
  }

  /// The four words of SipHash's state.
  private struct State {
    var v0: UInt64, v1: UInt64, v2: UInt64, v3: UInt64

    init(key0: UInt64, key1: UInt64) {
      self.v0 = key0 ^ 0x736f_6d65_7073_6575
      self.v1 = key1 ^ 0x646f_7261_6e64_6f6d
      self.v2 = key0 ^ 0x6c79_6765_6e65_7261
      self.v3 = key1 ^ 0x7465_6462_7974_6573
    }

    /// One message word, with two rounds.
    mutating func absorb(_ word: UInt64) {
      self.v3 ^= word
      self.round()
      self.round()
      self.v0 ^= word
    }

    /// The four finishing rounds and the result.
    mutating func finish() -> UInt64 {
      self.v2 ^= 0xFF
      for _ in 0..<4 { self.round() }
      return self.v0 ^ self.v1 ^ self.v2 ^ self.v3
    }

    mutating func round() {
      self.v0 = self.v0 &+ self.v1
      self.v1 = (self.v1 << 13 | self.v1 >> 51) ^ self.v0
      self.v0 = self.v0 << 32 | self.v0 >> 32
      self.v2 = self.v2 &+ self.v3
      self.v3 = (self.v3 << 16 | self.v3 >> 48) ^ self.v2
      self.v0 = self.v0 &+ self.v3
      self.v3 = (self.v3 << 21 | self.v3 >> 43) ^ self.v0
      self.v2 = self.v2 &+ self.v1
      self.v1 = (self.v1 << 17 | self.v1 >> 47) ^ self.v2
      self.v2 = self.v2 << 32 | self.v2 >> 32
    }
  }
}
