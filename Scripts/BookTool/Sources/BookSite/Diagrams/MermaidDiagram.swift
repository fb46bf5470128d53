import BookKit
import Foundation

/// Renders a Mermaid flowchart to inline SVG at build time, with no JavaScript and no network.
///
/// The seam between the page renderer and the diagram renderer: pages call `render`, and embed the SVG.
/// The flowchart is parsed here (`FlowchartParser`), laid out by graphviz's library, and its SVG rewritten
/// to follow the page's theme (`GraphvizSVG`).
package enum MermaidDiagram {
  /// Renders `source` (the code of a ```` ```mermaid ```` block whose first line is at `location`) to an
  /// `<svg>` element with `<title>`/`<desc>` from `accTitle`/`accDescr`, or a diagnostic at the chapter line
  /// that cannot be rendered.
  ///
  /// `location.column` is the chapter column where the block's lines start: 1 for an unindented block,
  /// the fence's column for a block indented in a list. The same source and location always give the
  /// same bytes; element ids derive from the location (`Chapters/01-x.md:163` → `diagram-01-x-163`), so
  /// that several diagrams can share a page.
  package static func render(source: String, at location: SourceLocation) -> Result<String, DiagnosticsError> {
    self.render([(source, location)])[0]
  }

  /// Renders several diagrams at once, in order; the same results as `render(source:at:)` one by one, but
  /// with a single run of graphviz, whose start-up dominates the cost of a small diagram.
  package static func render(
    _ diagrams: [(source: String, location: SourceLocation)]
  ) -> [Result<String, DiagnosticsError>] {
    Self.render(diagrams, store: nil)
  }

  /// The same, looking diagrams up in `store` (the one diagram cache: `DiagramCache`, kept in `.build/`)
  /// before laying them out, and keeping there what graphviz laid out.
  static func render(
    _ diagrams: [(source: String, location: SourceLocation)], store: DiagramStore?
  ) -> [Result<String, DiagnosticsError>] {
    var results = diagrams.map { diagram -> Result<String, DiagnosticsError>? in
      store?.svg(source: diagram.source, location: diagram.location).map { .success($0) }
    }
    let missing = results.indices.filter { results[$0] == nil }
    guard !missing.isEmpty else { return results.map { $0 ?? .failure(DiagnosticsError([])) } }
    let rendered = Self.render(missing.map { diagrams[$0] }, engine: .library)
    for (index, result) in zip(missing, rendered) {
      results[index] = result
      if case .success(let svg) = result {
        store?.store(svg, source: diagrams[index].source, location: diagrams[index].location)
      }
    }
    return results.map { $0 ?? .failure(DiagnosticsError([])) }
  }

  /// The id of a diagram's `<svg>` element: `Chapters/01-immutable-data.md:163` → `diagram-01-immutable-data-163`.
  package static func elementID(for location: SourceLocation) -> String {
    let fileName = location.path.split(separator: "/").last.map(String.init) ?? location.path
    let stem = fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName
    var slug = ""
    for scalar in stem.lowercased().unicodeScalars {
      let keep = scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
      if keep {
        slug.unicodeScalars.append(scalar)
      } else if !slug.hasSuffix("-") {
        slug += "-"
      }
    }
    return "diagram-\(slug)-\(location.line)"
  }

  // MARK: - Uncached rendering

  /// Renders diagrams with the given `dot` program, without the cache.
  static func render(
    _ diagrams: [(source: String, location: SourceLocation)], dot: URL
  ) -> [Result<String, DiagnosticsError>] {
    Self.render(diagrams, engine: .executable(dot))
  }

  /// Renders diagrams with the given engine, without the cache. graphviz's library is linked into the
  /// tool, so an engine is always at hand.
  static func render(
    _ diagrams: [(source: String, location: SourceLocation)], engine: Graphviz.Engine
  ) -> [Result<String, DiagnosticsError>] {
    let parsed = diagrams.map { FlowchartParser.parse($0.source, at: $0.location) }
    var results: [Result<String, DiagnosticsError>] = parsed.map { result in
      result.map { _ in "" }
    }
    let charts = parsed.indices.compactMap { index in (try? parsed[index].get()).map { (index, $0) } }
    guard !charts.isEmpty else { return results }
    let laidOut = Self.layOut(charts.map(\.1), engine: engine)
    for ((index, chart), layout) in zip(charts, laidOut) {
      let location = diagrams[index].location
      let id = Self.elementID(for: location)
      results[index] = layout.mapError { Self.graphvizFailed($0, at: location) }.flatMap { document in
        guard let inline = GraphvizSVG.inline(document, id: id, title: chart.title, description: chart.description)
        else { return .failure(Self.graphvizFailed(.unexpectedOutput("dot printed no <svg> element"), at: location)) }
        return .success(GraphvizSVG.scrollContainer(around: inline, title: chart.title))
      }
    }
    return results
  }

  /// Lays out each chart on its own, spread over the cores (graphviz's library takes one at a time, but
  /// parsing its SVG does not). One graph per layout, not one DOT text for all: in a run that lays out
  /// several graphs, `dot` orders a graph's clusters (and so places them) by addresses that change from
  /// process to process; `GraphvizLibrary` numbers them in order of appearance instead.
  ///
  /// A chart whose ranks run across the page and that is too wide for the column at a legible size is
  /// laid out a second time with its ranks running down the page; the narrower of the two layouts wins
  /// (see `DiagramFit`).
  private static func layOut(_ charts: [Flowchart], engine: Graphviz.Engine) -> [Result<String, Graphviz.Failure>] {
    Parallel.map(charts) { chart in
      let first = Self.layOut(chart, engine: engine)
      guard case .success(let document) = first, let firstWidth = DiagramFit.viewBoxWidth(in: document),
        !DiagramFit.fits(viewBoxWidth: firstWidth),
        let direction = DiagramFit.narrowerDirection(than: chart.direction)
      else { return first }
      var turned = chart
      turned.direction = direction
      guard case .success(let alternative) = Self.layOut(turned, engine: engine),
        let alternativeWidth = DiagramFit.viewBoxWidth(in: alternative),
        DiagramFit.prefersAlternative(firstWidth: firstWidth, alternativeWidth: alternativeWidth)
      else { return first }
      return .success(alternative)
    }
  }

  /// One layout of one chart, as it stands.
  private static func layOut(_ chart: Flowchart, engine: Graphviz.Engine) -> Result<String, Graphviz.Failure> {
    Self.documents(engine.svg(fromDOT: chart.dot(named: "g0")), count: 1).map { $0[0] }
  }

  /// The SVG documents of dot's output, which must hold exactly `count` of them.
  private static func documents(
    _ output: Result<String, Graphviz.Failure>, count: Int
  ) -> Result<[String], Graphviz.Failure> {
    output.flatMap { text in
      let documents = GraphvizSVG.documents(in: text)
      guard documents.count == count else {
        return .failure(.unexpectedOutput("dot printed \(documents.count) SVG documents for \(count) graphs"))
      }
      return .success(documents)
    }
  }
}
