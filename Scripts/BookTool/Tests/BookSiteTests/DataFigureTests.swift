import BookKit
import Foundation
import XCTest

@testable import BookSite

/// Tables, charts and quoted numbers drawn from result files (issue 22, item 3): what the page shows, that
/// the chart is accessible and legible, that every mistake is reported at its chapter line, and that
/// editing a number renders again only the pages that use it.
final class DataFigureTests: XCTestCase {
  static let reads = """
    {"format": 1, "title": "Reading one value",
     "run": {"machine": "Linux x86_64, 2 cores", "toolchain": "Swift 6.2.1", "date": "2026-11-26T09:30:00Z",
             "load": 1.25, "command": "Scripts/benchmark-reads.sh"},
     "columns": [{"name": "n", "label": "Elements"}, {"name": "dictionary", "label": "Dictionary", "unit": "ns"},
                 {"name": "tree", "label": "TreeDictionary", "unit": "ns", "digits": 2},
                 {"name": "note", "label": "Note"}],
     "rows": [[1024, 21.5, 30.1, "warm"], [8192, 22, 35.5, "warm"], [65536, 24.25, 41, "cold"]]}
    """
  static let chapter = """
    # Reads

    A read from a tree of 65,536 takes {{data:reads#65536.tree}}, against {{data:reads#65536.dictionary}}.

    ```table data=reads columns=n,dictionary,tree
    ```

    ```chart data=reads x=n y=dictionary,tree title="Reading one value, by size" y-label="Time per read"
    ```

    """

  /// The site of one chapter and its result files.
  private func site(_ chapters: [(String, String)], files: [String: String]) -> RenderedSite {
    var renderer = SiteRenderer(book: SiteFixture.book(chapters), metadata: SiteFixture.metadata)
    renderer.data = BookData.load(book: renderer.book) { path in files[path].map { Data($0.utf8) } }
    return renderer.render()
  }

  func testATableAChartAndQuotedNumbersAreDrawnFromTheResultFile() {
    let site = self.site([("01-reads.md", Self.chapter)], files: ["data/reads.json": Self.reads])
    XCTAssertEqual(site.diagnostics, [])
    let article = SiteFixture.article(SiteFixture.text(site, "01-reads.html"))
    XCTAssertTrue(article.contains("takes 41.00 ns, against 24.25 ns."), article)
    for expected in [
      "<figure class=\"data-figure\" id=\"figure-reads\">",
      "<span class=\"listing-number\">Figure 1.1</span> <span class=\"figure-title\">Reading one value</span>",
      "<th scope=\"col\">Elements</th><th scope=\"col\">Dictionary (ns)</th><th scope=\"col\">TreeDictionary (ns)</th>",
      "<tr><th scope=\"row\">65536</th><td class=\"number\">24.25</td><td class=\"number\">41.00</td></tr>",
      "<figure class=\"data-figure\" id=\"figure-reading-one-value-by-size\">",
      "Figure 1.2</span> <span class=\"figure-title\">Reading one value, by size</span>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart-svg\" viewBox=\"0 0 720 400\" role=\"img\"",
      "<title>Reading one value, by size</title>",
      "<desc>Line chart of Dictionary, TreeDictionary in ns against Elements (log scale), from data/reads.json.",
      "TreeDictionary: 30.1 ns at 1024; 35.5 ns at 8192; 41 ns at 65536.</desc>",
      ">Elements (log scale)</text>", ">Time per read (ns)</text>", ">1000</text>", ">10k</text>", ">100k</text>",
      ">Dictionary</text>", ">TreeDictionary</text>", "<circle ", "<rect ",
      "Measured on Linux x86_64, 2 cores with Swift 6.2.1, 2026-11-26T09:30:00Z, load 1.25; "
        + "<code>data/reads.json</code>, from <code>Scripts/benchmark-reads.sh</code>.",
    ] {
      XCTAssertTrue(article.contains(expected), "missing \(expected)")
    }
    XCTAssertFalse(article.contains("<script"), "charts are drawn without a script")
    XCTAssertFalse(article.contains("{{data:"), "every reference is replaced")
    let print = SiteFixture.text(site, "print.html")
    XCTAssertTrue(print.contains("takes 41.00 ns"), "the print edition quotes the number too")
    let search = SiteFixture.text(site, SearchIndex.path)
    XCTAssertTrue(search.contains("takes 41.00 ns"), "the search index finds the number as the page shows it")
    let again = self.site([("01-reads.md", Self.chapter)], files: ["data/reads.json": Self.reads])
    XCTAssertEqual(again.files, site.files, "the same data gives the same bytes")
  }

  /// The chart's text is never below 12 px: 14 units high in a drawing never narrower than 12/14 of its width.
  func testChartTextStaysLegibleAndItsColoursPassAAInBothSchemes() throws {
    let site = self.site([("01-reads.md", Self.chapter)], files: ["data/reads.json": Self.reads])
    let page = SiteFixture.text(site, "01-reads.html")
    XCTAssertTrue(page.contains("font-size=\"14\""))
    XCTAssertTrue(page.contains("style=\"max-width: 720px; min-width: 617.1px; width: 100%; height: auto;\""))
    XCTAssertFalse(
      page.contains("font-size=\"1")
        && page.range(of: #"font-size="(1[01]|[0-9])""#, options: .regularExpression) != nil)
    let css = String(decoding: Data(SiteAssets.files["assets/book.css"] ?? []), as: UTF8.self)
    for (scheme, background, colors) in [
      ("light", "#fdfcf9", DataChart.colors), ("dark", "#16181c", DataChart.darkColors),
    ] {
      for (index, color) in colors.enumerated() {
        XCTAssertGreaterThanOrEqual(Self.contrast(color, background), 4.5, "\(scheme) series \(index + 1): \(color)")
        XCTAssertTrue(
          css.contains("--chart-\(index + 1): \(color);"), "book.css gives \(scheme) series \(index + 1) \(color)")
      }
    }
  }

  /// Every mistake is an error at the chapter line (and column) that makes it, and stops the site.
  func testEveryMistakeIsReportedAtItsChapterLine() {
    let chapter = """
      # Mistakes

      Missing {{data:gone#1.y}}, row {{data:reads#7.tree}}, column {{data:reads#1024.trie}}, {{data:reads}}.

      ```table data=reads columns=n,dictionery
      ```

      ```chart data=reads x=n y=note
      ```

      ```chart data=broken x=n y=y
      ```

      ```chart data=reads x=n y=tree scale=cubic
      ```

      """
    let site = self.site(
      [("01-m.md", chapter)], files: ["data/reads.json": Self.reads, "data/broken.json": "{\"format\": 1"])
    let found = site.diagnostics.map { "\($0.location.line):\($0.location.column) \($0.id)" }
    XCTAssertEqual(
      found,
      [
        "3:9 missing-result-file", "3:32 unknown-data-row", "3:62 unknown-data-column", "3:88 invalid-data-reference",
        "5:21 unknown-data-column", "8:25 invalid-figure", "11:10 invalid-result-file", "14:32 invalid-figure",
      ])
    XCTAssertTrue(site.diagnostics.allSatisfy { $0.severity == .error && $0.location.path == "Chapters/01-m.md" })
    let messages = site.diagnostics.map(\.message).joined(separator: "\n")
    for expected in [
      "no result file data/gone.json", "has no row '7'", "has no column 'trie'; did you mean 'tree'?",
      "did you mean 'dictionary'?", "column 'note' of data/reads.json holds text in row '1024'; a chart needs numbers",
      "result file data/broken.json is not valid JSON",
    ] {
      XCTAssertTrue(messages.contains(expected), "missing: \(expected)\n\(messages)")
    }
  }

  /// Finite numbers at the ends of what a double holds, a single row, equal values: every chart is drawn
  /// with a bounded number of ticks and finite coordinates, never a trap.
  func testChartsOfExtremeValuesAreDrawnWithBoundedTicks() throws {
    let run = #""run": {"machine": "m", "toolchain": "t", "date": "d", "load": 0}"#
    let columns = #""columns": [{"name": "n"}, {"name": "a"}, {"name": "b"}]"#
    let files = [
      "[[1e-300, -1e308, 1], [1e300, 1e308, 1]]", "[[5, 0, 0]]", "[[1, 2, 3], [1.0000000001, 2, 3.5]]",
      "[[-5e-324, 1.7976931348623157e308, -1.7976931348623157e308], [0, 0, 0]]",
    ]
    for (index, rows) in files.enumerated() {
      let site = self.site(
        [("01-x.md", "# X\n\n```chart data=x x=n y=a,b\n```\n")],
        files: ["data/x.json": "{\"format\": 1, \(run), \(columns), \"rows\": \(rows)}"])
      XCTAssertEqual(site.diagnostics, [], "file \(index)")
      let page = SiteFixture.text(site, "01-x.html")
      let svg = try XCTUnwrap(page.range(of: "<svg").map { page[$0.lowerBound...] }, "file \(index)")
      XCTAssertFalse(svg.contains("nan") || svg.contains("inf"), "file \(index)")
      XCTAssertLessThanOrEqual(svg.components(separatedBy: "<line ").count, 2 * 22 + 2 + 1, "file \(index)")
    }
  }

  /// Several runs per point: a bar from the lowest to the highest run through each point, and the spread
  /// in the description; a spread that does not match the series is refused at its attribute.
  func testASpreadOfRunsIsDrawnThroughEachPoint() {
    let file = """
      {"format": 1, "run": {"machine": "m", "toolchain": "t", "date": "d", "load": 0},
       "columns": [{"name": "n"}, {"name": "a", "label": "A", "unit": "ms"}, {"name": "a_min", "unit": "ms"},
                   {"name": "a_max", "unit": "ms"}, {"name": "b", "unit": "MB"}],
       "rows": [[10, 5, 4, 7, 1], [100, 6, 5.5, 6.5, 2]]}
      """
    func site(_ fence: String) -> RenderedSite {
      self.site([("01-x.md", "# X\n\n\(fence)\n```\n")], files: ["data/x.json": file])
    }
    let drawn = site("```chart data=x x=n y=a low=a_min high=a_max")
    XCTAssertEqual(drawn.diagnostics, [])
    let page = SiteFixture.text(drawn, "01-x.html")
    XCTAssertTrue(page.contains("A: 5 ms (runs from 4 to 7) at 10; 6 ms (runs from 5.5 to 6.5) at 100."), page)
    XCTAssertEqual(page.components(separatedBy: "fill=\"none\" stroke-width=\"1.5\"/>").count - 1, 2, "one bar a point")
    let mistakes: [(String, String, RuleID)] = [
      ("```chart data=x x=n y=a low=a_min", "3:25 needs both 'low=' and 'high='", .invalidFigure),
      ("```chart data=x x=n y=a low=a_min,a_min high=a_max", "3:25 names 2 columns for 1 series", .invalidFigure),
      ("```chart data=x x=n y=a low=a_least high=a_max", "3:25 has no column 'a_least'", .unknownDataColumn),
      ("```chart data=x x=n y=a low=b high=a_max", "3:21 different units (MB, ms)", .invalidFigure),
    ]
    for (fence, expected, rule) in mistakes {
      let found = site(fence).diagnostics.map { "\($0.location.line):\($0.location.column) \($0.message)" }
      XCTAssertTrue(
        found.contains { $0.hasPrefix(String(expected.prefix(5))) && $0.contains(expected.dropFirst(5)) },
        "\(fence): \(found)")
      XCTAssertEqual(site(fence).diagnostics.map(\.id), [rule], fence)
    }
  }

  func testAChartOfMoreSeriesThanColoursIsRefused() {
    let columns = (0...7).map { "{\"name\": \"c\($0)\"}" }.joined(separator: ", ")
    let file = """
      {"format": 1, "run": {"machine": "m", "toolchain": "t", "date": "d", "load": 0}, "columns": [\(columns)],
       "rows": [[1, 2, 3, 4, 5, 6, 7, 8]]}
      """
    let site = self.site(
      [("01-x.md", "# X\n\n```chart data=x x=c0 y=c1,c2,c3,c4,c5,c6,c7\n```\n")], files: ["data/x.json": file])
    XCTAssertEqual(site.diagnostics.map(\.id), [.invalidFigure])
    XCTAssertTrue(site.diagnostics.first?.message.contains("at most 6 series") == true)
  }

  func testAResultFileThatNoChapterUsesIsAWarning() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let workspace = Workspace(root: folder)
    try workspace.write(Data(Self.chapter.utf8), to: "Chapters/01-reads.md")
    try workspace.write(Data(Self.reads.utf8), to: "Chapters/data/reads.json")
    try workspace.write(Data(Self.reads.utf8), to: "Chapters/data/old-run.json")
    let book = try Book.load(from: workspace)
    let unused = BookData.unused(in: workspace, book: book)
    XCTAssertEqual(
      unused.map(\.description).first?.hasPrefix("Chapters/data/old-run.json:1:1: warning: no chapter uses"), true)
    XCTAssertEqual(unused.map(\.id), [.unusedResultFile])
  }

  /// Editing a number changes the page that shows it and nothing else: every other page is reused, and the
  /// result is byte for byte a full render.
  func testEditingANumberRendersAgainOnlyThePagesThatUseIt() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let input = Workspace(root: folder)
    try input.write(Data(Self.chapter.utf8), to: "Chapters/01-reads.md")
    try input.write(Data("# Other\n\nNo numbers here.\n".utf8), to: "Chapters/02-other.md")
    try input.write(Data("# Quote\n\nOnly {{data:reads#1024.note}}.\n".utf8), to: "Chapters/03-quote.md")
    try input.write(Data(Self.reads.utf8), to: "Chapters/data/reads.json")
    let build = CachedSiteBuild(input: input, output: input, folder: "Site")
    var timings = SiteTimings()
    let built = try build.render(timings: &timings)
    let plan = try build.plan(built, timings: &timings)
    _ = try build.write(built, plan: plan, timings: &timings)
    build.keep(built, plan: plan, timings: &timings)
    try input.write(
      Data(Self.reads.replacingOccurrences(of: "24.25", with: "26.5").utf8), to: "Chapters/data/reads.json")
    let rendered = try SiteBuild.make(
      from: input, memo: SiteMemo(input: input, output: input, folder: "Site"), timings: &timings)
    XCTAssertEqual(rendered.site.diagnostics, [])
    XCTAssertTrue(rendered.reusedFiles.contains("02-other.html"))
    XCTAssertFalse(rendered.reusedFiles.contains("01-reads.html"), "the page with the number is rendered again")
    XCTAssertTrue(SiteFixture.text(rendered.site, "01-reads.html").contains("against 26.5 ns"))
    XCTAssertFalse(rendered.reusedFiles.contains("03-quote.html"), "a page that quotes the file reads all of it")
    XCTAssertEqual(rendered.reusedArticles, 1, "the print edition keeps the article of the chapter without data")
    XCTAssertEqual(rendered.reusedSearchBlocks, 1, "the search index keeps the entries of the chapter without data")
    var full = try SiteBuild.make(from: input, timings: &timings).site.files
    // A page whose status vouches for it is kept unread, with the hash of its bytes.
    for (path, hash) in rendered.site.kept {
      XCTAssertEqual(full.removeValue(forKey: path).map(ContentHash.of), hash, "\(path) is the full render's")
    }
    XCTAssertEqual(rendered.site.files, full, "the incremental render is the full render")
  }

  /// WCAG's contrast ratio of two `#rrggbb` colours.
  static func contrast(_ first: String, _ second: String) -> Double {
    func luminance(_ hex: String) -> Double {
      let value = Int(hex.dropFirst(), radix: 16) ?? 0
      let channels = [(value >> 16) & 0xFF, (value >> 8) & 0xFF, value & 0xFF].map { Double($0) / 255 }
      let linear = channels.map { $0 <= 0.03928 ? $0 / 12.92 : pow(($0 + 0.055) / 1.055, 2.4) }
      return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }
    let (a, b) = (luminance(first), luminance(second))
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}
