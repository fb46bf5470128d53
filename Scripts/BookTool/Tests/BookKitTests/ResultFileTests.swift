import BookKit
import Foundation
import XCTest

/// Result files (`Chapters/data/NAME.json`), the numbers quoted from them and the figure blocks that draw
/// them: what is read, how values are written, and that a hostile file is a clear problem, never a crash.
final class ResultFileTests: XCTestCase {
  static let valid = """
    {"format": 1, "title": "Reading one value",
     "run": {"machine": "Linux x86_64, 2 cores", "toolchain": "Swift 6.2.1", "date": "2026-11-26T09:30:00Z",
             "load": 1.25, "command": "Scripts/benchmark-reads.sh"},
     "columns": [{"name": "n", "label": "Elements"}, {"name": "dictionary", "label": "Dictionary", "unit": "ns"},
                 {"name": "tree", "label": "TreeDictionary", "unit": "ns", "digits": 2}],
     "rows": [[1024, 21.5, 30.1], [65536, 24.25, 41]]}
    """

  func testAValidFileIsReadWithItsRunColumnsAndRows() throws {
    let file = try ResultFile.parse(Data(Self.valid.utf8), name: "reads").get()
    XCTAssertEqual(file.run.load, 1.25)
    XCTAssertEqual(file.run.command, "Scripts/benchmark-reads.sh")
    XCTAssertEqual(file.columns.map(\.label), ["Elements", "Dictionary", "TreeDictionary"])
    XCTAssertEqual(file.rowNames, ["1024", "65536"])
    XCTAssertEqual(ValueFormat.key(.number(1.0000001)), "1.0000001", "a row's name is exact")
    XCTAssertEqual(ValueFormat.key(.number(-0.5)), "-0.5")
    XCTAssertEqual(file.row(named: "65536"), 1)
    XCTAssertEqual(file.column(named: "tree"), 2)
    XCTAssertEqual(ValueFormat.value(file.rows[1][2], column: file.columns[2]), "41.00 ns")
    XCTAssertEqual(ValueFormat.value(file.rows[1][1], column: file.columns[1]), "24.25 ns")
  }

  func testNumbersAreWrittenTheSameOnEveryMachine() {
    let cases: [(Double, Int?, String)] = [
      (65536, nil, "65536"), (21.5, nil, "21.5"), (0.012345, nil, "0.01235"), (1234.5678, nil, "1235"),
      (-0.0001, nil, "-0.0001"), (2, 1, "2.0"), (123.456, 0, "123"), (1e20, nil, "100000000000000000000"),
    ]
    for (value, digits, expected) in cases {
      XCTAssertEqual(ValueFormat.number(value, digits: digits), expected, "\(value) with \(String(describing: digits))")
    }
    XCTAssertEqual(ValueFormat.withUnit("12", unit: "%"), "12%")
    XCTAssertEqual(ValueFormat.withUnit("1.5", unit: "×"), "1.5×")
    XCTAssertEqual(ValueFormat.withUnit("3", unit: "MB"), "3 MB")
  }

  /// Every hostile file gets a problem that says what is wrong (and the parse returns, rather than crash).
  func testHostileFilesAreProblemsThatSayWhy() {
    let run = #""run": {"machine": "m", "toolchain": "t", "date": "d", "load": 1}"#
    let columns = #""columns": [{"name": "n"}, {"name": "y", "unit": "ns"}]"#
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    let huge = "{\"format\": 1, \"pad\": \"" + String(repeating: "x", count: 2 << 20) + "\"}"
    let cases: [(String, String, String)] = [
      ("not JSON", "{\"format\": 1,", "is not valid JSON"),
      ("deeply nested", deep, "nests arrays and objects 100000 deep"),
      ("huge", huge, "a result file holds at most 1048576"),
      ("NaN", "{\"format\": 1, \(run), \(columns), \"rows\": [[1, NaN]]}", "is not valid JSON"),
      ("infinity", "{\"format\": 1, \(run), \(columns), \"rows\": [[1, 1e999]]}", "a cell is a finite number"),
      ("a boolean cell", "{\"format\": 1, \(run), \(columns), \"rows\": [[1, true]]}", "rows[0][1]"),
      ("a short row", "{\"format\": 1, \(run), \(columns), \"rows\": [[1]]}", "has 1 cells in row 1"),
      ("two rows of one name", "{\"format\": 1, \(run), \(columns), \"rows\": [[1, 2], [1, 3]]}", "names two rows '1'"),
      ("no run", "{\"format\": 1, \(columns), \"rows\": []}", "lacks 'run'"),
      ("another format", "{\"format\": 2, \(run), \(columns), \"rows\": []}", "has format 2"),
      (
        "a bad column name", "{\"format\": 1, \(run), \"columns\": [{\"name\": \"a b\"}], \"rows\": []}",
        "names a column 'a b'"
      ),
      (
        "two columns of one name",
        "{\"format\": 1, \(run), \"columns\": [{\"name\": \"a\"}, {\"name\": \"a\"}], \"rows\": []}",
        "names two columns 'a'"
      ),
      ("no columns", "{\"format\": 1, \(run), \"columns\": [], \"rows\": []}", "has 0 columns"),
      (
        "a negative load",
        "{\"format\": 1, \"run\": {\"machine\": \"m\", \"toolchain\": \"t\", \"date\": \"d\", \"load\": -1}, "
          + "\(columns), \"rows\": []}",
        "load"
      ),
    ]
    for (label, text, expected) in cases {
      switch ResultFile.parse(Data(text.utf8), name: "x") {
      case .success: XCTFail("\(label): read as a result file")
      case .failure(let problem): XCTAssertTrue(problem.message.contains(expected), "\(label): \(problem.message)")
      }
    }
  }

  func testReferencesInProseAreFoundWithTheirOffsetsAndParts() throws {
    let text = "Reads take {{data:reads#65536.tree}}, or {{data:reads#1.5.y}}; {{data:bad}} and {{data:open"
    let found = DataReference.occurrences(in: text)
    XCTAssertEqual(found.map(\.offset), [11, 41, 63, 80])
    XCTAssertEqual(try found[0].reference.get(), DataReference(name: "reads", row: "65536", column: "tree"))
    XCTAssertEqual(try found[1].reference.get(), DataReference(name: "reads", row: "1.5", column: "y"))
    XCTAssertThrowsError(try found[2].reference.get())
    XCTAssertThrowsError(try found[3].reference.get())
    let replaced = DataReference.substituting("a {{data:r#1.y}} b {{data:r#2.y}} c") { "<\($0.row)>" }
    XCTAssertEqual(replaced, "a <1> b <2> c")
    XCTAssertEqual(DataReference.substituting("é {{data:r#x.y}}!") { _ in nil }, "é {{data:r#x.y}}!")
  }

  /// A block's attributes, quoted values included; every mistake is located at its attribute.
  func testFigureBlocksReadTheirAttributesAndLocateEveryMistake() throws {
    func parse(_ fence: String) -> Result<FigureBlock, DiagnosticsError> {
      let chapter = ChapterLoader.chapter(path: "Chapters/01-a.md", source: "# A\n\n\(fence)\n```\n").chapter
      return FigureBlock.parse(chapter.listings[0], fenceLine: chapter.lines[2])
    }
    let chart = try parse(#"```chart data=reads x=n y=dictionary,tree scale=log-x title="Reading one value""#).get()
    XCTAssertEqual(chart.kind, .chart)
    XCTAssertEqual(chart.y, ["dictionary", "tree"])
    XCTAssertEqual(chart.xScale, .log)
    XCTAssertEqual(chart.yScale, .linear)
    XCTAssertEqual(chart.title, "Reading one value")
    XCTAssertEqual(chart.location(of: "y").column, 25)
    let table = try parse("```table data=reads").get()
    XCTAssertNil(table.columns)
    XCTAssertNil(table.xScale)
    let mistakes: [(String, String, Int)] = [
      ("```table data=reads colums=n", "did you mean 'columns='?", 21),
      ("```chart data=reads x=n", "a chart needs 'y='", 1),
      ("```chart data=reads x=n y=a scale=cubic", "'scale=' is one of", 29),
      (#"```table data=reads title="open"#, "is not closed", 21),
      ("```table data=reads data=other", "given twice", 21),
      ("```table data=../etc", "is not a name list", 10),
      ("```chart data=r x=n y=a,,b", "is not a name list", 21),
      ("```table data=", "needs a value", 10),
    ]
    for (fence, message, column) in mistakes {
      guard case .failure(let error) = parse(fence) else {
        XCTFail("\(fence): accepted")
        continue
      }
      let diagnostic = error.diagnostics.first { $0.message.contains(message) }
      XCTAssertNotNil(diagnostic, "\(fence): \(error)")
      XCTAssertEqual(diagnostic?.location.line, 3, fence)
      XCTAssertEqual(diagnostic?.location.column, column, fence)
      XCTAssertEqual(diagnostic?.id, .invalidFigure, fence)
    }
  }

  /// A figure block is a figure of its own kind, its attributes are never the tag parser's errors.
  func testFigureBlocksAreFiguresNotUnknownAttributes() {
    let loaded = ChapterLoader.chapter(
      path: "Chapters/01-a.md", source: "# A\n\n```chart data=r x=n y=a title=\"Two words\"\n```\n")
    XCTAssertEqual(loaded.chapter.listings.map(\.kind), [.figure])
    XCTAssertEqual(loaded.diagnostics, [])
  }
}
