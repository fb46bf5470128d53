/// A fenced code block of a chapter, with the attributes of its info string and what they ask for.
package struct Listing: Hashable, Sendable {
  /// Which listing of the book this is: its chapter and its place there.
  package var id: ListingID
  /// What the block is (tangled, a test, an excerpt, a diagram, …), decided once from its tag.
  package var kind: ListingKind
  /// The first word of the info string (`swift`), or empty.
  package var language: String
  /// The `key=value` words after the language, in the order written.
  package var attributes: [ListingAttribute]
  /// The block's code, exactly as the reader sees it, ending with a newline unless empty.
  package var code: String
  /// Where the opening fence starts.
  package var fence: SourceLocation
  /// What the tool does with the block.
  package var tag: ListingTag
  /// Where the `file=` attribute is written (diagnostics about the generated file point there), if any.
  package var fileAttribute: SourceLocation?
  /// The run a transcript quotes: its `capture=NAME` attribute, on a transcript only.
  package var capture: ListingAttribute?

  /// The chapter line of the block's first code line (the line after the opening fence).
  package var firstCodeLine: Int { self.fence.line + 1 }

  /// Where the block's code starts: its first code line, at the fence's column (a block indented inside a
  /// list item starts there).
  package var codeStart: SourceLocation {
    SourceLocation(path: self.fence.path, line: self.firstCodeLine, column: self.fence.column)
  }

  /// Creates a listing; its kind follows from its tag, language and `capture=`.
  package init(
    id: ListingID, language: String, attributes: [ListingAttribute], code: String, fence: SourceLocation,
    tag: ListingTag
  ) {
    self.id = id
    self.language = language
    self.attributes = attributes
    self.code = code
    self.fence = fence
    self.tag = tag
    self.fileAttribute = attributes.first { $0.key == "file" }?.location
    let capture = attributes.first { $0.key == "capture" }
    self.kind = ListingKind(tag: tag, language: language, capture: capture)
    self.capture = self.kind == .transcript ? capture : nil
  }

  /// Whether the block shows test code (tangled into `Tests/`, or an excerpt of a file there): the site
  /// folds it away and does not number it.
  package var showsTest: Bool {
    switch self.tag {
    case .tangled(let directive): directive.testTarget != nil
    case .excerpt(let source?): source.file.hasPrefix("\(Workspace.testsFolder)/")
    case .excerpt(nil), .prose, .invalid: false
    }
  }
}

/// One `key=value` word of a code block's info string, with where it is written.
package struct ListingAttribute: Hashable, Sendable {
  /// The part before `=`.
  package var key: String
  /// The part after `=`; nil when the word has no `=`.
  package var value: String?
  /// Where the word starts on the fence line.
  package var location: SourceLocation

  /// Creates an attribute.
  package init(key: String, value: String?, location: SourceLocation) {
    self.key = key
    self.value = value
    self.location = location
  }
}

/// What the tool does with a code block.
package enum ListingTag: Hashable, Sendable {
  /// Tangled into a workspace file.
  case tangled(TangleDirective)
  /// A Swift block shown, never compiled: marked `compile=false` (a sketch), or naming the tangled code it
  /// quotes with `excerpt=PATH` or `excerpt=PATH#CHUNK` (checked against that code).
  case excerpt(ExcerptSource?)
  /// Any other block the tool leaves alone (a shell session, a diagram, plain text).
  case prose
  /// A block whose tag is wrong; its diagnostics say why.
  case invalid
}

/// Where a tangled block goes and how it changes its file.
package struct TangleDirective: Hashable, Sendable {
  /// How a block changes the chunks of its file.
  package enum Operation: Hashable, Sendable {
    /// Adds a chunk (appended, or placed after `after`), or replaces a chunk of an earlier chapter.
    case define
    /// Replaces a chunk that must already exist (`mode=replace`).
    case replace
    /// Removes a chunk that must already exist (`mode=remove`).
    case remove
  }

  /// The generated file's path, relative to the workspace root (`Sources/ImmutableData/Store.swift`).
  package var file: String
  /// The chunk's name, if the block has one.
  package var chunk: String?
  /// What the block does to its file.
  package var operation: Operation
  /// For a new chunk, the chunk it goes right after.
  package var after: String?

  /// Creates a directive.
  package init(file: String, chunk: String? = nil, operation: Operation = .define, after: String? = nil) {
    self.file = file
    self.chunk = chunk
    self.operation = operation
    self.after = after
  }

  /// The SwiftPM target the file belongs to: `Sources/ImmutableData/Store.swift` → `ImmutableData`.
  package var target: String {
    // An ASCII path (nearly all) by bytes: the listing views and the symbol index ask for every listing's
    // target, and `split` on a `String` breaks it into characters first.
    let parts = ASCIISplit.parts(of: self.file, separator: "/") ?? self.file.split(separator: "/")
    return parts.count > 1 ? String(parts[1]) : ""
  }

  /// The test target, when the file lies under `Tests/`.
  package var testTarget: String? {
    self.file.hasPrefix("\(Workspace.testsFolder)/") ? self.target : nil
  }
}

/// The tangled code an excerpt quotes: `excerpt=Sources/A/B.swift#store` → file and chunk `store`.
package struct ExcerptSource: Hashable, Sendable {
  /// The tangled file, relative to the workspace root.
  package var file: String
  /// The chunk of that file, or nil for the whole file.
  package var chunk: String?
  /// Where the `excerpt=` attribute is written.
  package var location: SourceLocation

  /// Creates a source.
  package init(file: String, chunk: String? = nil, location: SourceLocation) {
    self.file = file
    self.chunk = chunk
    self.location = location
  }

  /// `PATH` or `PATH#CHUNK`, as written in the attribute.
  package var reference: String {
    self.chunk.map { "\(self.file)#\($0)" } ?? self.file
  }
}
