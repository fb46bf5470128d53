import BookKit

/// `book check`'s work: every problem in the chapters and every generated file out of step with them.
/// `book tag` asks the same of the committed book, so it refuses whatever `book check` refuses.
package enum BookCheck {
  /// Everything `book check` reports for a workspace whose book is loaded and whose tangle is planned;
  /// `siteProblems` compares `Site/` with what `book site` would write (`book tag` passes its own for a
  /// snapshot whose site it has just rendered).
  package static func problems(
    in workspace: Workspace, book: Book, output: TangleOutput,
    siteProblems: (Book, Workspace) throws -> [Diagnostic] = { try SiteBuild.drift(book: $0, in: $1) }
  ) throws -> [Diagnostic] {
    // Site drift (issue 3): Site/ must hold exactly what `book site` would write.
    let siteDrift = try siteProblems(book, workspace)
    // Links (issue 3): every internal link, heading anchor, footnote and image of the chapters resolves.
    let brokenLinks = LinkChecker.check(book: book, workspace: workspace)
    // Raw HTML (issue 19): a tag that names no HTML element would drop prose from the page.
    let unknownTags = RawHTMLChecker.check(book: book)
    // Pictures (issue 10): the output of `book capture` not interrupted, nothing stale or unlisted.
    let pictures = try TerminalCapture.outputDrift(in: workspace)
    // Status (issue 19): each chapter's last verified result is not older than the chapters up to it.
    let status = try ChapterStatusRecord.problems(in: workspace, book: book)
    // Result files (issue 22): a file under Chapters/data/ that no figure or quoted number uses.
    let unusedData = BookData.unused(in: workspace, book: book)
    return output.diagnostics + output.drift() + siteDrift + brokenLinks + unknownTags + pictures + status
      + unusedData
  }
}
