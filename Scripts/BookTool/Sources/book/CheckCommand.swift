import ArgumentParser
import BookCLI
import BookKit
import BookSite

/// `book check`: reports every problem in the chapters and every generated file out of step with them.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Check the chapters and that every generated file matches them; writes nothing.")

  @OptionGroup var options: WorkspaceOptions

  func run() throws {
    try reportingFailures {
      let (workspace, book, output) = try self.options.plannedTangle(lock: .shared)
      try report(try Self.problems(in: workspace, book: book, output: output), outcome: "book check failed")
      print("book check: \(book.chapters.count) chapters, \(output.files.count) generated files, all in step")
    }
  }

  /// Everything `book check` reports for a workspace whose book is loaded and tangle planned; `book tag`
  /// asks the same of the committed book, and of each snapshot with its own `siteProblems`.
  static func problems(
    in workspace: Workspace, book: Book, output: TangleOutput,
    siteProblems: (Book, Workspace) throws -> [Diagnostic] = { try SiteBuild.drift(book: $0, in: $1) }
  ) throws -> [Diagnostic] {
    // Site drift (issue 3): Site/ must hold exactly what `book site` would write.
    let siteDrift = try siteProblems(book, workspace)
    // Links (issue 3): every internal link, heading anchor, footnote and image of the chapters resolves.
    let brokenLinks = LinkChecker.check(book: book, workspace: workspace)
    // Pictures (issue 10): the output of `book capture` not interrupted, nothing stale or unlisted.
    // Raw HTML (issue 19): a tag that names no HTML element would drop prose from the page.
    let unknownTags = RawHTMLChecker.check(book: book)
    let pictures = try TerminalCapture.outputDrift(in: workspace)
    // Status (issue 19): each chapter's last verified result is not older than the chapters up to it.
    let status = try ChapterStatusRecord.problems(in: workspace, book: book)
    return output.diagnostics + output.drift() + siteDrift + brokenLinks + unknownTags + pictures + status
  }
}
