/// Where ids and links point: on a chapter's own page, or inside the one-page print edition, where every
/// chapter's ids carry the chapter's name so that they stay unique.
struct PageLinks: Sendable {
  /// The two places a chapter is rendered.
  enum Mode: Sendable {
    /// One page per chapter: ids as they are, links to `page.html#id`.
    case chapterPages
    /// Every chapter on one page: ids become `page--id`, links become `#page--id`.
    case printEdition
  }

  /// Which place.
  var mode: Mode
  /// The page of the chapter being rendered (`01-immutable-data.html`).
  var currentPage: String
  /// Every chapter's page name, so that the print edition knows which links stay on the page.
  var chapterPages: Set<String>
  /// The chapter's path in the workspace (`Chapters/03-x.md`): links to files are relative to its folder.
  var chapterPath = ""
  /// Each tangled file's code page at the end of the chapter, by path in the workspace: a link to the
  /// file (`../Sources/M/A.swift#L3`) goes to its page (`code/02-y/Sources/M/A.swift.html#L3`).
  var codePages: [String: String] = [:]

  /// The id an anchor of the current chapter gets: `store` → `store`, or `01-immutable-data--store`.
  func id(_ anchor: String) -> String {
    switch self.mode {
    case .chapterPages: anchor
    case .printEdition: "\(Self.stem(self.currentPage))--\(anchor)"
    }
  }

  /// A link to a chapter page, or to an anchor on it.
  func href(page: String, anchor: String?) -> String {
    switch self.mode {
    case .chapterPages:
      guard let anchor else { return page }
      return page == self.currentPage ? "#\(anchor)" : "\(page)#\(anchor)"
    case .printEdition:
      guard self.chapterPages.contains(page) else { return anchor.map { "\(page)#\($0)" } ?? page }
      return "#" + (anchor.map { "\(Self.stem(page))--\($0)" } ?? Self.stem(page))
    }
  }

  /// A Markdown link destination as the site writes it: a sibling chapter `02-x.md#y` becomes
  /// `02-x.html#y`, a fragment `#y` stays on the current chapter; everything else is left alone.
  func rewrite(_ destination: String) -> String {
    self.href(self.target(of: destination))
  }

  /// Where a Markdown link destination leads, before it is written for one place.
  enum Target: Equatable {
    /// A URL written as it is: a code page (with the link's fragment), or any link the site leaves alone.
    case fixed(String)
    /// An anchor of the current chapter.
    case currentChapter(anchor: String)
    /// A chapter page, or an anchor on it.
    case chapter(page: String, anchor: String?)
  }

  /// Where `destination` leads. It depends on the code pages and the chapter's path alone, not on the mode
  /// or the current page: two link sets that share those resolve every destination alike.
  func target(of destination: String) -> Target {
    if let page = self.codePage(destination) { return .fixed(page) }
    if destination.hasPrefix("#") { return .currentChapter(anchor: String(destination.dropFirst())) }
    let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let path = parts[0]
    guard path.hasSuffix(".md"), !path.contains("/"), !path.contains(":"), !path.contains("?") else {
      return .fixed(destination)
    }
    return .chapter(page: String(path.dropLast(3)) + ".html", anchor: parts.count > 1 ? String(parts[1]) : nil)
  }

  /// A target written for this place.
  func href(_ target: Target) -> String {
    switch target {
    case .fixed(let url): url
    case .currentChapter(let anchor): self.href(page: self.currentPage, anchor: anchor)
    case .chapter(let page, let anchor): self.href(page: page, anchor: anchor)
    }
  }

  /// The code page a link to a tangled file goes to, with the link's fragment; nil for any other link.
  private func codePage(_ destination: String) -> String? {
    guard !self.codePages.isEmpty, case .relative(let path, let fragment) = LinkDestination(destination) else {
      return nil
    }
    let folder = self.chapterPath.split(separator: "/").dropLast().joined(separator: "/")
    guard let resolved = LinkDestination.resolve(path, in: folder), let page = self.codePages[resolved] else {
      return nil
    }
    return page + (fragment.map { "#\($0)" } ?? "")
  }

  /// A page name without `.html`: the print edition's id of the chapter itself.
  static func stem(_ page: String) -> String {
    page.hasSuffix(".html") ? String(page.dropLast(5)) : page
  }
}
