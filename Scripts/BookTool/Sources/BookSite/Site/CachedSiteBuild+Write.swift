import BookKit
import Foundation

extension CachedSiteBuild {
  /// A site rendered and written: what `book site` and `book serve` print, and keep afterwards.
  package struct Written: Sendable {
    /// The site as built, with the caches to keep.
    package var built: BuiltSite
    /// The plan that was applied.
    package var plan: SiteOutput
    /// The files written and removed.
    package var changes: SiteOutput.Changes
    /// The render's and the plan's problems, none of them an error (warnings such as `diagram-too-wide`).
    package var diagnostics: [Diagnostic]

    /// Whether any file was written or removed.
    package var changedFiles: Bool { !self.changes.written.isEmpty || !self.changes.removed.isEmpty }
  }

  /// Whether the last build's stamp shows that nothing changed since (never asked with `--full`).
  package func isUnchanged(timings: inout SiteTimings) throws -> Bool {
    try timings.measure(.stamp) {
      try SiteStamp.load(from: self.stamp)?.isCurrent(input: self.input, output: self.output) == true
    }
  }

  /// Renders the book, plans the site against the folder and writes only the files whose bytes change;
  /// `full` renders every page. An error in the render or the plan throws `DiagnosticsError` with every
  /// problem found, and nothing is written. The caller keeps the caches afterwards (`keep(_:timings:)`).
  package func renderAndWrite(full: Bool = false, timings: inout SiteTimings) throws -> Written {
    let built = try self.render(full: full, timings: &timings)
    guard !built.site.diagnostics.hasErrors else { throw DiagnosticsError(built.site.diagnostics) }
    let plan = try self.plan(built, timings: &timings)
    let diagnostics = built.site.diagnostics + plan.diagnostics
    guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics) }
    let changes = try self.write(built, plan: plan, timings: &timings)
    return Written(built: built, plan: plan, changes: changes, diagnostics: diagnostics)
  }

  /// Keeps the caches of a written site and stamps it (`keep(_:plan:timings:)`).
  package func keep(_ written: Written, timings: inout SiteTimings) {
    self.keep(written.built, plan: written.plan, timings: &timings)
  }
}
