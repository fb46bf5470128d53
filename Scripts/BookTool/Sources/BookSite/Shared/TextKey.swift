import Foundation

/// A text as a dictionary key, hashed once and compared by its UTF-8 bytes. `String`'s own hashing and
/// equality normalize Unicode first, a cost that grows with the text: a build looks up every listing and
/// file version this way. Two texts that differ only in their normalization are two keys.
package struct TextKey: Hashable, Sendable {
  /// The text.
  package let text: String
  /// `ContentHash` of its bytes, computed once.
  let digest: UInt64

  /// The key of `text`, hashed here once.
  package init(_ text: String) {
    self.text = text
    self.digest = ContentHash.of(text)
  }

  /// Whether two keys hold the same bytes.
  package static func == (lhs: TextKey, rhs: TextKey) -> Bool {
    lhs.digest == rhs.digest && Self.sameBytes(lhs.text, rhs.text)
  }

  /// Feeds the digest (not the text) to `hasher`.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(self.digest)
  }

  /// Whether two strings have the same UTF-8 bytes (not merely canonically equivalent), compared a word
  /// at a time.
  package static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    guard lhs.utf8.count == rhs.utf8.count else { return false }
    let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in
        left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
      }
    }
    return (fast ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
  }
}
