import BookKit

/// Whether a laid-out diagram fits the page's column with its text legible, and which way to lay out a
/// chart that does not.
///
/// graphviz measures in points: a diagram's viewBox is in points, and its text is 14 units high (node and
/// subgraph labels) or 12 (edge labels). A page shows a diagram at most at its natural size (1 unit = 1 pt
/// = 4/3 CSS px) and at least at 1 unit = 1 CSS px, where the smallest text is 12 CSS px; narrower than
/// that it would be illegible, so it keeps that width and its container scrolls sideways.
enum DiagramFit {
  /// The width of the page's text column in CSS px: `.content { max-width: 46rem }` at 16 px.
  static let columnWidth = 736.0
  /// The smallest text any diagram is drawn with, in CSS px.
  static let minimumTextSize = 12.0
  /// The smallest font size graphviz is given (edge labels), in viewBox units.
  static let smallestFontSize = 12.0

  /// The narrowest CSS width, in px, at which a diagram `viewBoxWidth` units wide keeps its smallest
  /// text at `minimumTextSize`.
  static func legibleWidth(viewBoxWidth: Double) -> Double {
    viewBoxWidth * Self.minimumTextSize / Self.smallestFontSize
  }

  /// Whether a diagram `viewBoxWidth` units wide fits the column with legible text.
  static func fits(viewBoxWidth: Double) -> Bool {
    Self.legibleWidth(viewBoxWidth: viewBoxWidth) <= Self.columnWidth
  }

  /// The direction to try for a chart too wide for the column: ranks stacked rather than side by side.
  /// Nil for a chart whose ranks already run down (or up) the page.
  static func narrowerDirection(than direction: Flowchart.Direction) -> Flowchart.Direction? {
    switch direction {
    case .leftToRight: .topToBottom
    case .rightToLeft: .bottomToTop
    case .topToBottom, .bottomToTop: nil
    }
  }

  /// Whether to take the alternative layout: only when the first does not fit, and the alternative is
  /// narrower (it fits, or at least scrolls less).
  static func prefersAlternative(firstWidth: Double, alternativeWidth: Double) -> Bool {
    !Self.fits(viewBoxWidth: firstWidth) && alternativeWidth < firstWidth
  }

  /// The width of the first `viewBox="x y width height"` in an SVG text, in viewBox units.
  /// Read from the bytes when the attribute and its neighbours are ASCII (there bytes and characters
  /// agree: see `SVGLines`), from the characters otherwise.
  static func viewBoxWidth(in svg: String) -> Double? {
    var svg = svg
    let fromBytes = svg.withUTF8 { bytes -> Double?? in
      guard let start = SVGLines.firstOffset(of: Self.viewBoxAttribute, in: bytes, from: 0) else {
        return .some(nil)
      }
      let valueStart = start + Self.viewBoxAttribute.count
      guard start == 0 || bytes[start - 1] < 0x80,
        let close = bytes[valueStart...].firstIndex(of: UInt8(ascii: "\"")),
        close + 1 == bytes.count || bytes[close + 1] < 0x80,
        SVGLines.isASCII(bytes, valueStart..<close)
      else { return nil }
      let numbers = bytes[valueStart..<close].split(separator: UInt8(ascii: " ")).compactMap {
        Double(String(decoding: $0, as: UTF8.self))
      }
      return .some(numbers.count == 4 ? numbers[2] : nil)
    }
    return fromBytes ?? Self.viewBoxWidthOfCharacters(in: svg)
  }

  private static let viewBoxAttribute = Array(" viewBox=\"".utf8)

  /// `viewBoxWidth(in:)`, on characters.
  static func viewBoxWidthOfCharacters(in svg: String) -> Double? {
    guard let start = svg.range(of: " viewBox=\"") else { return nil }
    let rest = svg[start.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    let numbers = rest[..<end].split(separator: " ").compactMap { Double($0) }
    return numbers.count == 4 ? numbers[2] : nil
  }

  /// A `diagram-too-wide` warning at the diagram's first line when even its narrowest layout (`svg`)
  /// cannot fit the column legibly; nil when it fits.
  static func warning(for svg: String, at location: SourceLocation) -> Diagnostic? {
    guard let width = Self.viewBoxWidth(in: svg), !Self.fits(viewBoxWidth: width) else { return nil }
    let needed = Int(Self.legibleWidth(viewBoxWidth: width).rounded(.up))
    return Diagnostic(
      .warning, id: .diagramTooWide, at: location,
      "the diagram needs \(needed) px to keep its text at \(Int(Self.minimumTextSize)) px, wider than the "
        + "\(Int(Self.columnWidth)) px column, so it scrolls sideways; shorten its labels or split it")
  }
}
