import BookKit
import XCTest

@testable import BookSite

/// Diagrams that fit the column legibly: the width estimate, the choice of layout, the scroll box and
/// the `diagram-too-wide` warning.
final class DiagramFitTests: XCTestCase {
  let origin = SourceLocation(path: "Chapters/02-x.md", line: 50)

  /// A left-to-right chain of `count` nodes with longish labels, behind a title.
  func chain(_ count: Int, direction: String = "LR") -> String {
    var lines = ["flowchart \(direction)", "  accTitle: A chain"]
    for index in 1..<count {
      lines.append("  N\(index - 1)[Step number \(index - 1)] --> N\(index)[Step number \(index)]")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  func svg(_ source: String) throws -> String {
    try MermaidDiagram.render([(source, self.origin)], engine: .library)[0].get()
  }

  func testLegibleWidthKeepsTheSmallestTextAtTwelvePixels() {
    // Edge labels are 12 units high: at 1 CSS px per unit they are 12 px.
    XCTAssertEqual(DiagramFit.legibleWidth(viewBoxWidth: 500), 500)
    XCTAssertTrue(DiagramFit.fits(viewBoxWidth: 736))
    XCTAssertFalse(DiagramFit.fits(viewBoxWidth: 737))
  }

  func testOnlyChartsWhoseRanksRunAcrossHaveANarrowerDirection() {
    XCTAssertEqual(DiagramFit.narrowerDirection(than: .leftToRight), .topToBottom)
    XCTAssertEqual(DiagramFit.narrowerDirection(than: .rightToLeft), .bottomToTop)
    XCTAssertNil(DiagramFit.narrowerDirection(than: .topToBottom))
    XCTAssertNil(DiagramFit.narrowerDirection(than: .bottomToTop))
  }

  func testTheAlternativeIsTakenOnlyWhenTheFirstDoesNotFitAndItIsNarrower() {
    XCTAssertFalse(DiagramFit.prefersAlternative(firstWidth: 700, alternativeWidth: 200), "the first fits")
    XCTAssertTrue(DiagramFit.prefersAlternative(firstWidth: 1500, alternativeWidth: 300))
    XCTAssertTrue(DiagramFit.prefersAlternative(firstWidth: 1500, alternativeWidth: 900), "scrolls less")
    XCTAssertFalse(DiagramFit.prefersAlternative(firstWidth: 1500, alternativeWidth: 1600))
  }

  func testViewBoxWidthIsReadFromTheFirstViewBox() {
    XCTAssertEqual(DiagramFit.viewBoxWidth(in: "<svg viewBox=\"0.00 0.00 224.50 116.00\">"), 224.5)
    XCTAssertNil(DiagramFit.viewBoxWidth(in: "<svg viewBox=\"0 0 1\">"))
    XCTAssertNil(DiagramFit.viewBoxWidth(in: "<svg>"))
  }

  func testAWideLeftToRightChartIsTurnedDownThePage() throws {
    let source = self.chain(12)
    let svg = try self.svg(source)
    let width = try XCTUnwrap(DiagramFit.viewBoxWidth(in: svg))
    XCTAssertTrue(DiagramFit.fits(viewBoxWidth: width), "turned chart is \(width) wide")
    // The same chart written top to bottom lays out the same: the left-to-right layout was rejected.
    let downward = try self.svg(self.chain(12, direction: "TB"))
    XCTAssertEqual(DiagramFit.viewBoxWidth(in: downward), width)
    XCTAssertNil(DiagramFit.warning(for: svg, at: self.origin))
  }

  func testANarrowLeftToRightChartKeepsItsDirection() throws {
    let across = try XCTUnwrap(DiagramFit.viewBoxWidth(in: try self.svg(self.chain(3))))
    let down = try XCTUnwrap(DiagramFit.viewBoxWidth(in: try self.svg(self.chain(3, direction: "TB"))))
    XCTAssertGreaterThan(across, down, "a chain across the page is wider than down it")
    XCTAssertTrue(DiagramFit.fits(viewBoxWidth: across))
  }

  func testTheSVGNeverShrinksBelowItsLegibleWidthAndScrollsInANamedFocusableBox() throws {
    let svg = try self.svg(self.chain(3))
    let width = try XCTUnwrap(DiagramFit.viewBoxWidth(in: svg))
    XCTAssertTrue(
      svg.hasPrefix(
        "<div class=\"diagram-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"Diagram: A chain\">\n<svg "),
      String(svg.prefix(120)))
    XCTAssertTrue(svg.hasSuffix("</svg>\n</div>"))
    XCTAssertTrue(svg.contains(" min-width: \(Int(width.rounded()))px;") || svg.contains(" min-width: \(width)px;"))
  }

  func testAChartTooWideEitherWayIsWarnedAboutAtItsLine() throws {
    let label = String(repeating: "a very long label ", count: 8)
    let source = "flowchart LR\n  accTitle: Wide\n  A[\(label)] --> B[\(label)]\n"
    let svg = try self.svg(source)
    let warning = try XCTUnwrap(DiagramFit.warning(for: svg, at: self.origin))
    XCTAssertEqual(warning.severity, .warning)
    XCTAssertEqual(warning.id, .diagramTooWide)
    XCTAssertTrue(
      warning.description.hasPrefix("Chapters/02-x.md:50:1: warning: the diagram needs "), warning.description)
    XCTAssertNil(DiagramFit.warning(for: try self.svg(self.chain(3)), at: self.origin))
  }
}
