/// What a chart block draws from its result file: one series of points per `y=` column against the `x=`
/// column, with each axis's scale decided. Only made from a block whose columns exist (`BookData`'s checks);
/// `problems(of:in:)` says what else must hold.
package struct ChartData: Hashable, Sendable {
  /// One point, with the spread of its runs when the chart shows one (`low=`, `high=`).
  package struct Point: Hashable, Sendable {
    package var x: Double, y: Double
    package var low: Double?, high: Double?
  }

  /// One line of the chart.
  package struct Series: Hashable, Sendable {
    /// The column's label (`Dictionary`).
    package var label: String
    /// Points sorted by x.
    package var points: [Point]
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

  /// The chart of `block` drawn from `file`; nil when it names a column the file lacks (`BookData` reports
  /// that) or `problems(of:in:)` has any.
  package init?(block: FigureBlock, file: ResultFile) {
    let named = [block.x] + block.y + (block.low ?? []) + (block.high ?? [])
    guard named.allSatisfy({ file.column(named: $0) != nil }), Self.problems(of: block, in: file).isEmpty,
      let x = file.column(named: block.x)
    else { return nil }
    let ys = block.y.compactMap { file.column(named: $0) }
    self.xColumn = file.columns[x]
    self.yUnit = ys.first.map { file.columns[$0].unit } ?? ""
    let lows = block.low?.compactMap { file.column(named: $0) }
    let highs = block.high?.compactMap { file.column(named: $0) }
    self.series = ys.enumerated().map { index, y in
      let points = file.rows.compactMap { row -> Point? in
        guard let px = row[x].number, let py = row[y].number else { return nil }
        return Point(
          x: px, y: py, low: lows.flatMap { row[$0[index]].number }, high: highs.flatMap { row[$0[index]].number })
      }
      return Series(label: file.columns[y].label, points: points.sorted { $0.x < $1.x })
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
    let spread = [("low", block.low ?? []), ("high", block.high ?? [])].flatMap { key, names in
      names.map { (key, $0, logY) }
    }
    for (key, name, log) in [("x", block.x, logX)] + block.y.map({ ("y", $0, logY) }) + spread {
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
    for (key, names) in [("low", block.low), ("high", block.high)] {
      guard let names, names.count != block.y.count else { continue }
      problems.append(
        FigureBlock.error(
          at: block.location(of: key),
          "'\(key)=' names \(names.count) columns for \(block.y.count) series; give one per 'y=' column, in order"))
    }
    if (block.low == nil) != (block.high == nil) {
      problems.append(
        FigureBlock.error(
          at: block.location(of: block.low == nil ? "high" : "low"), "a spread needs both 'low=' and 'high='"))
    }
    let units = Set(
      (block.y + (block.low ?? []) + (block.high ?? [])).compactMap { file.column(named: $0) }.map {
        file.columns[$0].unit
      })
    if units.count > 1 {
      problems.append(
        FigureBlock.error(
          at: block.location(of: "y"),
          "the y columns and their spread have different units (\(units.sorted().joined(separator: ", "))); "
            + "draw them in separate charts"
        ))
    }
    return problems
  }
}
