import BookKit
import Foundation

/// The site's code pages (`CodeVersions`), each rendered from what its reader hands out: the tangle (its
/// text and chunks), listing anchors and labels, chapter titles, numbers and page names, and `book.json`;
/// nothing of any chapter's prose, so a prose edit reuses every code page.
extension PageRenderer {
  /// The code page of version `index` of the book's files: its highlighted lines, the listing behind each
  /// part, its chapters.
  func codePage(_ index: Int) -> String {
    let version = self.reader.code.versions[index]
    let text = ChapterChanges.readerText(version.file)
    let count = self.reader.chapterCount
    // Tests are not numbered (the site folds them away).
    let unnumbered = version.path.hasPrefix("\(Workspace.testsFolder)/") ? "a test listing" : "a listing"
    let parts = CodePage.chunkLines(of: version.file).map { lines, chunk -> CodePage.Part in
      let chapter = chunk.chapterIndex
      guard (0..<count).contains(chapter) else {
        return CodePage.Part(lines: lines, href: nil, label: unnumbered, chapter: "an earlier chapter")
      }
      let chapterLabel = self.reader.label(chapter)
      let anchors = self.reader.anchors(chapter)
      guard let place = self.reader.listing(chunk.listing), place.chapter == chapter,
        anchors.indices.contains(place.ordinal)
      else {
        return CodePage.Part(lines: lines, href: nil, label: unnumbered, chapter: chapterLabel)
      }
      let listing = place.ordinal
      let heading = self.reader.heading(chapter)
      return CodePage.Part(
        lines: lines, href: "\(heading.pageName)#\(anchors[listing])",
        label: self.reader.labels[heading.path]?[anchors[listing]] ?? unnumbered, chapter: chapterLabel)
    }
    let tag = self.reader.tag(version.first)
    let page = CodePage(
      version: version, lines: self.reader.highlightedLines(text, isSwift: version.path.hasSuffix(".swift")),
      parts: parts,
      chapters: (version.first...version.last).map { (self.reader.heading($0).pageName, self.reader.label($0)) },
      tag: tag,
      repositoryHref: SourceLink(repositoryURL: self.reader.metadata.repositoryURL, tag: tag).repositoryHref(
        for: version.path),
      root: CodePageFrames.root(of: version.sitePath))
    return self.reader.codePageFrames.page(page)
  }
}
