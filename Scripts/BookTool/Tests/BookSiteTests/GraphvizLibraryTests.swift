import BookKit
import XCTest

@testable import BookSite

/// graphviz's library lays diagrams out in the process: byte for byte what `dot -Tsvg` prints, whatever
/// was laid out before, from any thread, and a graph it refuses is a failure, not a crash.
final class GraphvizLibraryTests: XCTestCase {
  let origin = SourceLocation(path: "Chapters/02-x.md", line: 50)

  /// Charts that exercise what differed or crashed in a long-lived process: nested clusters (placed in
  /// the order of their ids) and many labelled edges between the same few nodes.
  var charts: [String] {
    var tangle = ["flowchart LR", "  accTitle: A tangle"]
    for group in 0..<5 {
      tangle.append("  subgraph G\(group) [Group \(group)]")
      for node in 0..<3 { tangle.append("    N\(group * 3 + node)[Node \(group * 3 + node)]") }
      if group % 2 == 0 {
        tangle += ["    subgraph I\(group) [Inner \(group)]", "      M\(group)[Inner node]", "    end"]
      }
      tangle.append("  end")
    }
    for edge in 0..<24 {
      tangle.append("  N\((edge * 7) % 15) -- e\(edge) --> N\((edge * 11 + 3) % 15)")
    }
    return [
      tangle.joined(separator: "\n") + "\n",
      "flowchart TD\n  accTitle: Small\n  A[Start] --> B{Choice}\n  B -- yes --> C([Done])\n  B -. no .-> A\n",
      "flowchart LR\n  accTitle: Groups\n  subgraph Z [Zed]\n    A --> B\n  end\n  subgraph Y [Why]\n    C --> D\n  end\n"
        + "  subgraph X [Ex]\n    E\n  end\n  Z --> Y\n  Y --> X\n",
    ]
  }

  /// The DOT text of each chart, as builds hand it to graphviz.
  func dotTexts() throws -> [String] {
    try self.charts.map { try FlowchartParser.parse($0, at: self.origin).get().dot(named: "g0") }
  }

  func testTheLibraryPrintsWhatDotPrints() throws {
    let dot = try XCTUnwrap(Graphviz.locateDot(), "graphviz's 'dot' is not on PATH; run Scripts/setup.sh")
    let texts = try self.dotTexts()
    let expected = try texts.map { try Graphviz.Engine.executable(dot).svg(fromDOT: $0).get() }
    for (round, order) in [Array(texts.indices), texts.indices.reversed(), Array(texts.indices)].enumerated() {
      for index in order {
        let svg = try GraphvizLibrary.svg(fromDOT: texts[index]).get()
        XCTAssertEqual(svg, expected[index], "chart \(index), round \(round)")
      }
    }
  }

  func testLayoutsFromManyThreadsAgree() throws {
    let texts = try self.dotTexts()
    let expected = try texts.map { try GraphvizLibrary.svg(fromDOT: $0).get() }
    let indices = Array(repeating: Array(texts.indices), count: 8).flatMap { $0 }
    let results = Parallel.map(indices) { GraphvizLibrary.svg(fromDOT: texts[$0]) }
    for (index, result) in zip(indices, results) {
      XCTAssertEqual(try result.get(), expected[index], "chart \(index)")
    }
  }

  func testARefusedGraphIsAFailureAndTheNextGraphStillLaysOut() throws {
    guard case .failure(.layoutFailed(let message)) = GraphvizLibrary.svg(fromDOT: "digraph {\n  a -> \n") else {
      return XCTFail("a syntax error must fail")
    }
    XCTAssertTrue(message.hasPrefix("Error: "), message)
    XCTAssertFalse(message.contains("\n"), "one line")
    let texts = try self.dotTexts()
    XCTAssertTrue(try GraphvizLibrary.svg(fromDOT: texts[1]).get().contains("</svg>"))
  }

  func testTheIdentityNamesTheLibrary() {
    XCTAssertTrue(GraphvizLibrary.identity.hasPrefix("graphviz "), GraphvizLibrary.identity)
    XCTAssertTrue(DiagramCache.identity.hasSuffix(GraphvizLibrary.identity))
    XCTAssertTrue(SiteStamp.rendererIdentity.hasSuffix(GraphvizLibrary.identity), "the no-change stamp names it")
  }
}
