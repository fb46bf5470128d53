import BookKit

/// The HTML of a chapter's "changes" page and of the code header on the chapter's own page.
///
/// The header says where the chapter's code stands: `chapter-03` · `Scripts/book test 3` · a link to
/// `03-counter-data.changes.html`, which shows each file the chapter adds or changes as a highlighted diff
/// whose hunks link back to the listings that wrote them.
struct ChangesPage {
  var chapter: Chapter
  var changes: ChapterChanges
  /// The chapter's git tag (`chapter-03`).
  var tag: String
  /// The previous chapter's tag, or nil for the first chapter.
  var previousTag: String?
  /// Each file's code page at the end of the previous chapter and of this one, by path in the workspace.
  var codePages: (old: [String: String], new: [String: String]) = ([:], [:])
  /// The chapter's tests and last verified result, for the header (issue 19, item 8).
  var status: ChapterStatusView?

  /// The changes page's file name: `03-counter-data.html` → `03-counter-data.changes.html`.
  static func pageName(of chapter: Chapter) -> String {
    PageLinks.stem(chapter.pageName) + ".changes.html"
  }

  /// The command that runs the chapter's tests.
  var testCommand: String? {
    guard let number = self.chapter.number, !self.chapter.testTargets.isEmpty else { return nil }
    return "Scripts/book test \(number)"
  }

  /// The header at the top of the chapter's page; nil when the chapter changes no code.
  var header: String? {
    guard !self.changes.files.isEmpty else { return self.status?.headerWithoutCode }
    var html = "<aside class=\"chapter-code\" aria-label=\"This chapter's code\">\n"
    html += "<span>Code at the end of this chapter: tag <code>\(HTML.escape(self.tag))</code></span>\n"
    if let command = self.testCommand {
      html += "<span>Its tests: <code>\(HTML.escape(command))</code></span>\n"
    }
    let href = HTML.escapeURL(Self.pageName(of: self.chapter))
    html += "<a href=\"\(href)\">What this chapter changes in the code (\(self.summary))</a>\n"
    html += self.status?.items ?? ""
    return html + "</aside>\n"
  }

  /// `3 files added, 1 changed`.
  private var summary: String {
    let counts = [ChapterChanges.File.Status.added, .changed, .removed].compactMap { status -> String? in
      let count = self.changes.files.filter { $0.status == status }.count
      guard count > 0 else { return nil }
      return "\(count) \(status.rawValue)"
    }
    let total = self.changes.files.count
    return "\(total) file\(total == 1 ? "" : "s"): " + counts.joined(separator: ", ")
  }

  /// The page's content: an introduction, the list of files, then each file's hunks.
  var content: String {
    let chapterPage = HTML.escapeURL(self.chapter.pageName)
    var html = "<article class=\"chapter changes\">\n"
    html += "<h1 id=\"changes\">Changes in the code: \(HTML.escape(self.chapter.title))</h1>\n"
    html += "<p>Every file that <a href=\"\(chapterPage)\">this chapter</a> adds or changes, "
    if let previousTag = self.previousTag {
      html += "against the end of the previous chapter: the view <code>git diff \(HTML.escape(previousTag)) "
      html += "\(HTML.escape(self.tag))</code> gives, less the chapters and the site. "
    } else {
      html += "as the chapter leaves it. "
    }
    html += "Each hunk links to the listing that wrote it.</p>\n<ul class=\"changed-files\">\n"
    for file in self.changes.files {
      html += "<li><a href=\"#\(Self.fileID(file.path))\"><code>\(HTML.escape(file.path))</code></a> "
      html += "<span class=\"counts\">\(file.status.rawValue), +\(file.diff.added) −\(file.diff.removed)</span></li>\n"
    }
    html += "</ul>\n"
    for file in self.changes.files { html += self.section(file, chapterPage: chapterPage) }
    return html + "</article>\n"
  }

  /// One file's hunks.
  private func section(_ file: ChapterChanges.File, chapterPage: String) -> String {
    var html = "<section class=\"file-diff\" id=\"\(Self.fileID(file.path))\">\n"
    html += "<h2><code>\(HTML.escape(file.path))</code> <span class=\"counts\">\(file.status.rawValue)</span></h2>\n"
    html += self.codePageLink(file)
    for (hunk, anchor) in zip(file.diff.hunks, file.hunkAnchors) {
      html += "<figure class=\"listing hunk\">\n<figcaption>line \(hunk.firstLineNumber)"
      if let anchor {
        html += " · <a href=\"\(chapterPage)#\(HTML.escapeURL(anchor))\">the listing that wrote it</a>"
      }
      html += "</figcaption>\n<pre><code class=\"language-swift\">"
      // Each line appended in place, with no string of its own and no joined copy of the hunk.
      for (index, line) in hunk.lines.enumerated() {
        if index > 0 { html += "\n" }
        Self.appendLine(line, file: file, to: &html)
      }
      html += "\n</code></pre>\n</figure>\n"
    }
    return html + "</section>\n"
  }

  /// A link to the whole file on its code page: as the chapter leaves it, or, for a removed file, as it
  /// stood before.
  private func codePageLink(_ file: ChapterChanges.File) -> String {
    let removed = file.status == .removed
    guard let page = removed ? self.codePages.old[file.path] : self.codePages.new[file.path] else { return "" }
    let what = removed ? "The whole file before this chapter removed it" : "The whole file at the end of this chapter"
    return "<p class=\"code-file-link\"><a href=\"\(HTML.escapeURL(page))\">\(what)</a></p>\n"
  }

  /// Appends one line of a hunk, marked when added or removed.
  private static func appendLine(_ line: FileDiff.Line, file: ChapterChanges.File, to html: inout String) {
    func text(_ index: Int?, of lines: [String]) -> String {
      index.flatMap { lines.indices.contains($0) ? lines[$0] : nil } ?? ""
    }
    switch line.kind {
    case .context:
      html += text(line.newIndex, of: file.newLines)
    case .added:
      html += "<span class=\"line add\">"
      html += text(line.newIndex, of: file.newLines)
      html += "</span>"
    case .removed:
      html += "<span class=\"line del\">"
      html += text(line.oldIndex, of: file.oldLines)
      html += "</span>"
    }
  }

  /// The id of a file's section: `Sources/A/B.swift` → `file-sources-a-b-swift`.
  static func fileID(_ path: String) -> String {
    // An ASCII path by its bytes (the same result without Foundation's search); any other the general way,
    // which also keeps a `/` or `.` that a combining mark follows.
    guard path.utf8.allSatisfy({ $0 < 0x80 }) else {
      return "file-"
        + Chapter.slug(path.replacingOccurrences(of: "/", with: " ").replacingOccurrences(of: ".", with: " "))
    }
    let spaced = path.utf8.map { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ".") ? UInt8(ascii: " ") : $0 }
    return "file-" + Chapter.slug(String(decoding: spaced, as: UTF8.self))
  }
}
