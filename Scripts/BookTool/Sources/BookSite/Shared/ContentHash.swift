import Foundation

/// A fast 64-bit content hash (not cryptographic): enough to notice that a file changed.
package enum ContentHash {
  /// The hash of some bytes: eight at a time, each word mixed in with a multiply and a rotation.
  package static func of(_ data: Data) -> UInt64 {
    data.withUnsafeBytes { buffer in
      var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(buffer.count)
      let prime: UInt64 = 0x0000_0100_0000_01b3
      var offset = 0
      while offset + 8 <= buffer.count {
        let word = buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        hash = (hash ^ word) &* prime
        hash = (hash << 29) | (hash >> 35)
        offset += 8
      }
      while offset < buffer.count {
        hash = (hash ^ UInt64(buffer[offset])) &* prime
        offset += 1
      }
      return hash ^ (hash >> 31)
    }
  }
}
