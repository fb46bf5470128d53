import SwiftIDEUtils
import SwiftParser
import SwiftSyntax

@testable import BookSite

/// The highlighter as it was before `SwiftClassifier`: SwiftIDEUtils' `classifications`, one span per
/// classified range, split at line breaks. `SwiftClassifierTests` requires the same HTML from both.
enum OracleHighlighter {
  /// The HTML of each line of `code`, through SwiftIDEUtils.
  static func highlight(_ code: String) -> [String] {
    guard SwiftHighlighter.bracketDepth(of: code) <= SwiftHighlighter.maximumBracketDepth else {
      return SwiftHighlighter.plain(code)
    }
    let tree = Parser.parse(source: code)
    let bytes = Array(code.utf8)
    var lines: [String] = [""]
    var covered = 0
    for classified in tree.classifications {
      let start = classified.range.lowerBound.utf8Offset
      if start > covered {
        Self.append(bytes[covered..<start], className: nil, to: &lines)
      }
      let end = min(classified.range.upperBound.utf8Offset, bytes.count)
      guard end > start else { continue }
      Self.append(bytes[start..<end], className: Self.className(classified.kind), to: &lines)
      covered = end
    }
    if covered < bytes.count {
      Self.append(bytes[covered...], className: nil, to: &lines)
    }
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The CSS class of a classification, or nil for text shown plainly.
  static func className(_ kind: SyntaxClassification) -> String? {
    switch kind {
    case .keyword: "hl-keyword"
    case .type: "hl-type"
    case .stringLiteral, .regexLiteral: "hl-string"
    case .integerLiteral, .floatLiteral: "hl-number"
    case .lineComment, .blockComment: "hl-comment"
    case .docLineComment, .docBlockComment: "hl-doc"
    case .attribute: "hl-attribute"
    case .ifConfigDirective: "hl-directive"
    case .dollarIdentifier, .editorPlaceholder: "hl-variable"
    case .identifier, .none, .operator, .argumentLabel: nil
    @unknown default: nil
    }
  }

  /// Appends escaped text to the current line, splitting at line breaks and wrapping each piece in a span.
  private static func append(_ bytes: ArraySlice<UInt8>, className: String?, to lines: inout [String]) {
    var pieces = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).makeIterator()
    var first = true
    while let piece = pieces.next() {
      if !first { lines.append("") }
      first = false
      guard !piece.isEmpty else { continue }
      let text = HTML.escape(String(decoding: piece, as: UTF8.self))
      if let className {
        lines[lines.count - 1] += "<span class=\"\(className)\">\(text)</span>"
      } else {
        lines[lines.count - 1] += text
      }
    }
  }
}
