import Foundation

/// Where `captures.json` spells each value of a key (`"image"`, `"program"`): found in one pass over
/// the file, so that locating every declaration of a long file stays linear.
///
/// `[\n  {"image": "a.svg", "program": "P"}]` → `image` `a.svg` and `program` `P` at line 2.
package struct CaptureLocations: Sendable {
  /// The declarations file's workspace path.
  package var path: String
  /// Each key's values, as spelled between their quotes (JSON escapes kept), at their first location.
  private var found: [String: [Substring: SourceLocation]] = [:]

  /// The locations of `keys`' values in `data`, the file at `path`.
  package init(data: Data?, path: String, keys: [String] = ["image", "program"]) {
    self.path = path
    let text = String(decoding: data ?? Data(), as: UTF8.self)
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      for key in keys {
        guard let (value, column) = Self.value(of: key, in: line) else { continue }
        if self.found[key, default: [:]][value] == nil {
          self.found[key, default: [:]][value] = SourceLocation(path: path, line: index + 1, column: column)
        }
      }
    }
  }

  /// Where `key`'s value `value` is spelled first; line 1 when it is not found.
  package func location(of key: String, value: String) -> SourceLocation {
    let encoded = (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\(value)\""
    let candidates = [encoded.dropFirst().dropLast(), Substring(value)]
    for candidate in candidates {
      if let location = self.found[key]?[candidate] { return location }
    }
    return SourceLocation(path: self.path, line: 1)
  }

  /// The text between the quotes of `"key": "…"` in `line` and the column of its opening quote.
  static func value(of key: String, in line: Substring) -> (Substring, Int)? {
    guard let keyRange = line.range(of: "\"\(key)\"") else { return nil }
    var index = keyRange.upperBound
    while index < line.endIndex, line[index] == " " || line[index] == ":" || line[index] == "\t" {
      index = line.index(after: index)
    }
    guard index < line.endIndex, line[index] == "\"" else { return nil }
    let column = line.distance(from: line.startIndex, to: index) + 1
    let start = line.index(after: index)
    var end = start
    var escaped = false
    while end < line.endIndex, escaped || line[end] != "\"" {
      escaped = !escaped && line[end] == "\\"
      end = line.index(after: end)
    }
    return end < line.endIndex ? (line[start..<end], column) : nil
  }
}
