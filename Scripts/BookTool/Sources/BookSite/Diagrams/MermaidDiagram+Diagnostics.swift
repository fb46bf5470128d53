import BookKit

extension MermaidDiagram {
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
}
