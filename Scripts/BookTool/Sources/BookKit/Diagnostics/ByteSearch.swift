/// Finding a byte sequence inside bytes: the one search shared by every stage that locates text in a
/// file by its UTF-8 offset (listing attributes, link locations, HTTP request headers).
public enum ByteSearch {
  /// The offset of the first occurrence of `needle` in `haystack` at or after `start`, or nil when there
  /// is none, when `needle` is empty, or when `start` lies outside `haystack`.
  ///
  /// `offset(of: Array("b".utf8), in: Array("abab".utf8), from: 2)` → 3.
  public static func offset(of needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
    guard !needle.isEmpty, start >= 0, start <= haystack.count else { return nil }
    return haystack[start...].firstRange(of: needle)?.lowerBound
  }
}
