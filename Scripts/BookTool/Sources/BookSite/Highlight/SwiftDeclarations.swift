import BookKit
import SwiftParser
import SwiftSyntax

/// One declaration a listing's code makes: a type, a function, a property or an enum case, named as the
/// symbol index names it.
struct SwiftDeclaration: Hashable, Sendable {
  /// What kind of declaration it is.
  enum Kind: String, Hashable, Sendable, CaseIterable {
    case type, function, property, `case`
  }

  /// The name with its enclosing types and, for a function, its argument labels:
  /// `Store.dispatch(action:)`, `Store.init(initialState:reducer:)`, `Counter.Action.increment`.
  var qualifiedName: String
  /// What it declares.
  var kind: Kind
  /// Where the declared name starts in the code: its 0-based line and UTF-8 column.
  var line: Int
  /// The UTF-8 column of the name on its line.
  var column: Int
  /// The length of the name, in UTF-8 bytes (`dispatch`, `init`).
  var length: Int
  /// A digest of the declaration's text without surrounding trivia: what tells that a later chapter
  /// changed it.
  var digest: String
}

/// What one listing's code declares: its declarations, and the types it extends (`extension Store`).
struct SwiftDeclarations: Hashable, Sendable {
  /// The declarations, in source order; members of types and extensions included, locals in bodies not.
  var declarations: [SwiftDeclaration] = []
  /// The types its extensions extend, as written without generic arguments (`Store`, `Counter.Action`).
  var extendedTypes: [String] = []

  /// Scans Swift code with swift-syntax's parser.
  ///
  /// `struct S { var x: Int; func f(_ a: Int, b: Int) {} }` → `S` (type), `S.x` (property), `S.f(_:b:)`
  /// (function).
  static func scan(_ code: String) -> SwiftDeclarations {
    // The highlighter's bound: the parser takes time exponential in deeply nested brackets.
    guard SwiftHighlighter.bracketDepth(of: code) <= SwiftHighlighter.maximumBracketDepth else { return Self() }
    let source = Array(code.utf8)
    return Self.scan(Parser.parse(source: code), source: source)
  }

  /// Scans code already parsed (by the highlighter), whose bytes are `source` (the tree's text, if nil).
  static func scan(_ tree: SourceFileSyntax, source: [UInt8]? = nil) -> SwiftDeclarations {
    let source = source ?? tree.syntaxTextBytes
    let visitor = DeclarationVisitor(lines: SourceLines(source), source: source)
    visitor.walk(tree)
    return visitor.found
  }
}

extension SwiftDeclarations {
  /// The declarations as lines of text, for the highlight cache: `type\t0\t7\t5\tDIGEST\tStore`, and
  /// `extension\tStore` for each extended type.
  var lines: [String] {
    var lines: [String] = []
    lines.reserveCapacity(self.declarations.count + self.extendedTypes.count)
    for declaration in self.declarations {
      var line = declaration.kind.rawValue
      line.reserveCapacity(64 + declaration.qualifiedName.utf8.count)
      for field in [
        String(declaration.line), String(declaration.column), String(declaration.length),
        declaration.digest, declaration.qualifiedName,
      ] {
        line += "\t"
        line += field
      }
      lines.append(line)
    }
    for type in self.extendedTypes { lines.append("extension\t" + type) }
    return lines
  }

  /// Declarations read back from `lines`; a line that does not read is left out.
  init(lines: [String]) {
    for line in lines {
      let fields = line.split(separator: "\t", maxSplits: 5, omittingEmptySubsequences: false).map(String.init)
      if fields.count == 2, fields[0] == "extension" {
        self.extendedTypes.append(fields[1])
      } else if fields.count == 6, let kind = SwiftDeclaration.Kind(rawValue: fields[0]), let line = Int(fields[1]),
        let column = Int(fields[2]), let length = Int(fields[3])
      {
        self.declarations.append(
          SwiftDeclaration(
            qualifiedName: fields[5], kind: kind, line: line, column: column, length: length, digest: fields[4]))
      }
    }
  }
}

/// Walks a file's syntax, keeping the stack of enclosing type names; never enters a body.
private final class DeclarationVisitor: SyntaxVisitor {
  /// Where the file's lines start, for each declaration's line and column.
  let lines: SourceLines
  /// The file's source, whose bytes a declaration's digest is taken from.
  let source: [UInt8]
  var found = SwiftDeclarations()
  var enclosing: [[String]] = []

  init(lines: SourceLines, source: [UInt8]) {
    self.lines = lines
    self.source = source
    super.init(viewMode: .sourceAccurate)
  }

  /// The digest of a node's text without its leading and trailing trivia (its `trimmedDescription`),
  /// taken from the source bytes it was parsed from: the tree is lossless, so these are the same bytes,
  /// and no trimmed copy of the node is built (that copy took most of the scan's time).
  private func trimmedDigest(of node: some SyntaxProtocol) -> String {
    let start = min(node.positionAfterSkippingLeadingTrivia.utf8Offset, self.source.count)
    let end = min(max(node.endPositionBeforeTrailingTrivia.utf8Offset, start), self.source.count)
    var hasher = DigestHasher()
    hasher.combine(bytes: self.source[start..<end])
    return hasher.finalize().hex
  }

  /// Records a declaration named by `token`, as `name` inside the enclosing types.
  private func record(_ name: String, token: TokenSyntax, kind: SwiftDeclaration.Kind, node: some SyntaxProtocol) {
    let location = self.lines.location(of: token.positionAfterSkippingLeadingTrivia.utf8Offset)
    let qualified = (self.enclosing.flatMap { $0 } + [name]).joined(separator: ".")
    self.found.declarations.append(
      SwiftDeclaration(
        qualifiedName: qualified, kind: kind, line: location.line - 1, column: location.column - 1,
        length: token.trimmedLength.utf8Length, digest: self.trimmedDigest(of: node)))
  }

  /// A type: recorded, then entered with its name on the stack.
  private func enterType(_ name: TokenSyntax, node: some SyntaxProtocol) -> SyntaxVisitorContinueKind {
    self.record(name.text, token: name, kind: .type, node: node)
    self.enclosing.append([name.text])
    return .visitChildren
  }

  override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { self.enterType(node.name, node: node) }
  override func visitPost(_ node: StructDeclSyntax) { self.enclosing.removeLast() }
  override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { self.enterType(node.name, node: node) }
  override func visitPost(_ node: ClassDeclSyntax) { self.enclosing.removeLast() }
  override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { self.enterType(node.name, node: node) }
  override func visitPost(_ node: EnumDeclSyntax) { self.enclosing.removeLast() }
  override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { self.enterType(node.name, node: node) }
  override func visitPost(_ node: ActorDeclSyntax) { self.enclosing.removeLast() }
  override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
    self.enterType(node.name, node: node)
  }
  override func visitPost(_ node: ProtocolDeclSyntax) { self.enclosing.removeLast() }

  override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
    let path = Self.typePath(node.extendedType)
    self.found.extendedTypes.append((self.enclosing.flatMap { $0 } + path).joined(separator: "."))
    self.enclosing.append(path)
    return .visitChildren
  }
  override func visitPost(_ node: ExtensionDeclSyntax) { self.enclosing.removeLast() }

  override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
    self.record(node.name.text, token: node.name, kind: .type, node: node)
    return .skipChildren
  }

  override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind {
    self.record(node.name.text, token: node.name, kind: .type, node: node)
    return .skipChildren
  }

  override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = node.name.text + Self.labels(node.signature.parameterClause)
    self.record(name, token: node.name, kind: .function, node: node)
    return .skipChildren
  }

  override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
    let name = "init" + (node.optionalMark?.text ?? "") + Self.labels(node.signature.parameterClause)
    self.record(name, token: node.initKeyword, kind: .function, node: node)
    return .skipChildren
  }

  override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
    self.record(
      "subscript" + Self.labels(node.parameterClause), token: node.subscriptKeyword, kind: .function, node: node)
    return .skipChildren
  }

  override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
    for binding in node.bindings {
      guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
      self.record(pattern.identifier.text, token: pattern.identifier, kind: .property, node: node)
    }
    return .skipChildren
  }

  override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
    for element in node.elements {
      self.record(element.name.text, token: element.name, kind: .case, node: element)
    }
    return .skipChildren
  }

  // Bodies of closures and code at file level declare nothing the index lists.
  override func visit(_ node: CodeBlockSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
  override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

  /// `(_ a: Int, b: Int)` → `(_:b:)`.
  private static func labels(_ clause: FunctionParameterClauseSyntax) -> String {
    "(" + clause.parameters.map { "\($0.firstName.text):" }.joined() + ")"
  }

  /// The names of an extended type without generic arguments: `Store<S, A>` → `[Store]`,
  /// `Counter.Action` → `[Counter, Action]`.
  private static func typePath(_ type: TypeSyntax) -> [String] {
    if let member = type.as(MemberTypeSyntax.self) { return Self.typePath(member.baseType) + [member.name.text] }
    if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.text] }
    return [type.trimmedDescription]
  }
}
