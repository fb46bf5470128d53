import Foundation

/// Appends lengths and strings to bytes.
struct ByteWriter {
  var data = Data()

  mutating func integer(_ value: UInt32) {
    withUnsafeBytes(of: value.littleEndian) { self.data.append(contentsOf: $0) }
  }

  mutating func string(_ text: String) {
    let bytes = Array(text.utf8)
    self.integer(UInt32(bytes.count))
    self.data.append(contentsOf: bytes)
  }
}

/// Reads what `ByteWriter` wrote, returning nil instead of reading past the end or decoding bad UTF-8.
struct ByteReader {
  let all: [UInt8]
  var offset = 0

  init(bytes: [UInt8]) {
    self.all = bytes
  }

  var isAtEnd: Bool { self.offset >= self.all.count }

  mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
    guard count >= 0, count <= self.all.count - self.offset else { return nil }
    defer { self.offset += count }
    return self.all[self.offset..<self.offset + count]
  }

  mutating func integer() -> UInt32? {
    guard self.all.count - self.offset >= 4 else { return nil }
    defer { self.offset += 4 }
    // Little-endian, a byte at a time (the reader steps over every string of the cache with this).
    let at = self.offset
    return UInt32(self.all[at]) | UInt32(self.all[at + 1]) << 8 | UInt32(self.all[at + 2]) << 16
      | UInt32(self.all[at + 3]) << 24
  }

  mutating func string() -> String? {
    guard let bytes = self.counted() else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  /// The bytes of a string, undecoded.
  mutating func counted() -> ArraySlice<UInt8>? {
    guard let count = self.integer() else { return nil }
    return self.bytes(Int(count))
  }

  /// `count` strings; nil when one is cut short or is not UTF-8.
  mutating func strings(_ count: Int) -> [String]? {
    var strings: [String] = []
    strings.reserveCapacity(count)
    for _ in 0..<count {
      guard let string = self.string() else { return nil }
      strings.append(string)
    }
    return strings
  }

  /// Steps over `count` strings without decoding them; an empty array, or nil when one is cut short.
  mutating func skipStrings(_ count: Int) -> [String]? {
    for _ in 0..<count where self.counted() == nil { return nil }
    return []
  }
}
