/// A failure that is not a chapter's fault but still has a place and a rule (a file that cannot be read,
/// a path that leaves the workspace): `CommandReport` prints it as one compiler-format line. Declared
/// here, below the folders whose failures conform, so that diagnostics depend on none of them.
package protocol LocatedFailure: Error {
  /// What went wrong.
  var message: String { get }
  /// The workspace path concerned, if any.
  var location: String? { get }
  /// The rule it breaks.
  var rule: RuleID { get }
}

/// A stage's failure that no other type describes: a chapter number the book lacks, a subprocess that
/// failed. Located at a workspace path, or at the command line (`location` nil).
package struct StageFailure: LocatedFailure, Equatable {
  /// What went wrong.
  package var message: String
  /// The workspace path concerned, if any.
  package var location: String?
  /// The rule it breaks.
  package var rule: RuleID

  /// A failure at `location` (nil: the command's arguments).
  package init(_ message: String, at location: String? = nil, rule: RuleID) {
    self.message = message
    self.location = location
    self.rule = rule
  }
}
