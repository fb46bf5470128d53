import BookKit

/// Renders a Mermaid flowchart to inline SVG at build time, with no JavaScript and no network.
///
/// The seam between the page renderer and the diagram renderer: pages call `render`, and embed the SVG.
public enum MermaidDiagram {
  /// Renders `source` (the code of a ```` ```mermaid ```` block whose first line is at `location`) to an
  /// `<svg>` element with `<title>`/`<desc>` from `accTitle`/`accDescr`, or a diagnostic at the chapter line
  /// that cannot be rendered.
  public static func render(source: String, at location: SourceLocation) -> Result<String, DiagnosticsError> {
    .failure(
      DiagnosticsError([
        Diagnostic(.error, id: "diagram-unsupported", at: location, "Mermaid diagrams are not rendered yet")
      ]))
  }
}
