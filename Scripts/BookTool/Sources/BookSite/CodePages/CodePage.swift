import BookKit

/// The content of one code page: a file of the book's code as it stands at the end of some chapters,
/// read-only and highlighted, with line numbers that are anchors (`#L12`), links back to the chapters and
/// to the listing that wrote each part, and (when `book.json` names a repository) to the file at the
/// chapter's tag there.
///
/// The page lives in a subfolder of the site: its links to other pages start with `root` (`../../`).
struct CodePage {
  /// A part of the file that one listing wrote.
  struct Part: Equatable {
    /// The first and last line of the part (1-based).
    var lines: ClosedRange<Int>
    /// The link to the listing, from the site's root (`01-one.html#listing-m-a-a`), or nil when the
    /// listing is not known.
    var href: String?
    /// How the link reads: `Listing 1.2`, or `a listing` when the listing has no number (a test).
    var label: String
    /// How the listing's chapter is named: `chapter 1`.
    var chapter: String
  }

  /// The version shown.
  var version: CodeVersions.Version
  /// Each line's HTML, highlighted.
  var lines: [String]
  /// The parts, in file order.
  var parts: [Part]
  /// The chapters at whose end the file reads this way: their page (from the root) and label.
  var chapters: [(page: String, label: String)]
  /// The chapter's tag (`chapter-03`), for the repository link and the note.
  var tag: String
  /// The file at that tag on the book's repository, when `book.json` names one.
  var repositoryHref: String?
  /// The way from the page's folder back to the site's root: `../../`.
  var root: String

  /// The page's title, before the book's title.
  var title: String {
    "\(self.version.path) at the end of \(self.chapters.first?.label ?? "a chapter")"
  }

  /// The page's content, inside the template's `<main>`.
  var content: String {
    var html = ""
    self.appendContent(to: &html, reserving: 0)
    return html
  }

  /// Appends the content to `html`, first making room for it and `extra` bytes more (the frame's end), so
  /// that a whole page grows once.
  func appendContent(to html: inout String, reserving extra: Int) {
    let path = HTML.escape(self.version.path)
    let start =
      "<article class=\"chapter code-file\">\n<h1 id=\"code\"><code>\(path)</code></h1>\n"
      + "<p class=\"code-file-where\">" + self.whereItStands + "</p>\n"
    // Each piece appended in place, into room made once for every line and its frame.
    html.reserveCapacity(
      html.utf8.count + start.utf8.count + extra + 200 * self.parts.count
        + self.lines.reduce(128) { $0 + $1.utf8.count + 40 })
    html += start
    if !self.parts.isEmpty {
      html += "<p>Written by:</p>\n<ol class=\"code-parts\">\n"
      for part in self.parts { html += self.partHTML(part) }
      html += "</ol>\n"
    }
    html += "<pre class=\"code-lines\" tabindex=\"0\"><code"
    html += self.version.path.hasSuffix(".swift") ? " class=\"language-swift\">" : ">"
    // Four appends a line: the end of one line and the start of the next are one literal.
    for (index, line) in self.lines.enumerated() {
      html += index == 0 ? "<span class=\"code-line\" id=\"L" : "</span>\n<span class=\"code-line\" id=\"L"
      html += String(index + 1)
      html += "\">"
      html += line
    }
    html += self.lines.isEmpty ? "\n</code></pre>\n</article>\n" : "</span>\n</code></pre>\n</article>\n"
  }

  /// `The file as it stands at the end of chapter 3 (tag chapter-03), and unchanged at the end of
  /// chapter 4.` with links, then the repository link.
  private var whereItStands: String {
    var html = "Generated from the chapters, read-only: the file as it stands at the end of "
    html += self.chapters.prefix(1).map(self.link).joined()
    html += " (tag <code>\(HTML.escape(self.tag))</code>)"
    let later = self.chapters.dropFirst()
    if !later.isEmpty {
      html += ", and unchanged at the end of " + Self.list(later.map(self.link))
    }
    html += "."
    if let repository = self.repositoryHref {
      html += " <a href=\"\(HTML.escapeURL(repository))\">The file at tag <code>\(HTML.escape(self.tag))</code> "
      html += "on the book's repository</a>."
    }
    return html
  }

  /// `<li><a href="#L1">lines 1–4</a>: <a href="01-one.html#x">Listing 1.1</a> (chapter 1)</li>`.
  private func partHTML(_ part: Part) -> String {
    let range =
      part.lines.count == 1
      ? "line \(part.lines.lowerBound)" : "lines \(part.lines.lowerBound)–\(part.lines.upperBound)"
    var html = "<li><a href=\"#L\(part.lines.lowerBound)\">\(range)</a>: "
    if let href = part.href {
      html += "<a href=\"\(HTML.escapeURL(self.root + href))\">\(HTML.escape(part.label))</a>"
    } else {
      html += HTML.escape(part.label)
    }
    return html + " (\(HTML.escape(part.chapter)))</li>\n"
  }

  /// A link to a chapter's page.
  private func link(_ chapter: (page: String, label: String)) -> String {
    "<a href=\"\(HTML.escapeURL(self.root + chapter.page))\">\(HTML.escape(chapter.label))</a>"
  }

  /// `a`, `a and b`, `a, b and c`.
  private static func list(_ items: [String]) -> String {
    guard items.count > 1 else { return items.first ?? "" }
    return items.dropLast().joined(separator: ", ") + " and " + items.last!
  }

  /// Each chunk of `file`'s lines, in the reader's text (`ChapterChanges.readerText`: a blank line after
  /// each chunk), with the chunk it belongs to: `[(1...3, chunk a), (5...5, chunk b)]`.
  static func chunkLines(of file: TangledFile) -> [(lines: ClosedRange<Int>, chunk: Chunk)] {
    var start = 1
    var found: [(lines: ClosedRange<Int>, chunk: Chunk)] = []
    for chunk in file.chunks {
      let count = LineDiff.lineCount(chunk.code)
      if count > 0 { found.append((start...(start + count - 1), chunk)) }
      start += count + 1
    }
    return found
  }
}
