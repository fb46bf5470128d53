import Foundation

extension ResultFile {
  /// What a result file may hold at most: the limits keep a hostile or runaway file from slowing the tool
  /// down or exhausting its stack, and are far above any measurement a chapter shows.
  package enum Limits {
    /// Bytes of the whole file.
    package static let bytes = 1 << 20
    /// Arrays and objects inside one another (the format needs 3).
    package static let depth = 8
    /// Rows and columns.
    package static let rows = 10_000, columns = 64
    /// Characters of any text.
    package static let text = 500
  }

  /// Why a result file cannot be read, in words that fit after "data/NAME.json ".
  package struct Problem: Error, Hashable, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
  }

  /// Reads a result file, checking everything a figure relies on: `{"format": 1, "run": …, "columns": …,
  /// "rows": …}`, finite numbers, one cell per column, unique column and row names.
  package static func parse(_ data: Data, name: String) -> Result<ResultFile, Problem> {
    guard data.count <= Limits.bytes else {
      return .failure(Problem("is \(data.count) bytes; a result file holds at most \(Limits.bytes)"))
    }
    if let depth = Self.nestingDepth(of: data), depth > Limits.depth {
      return .failure(
        Problem("nests arrays and objects \(depth) deep; a result file needs 3 and may use \(Limits.depth)"))
    }
    let raw: RawFile
    do {
      raw = try JSONDecoder().decode(RawFile.self, from: data)
    } catch let error as DecodingError {
      return .failure(Problem(Self.describe(error)))
    } catch {
      return .failure(Problem("is not JSON: \(error.localizedDescription)"))
    }
    let file = ResultFile(name: name, title: raw.title, run: raw.run, columns: raw.columns, rows: raw.rows)
    if let problem = Self.problem(in: file, format: raw.format) { return .failure(problem) }
    return .success(file)
  }

  /// The file as decoded, before its rules are checked.
  private struct RawFile: Decodable {
    var format: Int
    var title: String?
    var run: Run
    var columns: [Column]
    var rows: [[Cell]]
  }

  /// The first rule the decoded file breaks, if any.
  private static func problem(in file: ResultFile, format: Int) -> Problem? {
    guard format == Self.format else { return Problem("has format \(format); this tool reads format \(Self.format)") }
    guard file.run.load.isFinite, file.run.load >= 0 else { return Problem("gives a load that is not a number ≥ 0") }
    guard !file.columns.isEmpty, file.columns.count <= Limits.columns else {
      return Problem("has \(file.columns.count) columns; it needs 1 to \(Limits.columns)")
    }
    guard file.rows.count <= Limits.rows else {
      return Problem("has \(file.rows.count) rows; a result file holds at most \(Limits.rows)")
    }
    let texts =
      [file.title ?? "", file.run.machine, file.run.toolchain, file.run.date, file.run.command ?? ""]
      + file.columns.flatMap { [$0.label, $0.unit] }
    if texts.contains(where: { $0.count > Limits.text }) {
      return Problem("has a text longer than \(Limits.text) characters")
    }
    var names = Set<String>()
    for column in file.columns {
      guard DataName.isValid(column.name) else {
        return Problem("names a column '\(column.name)'; names are letters, digits, '-' and '_'")
      }
      guard names.insert(column.name).inserted else { return Problem("names two columns '\(column.name)'") }
      if let digits = column.digits, !(0...9).contains(digits) {
        return Problem("gives column '\(column.name)' \(digits) digits; 0 to 9 are allowed")
      }
    }
    return Self.problem(inRows: file)
  }

  /// A row of the wrong length, a number that is not finite, a text too long, or two rows of one name.
  private static func problem(inRows file: ResultFile) -> Problem? {
    var rowNames = Set<String>()
    for (index, row) in file.rows.enumerated() {
      guard row.count == file.columns.count else {
        return Problem(
          "has \(row.count) cells in row \(index + 1); each row has one per column (\(file.columns.count))")
      }
      for (column, cell) in zip(file.columns, row) {
        switch cell {
        case .number(let value) where !value.isFinite:
          return Problem("holds \(value) in row \(index + 1), column '\(column.name)'; numbers must be finite")
        case .text(let text) where text.count > Limits.text:
          return Problem("has a text longer than \(Limits.text) characters in row \(index + 1)")
        default: break
        }
      }
      let name = file.rowNames[index]
      guard rowNames.insert(name).inserted else {
        return Problem("names two rows '\(name)' (a row is named by its first cell)")
      }
    }
    return nil
  }

  /// How deep arrays and objects nest, counted without parsing (strings skipped); nil when the file is cut
  /// off inside a string, which the decoder reports better.
  static func nestingDepth(of data: Data) -> Int? {
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in data {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      default: break
      }
    }
    return inString ? nil : deepest
  }

  /// A decoding error as a short sentence with where it happened: `rows[2][1]: …`.
  private static func describe(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      var text = ""
      for key in keys {
        if let index = key.intValue {
          text += "[\(index)]"
        } else {
          text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
      }
      return text.isEmpty ? "the top level" : text
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "lacks '\(key.stringValue)' at \(path(context.codingPath))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "has the wrong kind of value at \(path(context.codingPath)): \(context.debugDescription)"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return "is not valid JSON" }
      return "has a bad value at \(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "cannot be read"
    }
  }
}

/// The names a result file, a column or a figure may have: ASCII letters, digits, `-` and `_`, at most 100.
package enum DataName {
  /// Whether `name` is one.
  package static func isValid(_ name: some StringProtocol) -> Bool {
    !name.isEmpty && name.utf8.count <= 100
      && name.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      }
  }
}
