import BookKit

extension LinkChecker {
  /// Footnote references without a definition (errors), definitions nothing refers to and definitions
  /// given twice (warnings).
  static func footnoteDiagnostics(_ references: ChapterReferences) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    var firstDefinitions: [String: ChapterReferences.FootnoteMark] = [:]
    for definition in references.footnoteDefinitions {
      let key = Self.footnoteKey(definition.label)
      if let first = firstDefinitions[key] {
        diagnostics.append(
          Diagnostic(
            .warning, id: .duplicateFootnote, at: definition.location,
            "footnote '[^\(definition.label)]' is defined twice; only the first definition is shown",
            notes: [.note(at: first.location, "first defined here")]))
      } else {
        firstDefinitions[key] = definition
      }
    }
    let referenced = Set(references.footnoteReferences.map(Self.footnoteKey))
    for (key, definition) in firstDefinitions.sorted(by: { $0.value.location < $1.value.location })
    where !referenced.contains(key) {
      diagnostics.append(
        Diagnostic(
          .warning, id: .unusedFootnote, at: definition.location,
          "footnote '[^\(definition.label)]' is defined but never referenced"))
    }
    let labels = references.footnoteDefinitions.map(\.label)
    for mark in references.undefinedFootnotes where firstDefinitions[Self.footnoteKey(mark.label)] == nil {
      var message = "footnote '[^\(mark.label)]' has no definition; add '[^\(mark.label)]: …' to the chapter"
      if let suggestion = Suggestion.nearest(to: mark.label, among: labels) {
        message += "; did you mean '[^\(suggestion)]'?"
      }
      diagnostics.append(Diagnostic(.error, id: .undefinedFootnote, at: mark.location, message))
    }
    return diagnostics
  }

  /// A label as cmark-gfm matches it: case-insensitive, with runs of white space as one space.
  static func footnoteKey(_ label: String) -> String {
    label.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).joined(separator: " ")
  }
}
