import BookKit
import Foundation

/// A line chart as accessible, themeable SVG drawn at build time, with no script: `role="img"`, a
/// `<title>` and a `<desc>` that lists the values, axes with ticks, labels and units, a legend, series told
/// apart by colour *and* marker shape, the spread of each point's runs as a bar when the block gives one,
/// and text 14 units high that never shows below 12 px (the `<svg>`'s `min-width`). Colours come from the
/// page (`currentColor`, and `--chart-N` in both schemes through the series' classes); the attributes hold
/// the light scheme's, for readers without the stylesheet.
enum DataChart {
  /// The drawing's size, in SVG units (the prose column is 736 px wide).
  static let width = 720.0, height = 400.0
  /// Text size, in units; the smallest size a reader sees is 12 px.
  static let fontSize = 14.0, smallestText = 12.0
  /// The series' colours in the light scheme (each at least 4.5:1 against the page, in book.css too).
  static let colors = ["#0b62c4", "#a15300", "#2b762f", "#a626a4", "#bc382a", "#0a6b8a"]
  /// The dark scheme's, in `book.css`.
  static let darkColors = ["#6cb0ff", "#f0a45d", "#8fd48f", "#e08cf0", "#ff7b72", "#5cc8e6"]

  /// The plot's frame inside the drawing.
  struct Frame {
    var left = 76.0, right = DataChart.width - 24, top = 0.0, bottom = DataChart.height - 60
    var plotWidth: Double { self.right - self.left }
    var plotHeight: Double { self.bottom - self.top }
  }

  /// The `<svg>` of `chart`.
  static func svg(_ chart: ChartData, title: String, description: String) -> String {
    let xs = chart.series.flatMap { $0.points.map(\.x) }
    let ys = chart.series.flatMap { $0.points.flatMap { [$0.y] + [$0.low, $0.high].compactMap { $0 } } }
    let xAxis = ChartAxis(values: xs, scale: chart.xScale, fromZero: false)
    let yAxis = ChartAxis(values: ys, scale: chart.yScale, fromZero: true)
    let legend = Self.legend(chart.series.map(\.label))
    var frame = Frame()
    frame.top = legend.height + 12
    let minimum = Self.number(Self.width * Self.smallestText / Self.fontSize)
    var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart-svg\" viewBox=\"0 0 \(Int(Self.width)) "
    svg += "\(Int(Self.height))\" role=\"img\" font-size=\"\(Int(Self.fontSize))\" fill=\"currentColor\""
    svg += " style=\"max-width: \(Int(Self.width))px; min-width: \(minimum)px; width: 100%; height: auto;\">\n"
    svg += "<title>\(MarkupText.escape(title))</title>\n<desc>\(MarkupText.escape(description))</desc>\n"
    svg += Self.grid(xAxis, yAxis, frame: frame)
    svg += Self.axisTitles(chart, frame: frame)
    for (index, series) in chart.series.enumerated() {
      svg += Self.series(series, index: index, xAxis: xAxis, yAxis: yAxis, frame: frame)
    }
    return svg + legend.svg + "</svg>\n"
  }

  /// Grid lines, ticks and their labels on both axes, and the axes themselves.
  private static func grid(_ xAxis: ChartAxis, _ yAxis: ChartAxis, frame: Frame) -> String {
    var svg = "<g class=\"chart-grid\" stroke=\"currentColor\" stroke-opacity=\"0.2\">\n"
    var labels = "<g class=\"chart-ticks\">\n"
    for tick in xAxis.ticks {
      let x = frame.left + xAxis.position(of: tick) * frame.plotWidth
      svg += "<line x1=\"\(Self.number(x))\" y1=\"\(Self.number(frame.top))\" x2=\"\(Self.number(x))\" "
      svg += "y2=\"\(Self.number(frame.bottom))\"/>\n"
      labels += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(frame.bottom + 20))\" text-anchor=\"middle\">"
      labels += "\(MarkupText.escape(ChartAxis.label(tick)))</text>\n"
    }
    for tick in yAxis.ticks {
      let y = frame.bottom - yAxis.position(of: tick) * frame.plotHeight
      svg += "<line x1=\"\(Self.number(frame.left))\" y1=\"\(Self.number(y))\" x2=\"\(Self.number(frame.right))\" "
      svg += "y2=\"\(Self.number(y))\"/>\n"
      labels += "<text x=\"\(Self.number(frame.left - 8))\" y=\"\(Self.number(y + 5))\" text-anchor=\"end\">"
      labels += "\(MarkupText.escape(ChartAxis.label(tick)))</text>\n"
    }
    svg += "</g>\n" + labels + "</g>\n"
    let axes =
      "M\(Self.number(frame.left)) \(Self.number(frame.top))V\(Self.number(frame.bottom))"
      + "H\(Self.number(frame.right))"
    return svg + "<path class=\"chart-axes\" d=\"\(axes)\" fill=\"none\" stroke=\"currentColor\"/>\n"
  }

  /// The x axis's title under it, the y axis's turned along its left side, each with its unit and scale.
  private static func axisTitles(_ chart: ChartData, frame: Frame) -> String {
    let xTitle = Self.axisTitle(chart.xLabel, unit: chart.xColumn.unit, scale: chart.xScale)
    let yTitle = Self.axisTitle(chart.yLabel, unit: chart.yUnit, scale: chart.yScale)
    let middleX = Self.number(frame.left + frame.plotWidth / 2)
    let middleY = Self.number(frame.top + frame.plotHeight / 2)
    var svg = "<text class=\"chart-axis-title\" x=\"\(middleX)\" y=\"\(Self.number(Self.height - 12))\""
    svg += " text-anchor=\"middle\">\(MarkupText.escape(xTitle))</text>\n"
    svg += "<text class=\"chart-axis-title\" transform=\"translate(18 \(middleY)) rotate(-90)\""
    svg += " text-anchor=\"middle\">\(MarkupText.escape(yTitle))</text>\n"
    return svg
  }

  /// `Elements (log scale)`, `Time (ns)`.
  static func axisTitle(_ label: String, unit: String, scale: FigureBlock.Scale) -> String {
    let notes = (unit.isEmpty ? [] : [unit]) + (scale == .log ? ["log scale"] : [])
    return notes.isEmpty ? label : "\(label) (\(notes.joined(separator: ", ")))"
  }

  /// One series: a line through its points and a marker at each.
  private static func series(
    _ series: ChartData.Series, index: Int, xAxis: ChartAxis, yAxis: ChartAxis, frame: Frame
  ) -> String {
    let color = Self.colors[index % Self.colors.count]
    let points = series.points.map { point in
      (
        frame.left + xAxis.position(of: point.x) * frame.plotWidth,
        frame.bottom - yAxis.position(of: point.y) * frame.plotHeight
      )
    }
    var svg = "<g class=\"chart-series chart-series-\(index % Self.colors.count + 1)\" stroke=\"\(color)\""
    svg += " fill=\"\(color)\">\n"
    let line = points.map { "\(Self.number($0.0)),\(Self.number($0.1))" }.joined(separator: " ")
    svg += "<polyline fill=\"none\" stroke-width=\"2\" points=\"\(line)\"/>\n"
    for (point, at) in zip(series.points, points) {
      guard let low = point.low, let high = point.high else { continue }
      svg +=
        Self.spread(
          x: at.0, from: frame.bottom - yAxis.position(of: low) * frame.plotHeight,
          to: frame.bottom - yAxis.position(of: high) * frame.plotHeight) + "\n"
    }
    for point in points { svg += Self.marker(index, x: point.0, y: point.1) + "\n" }
    return svg + "</g>\n"
  }

  /// The spread of a point's runs: a vertical bar from the lowest to the highest, with a cap at each end.
  static func spread(x: Double, from low: Double, to high: Double) -> String {
    let (left, right) = (Self.number(x - 5), Self.number(x + 5))
    let (lowY, highY) = (Self.number(low), Self.number(high))
    return "<path d=\"M\(Self.number(x)) \(lowY)V\(highY)M\(left) \(lowY)H\(right)M\(left) \(highY)H\(right)\""
      + " fill=\"none\" stroke-width=\"1.5\"/>"
  }

  /// The marker of series `index` centred on a point: a circle, square, triangle, diamond, triangle down
  /// or cross, so that the series differ in shape as well as colour.
  static func marker(_ index: Int, x: Double, y: Double) -> String {
    let (cx, cy) = (Self.number(x), Self.number(y))
    func path(_ offsets: [(Double, Double)]) -> String {
      let moves = offsets.enumerated().map {
        ($0.offset == 0 ? "M" : "L") + Self.number(x + $0.element.0) + " " + Self.number(y + $0.element.1)
      }
      return "<path d=\"\(moves.joined())Z\"/>"
    }
    switch index % 6 {
    case 0: return "<circle cx=\"\(cx)\" cy=\"\(cy)\" r=\"4.5\"/>"
    case 1: return "<rect x=\"\(Self.number(x - 4))\" y=\"\(Self.number(y - 4))\" width=\"8\" height=\"8\"/>"
    case 2: return path([(0, -5.5), (5, 3.5), (-5, 3.5)])
    case 3: return path([(0, -5.5), (5.5, 0), (0, 5.5), (-5.5, 0)])
    case 4: return path([(0, 5.5), (5, -3.5), (-5, -3.5)])
    default:
      return path([
        (-5, -1.5), (-1.5, -1.5), (-1.5, -5), (1.5, -5), (1.5, -1.5), (5, -1.5), (5, 1.5), (1.5, 1.5), (1.5, 5),
        (-1.5, 5), (-1.5, 1.5), (-5, 1.5),
      ])
    }
  }

  /// The legend along the top, wrapped into rows: each series' marker on a short line, then its label.
  static func legend(_ labels: [String]) -> (svg: String, height: Double) {
    var svg = "<g class=\"chart-legend\">\n"
    var (x, y) = (Frame().left, 18.0)
    for (index, label) in labels.map(Self.shortened).enumerated() {
      // About 8 units a character at 14 units: enough room on every common font.
      let width = 30 + Double(label.count) * 8 + 24
      if x + width > Self.width, x > Frame().left {
        (x, y) = (Frame().left, y + 24)
      }
      let color = Self.colors[index % Self.colors.count]
      svg += "<g class=\"chart-series chart-series-\(index % Self.colors.count + 1)\" stroke=\"\(color)\""
      svg += " fill=\"\(color)\"><line x1=\"\(Self.number(x))\" y1=\"\(Self.number(y - 5))\" "
      svg += "x2=\"\(Self.number(x + 22))\" y2=\"\(Self.number(y - 5))\" stroke-width=\"2\"/>"
      svg += Self.marker(index, x: x + 11, y: y - 5) + "</g>\n"
      svg += "<text x=\"\(Self.number(x + 30))\" y=\"\(Self.number(y))\">\(MarkupText.escape(label))</text>\n"
      x += width
    }
    return (svg + "</g>\n", y + 6)
  }

  /// A legend label of at most 60 characters (the `<desc>` and the table keep the whole label).
  static func shortened(_ label: String) -> String {
    label.count <= 60 ? label : label.prefix(59) + "…"
  }

  /// What a screen reader says for the chart: what is drawn against what, on which scales, and every
  /// value (the first 60 points of each series; the table of the result file has them all).
  static func description(of chart: ChartData, file: ResultFile) -> String {
    let names = chart.series.map(\.label).joined(separator: ", ")
    var text = "Line chart of \(names)"
    if !chart.yUnit.isEmpty { text += " in \(chart.yUnit)" }
    text += " against \(Self.axisTitle(chart.xLabel, unit: chart.xColumn.unit, scale: chart.xScale))"
    text += chart.yScale == .log ? ", on a logarithmic y axis" : ""
    text += ", from \(BookData.path(of: file.name))."
    for series in chart.series {
      let values = series.points.prefix(60).map { point in
        var value = ValueFormat.withUnit(ValueFormat.number(point.y, digits: nil), unit: chart.yUnit)
        if let low = point.low, let high = point.high {
          value += " (runs from \(ValueFormat.number(low, digits: nil)) to \(ValueFormat.number(high, digits: nil)))"
        }
        return value + " at " + ValueFormat.number(point.x, digits: nil)
      }
      text += " \(series.label): \(values.joined(separator: "; "))"
      text += series.points.count > 60 ? "; and \(series.points.count - 60) more." : "."
    }
    return text
  }

  /// A coordinate with at most one decimal: `12`, `12.5`.
  static func number(_ value: Double) -> String {
    // Coordinates lie inside the drawing; anything else (which no axis gives) is drawn at 0, not trapped on.
    guard value.isFinite, abs(value) < 1e6 else { return "0" }
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
  }
}
