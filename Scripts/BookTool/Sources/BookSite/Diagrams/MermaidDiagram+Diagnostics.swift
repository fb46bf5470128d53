import BookKit

extension MermaidDiagram {
  /// The rule identifiers of problems that come from the machine (graphviz), not from the chapter:
  /// such results are not cached, so that mending graphviz fixes them without a restart.
  static let graphvizRules: Set<RuleID> = [.graphvizFailed]

  /// `dot` could not lay the diagram out.
  static func graphvizFailed(_ failure: Graphviz.Failure, at location: SourceLocation) -> DiagnosticsError {
    let reason =
      switch failure {
      case .notStarted(let message): message
      case .failed(let status, let message): "dot exited with status \(status): \(message)"
      case .unexpectedOutput(let message): message
      case .layoutFailed(let message): message
      }
    return DiagnosticsError([
      Diagnostic(.error, id: .graphvizFailed, at: location, "graphviz could not lay out the diagram: \(reason)")
    ])
  }

  /// Whether a result failed because of graphviz rather than the diagram's text.
  static func dependsOnGraphviz(_ result: Result<String, DiagnosticsError>) -> Bool {
    guard case .failure(let error) = result else { return false }
    return error.diagnostics.contains { Self.graphvizRules.contains($0.id) }
  }
}
