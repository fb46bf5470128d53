import BookKit
import XCTest

@testable import BookSite

/// Mermaid flowcharts → inline SVG: what each construct parses to, the SVG's shape, and every error at
/// its exact chapter line and column.
final class MermaidDiagramTests: XCTestCase {
  /// The first code line of a block in a chapter, as the page renderer passes it.
  let origin = SourceLocation(path: "Chapters/02-x.md", line: 50)

  /// A small diagram with a title, a description and two nodes, behind a header and any extra lines.
  func diagram(_ lines: String..., header: String = "flowchart LR") -> String {
    ([header, "  accTitle: A title", "  accDescr: A description."] + lines).joined(separator: "\n") + "\n"
  }

  /// The flowchart a block parses to, or the thrown diagnostics.
  func parse(_ source: String) throws -> Flowchart {
    try FlowchartParser.parse(source, at: self.origin).get()
  }

  // MARK: - Parsing

  func testEveryDirectionAndBothHeaderKeywords() throws {
    let expected: [String: Flowchart.Direction] = [
      "TD": .topToBottom, "TB": .topToBottom, "BT": .bottomToTop, "LR": .leftToRight, "RL": .rightToLeft,
    ]
    for keyword in ["flowchart", "graph"] {
      for (word, direction) in expected {
        let chart = try self.parse(self.diagram("  A --> B", header: "\(keyword) \(word)"))
        XCTAssertEqual(chart.direction, direction, "\(keyword) \(word)")
      }
      XCTAssertEqual(try self.parse(self.diagram("  A", header: keyword)).direction, .topToBottom, keyword)
    }
  }

  func testEveryNodeShapeWithPlainAndQuotedLabels() throws {
    let forms: [(String, Flowchart.Shape)] = [
      ("N[Label]", .rectangle), ("N(Label)", .rounded), ("N([Label])", .stadium), ("N[[Label]]", .subroutine),
      ("N[(Label)]", .cylinder), ("N((Label))", .circle), ("N{Label}", .diamond), ("N{{Label}}", .hexagon),
    ]
    for (form, shape) in forms {
      let chart = try self.parse(self.diagram("  " + form))
      XCTAssertEqual(chart.nodes, [Flowchart.Node(id: "N", label: "Label", shape: shape)], form)
    }
    let quoted = try self.parse(self.diagram("  Q[\"Label with (parens) and [brackets]\"]"))
    XCTAssertEqual(quoted.nodes.first?.label, "Label with (parens) and [brackets]")
    let bare = try self.parse(self.diagram("  Bare"))
    XCTAssertEqual(bare.nodes, [Flowchart.Node(id: "Bare", label: "Bare", shape: .rectangle)])
    let broken = try self.parse(self.diagram("  B[first <br/> second]"))
    XCTAssertEqual(broken.nodes.first?.label, "first\nsecond")
  }

  func testEveryEdgeFormAndLabelForm() throws {
    typealias Edge = Flowchart.Edge
    let forms: [(String, Edge)] = [
      ("A --> B", Edge(from: "A", to: "B", stroke: .solid, arrow: true, bothEnds: false, label: nil)),
      ("A --- B", Edge(from: "A", to: "B", stroke: .solid, arrow: false, bothEnds: false, label: nil)),
      ("A ---> B", Edge(from: "A", to: "B", stroke: .solid, arrow: true, bothEnds: false, label: nil)),
      ("A -.-> B", Edge(from: "A", to: "B", stroke: .dotted, arrow: true, bothEnds: false, label: nil)),
      ("A -.- B", Edge(from: "A", to: "B", stroke: .dotted, arrow: false, bothEnds: false, label: nil)),
      ("A ==> B", Edge(from: "A", to: "B", stroke: .thick, arrow: true, bothEnds: false, label: nil)),
      ("A === B", Edge(from: "A", to: "B", stroke: .thick, arrow: false, bothEnds: false, label: nil)),
      ("A ~~~ B", Edge(from: "A", to: "B", stroke: .invisible, arrow: false, bothEnds: false, label: nil)),
      ("A <--> B", Edge(from: "A", to: "B", stroke: .solid, arrow: true, bothEnds: true, label: nil)),
      (
        "A -- sets read --> B",
        Edge(from: "A", to: "B", stroke: .solid, arrow: true, bothEnds: false, label: "sets read")
      ),
      (
        "A -- plain line --- B",
        Edge(from: "A", to: "B", stroke: .solid, arrow: false, bothEnds: false, label: "plain line")
      ),
      (
        "A -- \"state, action\" --> B",
        Edge(from: "A", to: "B", stroke: .solid, arrow: true, bothEnds: false, label: "state, action")
      ),
      (
        "A -- \"a --> b\" --> B",
        Edge(from: "A", to: "B", stroke: .solid, arrow: true, bothEnds: false, label: "a --> b")
      ),
      ("A -->|yes| B", Edge(from: "A", to: "B", stroke: .solid, arrow: true, bothEnds: false, label: "yes")),
      ("A --> |\"quoted\"| B", Edge(from: "A", to: "B", stroke: .solid, arrow: true, bothEnds: false, label: "quoted")),
      (
        "A -. \"pushed out\" .-> B",
        Edge(from: "A", to: "B", stroke: .dotted, arrow: true, bothEnds: false, label: "pushed out")
      ),
      ("A == heavy ==> B", Edge(from: "A", to: "B", stroke: .thick, arrow: true, bothEnds: false, label: "heavy")),
      ("A-->B", Edge(from: "A", to: "B", stroke: .solid, arrow: true, bothEnds: false, label: nil)),
      ("A--text-->B", Edge(from: "A", to: "B", stroke: .solid, arrow: true, bothEnds: false, label: "text")),
      (
        "node-1 --> node-2",
        Edge(from: "node-1", to: "node-2", stroke: .solid, arrow: true, bothEnds: false, label: nil)
      ),
    ]
    for (form, edge) in forms {
      let chart = try self.parse(self.diagram("  " + form))
      XCTAssertEqual(chart.edges, [edge], form)
      XCTAssertEqual(chart.nodes.map(\.id), [edge.from, edge.to], form)
    }
  }

  func testChainsGroupsAndDeclarationsInsideEdges() throws {
    let chart = try self.parse(
      self.diagram(
        "  Detail[Detail controller] -- sets read --> Thread[Thread model] --> C", "  A & B --> C & D",
        "  Thread"))
    XCTAssertEqual(chart.nodes.map(\.id), ["Detail", "Thread", "C", "A", "B", "D"])
    XCTAssertEqual(chart.nodes.map(\.label), ["Detail controller", "Thread model", "C", "A", "B", "D"])
    XCTAssertEqual(
      chart.edges.map { "\($0.from)>\($0.to)" }, ["Detail>Thread", "Thread>C", "A>C", "A>D", "B>C", "B>D"])
    XCTAssertEqual(chart.edges.first?.label, "sets read")
  }

  func testSubgraphsNestCommentsStylingAndSemicolons() throws {
    let chart = try self.parse(
      self.diagram(
        "  %% a comment line", "  subgraph outer [Outer title]", "    direction TB", "    A --> B;",
        "    subgraph inner[\"Inner (quoted)\"]", "      C", "    end", "  end", "  subgraph Plain words",
        "    D", "  end", "  classDef hot fill:#f00;", "  class A hot", "  style B stroke:#333",
        "  linkStyle 0 stroke:#999", "  A:::hot --> D; D --> outer"))
    XCTAssertEqual(
      chart.subgraphs,
      [
        Flowchart.Subgraph(id: "outer", title: "Outer title", parent: nil),
        Flowchart.Subgraph(id: "inner", title: "Inner (quoted)", parent: 0),
        Flowchart.Subgraph(id: "Plain words", title: "Plain words", parent: nil),
      ])
    XCTAssertEqual(chart.nodes.map(\.id), ["A", "B", "C", "D"])
    XCTAssertEqual(chart.nodes.map(\.subgraph), [0, 0, 1, 2])
    XCTAssertEqual(chart.edges.map { "\($0.from)>\($0.to)" }, ["A>B", "A>D", "D>outer"])
  }

  func testTitleAndBothDescriptionForms() throws {
    let single = try self.parse(self.diagram("  A"))
    XCTAssertEqual(single.title, "A title")
    XCTAssertEqual(single.description, "A description.")
    let block = try self.parse(
      "flowchart LR\n  accTitle: Title\n  accDescr {\n    First line,\n    second line.\n  }\n  A\n")
    XCTAssertEqual(block.description, "First line, second line.")
    let oneLineBlock = try self.parse("graph TD\n  accTitle: T\n  accDescr { Short. }\n  A\n")
    XCTAssertEqual(oneLineBlock.description, "Short.")
    let untitledDescription = try self.parse("graph TD\n  accTitle: T\n  A\n")
    XCTAssertNil(untitledDescription.description)
  }

  // MARK: - Errors at their chapter line and column

  func testSubgraphsNestedTooDeepAreOneErrorAtTheFirstTooDeep() throws {
    let limit = FlowchartParser.maximumSubgraphDepth
    // Subgraph k (0-based) opens on block line 2 + k, indented k + 2 spaces up to the first too deep, and
    // no further: 30,000 levels make a block of 0.6 MB, not 450 MB.
    func nested(_ depth: Int, closed: Bool = true) -> String {
      let opens = (0..<depth).map { String(repeating: " ", count: min($0, limit) + 2) + "subgraph S\($0)" }
      let ends = closed ? Array(repeating: "  end", count: depth) : []
      return (["flowchart LR", "  accTitle: T"] + opens + ["  A"] + ends).joined(separator: "\n") + "\n"
    }
    XCTAssertEqual(try self.parse(nested(limit)).subgraphs.count, limit)
    // Unclosed, the deep block is still one error: reading stops at the first level too deep, so the
    // 30,000 subgraphs after it are never built, nor reported as not closed.
    for (depth, closed) in [(limit + 1, true), (30_000, true), (30_000, false)] {
      XCTAssertThrowsError(try self.parse(nested(depth, closed: closed))) { error in
        XCTAssertEqual(
          (error as? DiagnosticsError)?.diagnostics.map(\.description),
          [
            "Chapters/02-x.md:\(50 + 2 + limit):\(limit + 3): error: subgraphs nested deeper than \(limit) levels; "
              + "flatten the diagram [mermaid-syntax]"
          ], "depth \(depth), closed: \(closed)")
      }
    }
  }

  func testEveryErrorAtItsLineAndColumn() {
    let cases: [(label: String, source: String, expected: [String])] = [
      (
        "unknown statement", "flowchart LR\n  accTitle: T\n  A --> B\n  foo bar\n",
        ["Chapters/02-x.md:53:3: error: unknown Mermaid statement 'foo' [mermaid-syntax]"]
      ),
      (
        "statement not starting with a node", "flowchart LR\n  accTitle: T\n  A\n    --> B\n",
        ["Chapters/02-x.md:53:5: error: unknown Mermaid statement '-->' [mermaid-syntax]"]
      ),
      (
        "not a flowchart", "sequenceDiagram\n  A->>B: hi\n",
        [
          "Chapters/02-x.md:50:1: error: only Mermaid flowcharts are rendered: start the block with "
            + "'flowchart LR' (or TB, TD, BT, RL), not 'sequenceDiagram' [mermaid-unsupported]"
        ]
      ),
      (
        "unknown direction", "flowchart XY\n  accTitle: T\n  A\n",
        ["Chapters/02-x.md:50:11: error: unknown flowchart direction 'XY'; use TB, TD, BT, LR or RL [mermaid-syntax]"]
      ),
      (
        "missing title", "%% no title\nflowchart LR\n  A --> B\n",
        [
          "Chapters/02-x.md:51:1: error: diagram has no 'accTitle: …'; name it (and describe it with "
            + "'accDescr: …') for screen readers [diagram-without-title]"
        ]
      ),
      (
        "empty block", "\n%% only a comment\n",
        [
          "Chapters/02-x.md:50:1: error: Mermaid block is empty; start it with 'flowchart LR' (or TB, TD, BT, RL) [mermaid-syntax]"
        ]
      ),
      (
        "no nodes", "flowchart LR\n  accTitle: T\n",
        ["Chapters/02-x.md:50:1: error: flowchart has no nodes [mermaid-syntax]"]
      ),
      (
        "unclosed label", "flowchart LR\n  accTitle: T\n  A --> B[Label\n",
        ["Chapters/02-x.md:52:10: error: label opened with '[' is not closed; expected ']' [mermaid-syntax]"]
      ),
      (
        "unclosed quote", "flowchart LR\n  accTitle: T\n  B[\"Label]\n",
        ["Chapters/02-x.md:52:5: error: quoted label is not closed; expected '\"' [mermaid-syntax]"]
      ),
      (
        "text after a quoted label", "flowchart LR\n  accTitle: T\n  B[\"Label\" x]\n",
        ["Chapters/02-x.md:52:13: error: expected ']' to close the label opened with '[' [mermaid-syntax]"]
      ),
      (
        "arrow without a target", "flowchart LR\n  accTitle: T\n  A -->\n",
        ["Chapters/02-x.md:52:8: error: expected a node after '-->' [mermaid-syntax]"]
      ),
      (
        "group without a second node", "flowchart LR\n  accTitle: T\n  A & --> B\n",
        ["Chapters/02-x.md:52:7: error: expected a node after '&' [mermaid-syntax]"]
      ),
      (
        "second node without an arrow", "flowchart LR\n  accTitle: T\n  A --> B C\n",
        [
          "Chapters/02-x.md:52:11: error: expected an arrow ('-->', '---', '-.->', '==>') or the end of the "
            + "statement; found 'C' [mermaid-syntax]"
        ]
      ),
      (
        "unclosed edge label", "flowchart LR\n  accTitle: T\n  A -- label B\n",
        [
          "Chapters/02-x.md:52:5: error: edge label opened with '--' is not closed; expected '-->' or '---' [mermaid-syntax]"
        ]
      ),
      (
        "unclosed dotted label", "flowchart LR\n  accTitle: T\n  A -. label B\n",
        [
          "Chapters/02-x.md:52:5: error: edge label opened with '-.' is not closed; expected '.->' or '.-' [mermaid-syntax]"
        ]
      ),
      (
        "unclosed pipe label", "flowchart LR\n  accTitle: T\n  A -->|yes B\n",
        ["Chapters/02-x.md:52:8: error: edge label opened with '|' is not closed; expected '|' [mermaid-syntax]"]
      ),
      (
        "empty edge label", "flowchart LR\n  accTitle: T\n  A -- \"\" --> B\n",
        ["Chapters/02-x.md:52:5: error: edge label after '--' is empty [mermaid-syntax]"]
      ),
      (
        "end without subgraph", "flowchart LR\n  accTitle: T\n  A\n  end\n",
        ["Chapters/02-x.md:53:3: error: 'end' closes no subgraph [mermaid-syntax]"]
      ),
      (
        "unclosed subgraph", "flowchart LR\n  accTitle: T\n  subgraph S [Title]\n    A\n",
        ["Chapters/02-x.md:52:3: error: subgraph 'S' is not closed; add 'end' [mermaid-syntax]"]
      ),
      (
        "subgraph without a name", "flowchart LR\n  accTitle: T\n  subgraph\n  A\n  end\n",
        ["Chapters/02-x.md:52:3: error: subgraph needs a name [mermaid-syntax]"]
      ),
      (
        "bad subgraph direction", "flowchart LR\n  accTitle: T\n  subgraph S\n    direction UP\n    A\n  end\n",
        ["Chapters/02-x.md:53:15: error: unknown flowchart direction 'UP'; use TB, TD, BT, LR or RL [mermaid-syntax]"]
      ),
      (
        "title without colon", "flowchart LR\n  accTitle The title\n  A\n",
        [
          "Chapters/02-x.md:50:1: error: diagram has no 'accTitle: …'; name it (and describe it with "
            + "'accDescr: …') for screen readers [diagram-without-title]",
          "Chapters/02-x.md:51:3: error: write the diagram's title as 'accTitle: …' [mermaid-syntax]",
        ]
      ),
      (
        "title twice", "flowchart LR\n  accTitle: One\n  accTitle: Two\n  A\n",
        [
          "Chapters/02-x.md:52:3: error: accTitle is given twice [mermaid-syntax]\n"
            + "Chapters/02-x.md:51:3: note: first given here [note]"
        ]
      ),
      (
        "unclosed description block", "flowchart LR\n  accTitle: T\n  accDescr {\n  A --> B\n",
        ["Chapters/02-x.md:52:3: error: 'accDescr {' is not closed; end the description with '}' [mermaid-syntax]"]
      ),
      (
        "errors on several lines", "flowchart LR\n  accTitle: T\n  A --> B[x\n  ok --> fine\n  C -- y\n",
        [
          "Chapters/02-x.md:52:10: error: label opened with '[' is not closed; expected ']' [mermaid-syntax]",
          "Chapters/02-x.md:54:5: error: edge label opened with '--' is not closed; expected '-->' or '---' [mermaid-syntax]",
        ]
      ),
      (
        "statement after a semicolon", "flowchart LR\n  accTitle: T\n  A --> B; foo bar\n",
        ["Chapters/02-x.md:52:12: error: unknown Mermaid statement 'foo' [mermaid-syntax]"]
      ),
      (
        "multi-byte characters count as UTF-8 bytes", "flowchart LR\n  accTitle: T\n  Ä[Größe] --> B C\n",
        [
          "Chapters/02-x.md:52:21: error: expected an arrow ('-->', '---', '-.->', '==>') or the end of the "
            + "statement; found 'C' [mermaid-syntax]"
        ]
      ),
    ]
    for (label, source, expected) in cases {
      let result = MermaidDiagram.render([(source, self.origin)], engine: .library)[0]
      guard case .failure(let error) = result else {
        XCTFail("\(label): expected diagnostics")
        continue
      }
      XCTAssertEqual(error.diagnostics.map(\.description), expected, label)
    }
  }

  func testColumnsFollowAnIndentedBlock() {
    let indented = SourceLocation(path: "Chapters/02-x.md", line: 50, column: 4)
    let result = FlowchartParser.parse("flowchart LR\n  accTitle: T\n  foo bar\n", at: indented)
    XCTAssertEqual(
      result.failureDescriptions, ["Chapters/02-x.md:52:6: error: unknown Mermaid statement 'foo' [mermaid-syntax]"])
  }

  /// The tests that compare the library with `dot` look it up on `PATH`; a `PATH` without it finds none.
  func testDotIsNotFoundOnAPathWithoutIt() {
    XCTAssertNil(Graphviz.locateDot(inPath: "/nonexistent:/also-missing"))
  }
}

/// The SVG: accessible, themeable, self-contained and byte-for-byte deterministic.
extension MermaidDiagramTests {
  /// graphviz's `dot`, which these tests need (Scripts/setup.sh installs it).
  func dot() throws -> URL {
    try XCTUnwrap(Graphviz.locateDot(), "graphviz's 'dot' is not on PATH; run Scripts/setup.sh")
  }

  /// A diagram rendered with graphviz's library, as builds render it, uncached.
  func svg(_ source: String, at location: SourceLocation? = nil) throws -> String {
    try MermaidDiagram.render([(source, location ?? self.origin)], engine: .library)[0].get()
  }

  /// Every shape and every edge style of the subset, in one diagram.
  var everyConstruct: String {
    self.diagram(
      "  R[Rectangle] --> O(Rounded) -.-> S([Stadium]) ==> U[[Subroutine]]",
      "  U --- Y[(Cylinder)] -.- C((Circle)) === D{Diamond} ~~~ H{{Hexagon}}",
      "  subgraph G [Group]", "    D -- yes --> E[\"In (group)\"]", "  end", "  G -->|leaves| R")
  }

  func testSVGIsNamedDescribedAndScalable() throws {
    let svg = try self.svg(self.diagram("  A --> B"))
    let svgStart = try XCTUnwrap(svg.range(of: "<svg ")).lowerBound
    let openingTag = String(svg[svgStart...].prefix { $0 != ">" })
    XCTAssertTrue(openingTag.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"diagram-02-x-50\""), openingTag)
    for attribute in [
      "role=\"img\"", "aria-labelledby=\"diagram-02-x-50-title\"", "aria-describedby=\"diagram-02-x-50-desc\"",
      "viewBox=\"", "max-width: ",
    ] {
      XCTAssertTrue(openingTag.contains(attribute), attribute)
    }
    XCTAssertFalse(openingTag.contains(" width=\""), "no fixed width")
    XCTAssertFalse(openingTag.contains(" height=\""), "no fixed height")
    XCTAssertTrue(svg.contains("\n<title id=\"diagram-02-x-50-title\">A title</title>\n"))
    XCTAssertTrue(svg.contains("\n<desc id=\"diagram-02-x-50-desc\">A description.</desc>\n"))
    XCTAssertTrue(svg.hasSuffix("</svg>\n</div>"), "the SVG ends its scroll box")
  }

  func testSVGCarriesNothingFromGraphvizThatAPageMustNotHave() throws {
    let svg = try self.svg(self.everyConstruct)
    for unwanted in ["<?xml", "<!DOCTYPE", "<!--", "<title>", "black", "white", "#0a0b0", "Times", "xlink"] {
      XCTAssertFalse(svg.contains(unwanted), unwanted)
    }
    XCTAssertEqual(svg.components(separatedBy: " id=\"").count - 1, 3, "only the svg, title and desc ids")
    XCTAssertTrue(svg.contains("currentColor"))
  }

  func testSVGMarksEveryShapeAndEdgeStyleWithAClass() throws {
    let svg = try self.svg(self.everyConstruct)
    for shape in Flowchart.Shape.allCases {
      XCTAssertTrue(svg.contains("<g class=\"node \(shape.rawValue)\">"), shape.rawValue)
    }
    for stroke in ["solid", "dotted", "thick"] {
      XCTAssertTrue(svg.contains("<g class=\"edge \(stroke)\">"), stroke)
    }
    XCTAssertFalse(svg.contains("<g class=\"edge invisible\">"), "an invisible edge only guides the layout")
    XCTAssertTrue(svg.contains("<g class=\"cluster subgraph\">"))
    XCTAssertTrue(svg.contains(">In (group)</text>"))
    XCTAssertTrue(svg.contains(">leaves</text>"))
    XCTAssertTrue(svg.contains("stroke-dasharray"), "dotted edges are dashed")
    XCTAssertTrue(svg.contains("stroke-width=\"2.5\""), "thick edges are thick")
  }

  func testSVGIsIdenticalAcrossRunsAndBatches() throws {
    let first = try self.svg(self.everyConstruct)
    let second = try self.svg(self.everyConstruct)
    XCTAssertEqual(first, second)
    let other = SourceLocation(path: "Chapters/03-y.md", line: 7)
    let batch = MermaidDiagram.render(
      [(self.everyConstruct, self.origin), (self.diagram("  A --> B"), other)], engine: .library)
    XCTAssertEqual(try batch[0].get(), first)
    XCTAssertEqual(try batch[1].get(), try self.svg(self.diagram("  A --> B"), at: other))
    XCTAssertEqual(try MermaidDiagram.render(source: self.everyConstruct, at: self.origin).get(), first, "public API")
  }

  func testIdsDeriveFromTheLocation() throws {
    XCTAssertEqual(
      MermaidDiagram.elementID(for: SourceLocation(path: "Chapters/01-immutable-data.md", line: 163)),
      "diagram-01-immutable-data-163")
    XCTAssertEqual(MermaidDiagram.elementID(for: SourceLocation(path: "Chapters/A b_c.md", line: 2)), "diagram-a-b-c-2")
    let svg = try self.svg(self.diagram("  A"), at: SourceLocation(path: "Chapters/05-z.md", line: 9))
    XCTAssertTrue(svg.contains("id=\"diagram-05-z-9-title\""))
  }

  func testTitleAndDescriptionAreEscaped() throws {
    let svg = try self.svg("graph TD\n  accTitle: A < B & \"C\"\n  accDescr: x > y\n  A\n")
    XCTAssertTrue(svg.contains(">A &lt; B &amp; &quot;C&quot;</title>"))
    XCTAssertTrue(svg.contains(">x &gt; y</desc>"))
  }

  func testADiagramWithoutDescriptionHasNoDesc() throws {
    let svg = try self.svg("graph TD\n  accTitle: Only a title\n  A\n")
    XCTAssertFalse(svg.contains("<desc"))
    XCTAssertFalse(svg.contains("aria-describedby"))
  }

  func testTheBooksDiagramsRender() throws {
    let history = """
      flowchart LR
        accTitle: Shared mutable objects in an MVC app
        accDescr: Three controllers and three models hold references to each other.
        Detail[Detail controller] -- sets read --> Thread[Thread model]
        Detail -- decrements --> Count[Unread count model]
        Thread -- notifies --> List[List controller]
        Count -- notifies --> Sidebar[Sidebar controller]
        Sidebar -- marks all read --> Thread
        List -- selects --> Detail
      """
    let buffers = """
      flowchart LR
        accTitle: Each stream has its own bounded buffer
        accDescr: The store yields each change to the registrar.
        Store -- "(oldState, action)" --> Registrar
        Registrar --> BufferA["buffer A: newest 1,024"]
        BufferA --> ListenerA["listener A"]
        BufferA -. "pushed out" .-> OnDrop["onDrop handler"]
      """
    for source in [history, buffers] {
      let svg = try self.svg(source)
      XCTAssertTrue(svg.contains("<g class=\"node rectangle\">"))
    }
    XCTAssertTrue(try self.svg(buffers).contains(">(oldState, action)</text>"))
  }
}

/// graphviz failing: each diagram gets a diagnostic at its own location.
extension MermaidDiagramTests {
  /// An executable script standing in for `dot`.
  func fakeDot(_ script: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("fake-dot-\(UUID().uuidString)")
    try Data("#!/bin/sh\n\(script)\n".utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    self.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }

  func testAFailingGraphvizIsReportedAtEachDiagram() throws {
    let dot = try self.fakeDot("cat > /dev/null; echo 'Error: something broke' >&2; exit 3")
    let other = SourceLocation(path: "Chapters/03-y.md", line: 7)
    let results = MermaidDiagram.render([(self.diagram("  A"), self.origin), (self.diagram("  B"), other)], dot: dot)
    XCTAssertEqual(
      results.flatMap(\.failureDescriptions),
      [
        "Chapters/02-x.md:50:1: error: graphviz could not lay out the diagram: dot exited with status 3: "
          + "Error: something broke [graphviz-failed]",
        "Chapters/03-y.md:7:1: error: graphviz could not lay out the diagram: dot exited with status 3: "
          + "Error: something broke [graphviz-failed]",
      ])
  }

  func testGraphvizPrintingNoSVGIsReported() throws {
    let dot = try self.fakeDot("cat > /dev/null; echo 'not svg'")
    XCTAssertEqual(
      MermaidDiagram.render([(self.diagram("  A"), self.origin)], dot: dot)[0].failureDescriptions,
      [
        "Chapters/02-x.md:50:1: error: graphviz could not lay out the diagram: dot printed 0 SVG documents "
          + "for 1 graphs [graphviz-failed]"
      ])
  }

  func testAParseErrorInOneDiagramDoesNotStopTheOthers() throws {
    let other = SourceLocation(path: "Chapters/03-y.md", line: 7)
    let results = MermaidDiagram.render(
      [(self.diagram("  A -->"), self.origin), (self.diagram("  B"), other)], dot: try self.dot())
    XCTAssertEqual(
      results[0].failureDescriptions, ["Chapters/02-x.md:53:8: error: expected a node after '-->' [mermaid-syntax]"])
    XCTAssertTrue(try results[1].get().contains("id=\"diagram-03-y-7\""))
  }
}

extension Result where Failure == DiagnosticsError {
  /// The diagnostics of a failure in compiler format; empty for a success.
  var failureDescriptions: [String] {
    guard case .failure(let error) = self else { return [] }
    return error.diagnostics.map(\.description)
  }
}
