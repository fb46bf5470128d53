/// Finding a byte sequence inside bytes: the one search shared by every stage that locates text in a
/// file by its UTF-8 offset (listing attributes, link locations, HTTP request headers).
package enum ByteSearch {
  /// The offset of the first occurrence of `needle` in `haystack` at or after `start`, or nil when there
  /// is none, when `needle` is empty, or when `start` lies outside `haystack`.
  ///
  /// `offset(of: Array("b".utf8), in: Array("abab".utf8), from: 2)` → 3.
  package static func offset(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
    guard !needle.isEmpty, start >= 0, start <= haystack.count, needle.count <= haystack.count - start else {
      return nil
    }
    // A plain scan on the first byte: Foundation's generic `firstRange(of:)` costs several times more, and
    // this runs for every word of every listing's fence line on every build.
    let first = needle[0]
    let last = haystack.count - needle.count
    var offset = start
    while offset <= last {
      if haystack[offset] == first, Self.matches(needle, in: haystack, at: offset) { return offset }
      offset += 1
    }
    return nil
  }

  /// Whether `haystack` holds `needle` at `offset` (which leaves room for the whole needle).
  private static func matches(_ needle: [UInt8], in haystack: [UInt8], at offset: Int) -> Bool {
    for index in 1..<needle.count where haystack[offset + index] != needle[index] { return false }
    return true
  }
}
