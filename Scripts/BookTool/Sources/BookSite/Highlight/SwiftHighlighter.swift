import SwiftParser
import SwiftSyntax

/// Highlights Swift at build time with swift-syntax's parser and `SwiftClassifier`, one HTML line per source
/// line.
///
/// `let x = 1` → `<span class="hl-keyword">let</span> x = <span class="hl-number">1</span>`.
/// Spans never cross a line break, so a caller can wrap or mark single lines.
package enum SwiftHighlighter {
  /// The HTML of each line of `code` (without the final newline's empty line); `parsed` sees the syntax
  /// tree and the code's bytes, so that a caller that needs more from them does not parse the code again.
  static func highlight(_ code: String, parsed: ((SourceFileSyntax, [UInt8]) -> Void)? = nil) -> [String] {
    guard Self.bracketDepth(of: code) <= Self.maximumBracketDepth else { return Self.plain(code) }
    let source = Array(code.utf8)
    let tree = Parser.parse(source: code)
    parsed?(tree, source)
    return SwiftClassifier.lines(of: tree, source: source)
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
}
