import BookKit
import Foundation

/// The build around the pure renderer: runs its stages in turn, timing each, and reuses every part of the
/// site an earlier build left whose inputs, as that build's readers noted them, are unchanged
/// (ARCHITECTURE.md, "Incremental site builds"). The result is byte for byte what `SiteRenderer.render()`
/// gives; only the time differs.
enum MemoizedRender {
  /// Renders every part with `renderer`, untimed.
  static func run(_ renderer: SiteRenderer) -> BuiltSite {
    var untimed = SiteTimings()
    return Self.run(renderer, earlier: nil, diagrams: nil, timings: &untimed)
  }

  /// Renders with `renderer`, taking from `earlier` (the site folder and its memo) what is still current,
  /// and looking diagrams up in `store`. Once the pages are made, `beside` adds what the build makes of
  /// the pages alone (the pictures, and the e-book, which it starts on another thread), seeing the names
  /// of `print.html` and the search script but not their bytes; what it returns finishes that work once
  /// the print articles, the search entries and those two files are made.
  static func run(
    _ renderer: SiteRenderer, earlier: EarlierSite?, diagrams store: DiagramStore?, timings: inout SiteTimings,
    beside: (inout BuiltSite, inout SiteTimings) -> (inout BuiltSite) -> Void = { _, _ in { _ in } }
  ) -> BuiltSite {
    // Reading and hashing the old pages does not depend on the plan: it runs on another thread meanwhile.
    let prefetch = Background { earlier?.prefetchingRecordedFiles() }
    // graphviz lays the diagrams out one at a time, from the book alone: started before the plan, it keeps
    // a core busy beside the plan, the changes' texts and the highlight keys, which leave one idle, and the
    // highlighter keeps the other core busy once it starts. (Started after the prefetch: on one core, the
    // plan waits for that first.)
    let layout = Background { renderer.diagrams(store: store) }
    let plan = timings.measure(.plan) { renderer.plan() }
    let earlier = prefetch.value
    let reused = timings.measure(.plan) { Self.reusable(plan, of: renderer, in: earlier) }
    let missing = plan.parts.filter { reused[$0] == nil }
    let needs = SiteRenderer.Needs(rendering: missing)
    let texts = timings.measure(.changes) { renderer.changeTexts(for: needs) }
    timings.measure(.highlight) {
      let keys = renderer.highlightKeys(for: needs, texts: texts, plan: plan)
      renderer.keepDeclarations()
      renderer.highlighter.readCache(for: keys)
      renderer.highlight(keys)
    }
    let diagrams = timings.measure(.diagrams) { layout.value }
    var prepared = renderer.prepared(plan: plan, texts: texts, diagrams: diagrams)
    prepared.views = timings.measure(.views) { renderer.views(for: needs, prepared) }
    prepared.changes = timings.measure(.changes) { renderer.changes(for: needs, prepared) }
    var parts = reused
    var built = BuiltSite(site: RenderedSite())
    var finish: (inout BuiltSite) -> Void = { _ in }
    for (stage, rendering) in Self.stages(of: missing) {
      let rendered = timings.measure(stage) { [prepared] in
        Parallel.map(rendering) { renderer.render($0, prepared: prepared) }
      }
      for (part, output) in zip(rendering, rendered) { parts[part] = output }
      guard stage == .pages else { continue }
      // Every page is made: the site but for print.html and the search script, and what `beside` makes of
      // the pages, while the print articles and the search entries are rendered.
      let site = timings.measure(.print) { [prepared, parts] in renderer.assemble(parts, prepared: prepared) }
      built = Self.built(site, plan: plan, renderer: renderer, reused: reused, earlier: earlier)
      finish = beside(&built, &timings)
    }
    let made = timings.measure(.print) { [prepared, parts] in renderer.printAndSearch(parts, prepared: prepared) }
    for (path, data) in made.files { built.site.files[path] = data }
    built.memo = Self.record(of: parts, plan: plan, renderer: renderer, slices: made.slices)
    timings.measure(.print) { finish(&built) }
    // The highlighter, the listing views and every part's record: never freed by `book site`.
    Discard.drop((prepared, parts, reused))
    return built
  }

  /// The build of `site`: which of its files and slices were taken from `earlier`, and what the output
  /// plan and the next memo need of it.
  private static func built(
    _ site: RenderedSite, plan: SiteRenderer.Plan, renderer: SiteRenderer, reused: [SitePart: RenderedPart],
    earlier: EarlierSite?
  ) -> BuiltSite {
    var built = BuiltSite(site: site)
    built.reusedFiles = Set(
      reused.keys.compactMap { part in
        if case .file(let path) = renderer.location(of: part, plan: plan) { path } else { nil }
      })
    built.reusedArticles = reused.keys.filter { if case .article = $0 { true } else { false } }.count
    built.reusedSearchBlocks = reused.keys.filter { if case .searchEntries = $0 { true } else { false } }.count
    built.sections = plan.sections
    built.readAhead = earlier?.readAhead ?? [:]
    built.readAheadHashes = earlier?.readAheadHashes ?? [:]
    built.unchangedStatuses = (earlier?.vouchedStatuses ?? [:]).filter { built.reusedFiles.contains($0.key) }
    return built
  }

  /// The parts `earlier` still holds as this book would render them.
  private static func reusable(
    _ plan: SiteRenderer.Plan, of renderer: SiteRenderer, in earlier: EarlierSite?
  ) -> [SitePart: RenderedPart] {
    guard let earlier else { return [:] }
    var reused: [SitePart: RenderedPart] = [:]
    for part in plan.parts {
      reused[part] = earlier.reusable(part, at: renderer.location(of: part, plan: plan), digests: plan.digests)
    }
    return reused
  }

  /// The parts to render, grouped by the stage whose time they count in: pages (chapter, changes and code
  /// pages), the print edition's articles, the search entries.
  private static func stages(of parts: [SitePart]) -> [(SiteTimings.Stage, [SitePart])] {
    var pages: [SitePart] = []
    var articles: [SitePart] = []
    var search: [SitePart] = []
    for part in parts {
      switch part {
      case .page, .changes, .code: pages.append(part)
      // The symbols page takes longest: started first, it does not leave a core idle at the end.
      case .symbols: pages.insert(part, at: 0)
      case .article: articles.append(part)
      case .searchEntries: search.append(part)
      }
    }
    return [(.pages, pages), (.print, articles), (.search, search)]
  }

  /// The memo's record of every part: what it read, the images it uses, where the slices lie.
  private static func record(
    of parts: [SitePart: RenderedPart], plan: SiteRenderer.Plan, renderer: SiteRenderer,
    slices: [String: [Range<Int>]?]
  ) -> SiteMemo.Record {
    var record = SiteMemo.Record(tool: SiteStamp.toolIdentity)
    var sliced: [String: [[String: String]]] = [:]
    for part in plan.parts {
      let output = parts[part] ?? RenderedPart(data: nil, images: [], inputs: [:])
      switch renderer.location(of: part, plan: plan) {
      case .file(let path):
        record.entries[path] = SiteMemo.Entry(
          part: part.name, inputs: output.inputs, absent: output.data == nil && output.kept == nil,
          images: output.images)
      case .slice(let path, _):
        sliced[path, default: []].append(output.inputs)
      }
    }
    for (path, inputs) in sliced {
      let ranges = slices[path] ?? nil
      record.entries[path] = SiteMemo.Entry(
        part: path, inputs: [:], articles: PrintPage(data: Data(), ranges: ranges).articles(inputs: inputs))
    }
    return record
  }
}
