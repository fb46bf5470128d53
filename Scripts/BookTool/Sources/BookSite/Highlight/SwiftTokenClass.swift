@_spi(RawSyntax) import SwiftSyntax

/// What a range of Swift source is, as SwiftIDEUtils' `SyntaxClassification` names it: one case for each of
/// its cases, because ranges merge only with a neighbour of the same classification, not of the same CSS
/// class (`1` then `.5` of two kinds stay two spans).
enum SwiftTokenClass: UInt8, Sendable {
  case none, identifier, keyword, type, attribute, `operator`, argumentLabel
  case stringLiteral, regexLiteral, integerLiteral, floatLiteral
  case lineComment, blockComment, docLineComment, docBlockComment
  case ifConfigDirective, dollarIdentifier, editorPlaceholder

  /// The CSS class of the range's span, or nil for text shown plainly.
  var className: StaticString? {
    switch self {
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
    }
  }

  /// The class of a trivia piece: comments have one, whitespace and other trivia none.
  init(_ piece: RawTriviaPiece) {
    switch piece {
    case .lineComment: self = .lineComment
    case .blockComment: self = .blockComment
    case .docLineComment: self = .docLineComment
    case .docBlockComment: self = .docBlockComment
    default: self = .none
    }
  }

  /// The class of a token by its kind and text alone (SwiftIDEUtils' context-free classification).
  init(kind: RawTokenKind, text: SyntaxText) {
    switch kind {
    case .unknown where text.hasPrefix("\""): self = .stringLiteral
    case .identifier where text.hasPrefix("<#") && text.hasSuffix("#>"): self = .editorPlaceholder
    case .identifier: self = .identifier
    case .keyword, .poundSourceLocation: self = .keyword
    case .atSign: self = .attribute
    case .binaryOperator, .colonColon, .postfixOperator, .prefixOperator: self = .operator
    case .dollarIdentifier: self = .dollarIdentifier
    case .floatLiteral: self = .floatLiteral
    case .integerLiteral: self = .integerLiteral
    case .multilineStringQuote, .singleQuote, .stringQuote, .stringSegment: self = .stringLiteral
    case .poundElse, .poundElseif, .poundEndif, .poundIf: self = .ifConfigDirective
    case .regexLiteralPattern, .regexPoundDelimiter, .regexSlash: self = .regexLiteral
    default: self = .none
    }
  }
}
