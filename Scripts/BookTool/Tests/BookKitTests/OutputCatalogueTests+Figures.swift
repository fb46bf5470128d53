import BookKit
import Foundation
import XCTest

/// Hostile result files and broken data references (issue 22, item 3): each refused at the chapter line
/// that uses the data, by `book site` and `book check`, with nothing written.
extension OutputCatalogueTests {
  static var figureCases: [Case] {
    let chart = "# A\n\n```chart data=r x=n y=a\n```\n"
    let run = #""run": {"machine": "m", "toolchain": "t", "date": "d", "load": 1}"#
    let columns = #""columns": [{"name": "n"}, {"name": "a", "unit": "ns"}]"#
    func file(_ rows: String) -> String { "{\"format\": 1, \(run), \(columns), \"rows\": \(rows)}" }
    let hostile: [(String, String, String, RuleID)] = [
      (
        "nested 100,000 deep", String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
        "3:10", .invalidResultFile
      ),
      (
        "of 2 MiB", "{\"format\": 1, \"pad\": \"" + String(repeating: "x", count: 2 << 20) + "\"}", "3:10",
        .invalidResultFile
      ),
      ("with NaN", file("[[1, NaN]]"), "3:10", .invalidResultFile),
      ("with infinity", file("[[1, 1e999]]"), "3:10", .invalidResultFile),
      ("with text where the chart needs a number", file("[[1, \"fast\"]]"), "3:21", .invalidFigure),
    ]
    var cases: [Case] = []
    for (what, text, location, rule) in hostile {
      for command in ["site", "check"] {
        cases.append(
          Case(
            name: "a result file \(what) (\(command))",
            setUp: { sandbox in
              try sandbox.write("Chapters/01-a.md", chart)
              try sandbox.write("Chapters/data/r.json", text)
            }, arguments: [command], location: "Chapters/01-a.md:\(location)", rule: rule))
      }
    }
    let references: [(String, String, String, RuleID)] = [
      ("a missing result file", "Takes {{data:gone#1.a}}.", "3:7", .missingResultFile),
      ("a missing row", "Takes {{data:r#9.a}}.", "3:7", .unknownDataRow),
      ("a missing column", "Takes {{data:r#1.b}}.", "3:7", .unknownDataColumn),
      ("a malformed reference", "Takes {{data:r}}.", "3:7", .invalidDataReference),
    ]
    for (what, prose, location, rule) in references {
      cases.append(
        Case(
          name: "\(what) quoted in prose (site)",
          setUp: { sandbox in
            try sandbox.write("Chapters/01-a.md", "# A\n\n\(prose)\n")
            try sandbox.write("Chapters/data/r.json", file("[[1, 2]]"))
          }, arguments: ["site"], location: "Chapters/01-a.md:\(location)", rule: rule))
    }
    cases.append(
      Case(
        name: "a result folder that a link leads out of the workspace (site)",
        setUp: { sandbox in
          try sandbox.write("Chapters/01-a.md", chart)
          try sandbox.writeOutside("r.json", file("[[1, 2]]"))
          try sandbox.link("Chapters/data", to: sandbox.outside.path)
        }, arguments: ["site"], location: "Chapters/01-a.md:3:10", rule: .invalidResultFile))
    return cases
  }
}
