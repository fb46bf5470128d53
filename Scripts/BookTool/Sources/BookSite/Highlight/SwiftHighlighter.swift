import SwiftIDEUtils
import SwiftParser
import SwiftSyntax

/// Highlights Swift at build time with swift-syntax's classifier, one HTML line per source line.
///
/// `let x = 1` → `<span class="hl-keyword">let</span> x = <span class="hl-number">1</span>`.
/// Spans never cross a line break, so a caller can wrap or mark single lines.
package enum SwiftHighlighter {
  /// The HTML of each line of `code` (without the final newline's empty line); `parsed` sees the syntax
  /// tree, so that a caller that needs more from it does not parse the code again.
  static func highlight(_ code: String, parsed: ((SourceFileSyntax) -> Void)? = nil) -> [String] {
    guard Self.bracketDepth(of: code) <= Self.maximumBracketDepth else { return Self.plain(code) }
    let tree = Parser.parse(source: code)
    parsed?(tree)
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

  /// The deepest nesting of square brackets that is highlighted. swift-syntax's parser takes time
  /// exponential in the nesting of `[` (about 2ⁿ: `let a = [[[[1]]]]` 16 deep took 5 s in a debug build),
  /// so deeper code, which no real listing has, is shown plainly rather than hang the site.
  static let maximumBracketDepth = 8

  /// How deep square brackets nest in `code`'s syntax, counting an unclosed `[` as open to the end.
  /// Brackets inside string literals (`"^[[A"`) and comments are text, not syntax, and do not count.
  static func bracketDepth(of code: String) -> Int {
    var depth = 0
    var deepest = 0
    var scanner = LiteralScanner()
    for byte in code.utf8 where scanner.isSyntax(byte) {
      if byte == UInt8(ascii: "[") {
        depth += 1
        deepest = max(deepest, depth)
      } else if byte == UInt8(ascii: "]") {
        depth = max(depth - 1, 0)
      }
    }
    return deepest
  }

  /// Tells, byte by byte, whether Swift source is outside string literals and comments (roughly: enough
  /// to count brackets; raw strings' `#` delimiters and interpolations count as string text).
  struct LiteralScanner {
    private enum Place { case code, string, lineComment, blockComment }
    private var place = Place.code
    private var previous: UInt8 = 0
    private var escaped = false

    /// Whether `byte`, the next byte of the source, is code (not inside a string or comment).
    mutating func isSyntax(_ byte: UInt8) -> Bool {
      defer { self.previous = byte }
      switch self.place {
      case .code:
        if byte == UInt8(ascii: "\"") {
          self.place = .string
        } else if byte == UInt8(ascii: "/"), self.previous == UInt8(ascii: "/") {
          self.place = .lineComment
        } else if byte == UInt8(ascii: "*"), self.previous == UInt8(ascii: "/") {
          self.place = .blockComment
        } else {
          return true
        }
      case .string:
        if self.escaped {
          self.escaped = false
        } else if byte == UInt8(ascii: "\\") {
          self.escaped = true
        } else if byte == UInt8(ascii: "\"") {
          self.place = .code
        }
      case .lineComment:
        if byte == UInt8(ascii: "\n") { self.place = .code }
      case .blockComment:
        if byte == UInt8(ascii: "/"), self.previous == UInt8(ascii: "*") { self.place = .code }
      }
      return false
    }
  }

  /// Every line of `code`, escaped and not highlighted: for languages other than Swift.
  package static func plain(_ code: String) -> [String] {
    var lines = code.split(separator: "\n", omittingEmptySubsequences: false).map { HTML.escape(String($0)) }
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
