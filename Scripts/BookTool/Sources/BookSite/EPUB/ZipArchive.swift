import BookKit
import Foundation

/// A ZIP archive written byte for byte the same from the same entries: every entry stored (not
/// compressed), in the order given, dated 1980-01-01 00:00 (the earliest date ZIP can say), with no extra
/// fields. An EPUB's `mimetype` must be its first entry and stored, which this gives by construction.
///
/// ```swift
/// var zip = ZipArchive()
/// zip.add("mimetype", Data("application/epub+zip".utf8))
/// zip.data  // "PK\u{3}\u{4}…": local headers, the central directory, its end record
/// ```
/// Stored, not deflated: the bytes then depend on nothing but the entries (a zlib of another version may
/// deflate the same text to other bytes, which would make `book check` report drift between machines).
struct ZipArchive {
  /// One file of the archive.
  struct Entry: Sendable {
    /// The path inside the archive, `/`-separated.
    var name: String
    /// The file's bytes, in parts written one after the other.
    var parts: [Data]

    /// The file's size.
    var size: Int { self.parts.reduce(0) { $0 + $1.count } }
  }

  /// The entries, in archive order.
  private(set) var entries: [Entry] = []

  /// Appends a file.
  mutating func add(_ name: String, _ data: Data) {
    self.entries.append(Entry(name: name, parts: [data]))
  }

  /// Appends a file whose bytes are `parts` one after the other.
  mutating func add(_ name: String, parts: [Data]) {
    self.entries.append(Entry(name: name, parts: parts))
  }

  /// The archive's bytes.
  var data: Data {
    var out = Data()
    // Every entry's bytes, name and the two headers (30 and 46 bytes), reserved at once rather than grown.
    out.reserveCapacity(self.entries.reduce(22) { $0 + $1.size + 2 * $1.name.utf8.count + 76 })
    var central = Data()
    // The checksums first, on every core, the largest entries first: the archive's one long computation.
    let checksums = Parallel.map(self.entries, largestFirst: \.size) { CRC32.checksum($0.parts) }
    for (entry, crc) in zip(self.entries, checksums) {
      let name = Data(entry.name.utf8)
      let size = entry.size
      let offset = UInt32(truncatingIfNeeded: out.count)
      // Local file header.
      out.appendLittleEndian(UInt32(0x0403_4b50))
      self.appendCommonFields(to: &out, name: name, crc: crc, size: size)
      out.append(name)
      for part in entry.parts { out.append(part) }
      // Its central directory record.
      central.appendLittleEndian(UInt32(0x0201_4b50))
      central.appendLittleEndian(UInt16(20))  // made by: MS-DOS attributes, ZIP 2.0
      self.appendCommonFields(to: &central, name: name, crc: crc, size: size)
      central.appendLittleEndian(UInt16(0))  // comment length
      central.appendLittleEndian(UInt16(0))  // disk number
      central.appendLittleEndian(UInt16(0))  // internal attributes
      central.appendLittleEndian(UInt32(0))  // external attributes
      central.appendLittleEndian(offset)
      central.append(name)
    }
    let centralOffset = UInt32(truncatingIfNeeded: out.count)
    out.append(central)
    // End of central directory record.
    out.appendLittleEndian(UInt32(0x0605_4b50))
    out.appendLittleEndian(UInt16(0))  // this disk
    out.appendLittleEndian(UInt16(0))  // disk with the central directory
    out.appendLittleEndian(UInt16(truncatingIfNeeded: self.entries.count))
    out.appendLittleEndian(UInt16(truncatingIfNeeded: self.entries.count))
    out.appendLittleEndian(UInt32(truncatingIfNeeded: central.count))
    out.appendLittleEndian(centralOffset)
    out.appendLittleEndian(UInt16(0))  // comment length
    return out
  }

  /// The fields a local header and a central record share, from "version needed" to "extra length".
  private func appendCommonFields(to out: inout Data, name: Data, crc: UInt32, size: Int) {
    let utf8Names: UInt16 = name.contains(where: { $0 >= 0x80 }) ? 0x0800 : 0
    out.appendLittleEndian(UInt16(10))  // version needed: 1.0, stored
    out.appendLittleEndian(utf8Names)  // flags: bit 11 when the name is not ASCII
    out.appendLittleEndian(UInt16(0))  // method: stored
    out.appendLittleEndian(UInt16(0))  // time 00:00:00
    out.appendLittleEndian(UInt16(0x21))  // date 1980-01-01
    out.appendLittleEndian(crc)
    out.appendLittleEndian(UInt32(truncatingIfNeeded: size))  // compressed size
    out.appendLittleEndian(UInt32(truncatingIfNeeded: size))  // uncompressed size
    out.appendLittleEndian(UInt16(truncatingIfNeeded: name.count))
    out.appendLittleEndian(UInt16(0))  // extra field length
  }
}

/// CRC-32 as ZIP uses it (polynomial 0xEDB88320, reflected, initial and final XOR 0xFFFFFFFF):
/// `CRC32.checksum(Data("123456789".utf8)) == 0xCBF43926`. Sixteen bytes at a time ("slicing by 16"):
/// table `k` holds the remainder of a byte followed by `k` zero bytes, so sixteen independent lookups
/// replace sixteen rounds of the byte-at-a-time loop (the e-book's 2 MB took a few milliseconds that way,
/// and 1.4 ms eight bytes at a time).
enum CRC32 {
  /// Sixteen tables of 256 remainders, one after the other.
  private static let tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 16 * 256)
    for value in 0..<256 {
      var crc = UInt32(value)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
      tables[value] = crc
    }
    for table in 1..<16 {
      for value in 0..<256 {
        let previous = tables[(table - 1) * 256 + value]
        tables[table * 256 + value] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
      }
    }
    return tables
  }()

  /// The checksum of some bytes.
  static func checksum(_ data: Data) -> UInt32 {
    Self.checksum([data])
  }

  /// The checksum of some bytes given in parts, one after the other.
  static func checksum(_ parts: [Data]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for part in parts { Self.update(&crc, with: part) }
    return crc ^ 0xFFFF_FFFF
  }

  /// Takes more bytes into a checksum under way (not yet finally XORed).
  private static func update(_ crc: inout UInt32, with data: Data) {
    Self.tables.withUnsafeBufferPointer { tables in
      data.withUnsafeBytes { buffer in
        var offset = 0
        while offset + 16 <= buffer.count {
          crc = Self.step16(crc, buffer, offset, tables)
          offset += 16
        }
        while offset < buffer.count {
          crc = tables[Int((crc ^ UInt32(buffer[offset])) & 0xFF)] ^ (crc >> 8)
          offset += 1
        }
      }
    }
  }

  /// The checksum after the sixteen bytes at `offset`.
  @inline(__always)
  private static func step16(
    _ crc: UInt32, _ buffer: UnsafeRawBufferPointer, _ offset: Int, _ tables: UnsafeBufferPointer<UInt32>
  ) -> UInt32 {
    let first = crc ^ UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    let second = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
    let third = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self))
    let fourth = UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
    return Self.lookup(first, table: 12, tables) ^ Self.lookup(second, table: 8, tables)
      ^ Self.lookup(third, table: 4, tables) ^ Self.lookup(fourth, table: 0, tables)
  }

  /// The four lookups of one word: its lowest byte in table `table + 3`, its highest in table `table`.
  @inline(__always)
  private static func lookup(_ word: UInt32, table: Int, _ tables: UnsafeBufferPointer<UInt32>) -> UInt32 {
    tables[(table + 3) * 256 + Int(word & 0xFF)] ^ tables[(table + 2) * 256 + Int((word >> 8) & 0xFF)]
      ^ tables[(table + 1) * 256 + Int((word >> 16) & 0xFF)] ^ tables[table * 256 + Int(word >> 24)]
  }
}

extension Data {
  /// Appends an integer's bytes, least significant first.
  fileprivate mutating func appendLittleEndian<Value: FixedWidthInteger>(_ value: Value) {
    Swift.withUnsafeBytes(of: value.littleEndian) { self.append(contentsOf: $0) }
  }
}
