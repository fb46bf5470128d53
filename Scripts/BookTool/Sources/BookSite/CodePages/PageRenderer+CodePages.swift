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
    let unnumbered = version.path.hasPrefix("Tests/") ? "a test listing" : "a listing"
    let parts = CodePage.chunkLines(of: version.file).map { lines, chunk -> CodePage.Part in
      let chapter = chunk.chapterIndex
      guard (0..<count).contains(chapter) else {
        return CodePage.Part(lines: lines, href: nil, label: unnumbered, chapter: "an earlier chapter")
      }
      let chapterLabel = self.reader.label(chapter)
      let anchors = self.reader.anchors(chapter)
      guard let listing = self.reader.listing(at: chunk.origin, chapter: chapter), anchors.indices.contains(listing)
      else {
        return CodePage.Part(lines: lines, href: nil, label: unnumbered, chapter: chapterLabel)
      }
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

/// The template around a code page, made once per folder depth: the template's page with markers for
/// the title and the content, its URLs moved into the page's folder (`RootRelativeURLs`), so that each
/// page only fills in its title and content.
final class CodePageFrames: @unchecked Sendable {
  // Unchecked: `frames` is read and written only while holding `lock`.
  private let template: PageTemplate
  private let bookTitle: String
  private let lock = NSLock()
  private var frames: [Int: [String]] = [:]

  init(template: PageTemplate, bookTitle: String) {
    self.template = template
    self.bookTitle = bookTitle
  }

  /// Markers no title or content holds (Markdown never yields U+0000 or U+0001; code pages escape text).
  private static let titleMarker = "\u{1}", contentMarker = "\u{0}"

  /// `code/01-one/Sources/M/A.swift.html` → `../../../../`.
  static func root(of sitePath: String) -> String {
    String(repeating: "../", count: sitePath.split(separator: "/").count - 1)
  }

  /// The whole page.
  func page(_ page: CodePage) -> String {
    let title = "\(page.title) · \(self.bookTitle)"
    let depth = page.root.utf8.count / 3
    let frame = self.frame(depth: depth)
    guard frame.count == 3 else {
      let whole = self.template.page(
        title: title, content: page.content, current: nil, previous: nil, next: nil, bodyClass: "code-page")
      return RootRelativeURLs.relocate(whole, depth: depth)
    }
    return frame[0] + HTML.escape(title) + frame[1] + page.content + frame[2]
  }

  /// The frame at `depth`, split around the title and the content; fewer than three parts if a marker
  /// went missing.
  private func frame(depth: Int) -> [String] {
    self.lock.withLock {
      if let known = self.frames[depth] { return known }
      let html = self.template.page(
        title: Self.titleMarker, content: Self.contentMarker, current: nil, previous: nil, next: nil,
        bodyClass: "code-page")
      let moved = RootRelativeURLs.relocate(html, depth: depth)
      let halves = moved.split(separator: Self.contentMarker, omittingEmptySubsequences: false)
      let head = halves.first?.split(separator: Self.titleMarker, omittingEmptySubsequences: false) ?? []
      let parts = halves.count == 2 && head.count == 2 ? [String(head[0]), String(head[1]), String(halves[1])] : []
      self.frames[depth] = parts
      return parts
    }
  }
}
