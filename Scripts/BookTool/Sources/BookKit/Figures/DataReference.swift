import Foundation

/// A number quoted in prose from a result file, so the text cannot drift from the run:
/// `{{data:reads#65536.tree}}` is the cell of row `65536` (the row whose first cell reads so), column
/// `tree` of `Chapters/data/reads.json`, written with the column's unit (`24.25 ns`).
package struct DataReference: Hashable, Sendable {
  /// The result file's name.
  package var name: String
  /// The row's name: its first cell as the book writes it.
  package var row: String
  /// The column's name.
  package var column: String

  /// Creates a reference.
  package init(name: String, row: String, column: String) {
    (self.name, self.row, self.column) = (name, row, column)
  }

  /// What opens a reference.
  static let opening = "{{data:"
  /// Its UTF-8 bytes.
  private static let openingBytes = Array(Self.opening.utf8)

  /// One `{{data:…}}` found in a text: the reference or why it is malformed, and its offset in bytes.
  package struct Occurrence: Hashable, Sendable {
    package var reference: Result<DataReference, ResultFile.Problem>
    /// Where `{{` starts in the text, in UTF-8 bytes.
    package var offset: Int
    /// The whole `{{data:…}}` as written.
    package var text: String
  }

  /// Every `{{data:…}}` of `text`, in order.
  package static func occurrences(in text: String) -> [Occurrence] {
    guard Self.hasOpeningBytes(text), text.contains(Self.opening) else { return [] }
    var found: [Occurrence] = []
    var rest = text[...]
    while let start = rest.range(of: Self.opening) {
      let offset = text.utf8.distance(from: text.startIndex, to: start.lowerBound)
      guard let end = rest[start.upperBound...].range(of: "}}") else {
        let written = String(rest[start.lowerBound...])
        found.append(
          Occurrence(reference: .failure(.init("'\(written)' is not closed with '}}'")), offset: offset, text: written))
        break
      }
      let inside = rest[start.upperBound..<end.lowerBound]
      let written = String(rest[start.lowerBound..<end.upperBound])
      found.append(Occurrence(reference: Self.parse(inside, written: written), offset: offset, text: written))
      rest = rest[end.upperBound...]
    }
    return found
  }

  /// Whether `text`'s UTF-8 bytes hold `{{data:`: a scan of bytes that rules out nearly every text before
  /// the slower search by characters (no other character is canonically equivalent to these ASCII ones,
  /// so a text without these bytes holds no reference).
  static func hasOpeningBytes(_ text: String) -> Bool {
    let opening = Self.openingBytes
    func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      guard bytes.count >= opening.count, let base = bytes.baseAddress else { return false }
      // `memchr` finds each `{` (rare in prose) many bytes at a time.
      var start = 0
      while start <= bytes.count - opening.count,
        let found = memchr(base + start, Int32(opening[0]), bytes.count - opening.count + 1 - start)
      {
        start = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
        if bytes[start + 1] == opening[1], bytes[start..<(start + opening.count)].elementsEqual(opening) { return true }
        start += 1
      }
      return false
    }
    if let found = text.utf8.withContiguousStorageIfAvailable(scan) { return found }
    return Array(text.utf8).withUnsafeBufferPointer(scan)
  }

  /// `reads#65536.tree` → name, row and column; the row is everything up to the last `.`, so `1.5.tree`
  /// names row `1.5`.
  static func parse(_ inside: Substring, written: String) -> Result<DataReference, ResultFile.Problem> {
    let form = "write {{data:NAME#ROW.COLUMN}}"
    guard let hash = inside.firstIndex(of: "#"), let dot = inside.lastIndex(of: "."), hash < dot else {
      return .failure(.init("'\(written)' names no row and column; \(form)"))
    }
    let name = inside[..<hash]
    let row = inside[inside.index(after: hash)..<dot]
    let column = inside[inside.index(after: dot)...]
    guard DataName.isValid(name), DataName.isValid(column), !row.isEmpty else {
      return .failure(.init("'\(written)' is not a data reference; \(form) (names are letters, digits, '-' and '_')"))
    }
    return .success(DataReference(name: String(name), row: String(row), column: String(column)))
  }

  /// `text` with each reference replaced by what `value` gives for it (left as written when nil).
  package static func substituting(_ text: String, value: (DataReference) -> String?) -> String {
    let occurrences = Self.occurrences(in: text)
    guard !occurrences.isEmpty else { return text }
    var result = ""
    var bytes = Array(text.utf8)[...]
    var consumed = 0
    for occurrence in occurrences {
      let before = bytes.prefix(occurrence.offset - consumed)
      result += String(decoding: before, as: UTF8.self)
      let length = occurrence.text.utf8.count
      let replacement = (try? occurrence.reference.get()).flatMap(value) ?? occurrence.text
      result += replacement
      bytes = bytes.dropFirst(occurrence.offset - consumed + length)
      consumed = occurrence.offset + length
    }
    return result + String(decoding: bytes, as: UTF8.self)
  }
}
