import Foundation

/// The results of one run that a chapter draws its tables, charts and quoted numbers from:
/// `Chapters/data/NAME.json`, written by the script that ran the measurement, never by hand.
///
/// ```json
/// {"format": 1, "title": "Reading one value",
///  "run": {"machine": "Linux x86_64, 2 cores", "toolchain": "Swift 6.2.1", "date": "2026-11-26T09:30:00Z",
///          "load": 1.3, "command": "Scripts/benchmark-reads.sh"},
///  "columns": [{"name": "n", "label": "Elements"}, {"name": "dictionary", "label": "Dictionary", "unit": "ns"}],
///  "rows": [[1024, 21.5], [65536, 24.25]]}
/// ```
///
/// A row is named by its first cell as written (`1024`), so prose can quote `{{data:reads#1024.dictionary}}`.
package struct ResultFile: Hashable, Sendable {
  /// The format this tool reads.
  package static let format = 1

  /// Where and how the numbers were measured.
  package struct Run: Hashable, Sendable, Decodable {
    /// The machine: operating system, architecture, cores, memory.
    package var machine: String
    /// `swift --version`'s first line, or what built the measured code.
    package var toolchain: String
    /// When the run ended (UTC, ISO 8601).
    package var date: String
    /// The load average when the run started: numbers from a busy machine say so.
    package var load: Double
    /// The command that repeats the run, if the file names one.
    package var command: String?
  }

  /// One column: its name in references and attributes, its label in tables and charts, its unit.
  package struct Column: Hashable, Sendable, Decodable {
    /// `dictionary`: letters, digits, `-` and `_`.
    package var name: String
    /// `Dictionary`; the name when the file gives none.
    package var label: String
    /// `ns`, `MB`, `%`; empty for a plain count.
    package var unit: String
    /// Digits after the decimal point when a value is shown; nil for the default (about four significant
    /// digits).
    package var digits: Int?

    enum CodingKeys: String, CodingKey { case name, label, unit, digits }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.name = try container.decode(String.self, forKey: .name)
      self.label = try container.decodeIfPresent(String.self, forKey: .label) ?? self.name
      self.unit = try container.decodeIfPresent(String.self, forKey: .unit) ?? ""
      self.digits = try container.decodeIfPresent(Int.self, forKey: .digits)
    }

    package init(name: String, label: String? = nil, unit: String = "", digits: Int? = nil) {
      (self.name, self.label, self.unit, self.digits) = (name, label ?? name, unit, digits)
    }
  }

  /// One cell: a number, or text (a row's name, a note).
  package enum Cell: Hashable, Sendable, Decodable {
    case number(Double)
    case text(String)

    package init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else if let text = try? container.decode(String.self) {
        self = .text(text)
      } else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "a cell is a finite number or a string")
      }
    }

    /// The number, or nil for text.
    package var number: Double? {
      if case .number(let value) = self { value } else { nil }
    }
  }

  /// The file's name without folder and extension: `reads` for `data/reads.json`.
  package var name: String
  /// What the results are, shown when a figure gives no title of its own.
  package var title: String?
  /// Where and how they were measured.
  package var run: Run
  /// The columns, in order; the first names the rows.
  package var columns: [Column]
  /// The rows, each with one cell per column.
  package var rows: [[Cell]]

  /// The index of the column named `name`.
  package func column(named name: String) -> Int? {
    self.columns.firstIndex { $0.name == name }
  }

  /// The index of the row whose first cell reads `key` (`1024`, `Dictionary`).
  package func row(named key: String) -> Int? {
    self.rows.firstIndex { $0.first.map(ValueFormat.key) == key }
  }

  /// Every row's name, in order.
  package var rowNames: [String] {
    self.rows.map { $0.first.map(ValueFormat.key) ?? "" }
  }
}
