/// A ```` ```table ```` or ```` ```chart ```` block: a figure drawn at `book site` time from a result file
/// (`Chapters/data/NAME.json`), never typed by hand.
///
/// ```` ```table data=reads columns=n,dictionary,tree title="Reading one value" ````
/// ```` ```chart data=reads x=n y=dictionary,tree scale=log title="Reading one value" ````
///
/// Attribute values may be quoted to hold spaces. The block's body is ignored (write nothing, or a note).
package struct FigureBlock: Hashable, Sendable {
  /// What the block draws.
  package enum Kind: String, Hashable, Sendable, CaseIterable {
    case table, chart
  }

  /// How an axis maps values to length.
  package enum Scale: String, Hashable, Sendable {
    case linear, log
  }

  /// Table or chart.
  package var kind: Kind
  /// The result file's name: `reads` for `Chapters/data/reads.json`.
  package var data: String
  /// A table's columns, in order; nil for every column of the file.
  package var columns: [String]?
  /// A chart's x column.
  package var x: String
  /// A chart's series, one per column.
  package var y: [String]
  /// The x axis's scale; nil to choose: logarithmic when every x is positive and they span a decade.
  package var xScale: Scale?
  /// The y axis's scale.
  package var yScale: Scale
  /// The figure's title; nil for the result file's.
  package var title: String?
  /// A chart's axis titles (`x-label="Elements"`, `y-label="Time per read"`); nil for the x column's label
  /// and, on the y axis, the one series' label or "Value". The unit is added to either.
  package var xLabel: String?, yLabel: String?
  /// A chart's spread: for each `y=` column, in order, the columns of the lowest and highest run
  /// (`low=dictionary_min,tree_min high=dictionary_max,tree_max`), drawn as a bar through each point.
  package var low: [String]?, high: [String]?
  /// Where each attribute is written, by key (diagnostics about a value point there).
  package var locations: [String: SourceLocation]
  /// Where the block's fence starts.
  package var fence: SourceLocation

  /// The attributes each kind takes.
  static let keys: [Kind: [String]] = [
    .table: ["data", "columns", "title"],
    .chart: ["data", "x", "y", "low", "high", "scale", "title", "x-label", "y-label"],
  ]
  /// `scale=` values: both axes, or one of them logarithmic.
  static let scales: [String: (x: Scale?, y: Scale)] = [
    "auto": (nil, .linear), "linear": (.linear, .linear), "log": (.log, .log), "log-x": (.log, .linear),
    "log-y": (.linear, .log),
  ]

  /// Whether a block of this language is a figure.
  package static func isFigure(language: String) -> Bool {
    Kind(rawValue: language) != nil
  }

  /// Where `key`'s value is written, or the fence.
  package func location(of key: String) -> SourceLocation {
    self.locations[key] ?? self.fence
  }

  /// The words an anchor is made of: the title, else the result file's name (`figure-` + its slug).
  package static func anchorWords(of listing: Listing, fenceLine: Substring) -> String {
    let words = FigureAttributes.parse(fenceLine: fenceLine, fence: listing.fence).attributes
    let value = { (key: String) in words.first { $0.key == key }?.value }
    return value("title") ?? value("data") ?? listing.language
  }

  /// Reads a figure block's fence line, reporting every attribute that is unknown, missing or wrong.
  package static func parse(
    _ listing: Listing, fenceLine: Substring
  ) -> Result<FigureBlock, DiagnosticsError> {
    guard let kind = Kind(rawValue: listing.language) else {
      return .failure(DiagnosticsError([Self.error(at: listing.fence, "a figure is a 'table' or 'chart' block")]))
    }
    let parsed = FigureAttributes.parse(fenceLine: fenceLine, fence: listing.fence)
    var diagnostics = parsed.diagnostics
    var values: [String: String] = [:]
    var locations: [String: SourceLocation] = [:]
    let known = Self.keys[kind] ?? []
    for attribute in parsed.attributes {
      if !known.contains(attribute.key) {
        var message = "a \(kind.rawValue) takes no attribute '\(attribute.key)'"
        if let near = Suggestion.nearest(to: attribute.key, among: known) { message += "; did you mean '\(near)='?" }
        diagnostics.append(Self.error(at: attribute.location, message + " (it takes \(Self.list(known)))"))
      } else if values[attribute.key] != nil {
        diagnostics.append(Self.error(at: attribute.location, "attribute '\(attribute.key)' is given twice"))
      } else if let value = attribute.value, !value.isEmpty {
        values[attribute.key] = value
        locations[attribute.key] = attribute.location
      } else {
        diagnostics.append(Self.error(at: attribute.location, "attribute '\(attribute.key)' needs a value"))
      }
    }
    let required = kind == .table ? ["data"] : ["data", "x", "y"]
    for key in required where values[key] == nil && !parsed.attributes.contains(where: { $0.key == key }) {
      diagnostics.append(Self.error(at: listing.fence, "a \(kind.rawValue) needs '\(key)='"))
    }
    let scale = values["scale"].map { Self.scales[$0] } ?? Self.scales["auto"]
    if scale == nil {
      diagnostics.append(
        Self.error(
          at: locations["scale"] ?? listing.fence,
          "'scale=' is one of \(Self.list(Self.scales.keys.sorted())), not '\(values["scale"] ?? "")'"))
    }
    diagnostics += Self.checkNames(values, locations: locations, fence: listing.fence)
    guard diagnostics.isEmpty, let scale else { return .failure(DiagnosticsError(diagnostics)) }
    return .success(
      FigureBlock(
        kind: kind, data: values["data"] ?? "", columns: values["columns"].map(Self.names),
        x: values["x"] ?? "", y: values["y"].map(Self.names) ?? [], xScale: scale.x, yScale: scale.y,
        title: values["title"], xLabel: values["x-label"], yLabel: values["y-label"],
        low: values["low"].map(Self.names), high: values["high"].map(Self.names), locations: locations,
        fence: listing.fence))
  }

  /// `data=`, `x=`, `y=` and `columns=` must hold names (comma-separated for the lists).
  private static func checkNames(
    _ values: [String: String], locations: [String: SourceLocation], fence: SourceLocation
  ) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for key in ["data", "x", "y", "columns", "low", "high"] {
      guard let value = values[key] else { continue }
      let names = ["y", "columns", "low", "high"].contains(key) ? Self.names(value) : [value]
      if names.isEmpty || !names.allSatisfy(DataName.isValid) {
        diagnostics.append(
          Self.error(
            at: locations[key] ?? fence,
            "'\(key)=\(value)' is not a name list: names are letters, digits, '-' and '_', separated by ','"))
      }
    }
    return diagnostics
  }

  /// `a,b` → `["a", "b"]`.
  private static func names(_ value: String) -> [String] {
    value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
  }

  /// `'a=', 'b='`.
  private static func list(_ keys: [String]) -> String {
    keys.map { "'\($0)'" }.joined(separator: ", ")
  }

  /// An `invalid-figure` error.
  static func error(at location: SourceLocation, _ message: String) -> Diagnostic {
    Diagnostic(.error, id: .invalidFigure, at: location, message)
  }
}

/// The `key=value` words of a figure block's fence line, where a value may be quoted: `title="A title"`.
enum FigureAttributes {
  /// The attributes after the language word, each located at its first byte, and any unclosed quote.
  static func parse(
    fenceLine: Substring, fence: SourceLocation
  ) -> (attributes: [ListingAttribute], diagnostics: [Diagnostic]) {
    let bytes = Array(fenceLine.utf8)
    var index = max(fence.column - 1, 0)
    func skip(_ test: (UInt8) -> Bool) { while index < bytes.count, test(bytes[index]) { index += 1 } }
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    skip { $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "~") }
    skip(isSpace)
    skip { !isSpace($0) }  // the language
    var attributes: [ListingAttribute] = []
    var diagnostics: [Diagnostic] = []
    while true {
      skip(isSpace)
      guard index < bytes.count else { break }
      var location = fence
      location.column = index + 1
      let keyStart = index
      skip { !isSpace($0) && $0 != UInt8(ascii: "=") }
      let key = String(decoding: bytes[keyStart..<index], as: UTF8.self)
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        attributes.append(ListingAttribute(key: key, value: nil, location: location))
        continue
      }
      index += 1
      var value: String
      if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
        index += 1
        let start = index
        skip { $0 != UInt8(ascii: "\"") }
        value = String(decoding: bytes[start..<index], as: UTF8.self)
        if index < bytes.count {
          index += 1
        } else {
          diagnostics.append(FigureBlock.error(at: location, "the quoted value of '\(key)=' is not closed"))
        }
      } else {
        let start = index
        skip { !isSpace($0) }
        value = String(decoding: bytes[start..<index], as: UTF8.self)
      }
      attributes.append(ListingAttribute(key: key, value: value, location: location))
    }
    return (attributes, diagnostics)
  }
}
