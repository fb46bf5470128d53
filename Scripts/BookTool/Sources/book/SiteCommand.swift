import ArgumentParser
import BookCLI
import BookKit
import BookSite
import Foundation

/// `book site`: renders the chapters into a static site (by default `Chapters/` → `Site/`).
struct SiteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "site",
    abstract: "Render the chapters into a static HTML site (only files whose bytes change are written).",
    discussion: """
      Without options, renders the workspace's Chapters/ into Site/, which `book check` keeps in step. With \
      --chapters and --output, renders any folder of Markdown chapters into any folder (listing tags are \
      optional there). Nothing is written when there is an error.
      """)

  @OptionGroup var options: WorkspaceOptions

  @Option(help: "A folder of Markdown chapters to render instead of the workspace's Chapters/.")
  var chapters: String?

  @Option(help: "The folder to write the site into (default: the workspace's Site/).")
  var output: String?

  @Flag(help: "Render every page, reusing none from the last run (the output is the same).")
  var full = false

  @Flag(help: .hidden)
  var timings = false

  @Flag(
    help:
      "Highlight every listing, lay out every diagram and render every page afresh, without the caches in the workspace's .build/ folder."
  )
  var noCache = false

  func run() throws {
    try reportingFailures {
      let (input, output, folder) = try self.locations()
      var timings = SiteTimings()
      let build = CachedSiteBuild(input: input, output: output, folder: folder, caching: !self.noCache)
      if try self.isUnchanged(since: build.stamp, input: input, output: output, timings: &timings) {
        self.finish("book site: nothing changed since the last run, 0 written", timings: timings)
        return
      }
      let built = try build.render(full: self.full, timings: &timings)
      try report(built.site.diagnostics)
      let plan = try build.plan(built, timings: &timings)
      try report(plan.diagnostics)
      let changes = try build.write(built, plan: plan, timings: &timings)
      build.keep(built, plan: plan, timings: &timings)
      for path in changes.written { print("wrote \(path)") }
      for path in changes.removed { print("removed \(path)") }
      self.finish(
        "book site: \(built.site.files.count) files in \(folder.isEmpty ? output.root.path : folder), "
          + "\(changes.written.count) written, \(changes.removed.count) removed", timings: timings)
    }
  }

  /// Whether the last run's stamp shows that nothing changed (never with `--full`).
  private func isUnchanged(
    since stamp: CacheFile?, input: Workspace, output: Workspace, timings: inout SiteTimings
  ) throws -> Bool {
    guard !self.full else { return false }
    return try timings.measure(.stamp) {
      try SiteStamp.load(from: stamp)?.isCurrent(input: input, output: output) == true
    }
  }

  /// Prints the summary line, then the timings when asked for.
  private func finish(_ summary: String, timings: SiteTimings) {
    print(summary)
    if self.timings { print(timings.report) }
  }

  /// The workspace to read chapters from, the workspace to write into, and the site folder inside it.
  private func locations() throws -> (input: Workspace, output: Workspace, folder: String) {
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let input: Workspace
    if let chapters = self.chapters {
      input = Self.workspace(forFolder: URL(fileURLWithPath: chapters, relativeTo: current), near: current)
      input.lock(.exclusive)
    } else {
      input = try self.options.workspace()
    }
    guard let output = self.output else {
      guard self.chapters == nil else {
        try fail(
          "--chapters needs --output: the workspace's Site/ holds the workspace's own book",
          rule: .chaptersWithoutOutput)
      }
      return (input, input, Workspace.siteFolder)
    }
    // The folder is created only when the site is written (SiteOutput.apply), so an error leaves nothing.
    let folder = Self.realURL(of: URL(fileURLWithPath: output, relativeTo: current).standardizedFileURL)
    return (input, Workspace(root: folder), "")
  }

  /// A folder's real location when it may not exist yet: its nearest existing ancestor with symbolic
  /// links resolved, followed by the missing parts.
  private static func realURL(of folder: URL) -> URL {
    var existing = folder
    var missing: [String] = []
    while !FileManager.default.fileExists(atPath: existing.path), existing.pathComponents.count > 1 {
      missing.insert(existing.lastPathComponent, at: 0)
      existing = existing.deletingLastPathComponent()
    }
    return missing.reduce(existing.resolvingSymlinksInPath()) { $0.appendingPathComponent($1) }
  }

  /// A workspace whose chapters folder is `folder`: rooted at the current directory when the folder lies
  /// inside it (so diagnostics print short paths), else at the folder's parent.
  private static func workspace(forFolder folder: URL, near current: URL) -> Workspace {
    let folder = folder.standardizedFileURL.resolvingSymlinksInPath()
    let root = current.standardizedFileURL.resolvingSymlinksInPath()
    if folder.path.hasPrefix(root.path + "/") {
      return Workspace(root: root, chaptersFolder: String(folder.path.dropFirst(root.path.count + 1)))
    }
    return Workspace(root: folder.deletingLastPathComponent(), chaptersFolder: folder.lastPathComponent)
  }
}
