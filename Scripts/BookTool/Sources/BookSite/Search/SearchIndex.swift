import BookKit
import Foundation

/// The client-side search index: one entry per section of every chapter, written as a script that assigns a
/// global (a local JSON file cannot be fetched under `file://`).
///
/// Each entry holds the section's words once each, lowercased, so that the file stays small and a query
/// is a handful of substring tests: `## The store` + "A store holds state." →
/// `[0, "the-store", "The store", "A store holds state.", "the store holds state"]`.
package struct SearchIndex: Sendable {
  /// One searchable section.
  package struct Entry: Hashable, Sendable {
    /// The chapter's index in book order.
    package var chapterIndex: Int
    /// The heading's anchor.
    package var anchor: String
    /// The heading's text.
    package var title: String
    /// The first words of the section's prose, shown under a result.
    package var excerpt: String
    /// The section's distinct words (prose and code), lowercased, space-separated, in first-seen order.
    package var words: String
  }

  /// The index's path inside the site.
  static let path = "assets/search-index.js"

  /// The entries, in book order.
  package var entries: [Entry]
  /// The chapters' page names and titles, in book order.
  package var pages: [(page: String, title: String)]

  /// Builds the index of a book whose chapters have the given sections.
  package init(chapters: [Chapter], sections: [[Section]]) {
    self.pages = chapters.map { ($0.pageName, $0.title) }
    self.entries = Parallel.map(Array(chapters.indices)) { index in
      Self.entries(of: chapters[index], sections: sections[index], index: index)
    }.flatMap { $0 }
  }

  /// The sections of one chapter: each top-level heading starts one; text before the first heading
  /// belongs to the chapter's title.
  private static func entries(
    of chapter: Chapter, sections: [Section], index: Int, data: BookData = BookData()
  ) -> [Entry] {
    let sections = Dictionary(sections.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
    var entries: [Entry] = []
    var prose = ""
    // Whether `prose` holds 400 characters or more: then it takes no more text.
    var proseIsFull = false
    var words = WordSet()
    var current = Entry(chapterIndex: index, anchor: "", title: chapter.title, excerpt: "", words: "")
    func finish() {
      guard !current.anchor.isEmpty || !prose.isEmpty else { return }
      words.add(current.title)
      current.excerpt = Self.excerpt(prose)
      current.words = words.joined
      entries.append(current)
    }
    for block in chapter.document.children {
      if case .heading = block.kind, let section = sections[block.startLine] {
        finish()
        current = Entry(chapterIndex: index, anchor: section.id, title: section.title, excerpt: "", words: "")
        prose = ""
        proseIsFull = false
        words = WordSet()
        continue
      }
      if case .footnoteDefinition = block.kind { continue }
      if case .codeBlock(_, let literal, _) = block.kind {
        words.add(literal)
        continue
      }
      // A number quoted from a result file is found as the page shows it.
      let text = DataReference.substituting(Self.text(of: block), value: data.value)
      if !proseIsFull {
        // Counting characters costs more than the rest: bytes first, whose count is never smaller.
        proseIsFull = prose.utf8.count >= 400 && prose.count >= 400
        if !proseIsFull { prose += (prose.isEmpty ? "" : " ") + text }
      }
      words.add(text)
    }
    finish()
    return entries
  }

  /// A block's text with a space between its blocks and table cells (`plainText` runs them together).
  private static func text(of node: MarkdownNode) -> String {
    switch node.kind {
    case .paragraph, .heading: return node.plainText
    case .codeBlock(_, let literal, _): return literal
    case .text, .code, .softBreak, .lineBreak, .emphasis, .strong, .strikethrough, .link, .image, .htmlInline,
      .footnoteReference:
      return node.plainText
    default: return node.children.map(Self.text(of:)).filter { !$0.isEmpty }.joined(separator: " ")
    }
  }

  /// About the first 160 characters of some prose, cut at a word and with whitespace collapsed.
  static func excerpt(_ prose: String) -> String {
    if prose.utf8.allSatisfy({ $0 < 0x80 }) { return Self.asciiExcerpt(prose) }
    let collapsed = prose.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard collapsed.count > 160 else { return collapsed }
    let cut = collapsed.prefix(160)
    return (cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)) + "…"
  }

  /// The same for ASCII prose, by bytes: ASCII's whitespace is tab, line feed, vertical tab, form feed,
  /// carriage return and space, and every character is one byte (`\r\n` is one character but two
  /// separators, which give the same words).
  private static func asciiExcerpt(_ prose: String) -> String {
    var collapsed: [UInt8] = []
    var pendingSpace = false
    for byte in prose.utf8 {
      if (0x09...0x0D).contains(byte) || byte == 0x20 {
        pendingSpace = !collapsed.isEmpty
        continue
      }
      if pendingSpace { collapsed.append(UInt8(ascii: " ")) }
      pendingSpace = false
      collapsed.append(byte)
    }
    guard collapsed.count > 160 else { return String(decoding: collapsed, as: UTF8.self) }
    let cut = collapsed.prefix(160)
    let end = cut.lastIndex(of: UInt8(ascii: " ")) ?? cut.endIndex
    return String(decoding: cut[..<end], as: UTF8.self) + "…"
  }

  /// The index as JavaScript: `window.BOOK_SEARCH = {"pages": [...], "sections": [...]};`, one entry per
  /// line so that a changed chapter changes few lines.
  package var script: String {
    var blocks: [String] = []
    var current: [String] = []
    var chapter: Int?
    for entry in self.entries {
      if entry.chapterIndex != chapter, !current.isEmpty {
        blocks.append(current.joined(separator: ",\n"))
        current = []
      }
      chapter = entry.chapterIndex
      current.append(Self.line(entry))
    }
    if !current.isEmpty { blocks.append(current.joined(separator: ",\n")) }
    let script = Self.script(pages: self.pages, blocks: blocks.map { Data($0.utf8) })
    return String(decoding: script.data, as: UTF8.self)
  }

  /// One chapter's entries as they stand in the script (one per line, separated by `,` and a newline):
  /// the part of the index that depends on that chapter's source and index alone.
  static func block(of chapter: Chapter, sections: [Section], index: Int, data: BookData = BookData()) -> String {
    Self.entries(of: chapter, sections: sections, index: index, data: data).map(Self.line).joined(separator: ",\n")
  }

  /// The script from the pages and each chapter's block, with where each block lies in it.
  static func script(pages: [(page: String, title: String)], blocks: [Data]) -> (data: Data, ranges: [Range<Int>]) {
    var head = "window.BOOK_SEARCH = {\"pages\": [\n"
    head += pages.enumerated().map { index, page in
      "[\(JS.string(page.page)), \(JS.string(page.title))]\(index == pages.count - 1 ? "" : ",")\n"
    }.joined()
    head += "], \"sections\": [\n"
    var data = Data()
    data.reserveCapacity(head.utf8.count + blocks.reduce(0) { $0 + $1.count + 2 } + 5)
    data.append(contentsOf: head.utf8)
    var ranges: [Range<Int>] = []
    var first = true
    for block in blocks {
      if !block.isEmpty, !first { data.append(contentsOf: ",\n".utf8) }
      let start = data.count
      data.append(block)
      ranges.append(start..<data.count)
      if !block.isEmpty {
        first = false
      }
    }
    data.append(contentsOf: (first ? "]};\n" : "\n]};\n").utf8)
    return (data, ranges)
  }

  /// One entry's line, without the comma that separates it from the next.
  private static func line(_ entry: Entry) -> String {
    var line = Array("[\(entry.chapterIndex)".utf8)
    for field in [entry.anchor, entry.title, entry.excerpt, entry.words] {
      line += ", ".utf8
      JS.appendString(field, to: &line)
    }
    line.append(UInt8(ascii: "]"))
    return String(decoding: line, as: UTF8.self)
  }
}
