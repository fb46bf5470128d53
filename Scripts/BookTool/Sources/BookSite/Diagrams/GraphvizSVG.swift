import BookKit
import Foundation

/// Turns graphviz's SVG documents into SVG elements to inline in a page.
///
/// graphviz writes an XML prolog, a DOCTYPE, comments, a `<title>` per node and edge (which browsers
/// show as tooltips such as `n0`), fixed `width`/`height` in points, element ids that repeat in every
/// diagram, and the colours it was given. What a page embeds has none of that: it scales with its
/// column, names itself for screen readers, and draws in `currentColor`, so the theme decides the colours.
enum GraphvizSVG {
  /// How each placeholder colour is drawn: a placeholder attribute → its replacement.
  static let colorReplacements: [(placeholder: String, replacement: String)] = {
    typealias Color = Flowchart.PlaceholderColor
    return [
      ("stroke=\"\(Color.nodeStroke.rawValue)\"", "stroke=\"currentColor\""),
      ("fill=\"\(Color.nodeFill.rawValue)\"", "fill=\"currentColor\" fill-opacity=\"0.07\""),
      ("fill=\"\(Color.text.rawValue)\"", "fill=\"currentColor\""),
      ("stroke=\"\(Color.edge.rawValue)\"", "stroke=\"currentColor\""),
      ("fill=\"\(Color.edge.rawValue)\"", "fill=\"currentColor\""),
      ("stroke=\"\(Color.clusterStroke.rawValue)\"", "stroke=\"currentColor\" stroke-opacity=\"0.45\""),
      ("fill=\"\(Color.clusterFill.rawValue)\"", "fill=\"currentColor\" fill-opacity=\"0.04\""),
    ]
  }()

  /// The SVG documents in dot's output for several graphs, in order, each ending with a line that starts
  /// with `</svg>` (lines as `split(separator: "\n")` gives them; what follows the last is dropped).
  /// Found on the bytes: see `GraphvizSVG+Bytes.swift`.
  static func documents(in output: String) -> [String] {
    var output = output
    return output.withUTF8 { bytes in
      var documents: [String] = []
      var start = 0
      for line in SVGLines.ranges(in: bytes, omittingEmpty: false)
      where SVGLines.hasPrefix(bytes, line, SVGLines.svgEnd) {
        documents.append(SVGLines.string(bytes, start..<line.upperBound))
        start = line.upperBound + 1
      }
      return documents
    }
  }

  /// One graphviz document as an inline `<svg>` element with the given id, `<title>` and `<desc>`, or nil
  /// when the document has no `<svg>` element.
  ///
  /// `<svg width="224pt" height="116pt" viewBox="0.00 0.00 224.00 116.00" …>` →
  /// `<svg … id="diagram-01-x-12" viewBox="0.00 0.00 224.00 116.00" role="img" aria-labelledby="…"
  /// style="max-width: 224pt; …"><title id="diagram-01-x-12-title">…</title>…`
  static func inline(_ document: String, id: String, title: String, description: String?) -> String? {
    var document = document
    return document.withUTF8 { bytes in
      let lines = SVGLines.ranges(in: bytes, omittingEmpty: true)
      guard let start = lines.firstIndex(where: { SVGLines.hasPrefix(bytes, $0, SVGLines.svgStart) }),
        let end = lines[start...].firstIndex(where: { SVGLines.endsWithTagEnd(bytes, $0) })
      else { return nil }
      let svgTag = lines[start...end].map { SVGLines.string(bytes, $0) }.joined(separator: " ")
      var result = Array(Self.openingTag(from: svgTag, id: id, hasDescription: description != nil).utf8)
      result.reserveCapacity(bytes.count + 512)
      result.append(contentsOf: "\n<title id=\"\(id)-title\">\(MarkupText.escape(title))</title>".utf8)
      if let description {
        result.append(contentsOf: "\n<desc id=\"\(id)-desc\">\(MarkupText.escape(description))</desc>".utf8)
      }
      Self.appendBody(lines[(end + 1)...], of: bytes, to: &result)
      return String(decoding: result, as: UTF8.self)
    }
  }

  /// Appends each line after the `<svg>` tag, each after a newline, except graphviz's comments and
  /// `<title>`s, without graphviz's ids and in the theme's colours.
  private static func appendBody(
    _ lines: ArraySlice<Range<Int>>, of bytes: UnsafeBufferPointer<UInt8>, to result: inout [UInt8]
  ) {
    for line in lines {
      guard !SVGLines.hasPrefix(bytes, line, SVGLines.commentStart),
        !SVGLines.hasPrefix(bytes, line, SVGLines.titleStart)
      else { continue }
      result.append(UInt8(ascii: "\n"))
      Self.appendRewritten(line, of: bytes, to: &result)
    }
  }

  /// Our own `<svg>` opening tag: graphviz's viewBox, its width as a CSS maximum, and the accessible name.
  static func openingTag(from graphvizTag: String, id: String, hasDescription: Bool) -> String {
    let viewBox = Self.attribute("viewBox", in: graphvizTag) ?? "0 0 100 100"
    let width = Self.attribute("width", in: graphvizTag) ?? "100%"
    var tag = "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"\(id)\" class=\"diagram-svg\" viewBox=\"\(viewBox)\""
    tag += " role=\"img\" aria-labelledby=\"\(id)-title\""
    if hasDescription { tag += " aria-describedby=\"\(id)-desc\"" }
    // Never narrower than the width at which its smallest text is 12 CSS px: the container scrolls instead.
    let legible = DiagramFit.viewBoxWidth(in: tag).map { DiagramFit.legibleWidth(viewBoxWidth: $0) }
    let minimum = legible.map { " min-width: \(Self.number($0))px;" } ?? ""
    tag += " style=\"max-width: \(width);\(minimum) width: 100%; height: auto;\">"
    return tag
  }

  /// `224.0` → `224`, `224.5` → `224.5`: a CSS length without trailing zeros.
  private static func number(_ value: Double) -> String {
    let rounded = (value * 100).rounded() / 100
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
  }

  /// The `<svg>` in the box that scrolls it sideways when the column is narrower than its legible width:
  /// focusable, so that keyboard users can scroll it, and named for screen readers.
  ///
  /// `<div class="diagram-scroll" tabindex="0" role="region" aria-label="Diagram: The loop">…</div>`
  static func scrollContainer(around svg: String, title: String) -> String {
    let label = MarkupText.escape("Diagram: \(title)")
    return "<div class=\"diagram-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"\(label)\">\n\(svg)\n</div>"
  }

  /// The value of `name="…"` in a tag.
  private static func attribute(_ name: String, in tag: String) -> String? {
    guard let start = tag.range(of: " \(name)=\"") else { return nil }
    let rest = tag[start.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  /// The line without graphviz's ` id="…"`, whose `node1`, `edge1` repeat in every diagram of a page.
  /// The definition, on characters; `appendRewritten` does the same on the bytes of an ASCII line.
  static func removingID(_ line: String) -> String {
    guard line.hasPrefix("<g "), let start = line.range(of: " id=\"") else { return line }
    guard let close = line[start.upperBound...].firstIndex(of: "\"") else { return line }
    return String(line[..<start.lowerBound]) + String(line[line.index(after: close)...])
  }

  /// The line with every placeholder colour replaced by its `currentColor` form. The definition, on
  /// characters; `appendRewritten` does the same on the bytes of an ASCII line.
  static func recolored(_ line: String) -> String {
    guard line.contains("#0a0b0") else { return line }
    var line = line
    for (placeholder, replacement) in Self.colorReplacements {
      line = line.replacing(placeholder, with: replacement)
    }
    return line
  }
}
