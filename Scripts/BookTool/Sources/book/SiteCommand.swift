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
      if !self.full, try build.isUnchanged(timings: &timings) {
        self.finish("book site: nothing changed since the last run, 0 written", timings: timings)
        return
      }
      let written = try build.renderAndWrite(full: self.full, timings: &timings)
      try report(written.diagnostics)
      build.keep(written, timings: &timings)
      for path in written.changes.written { print("wrote \(path)") }
      for path in written.changes.removed { print("removed \(path)") }
      self.finish(
        "book site: \(written.built.site.files.count + written.built.site.kept.count) files in \(folder.isEmpty ? output.root.path : folder), "
          + "\(written.changes.written.count) written, \(written.changes.removed.count) removed", timings: timings)
      Discard.drop(written)
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
      input = Workspace.forChapters(inFolder: chapters, near: current)
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
    return (input, Workspace.forOutput(folder: output, near: current), "")
  }
}
