import SwiftSyntax

/// A classification that a child's place in its parent gives the tokens under it: to every token of the
/// child (`forced`), or only to its identifiers.
struct ContextualClass: Sendable {
  var tokenClass: SwiftTokenClass
  var isForced: Bool
}

/// SwiftIDEUtils' table of places that classify what is under them (`@` + the attribute's name, a type's
/// name, a `#if` condition, a platform in `@available`), as child positions of syntax kinds. The positions
/// are found once from the same key paths SwiftIDEUtils matches, so that no key path is made per node.
enum SwiftContextRules {
  /// The places of a node of `kind` that classify their child: (child index, classification); empty for
  /// most kinds.
  static func rules(for kind: SyntaxKind) -> [(index: Int, rule: ContextualClass)] {
    switch kind {
    case .attribute: Self.attribute
    case .platformVersionItem: Self.platformVersionItem
    case .platformVersion: Self.platformVersion
    case .declModifier: Self.declModifier
    case .ifConfigClause: Self.ifConfigClause
    case .ifConfigDecl: Self.ifConfigDecl
    case .memberType: Self.memberType
    case .operatorDecl: Self.operatorDecl
    case .precedenceGroupAssociativity: Self.precedenceGroupAssociativity
    case .precedenceGroupRelation: Self.precedenceGroupRelation
    case .identifierType: Self.identifierType
    case .functionParameter: Self.functionParameter
    case .labeledExpr: Self.labeledExpr
    default: []
    }
  }

  private static let attribute = Self.place(\AttributeSyntax.attributeName, .attribute, forced: true)
  private static let platformVersionItem = Self.place(\PlatformVersionItemSyntax.platformVersion, .keyword)
  private static let platformVersion = Self.place(\PlatformVersionSyntax.platform, .keyword)
  private static let declModifier = Self.place(\DeclModifierSyntax.name, .attribute)
  private static let ifConfigClause =
    Self.place(\IfConfigClauseSyntax.poundKeyword, .ifConfigDirective)
    + Self.place(\IfConfigClauseSyntax.condition, .ifConfigDirective)
  private static let ifConfigDecl = Self.place(\IfConfigDeclSyntax.poundEndif, .ifConfigDirective)
  private static let memberType = Self.place(\MemberTypeSyntax.name, .type)
  private static let operatorDecl = Self.place(\OperatorDeclSyntax.name, .operator)
  private static let precedenceGroupAssociativity =
    Self.place(\PrecedenceGroupAssociativitySyntax.associativityLabel, .keyword)
  private static let precedenceGroupRelation =
    Self.place(\PrecedenceGroupRelationSyntax.higherThanOrLowerThanLabel, .keyword)
  private static let identifierType = Self.place(\IdentifierTypeSyntax.name, .type)
  private static let functionParameter = Self.place(\FunctionParameterSyntax.firstName, .argumentLabel)
  private static let labeledExpr = Self.place(\LabeledExprSyntax.label, .argumentLabel)

  /// The child index of `keyPath` in its node's layout, with its classification; none if the layout does
  /// not have it (then SwiftIDEUtils never matches it either).
  private static func place<Node: SyntaxProtocol, Child>(
    _ keyPath: KeyPath<Node, Child>, _ tokenClass: SwiftTokenClass, forced: Bool = false
  ) -> [(index: Int, rule: ContextualClass)] {
    let wanted = keyPath as AnyKeyPath
    guard case .layout(let layout) = Node.structure,
      let index = layout.firstIndex(where: { ($0 as AnyKeyPath) == wanted })
    else { return [] }
    return [(index, ContextualClass(tokenClass: tokenClass, isForced: forced))]
  }
}
