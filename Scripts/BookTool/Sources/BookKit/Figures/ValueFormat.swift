import Foundation

/// How the book writes a result's numbers, the same in tables, charts and prose, on every machine (no
/// locale): `65536`, `21.5`, `0.01234`, `1.5 ms`, `12%`.
package enum ValueFormat {
  /// A cell as a row's name, exact so that distinct rows keep distinct names: `1024`, `0.125`,
  /// `1.0000001`, `1e-300`, `Dictionary`.
  package static func key(_ cell: ResultFile.Cell) -> String {
    switch cell {
    case .number(let value) where value == value.rounded() && abs(value) < 1e15: String(Int64(value))
    case .number(let value): String(value)
    case .text(let text): text
    }
  }

  /// A cell with its column's unit: `21.5 ns`.
  package static func value(_ cell: ResultFile.Cell, column: ResultFile.Column) -> String {
    switch cell {
    case .number(let value): Self.withUnit(Self.number(value, digits: column.digits), unit: column.unit)
    case .text(let text): text
    }
  }

  /// A cell without its unit, as a table under a header that names the unit shows it.
  package static func bare(_ cell: ResultFile.Cell, column: ResultFile.Column) -> String {
    switch cell {
    case .number(let value): Self.number(value, digits: column.digits)
    case .text(let text): text
    }
  }

  /// `21.5` + `ns` → `21.5 ns`; `%` and `×` follow the number without a space.
  package static func withUnit(_ number: String, unit: String) -> String {
    if unit.isEmpty { return number }
    return unit == "%" || unit == "×" ? number + unit : number + " " + unit
  }

  /// A number: whole numbers as integers; others with `digits` decimals, or about four significant digits,
  /// trailing zeros dropped.
  package static func number(_ value: Double, digits: Int?) -> String {
    guard value.isFinite else { return String(value) }
    if let digits { return String(format: "%.\(digits)f", value) }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    let magnitude = Int(floor(log10(abs(value))))
    let decimals = min(max(3 - magnitude, 0), 9)
    var text = String(format: "%.\(decimals)f", value)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }
}
