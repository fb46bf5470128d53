/// What a chart block draws from its result file: one series of points per `y=` column against the `x=`
/// column, with each axis's scale decided. Only made from a block whose columns exist (`BookData`'s checks);
/// `problems(of:in:)` says what else must hold.
package struct ChartData: Hashable, Sendable {
  /// One line of the chart.
  package struct Series: Hashable, Sendable {
    /// The column's label (`Dictionary`).
    package var label: String
    /// Points sorted by x.
    package var points: [(x: Double, y: Double)]

    package static func == (lhs: Series, rhs: Series) -> Bool {
      lhs.label == rhs.label && lhs.points.elementsEqual(rhs.points) { $0.x == $1.x && $0.y == $1.y }
    }

    package func hash(into hasher: inout Hasher) {
      hasher.combine(self.label)
      for point in self.points {
        hasher.combine(point.x)
        hasher.combine(point.y)
      }
    }
  }

  /// The most series a chart draws: as many as it has colours and marker shapes.
  package static let maximumSeries = 6

  /// The x column, and the unit every y column shares.
  package var xColumn: ResultFile.Column, yUnit: String
  /// The series, in the order of `y=`.
  package var series: [Series]
  /// Each axis's scale, decided.
  package var xScale: FigureBlock.Scale, yScale: FigureBlock.Scale
  /// The axes' titles, without units.
  package var xLabel: String, yLabel: String

  /// The chart of `block` drawn from `file`; nil when `problems(of:in:)` has any.
  package init?(block: FigureBlock, file: ResultFile) {
    guard Self.problems(of: block, in: file).isEmpty, let x = file.column(named: block.x) else { return nil }
    let ys = block.y.compactMap { file.column(named: $0) }
    self.xColumn = file.columns[x]
    self.yUnit = ys.first.map { file.columns[$0].unit } ?? ""
    self.series = ys.map { y in
      let points = file.rows.compactMap { row in row[x].number.flatMap { px in row[y].number.map { (px, $0) } } }
      return Series(label: file.columns[y].label, points: points.sorted { $0.0 < $1.0 }.map { (x: $0.0, y: $0.1) })
    }
    self.xScale = block.xScale ?? Self.automaticScale(file.rows.compactMap { $0[x].number })
    self.yScale = block.yScale
    self.xLabel = block.xLabel ?? self.xColumn.label
    self.yLabel = block.yLabel ?? (self.series.count == 1 ? self.series[0].label : "Value")
  }

  /// Logarithmic when every value is positive and they span at least a decade (the largest is 10 times the
  /// smallest or more).
  static func automaticScale(_ values: [Double]) -> FigureBlock.Scale {
    guard let low = values.min(), let high = values.max(), low > 0, high / low >= 10 else { return .linear }
    return .log
  }

  /// What keeps `file` from being charted as `block` asks: no rows, text where a number is needed, a
  /// value a logarithmic axis cannot show, y columns of different units.
  package static func problems(of block: FigureBlock, in file: ResultFile) -> [Diagnostic] {
    let path = BookData.path(of: file.name)
    guard !file.rows.isEmpty else {
      return [FigureBlock.error(at: block.location(of: "data"), "result file \(path) has no rows to chart")]
    }
    var problems: [Diagnostic] = []
    let logX = block.xScale == .log
    let logY = block.yScale == .log
    for (key, name, log) in [("x", block.x, logX)] + block.y.map({ ("y", $0, logY) }) {
      guard let column = file.column(named: name) else { continue }
      for (index, row) in file.rows.enumerated() {
        let rowName = file.rowNames[index]
        guard let value = row[column].number else {
          problems.append(
            FigureBlock.error(
              at: block.location(of: key),
              "column '\(name)' of \(path) holds text in row '\(rowName)'; a chart needs numbers"))
          break
        }
        if log && value <= 0 {
          problems.append(
            FigureBlock.error(
              at: block.location(of: "scale"),
              "a logarithmic axis cannot show \(ValueFormat.number(value, digits: nil)) (column '\(name)', "
                + "row '\(rowName)' of \(path)); use scale=linear"))
          break
        }
      }
    }
    if block.y.count > Self.maximumSeries {
      problems.append(
        FigureBlock.error(
          at: block.location(of: "y"),
          "a chart draws at most \(Self.maximumSeries) series (one colour and marker shape each); "
            + "split these \(block.y.count) into several charts"))
    }
    let units = Set(block.y.compactMap { file.column(named: $0) }.map { file.columns[$0].unit })
    if units.count > 1 {
      problems.append(
        FigureBlock.error(
          at: block.location(of: "y"),
          "the y columns have different units (\(units.sorted().joined(separator: ", "))); draw them in separate charts"
        ))
    }
    return problems
  }
}
