import Foundation

/// A 128-bit digest of some values, stable across runs and machines (unlike Swift's `Hasher`, which is
/// seeded per process): the key under which a build's caches keep what they computed from those values.
/// Not cryptographic; two independent 64-bit lanes make an accidental match of different inputs
/// vanishingly unlikely.
package struct ContentDigest: Hashable, Sendable {
  /// The two lanes.
  package var high: UInt64, low: UInt64

  /// Creates a digest from its lanes.
  package init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// The digest as 32 lowercase hexadecimal digits, written into one string (the symbol index takes one
  /// per declaration).
  package var hex: String {
    String(unsafeUninitializedCapacity: 32) { buffer in
      Self.writeHex(self.high, into: buffer, at: 0)
      Self.writeHex(self.low, into: buffer, at: 16)
      return 32
    }
  }

  /// The 16 hexadecimal digits of `word`, most significant first, from `offset`.
  private static func writeHex(_ word: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
    for index in 0..<16 {
      let nibble = UInt8(truncatingIfNeeded: word >> (60 - 4 * index)) & 0xF
      buffer[offset + index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
  }

  /// A digest from 32 hexadecimal digits, or nil.
  package init?(hex: String) {
    guard hex.utf8.count == 32, let high = UInt64(hex.prefix(16), radix: 16),
      let low = UInt64(hex.suffix(16), radix: 16)
    else { return nil }
    self.init(high: high, low: low)
  }
}

/// Builds a `ContentDigest` from a sequence of values. Every value is written with its length, so that
/// `("ab", "c")` and `("a", "bc")` differ.
package struct DigestHasher: Sendable {
  private var bytes: [UInt8] = []

  /// An empty hasher.
  package init() {}

  /// Adds a string's UTF-8 bytes.
  package mutating func combine(_ text: String) {
    self.combine(text.utf8.count)
    self.bytes.append(contentsOf: text.utf8)
  }

  /// Adds an optional string (absent differs from empty).
  package mutating func combine(_ text: String?) {
    self.combine(text == nil ? 0 : 1)
    if let text { self.combine(text) }
  }

  /// Adds an integer.
  package mutating func combine(_ value: Int) {
    withUnsafeBytes(of: Int64(value).littleEndian) { self.bytes.append(contentsOf: $0) }
  }

  /// Adds another digest.
  package mutating func combine(_ digest: ContentDigest) {
    withUnsafeBytes(of: digest.high.littleEndian) { self.bytes.append(contentsOf: $0) }
    withUnsafeBytes(of: digest.low.littleEndian) { self.bytes.append(contentsOf: $0) }
  }

  /// Adds raw bytes, with their count.
  package mutating func combine<Bytes: Collection<UInt8>>(bytes: Bytes) {
    self.combine(bytes.count)
    self.bytes.append(contentsOf: bytes)
  }

  /// The digest of everything added.
  package func finalize() -> ContentDigest {
    self.bytes.withUnsafeBytes { buffer in
      ContentDigest(
        high: Self.lane(buffer, seed: 0x9E37_79B9_7F4A_7C15, prime: 0x0000_0100_0000_01B3, rotation: 29),
        low: Self.lane(buffer, seed: 0xC2B2_AE3D_27D4_EB4F, prime: 0x9FB2_1C65_1E98_DF25, rotation: 31))
    }
  }

  /// One 64-bit lane: eight bytes at a time, each word mixed in with a multiply and a rotation.
  private static func lane(_ buffer: UnsafeRawBufferPointer, seed: UInt64, prime: UInt64, rotation: UInt64) -> UInt64 {
    var hash = seed ^ UInt64(buffer.count)
    var offset = 0
    while offset + 8 <= buffer.count {
      let word = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      hash = (hash ^ word) &* prime
      hash = (hash << rotation) | (hash >> (64 - rotation))
      offset += 8
    }
    while offset < buffer.count {
      hash = (hash ^ UInt64(buffer[offset])) &* prime
      offset += 1
    }
    hash ^= hash >> 33
    hash = hash &* 0xFF51_AFD7_ED55_8CCD
    return hash ^ (hash >> 33)
  }
}

extension ContentDigest {
  /// The digest of one string.
  package static func of(_ text: String) -> ContentDigest {
    var hasher = DigestHasher()
    hasher.combine(text)
    return hasher.finalize()
  }

  /// The digest of some bytes: for UTF-8 bytes, the digest of their text (`of(_:)` adds a string as its
  /// UTF-8 bytes with their count, as this adds the bytes), so a file can be compared with a chapter's
  /// `sourceDigest` without decoding it.
  package static func of(bytes data: Data) -> ContentDigest {
    var hasher = DigestHasher()
    hasher.combine(bytes: data)
    return hasher.finalize()
  }
}
