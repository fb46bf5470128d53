import BookKit
import Foundation

/// The site's code pages (`CodeVersions`): their keys, which an earlier site already holds, and rendering
/// the others inside the site's template.
///
/// A code page reads only what the book digest covers (`PageKeys`): the tangle (its text and chunks),
/// listing anchors and labels, chapter titles, numbers and page names, and `book.json`. So its key is the
/// book digest and its path, and a prose edit reuses every code page.
extension SiteRenderer {
  /// Adds every code page to `site`, reused from `earlier` when its key is unchanged and its file is as
  /// written, rendered otherwise, each with its memo entry.
  func addCodePages(
    _ versions: CodeVersions, plan: Plan, earlier: EarlierSite?, template: PageTemplate, to site: inout RenderedSite
  ) {
    let keys = versions.versions.map { Self.codePageKey(book: plan.keys.book, sitePath: $0.sitePath) }
    var reused: [Int: Data] = [:]
    for (index, version) in versions.versions.enumerated() {
      if let page = earlier?.file(version.sitePath, key: keys[index]), let data = page.data { reused[index] = data }
    }
    let frames = CodePageFrames(template: template, bookTitle: self.metadata.title)
    let missing = versions.versions.indices.filter { reused[$0] == nil }
    let rendered = Parallel.map(missing) { index in
      Data(frames.page(self.codePage(versions.versions[index], plan: plan, frames: frames)).utf8)
    }
    for (index, data) in zip(missing, rendered) { reused[index] = data }
    for (index, version) in versions.versions.enumerated() {
      site.files[version.sitePath] = reused[index]
      site.memo.entries[version.sitePath] = SiteMemo.Entry(key: keys[index])
    }
    let renderedPaths = Set(missing.map { versions.versions[$0].sitePath })
    site.reusedFiles.formUnion(versions.versions.map(\.sitePath).filter { !renderedPaths.contains($0) })
  }

  /// A code page's key: the book digest and the page's path.
  static func codePageKey(book: ContentDigest, sitePath: String) -> ContentDigest {
    var hasher = DigestHasher()
    hasher.combine("code")
    hasher.combine(book)
    hasher.combine(sitePath)
    return hasher.finalize()
  }

  /// The page of one version: its highlighted lines, the listing behind each part, its chapters.
  private func codePage(_ version: CodeVersions.Version, plan: Plan, frames: CodePageFrames) -> CodePage {
    let chapters = self.book.chapters
    let text = ChapterChanges.readerText(version.file)
    // Tests are not numbered (the site folds them away).
    let unnumbered = version.path.hasPrefix("Tests/") ? "a test listing" : "a listing"
    let parts = CodePage.chunkLines(of: version.file).map { lines, chunk -> CodePage.Part in
      let index = chunk.chapterIndex
      let chapterLabel = chapters.indices.contains(index) ? Self.label(chapters[index]) : "an earlier chapter"
      guard chapters.indices.contains(index),
        let anchor = ListingView.anchor(of: chunk.listing, in: self.book, anchors: plan.anchors)
      else {
        return CodePage.Part(lines: lines, href: nil, label: unnumbered, chapter: chapterLabel)
      }
      return CodePage.Part(
        lines: lines, href: "\(chapters[index].pageName)#\(anchor)",
        label: plan.numbers[index].labels[anchor] ?? unnumbered,
        chapter: chapterLabel)
    }
    let tag = ChapterTagger.tagName(for: chapters[version.first], index: version.first)
    return CodePage(
      version: version, lines: self.highlighter.lines(text, isSwift: version.path.hasSuffix(".swift")), parts: parts,
      chapters: (version.first...version.last).map { (chapters[$0].pageName, Self.label(chapters[$0])) }, tag: tag,
      repositoryHref: SourceLink(repositoryURL: self.metadata.repositoryURL, tag: tag).repositoryHref(
        for: version.path),
      root: CodePageFrames.root(of: version.sitePath))
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
