/// A located finding about the book: an error that stops the tool, or a note that explains another.
///
/// Diagnostics print in the compiler's format, `Chapters/01-store.md:12:5: error: message`, followed by
/// their notes in the same format, so that editors and CI logs make them clickable.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// How serious a diagnostic is.
  public enum Severity: String, Sendable {
    /// The book is wrong; the tool writes nothing and exits non-zero.
    case error
    /// Something worth fixing that does not stop the tool.
    case warning
    /// Extra context for the diagnostic that carries it.
    case note
  }

  /// A stable identifier for the rule that was broken, e.g. `unknown-attribute`.
  public var id: RuleID
  /// How serious it is.
  public var severity: Severity
  /// Where it applies.
  public var location: SourceLocation
  /// A terse summary, phrased as the rule that was broken.
  public var message: String
  /// Further locations that explain this one ("first defined here").
  public var notes: [Diagnostic]

  /// Creates a diagnostic.
  public init(
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
  public static func note(at location: SourceLocation, _ message: String) -> Diagnostic {
    Diagnostic(.note, id: .note, at: location, message)
  }

  /// The diagnostic and its notes, one per line, in compiler format.
  public var description: String {
    let head = "\(self.location): \(self.severity.rawValue): \(self.message) [\(self.id)]"
    return ([head] + self.notes.map(\.description)).joined(separator: "\n")
  }
}

extension Array where Element == Diagnostic {
  /// Whether any of the diagnostics is an error.
  public var hasErrors: Bool { self.contains { $0.severity == .error } }

  /// The diagnostics in reading order: by location, then by message.
  public func sortedByLocation() -> [Diagnostic] {
    self.sorted { ($0.location, $0.message) < ($1.location, $1.message) }
  }
}

/// Thrown when a stage found errors; carries every diagnostic it collected, not just the first.
public struct DiagnosticsError: Error, Sendable, CustomStringConvertible {
  /// The diagnostics, in reading order.
  public var diagnostics: [Diagnostic]

  /// Creates the error from diagnostics, sorting them into reading order.
  public init(_ diagnostics: [Diagnostic]) {
    self.diagnostics = diagnostics.sortedByLocation()
  }

  /// Every diagnostic, one after another.
  public var description: String { self.diagnostics.map(\.description).joined(separator: "\n") }
}
