import Foundation

/// A fast 64-bit content hash (not cryptographic): enough to notice that a file changed, or to spread
/// keys in a table. No defence against chosen collisions: every table that uses it still compares the
/// bytes, so a collision costs only time, never a wrong result.
package enum ContentHash {
  /// The hash of some bytes.
  package static func of(_ data: Data) -> UInt64 {
    data.withUnsafeBytes { Self.of($0) }
  }

  /// The hash of a string's UTF-8 bytes.
  package static func of(_ text: String) -> UInt64 {
    var text = text
    return text.withUTF8 { Self.of(UnsafeRawBufferPointer($0)) }
  }

  /// The hash of `bytes`: eight at a time, each word mixed in with a multiply and a rotation. A `seed`
  /// other than 0 gives another hash of the same bytes (a table that keys one text two ways).
  package static func of(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(bytes.count) ^ (seed << 32)
    let prime: UInt64 = 0x0000_0100_0000_01b3
    var offset = 0
    while offset + 8 <= bytes.count {
      let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      hash = (hash ^ word) &* prime
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
