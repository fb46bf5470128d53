import BookKit
import Foundation

/// One axis of a chart: its domain, widened to round numbers, its ticks and how a value maps to a length.
///
/// Linear: `21.5…41.2` → `0…50`, ticks every 10. Logarithmic: `1024…65536` → `1000…100000`, a tick per
/// decade (with 2 and 5 between when the data spans a single decade).
struct ChartAxis: Hashable, Sendable {
  var scale: FigureBlock.Scale
  /// The domain shown.
  var low: Double, high: Double
  /// The values that get a tick and a label, in order.
  var ticks: [Double]

  /// An axis for `values`; a linear y axis starts at zero when every value is positive.
  init(values: [Double], scale: FigureBlock.Scale, fromZero: Bool) {
    self.scale = scale
    let low = values.min() ?? 0
    let high = values.max() ?? 1
    switch scale {
    case .log: (self.low, self.high, self.ticks) = Self.logarithmic(low: low, high: high)
    case .linear: (self.low, self.high, self.ticks) = Self.linear(low: fromZero ? min(low, 0) : low, high: high)
    }
  }

  /// Where `value` lies along the axis, from 0 (low) to 1 (high).
  func position(of value: Double) -> Double {
    switch self.scale {
    case .linear: return (value - self.low) / (self.high - self.low)
    case .log: return (log10(value) - log10(self.low)) / (log10(self.high) - log10(self.low))
    }
  }

  /// Round bounds and about five ticks at steps of 1, 2 or 5 times a power of ten; for values so far apart
  /// that their difference overflows, the bare bounds.
  private static func linear(low: Double, high: Double) -> (Double, Double, [Double]) {
    var (low, high) = (low, high)
    if high - low < 1e-12 * max(abs(high), 1) {
      let pad = low == 0 ? 1 : abs(low) * 0.1
      (low, high) = (low - pad, high + pad)
    }
    let rough = (high - low) / 5
    let magnitude = pow(10, floor(log10(rough)))
    let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= rough } ?? 10 * magnitude
    let first = floor(low / step)
    let last = ceil(high / step)
    guard rough.isFinite, step.isFinite, step > 0, (first * step).isFinite, (last * step).isFinite,
      last - first <= 20
    else {
      return high - low < .infinity && high > low ? (low, high, [low, high]) : (-1, 1, [-1, 1])
    }
    let ticks = stride(from: first, through: last, by: 1).map { $0 * step }
    return (first * step, last * step, ticks)
  }

  /// Whole decades, with a tick at each power of ten (and at 2 and 5 times it within a single decade).
  private static func logarithmic(low: Double, high: Double) -> (Double, Double, [Double]) {
    let first = floor(log10(low))
    let last = max(ceil(log10(high)), first + 1)
    // At most about ten labelled decades: a wider span labels every second, third, … decade.
    let every = max(1, ((last - first) / 10).rounded(.up))
    var ticks = stride(from: first, through: last, by: every).map { pow(10, $0) }
    if last - first < 2 {
      ticks = ticks.flatMap { [$0, 2 * $0, 5 * $0] }.filter { $0 <= pow(10, last) }
    }
    return (pow(10, first), pow(10, last), ticks)
  }

  /// A tick's label: `0.5`, `20`, `1000`, `10k`, `2.5M`.
  static func label(_ value: Double) -> String {
    let magnitude = abs(value)
    for (factor, suffix) in [(1e9, "G"), (1e6, "M"), (1e4, "k")] where magnitude >= factor {
      let scaled = value / (suffix == "k" ? 1e3 : factor)
      return ValueFormat.number(scaled, digits: nil) + suffix
    }
    return ValueFormat.number(value, digits: nil)
  }
}
