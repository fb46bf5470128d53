import BookKit
import Foundation

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
    // The content is appended straight into the page, which grows once.
    var html = frame[0]
    html += HTML.escape(title)
    html += frame[1]
    page.appendContent(to: &html, reserving: frame[2].utf8.count)
    html += frame[2]
    return html
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
