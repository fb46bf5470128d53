import BookKit
import Foundation

/// The incremental build of `book site`, shared with `book serve`: render with the workspace's caches
/// (highlights, diagrams, e-book chapters) and its page memo, then write what changed, keep the caches
/// and stamp the build. The output is byte-identical to a full render; only the time differs.
package struct CachedSiteBuild: Sendable {
  /// The workspace whose chapters are rendered, the workspace written into, and the site's folder in it.
  package let input: Workspace, output: Workspace, folder: String
  /// The caches in the input workspace's `.build/` (nil: `--no-cache`).
  let highlights: HighlightCache?, diagrams: DiagramCache?
  /// The page memo of this site folder (nil: `--no-cache`).
  let memo: SiteMemo?
  /// The chapters parsed by earlier builds of this value, kept in memory (`book serve`), or nil.
  let parsed: ParsedChapters?

  /// The build of `input`'s chapters into `folder` of `output`; `caching: false` uses no cache at all.
  /// `keepingChapters` keeps the parsed chapters in memory for the next build of this value.
  package init(
    input: Workspace, output: Workspace, folder: String, caching: Bool = true, keepingChapters: Bool = false
  ) {
    (self.input, self.output, self.folder) = (input, output, folder)
    self.highlights = caching ? HighlightCache(workspaceRoot: input.root) : nil
    self.diagrams = caching ? DiagramCache(workspaceRoot: input.root) : nil
    self.memo = caching ? SiteMemo(input: input, output: output, folder: folder) : nil
    self.parsed = keepingChapters ? ParsedChapters() : nil
  }

  /// The stamp file of this site folder (nil for a folder outside a workspace's own `Site/`).
  package var stamp: CacheFile? { SiteStamp.file(input: self.input, output: self.output, folder: self.folder) }

  /// Renders the book; `full` renders every page, reusing none from the site folder (it still leaves a
  /// memo for the next build).
  package func render(full: Bool = false, timings: inout SiteTimings) throws -> BuiltSite {
    try SiteBuild.make(
      from: self.input, cache: self.highlights, diagrams: self.diagrams, memo: full ? nil : self.memo,
      parsed: self.parsed, timings: &timings)
  }

  /// Plans `built` against the folder on disk: what would be written and removed, and its problems.
  package func plan(_ built: BuiltSite, timings: inout SiteTimings) throws -> SiteOutput {
    try timings.measure(.write) {
      try SiteOutput(site: built.site, workspace: self.output, folder: self.folder, readAhead: built.readAhead)
    }
  }

  /// Writes a planned site that has no errors: only the files whose bytes change.
  package func write(
    _ built: BuiltSite, plan: SiteOutput, timings: inout SiteTimings
  ) throws -> SiteOutput.Changes {
    try timings.measure(.write) { try plan.apply(to: self.output) }
  }

  /// Once `built` is written: keeps the caches it used and stamps the build (a failure to keep either
  /// only costs the next build its shortcut). `book serve` does it after the open pages are told to reload.
  package func keep(_ built: BuiltSite, plan: SiteOutput, timings: inout SiteTimings) {
    timings.measure(.caches) {
      SiteBuild.keepCaches(of: built, highlights: self.highlights, diagrams: self.diagrams, memo: self.memo)
    }
    if let stamp = self.stamp {
      timings.measure(.stamp) { SiteStamp.after(writing: built, output: plan).save(to: stamp) }
    }
  }
}
