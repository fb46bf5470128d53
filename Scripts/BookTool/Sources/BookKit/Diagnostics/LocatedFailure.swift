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
