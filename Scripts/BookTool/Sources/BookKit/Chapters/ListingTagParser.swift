/// Reads the info string of a code block into attributes and a `ListingTag`, reporting every mistake.
///
/// ```` ```swift file=Sources/A/B.swift chunk=store ```` → `.tangled(file: …, chunk: "store", …)`.
enum ListingTagParser {
  /// The attribute keys the tool understands.
  static let knownKeys = ["file", "chunk", "mode", "after", "compile", "excerpt", "capture"]

  /// Parses one code block's tag.
  static func parse(
    info: String, fenceLine: Substring, fence: SourceLocation
  ) -> (language: String, attributes: [ListingAttribute], tag: ListingTag, diagnostics: [Diagnostic]) {
    let words = Self.words(of: info, on: fenceLine, fence: fence)
    let language = String(words.first?.text ?? "")
    // A figure's attributes (quoted values among them) are read and checked by `FigureBlock`.
    if FigureBlock.isFigure(language: language) {
      return (language, FigureAttributes.parse(fenceLine: fenceLine, fence: fence).attributes, .prose, [])
    }
    let attributes = words.dropFirst().map { word in
      let parts = word.text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return ListingAttribute(
        key: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : nil, location: word.location)
    }
    var diagnostics = Self.checkWords(attributes)
    let tag = Self.tag(language: language, attributes: attributes, fence: fence, diagnostics: &diagnostics)
    return (language, attributes, diagnostics.hasErrors ? .invalid : tag, diagnostics)
  }

  /// The info string's words, each located on the fence line (falling back to the fence itself).
  private static func words(
    of info: String, on fenceLine: Substring, fence: SourceLocation
  ) -> [(text: Substring, location: SourceLocation)] {
    let bytes = Array(fenceLine.utf8)
    var searchFrom = max(fence.column - 1, 0)
    return Self.splitWords(info).map { word in
      var location = fence
      if let offset = ByteSearch.offset(of: Array(word.utf8), in: bytes, from: searchFrom) {
        location.column = offset + 1
        searchFrom = offset + word.utf8.count
      }
      return (word, location)
    }
  }

  /// The info string split at spaces and tabs, empty words left out; an ASCII string (nearly all) by its
  /// bytes, where no character spans two bytes, without breaking it into characters.
  static func splitWords(_ info: String) -> [Substring] {
    guard info.utf8.allSatisfy({ $0 < 0x80 }) else {
      return info.split(whereSeparator: { $0 == " " || $0 == "\t" })
    }
    var words: [Substring] = []
    var start = info.utf8.startIndex
    var index = start
    while index < info.utf8.endIndex {
      let byte = info.utf8[index]
      if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
        if start < index { words.append(info[start..<index]) }
        start = info.utf8.index(after: index)
      }
      index = info.utf8.index(after: index)
    }
    if start < index { words.append(info[start..<index]) }
    return words
  }

  /// Unknown, valueless and repeated attributes.
  private static func checkWords(_ attributes: [ListingAttribute]) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var seen: [String: ListingAttribute] = [:]
    for attribute in attributes {
      if !Self.knownKeys.contains(attribute.key) {
        diagnostics.append(Self.unknown(attribute))
      } else if attribute.value == nil || attribute.value == "" {
        diagnostics.append(
          Diagnostic(
            .error, id: .attributeWithoutValue, at: attribute.location,
            "attribute '\(attribute.key)' needs a value: write \(attribute.key)=…"))
      } else if let first = seen[attribute.key] {
        diagnostics.append(
          Diagnostic(
            .error, id: .repeatedAttribute, at: attribute.location,
            "attribute '\(attribute.key)' is given twice",
            notes: [.note(at: first.location, "first given here")]))
      }
      seen[attribute.key] = seen[attribute.key] ?? attribute
    }
    return diagnostics
  }

  /// The diagnostic for a key the tool does not know, with a suggestion when one is close.
  private static func unknown(_ attribute: ListingAttribute) -> Diagnostic {
    var message = "unknown attribute '\(attribute.key)'"
    if let suggestion = Suggestion.nearest(to: attribute.key, among: Self.knownKeys) {
      message += "; did you mean '\(suggestion)='?"
    } else {
      message += "; known attributes are \(Self.knownKeys.map { "'\($0)='" }.joined(separator: ", "))"
    }
    return Diagnostic(.error, id: .unknownAttribute, at: attribute.location, message)
  }

  /// Decides what the block is, checking that its attributes fit together.
  private static func tag(
    language: String, attributes: [ListingAttribute], fence: SourceLocation,
    diagnostics: inout [Diagnostic]
  ) -> ListingTag {
    func value(_ key: String) -> ListingAttribute? { attributes.first { $0.key == key } }
    let isSwift = language.lowercased() == "swift"
    if let capture = value("capture"), isSwift {
      diagnostics.append(
        Diagnostic(
          .error, id: .captureOnSwift, at: capture.location,
          "'capture=' marks a transcript of a program's output (a ```text block); Swift blocks are tangled or excerpts")
      )
    }
    if value("compile") != nil || value("excerpt") != nil {
      for key in ["chunk", "mode", "after"] {
        guard let stray = value(key) else { continue }
        diagnostics.append(
          Diagnostic(
            .error, id: .excerptWithChunk, at: stray.location,
            "'\(key)=' applies to tangled blocks; an excerpt is never tangled (name a chunk as excerpt=PATH#CHUNK)"))
      }
      return Self.excerpt(
        value("compile"), source: value("excerpt"), file: value("file"), isSwift: isSwift, diagnostics: &diagnostics)
    }
    guard let file = value("file") else {
      if let stray = attributes.first(where: { Self.knownKeys.contains($0.key) && $0.key != "capture" }) {
        diagnostics.append(
          Diagnostic(
            .error, id: .attributeWithoutFile, at: stray.location,
            "attribute '\(stray.key)' needs 'file=' on the same block"))
      }
      if isSwift, !diagnostics.contains(where: { $0.id == .unknownAttribute }) {
        diagnostics.append(
          Diagnostic(
            .error, id: .untangledSwift, at: fence,
            "Swift block is neither tangled nor marked: add 'file=Sources/Module/File.swift' to compile it, "
              + "or 'compile=false' to show it as an excerpt"))
      }
      return .prose
    }
    if !isSwift {
      diagnostics.append(
        Diagnostic(
          .error, id: .tangledNonSwift, at: file.location,
          "only Swift blocks are tangled; this block's language is '\(language)'"))
    }
    if let path = file.value, !path.isEmpty {
      FilePathRules.check(path, at: file.location, into: &diagnostics)
    }
    return .tangled(
      TangleDirective(
        file: file.value ?? "", chunk: value("chunk")?.value,
        operation: Self.operation(value("mode"), chunk: value("chunk"), diagnostics: &diagnostics),
        after: Self.after(value("after"), mode: value("mode"), diagnostics: &diagnostics)))
  }

  /// An excerpt: `compile=false` (only `false` is meaningful) and/or `excerpt=PATH[#CHUNK]`, on a Swift
  /// block, without `file=`.
  private static func excerpt(
    _ compile: ListingAttribute?, source: ListingAttribute?, file: ListingAttribute?, isSwift: Bool,
    diagnostics: inout [Diagnostic]
  ) -> ListingTag {
    if let compile, compile.value != "false" {
      diagnostics.append(
        Diagnostic(
          .error, id: .invalidCompile, at: compile.location,
          "'compile=' takes only 'false' (a shown, uncompiled excerpt); tangled blocks are always compiled"))
    }
    if let file {
      diagnostics.append(
        Diagnostic(
          .error, id: .excerptWithFile, at: file.location,
          "an excerpt cannot also be tangled with 'file='"))
    }
    if !isSwift, let marker = compile ?? source {
      diagnostics.append(
        Diagnostic(
          .error, id: .excerptNotSwift, at: marker.location,
          "'\(marker.key)=' marks Swift blocks only; other languages are never compiled"))
    }
    return .excerpt(source.flatMap { Self.excerptSource($0, diagnostics: &diagnostics) })
  }

  /// `excerpt=PATH` or `excerpt=PATH#CHUNK`, where PATH must be a path the tool could tangle.
  private static func excerptSource(_ attribute: ListingAttribute, diagnostics: inout [Diagnostic]) -> ExcerptSource? {
    guard let value = attribute.value, !value.isEmpty else { return nil }
    let parts = value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let chunk = parts.count > 1 ? parts[1] : nil
    if chunk?.isEmpty == true {
      diagnostics.append(
        Diagnostic(
          .error, id: .attributeWithoutValue, at: attribute.location,
          "'excerpt=\(value)' names no chunk after '#': write excerpt=PATH or excerpt=PATH#CHUNK"))
    }
    FilePathRules.check(parts[0], key: "excerpt", at: attribute.location, into: &diagnostics)
    return ExcerptSource(file: parts[0], chunk: chunk, location: attribute.location)
  }

  /// The operation named by `mode=`, which needs a chunk name.
  private static func operation(
    _ mode: ListingAttribute?, chunk: ListingAttribute?, diagnostics: inout [Diagnostic]
  ) -> TangleDirective.Operation {
    guard let mode, let value = mode.value, !value.isEmpty else { return .define }
    let operation: TangleDirective.Operation
    switch mode.value {
    case "replace": operation = .replace
    case "remove": operation = .remove
    default:
      diagnostics.append(
        Diagnostic(
          .error, id: .invalidMode, at: mode.location,
          "'mode=' takes 'replace' or 'remove', not '\(value)'"))
      return .define
    }
    if chunk == nil {
      diagnostics.append(
        Diagnostic(
          .error, id: .modeWithoutChunk, at: mode.location,
          "'mode=\(mode.value ?? "")' needs 'chunk=' to name the chunk it changes"))
    }
    return operation
  }

  /// The `after=` anchor, which only a new chunk can have.
  private static func after(
    _ after: ListingAttribute?, mode: ListingAttribute?, diagnostics: inout [Diagnostic]
  ) -> String? {
    guard let after else { return nil }
    if let mode {
      diagnostics.append(
        Diagnostic(
          .error, id: .afterWithMode, at: after.location,
          "'after=' places a new chunk; it cannot be combined with 'mode=\(mode.value ?? "")'"))
    }
    return after.value
  }
}
