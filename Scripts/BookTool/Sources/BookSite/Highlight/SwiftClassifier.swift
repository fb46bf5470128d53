@_spi(RawSyntax) import SwiftSyntax

/// Classifies a parsed file's source in one walk over its raw tree, and hands each classified range, in
/// order, to `HighlightedLines`.
///
/// The same walk and the same rules as SwiftIDEUtils' `classifications` (which the highlighter used
/// before; a test keeps it as the oracle): trivia pieces and tokens in source order, a token classified by
/// its kind unless its place in an ancestor says otherwise (`SwiftContextRules`), consecutive ranges of one
/// classification merged. What differs is the cost: a child's place is a number compared with a number
/// found once, not a key path made for every child of every node. The raw tree is read through
/// swift-syntax's `RawSyntax` SPI, as SwiftIDEUtils reads it; `SwiftClassifierTests` would catch a
/// swift-syntax release that changed what it gives.
struct SwiftClassifier {
  /// Where the ranges go.
  private(set) var lines: HighlightedLines
  /// The source's length: nothing at or past it is visited.
  private let end: Int

  /// The ranges of `tree`, whose source is `source`, written as highlighted lines.
  static func lines(of tree: SourceFileSyntax, source: [UInt8]) -> [String] {
    source.withUnsafeBufferPointer { bytes in
      var classifier = Self(lines: HighlightedLines(source: bytes), end: bytes.count)
      withExtendedLifetime(tree) {
        _ = classifier.visit(Syntax(tree).raw, at: 0, context: nil)
      }
      return classifier.lines.finish()
    }
  }

  /// Classifies `node`, starting at byte `offset`; false once the walk reached the end of the source.
  private mutating func visit(_ node: RawSyntax, at offset: Int, context: ContextualClass?) -> Bool {
    guard offset < self.end else { return false }
    guard offset + node.byteLength > 0 else { return true }
    if let token = node.tokenView {
      if token.presence == .present { self.token(token, at: offset, context: context) }
      return true
    }
    return self.children(of: node, at: offset, context: context)
  }

  /// Classifies a node's children, each with the classification its place gives, if any.
  private mutating func children(of node: RawSyntax, at start: Int, context: ContextualClass?) -> Bool {
    guard let layout = node.layoutView else { return true }
    let rules = SwiftContextRules.rules(for: node.kind)
    var offset = start
    for (index, child) in layout.children.enumerated() {
      guard let child else { continue }
      let rule = rules.isEmpty ? nil : rules.first { $0.index == index }?.rule
      if let rule, rule.isForced {
        offset = self.forced(child, at: offset, as: rule.tokenClass)
        continue
      }
      guard self.visit(child, at: offset, context: rule ?? context) else { return false }
      offset += child.byteLength
    }
    return true
  }

  /// A child classified as a whole (an attribute's name): its outer trivia as trivia, everything between
  /// as one range; returns the offset after it.
  private mutating func forced(_ child: RawSyntax, at start: Int, as tokenClass: SwiftTokenClass) -> Int {
    var offset = start
    if let pieces = child.leadingTriviaPieces { offset = self.trivia(pieces, at: offset) }
    let length = child.byteLength - child.leadingTriviaByteLength - child.trailingTriviaByteLength
    self.lines.report(tokenClass, offset, offset + length)
    offset += length
    if let pieces = child.trailingTriviaPieces { offset = self.trivia(pieces, at: offset) }
    return offset
  }

  /// A token: its leading trivia, its text, its trailing trivia.
  private mutating func token(_ token: RawSyntaxTokenView, at start: Int, context: ContextualClass?) {
    var offset = self.trivia(token.leadingTriviaByteLength, pieces: { token.leadingRawTriviaPieces }, at: start)
    let text = token.rawText
    let tokenClass: SwiftTokenClass =
      if let context, context.isForced || token.rawKind == .identifier {
        context.tokenClass
      } else {
        SwiftTokenClass(kind: token.rawKind, text: text)
      }
    self.lines.report(tokenClass, offset, offset + text.count)
    offset += text.count
    _ = self.trivia(token.trailingTriviaByteLength, pieces: { token.trailingRawTriviaPieces }, at: offset)
  }

  /// Trivia of `length` bytes at `start`: without a `/`, it holds no comment and is one unclassified
  /// range (as its pieces would be, merged); otherwise piece by piece. Returns the offset after it.
  private mutating func trivia(_ length: Int, pieces: () -> [RawTriviaPiece], at start: Int) -> Int {
    guard length > 0 else { return start }
    if self.lines.hasSlash(in: start..<start + length) { return self.trivia(pieces(), at: start) }
    self.lines.report(.none, start, start + length)
    return start + length
  }

  /// Trivia piece by piece; returns the offset after it.
  private mutating func trivia(_ pieces: [RawTriviaPiece], at start: Int) -> Int {
    var offset = start
    for piece in pieces {
      self.lines.report(SwiftTokenClass(piece), offset, offset + piece.byteLength)
      offset += piece.byteLength
    }
    return offset
  }
}
