import Foundation

@testable import BookSite

/// Reads a ZIP archive the way an e-reader would: the end record, then the central directory, then each
/// entry's local header. Only what the tests need: stored entries, no ZIP64.
struct ZipReader {
  /// One entry as both the central directory and its local header describe it.
  struct Entry {
    var name: String
    /// The compression method (0: stored) and the extra field's length, from the local header.
    var method: UInt16, extraLength: Int
    /// The bytes, and whether their CRC-32 matches the one recorded.
    var data: Data, crcMatches: Bool
  }

  struct Malformed: Error, CustomStringConvertible {
    var description: String
  }

  /// The entries in central-directory order.
  var entries: [Entry] = []

  init(_ archive: Data) throws {
    let bytes = [UInt8](archive)
    guard bytes.count >= 22, Self.u32(bytes, bytes.count - 22) == 0x0605_4b50 else {
      throw Malformed(description: "no end of central directory record at the end (or a comment)")
    }
    let count = Int(Self.u16(bytes, bytes.count - 22 + 10))
    var record = Int(Self.u32(bytes, bytes.count - 22 + 16))
    for _ in 0..<count {
      guard Self.u32(bytes, record) == 0x0201_4b50 else { throw Malformed(description: "bad central record") }
      let crc = Self.u32(bytes, record + 16)
      let size = Int(Self.u32(bytes, record + 20))
      let nameLength = Int(Self.u16(bytes, record + 28))
      let extra = Int(Self.u16(bytes, record + 30))
      let comment = Int(Self.u16(bytes, record + 32))
      let local = Int(Self.u32(bytes, record + 42))
      let name = String(decoding: bytes[(record + 46)..<(record + 46 + nameLength)], as: UTF8.self)
      guard Self.u32(bytes, local) == 0x0403_4b50 else { throw Malformed(description: "bad local header: \(name)") }
      let localName = Int(Self.u16(bytes, local + 26))
      let localExtra = Int(Self.u16(bytes, local + 28))
      let start = local + 30 + localName + localExtra
      let data = Data(bytes[start..<(start + size)])
      self.entries.append(
        Entry(
          name: name, method: Self.u16(bytes, local + 8), extraLength: localExtra, data: data,
          crcMatches: CRC32.checksum(data) == crc))
      record += 46 + nameLength + extra + comment
    }
  }

  /// An entry's bytes by name.
  subscript(name: String) -> Data? { self.entries.first { $0.name == name }?.data }

  private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 { UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 }
  private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
    UInt32(Self.u16(bytes, at)) | UInt32(Self.u16(bytes, at + 2)) << 16
  }
}
