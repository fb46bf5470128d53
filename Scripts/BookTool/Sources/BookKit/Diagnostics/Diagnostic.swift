/// A located finding about the book: an error that stops the tool, or a note that explains another.
///
/// Diagnostics print in the compiler's format, `Chapters/01-store.md:12:5: error: message`, followed by
/// their notes in the same format, so that editors and CI logs make them clickable.
package struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious a diagnostic is.
  package enum Severity: String, Sendable {
    /// The book is wrong; the tool writes nothing and exits non-zero.
    case error
    /// Something worth fixing that does not stop the tool.
    case warning
    /// Extra context for the diagnostic that carries it.
    case note
  }

  /// A stable identifier for the rule that was broken, e.g. `unknown-attribute`.
  package var id: RuleID
  /// How serious it is.
  package var severity: Severity
  /// Where it applies.
  package var location: SourceLocation
  /// A terse summary, phrased as the rule that was broken.
  package var message: String
  /// Further locations that explain this one ("first defined here").
  package var notes: [Diagnostic]

  /// Creates a diagnostic.
  package init(
    _ severity: Severity, id: RuleID, at location: SourceLocation, _ message: String,
    notes: [Diagnostic] = []
  ) {
    self.id = id
    self.severity = severity
    self.location = location
    self.message = message
    self.notes = notes
  }

  /// Creates a note to attach to another diagnostic.
  package static func note(at location: SourceLocation, _ message: String) -> Diagnostic {
    Diagnostic(.note, id: .note, at: location, message)
  }

  /// The diagnostic and its notes, one per line, in compiler format.
  package var description: String {
    let head = "\(self.location): \(self.severity.rawValue): \(self.message) [\(self.id)]"
    return ([head] + self.notes.map(\.description)).joined(separator: "\n")
  }
}

extension Array where Element == Diagnostic {
  /// Whether any of the diagnostics is an error.
  package var hasErrors: Bool { self.contains { $0.severity == .error } }

  /// The diagnostics in reading order: by location, then by message.
  package func sortedByLocation() -> [Diagnostic] {
    self.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
  }
}

/// Thrown when a stage found errors; carries every diagnostic it collected, not just the first.
package struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
  /// The diagnostics, in reading order.
  package var diagnostics: [Diagnostic]

  /// Creates the error from diagnostics, sorting them into reading order.
  package init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics.sortedByLocation()
  }

  /// Every diagnostic, one after another.
  package var description: String { self.diagnostics.map(\.description).joined(separator: "\n") }
}
