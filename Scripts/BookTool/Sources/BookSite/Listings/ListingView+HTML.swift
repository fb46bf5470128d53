import BookKit

extension ListingView {
  /// Appends the listing's HTML to an article: a figure with its caption and code (or diagram); a test
  /// listing is folded into `<details class="tests">`.
  ///
  /// ```html
  /// <figure class="listing" id="listing-immutabledata-store">
  /// <figcaption><span class="listing-file">Sources/ImmutableData/Store.swift</span> …</figcaption>
  /// <pre><code class="language-swift">…</code></pre>
  /// </figure>
  /// ```
  func appendHTML(
    to html: inout ArticleHTML, chapterPages: [String], chapterLabels: [String], sourceLink: SourceLink
  ) {
    let tests = self.isTest ? self.file : nil
    if let file = tests {
      // The print edition opens tests, because a closed <details> prints as its summary alone.
      html += "<details class=\"tests\""
      html.appendLinked { $0.mode == .printEdition ? " open" : "" }
      html += ">\n<summary>Tests: \(HTML.escape(file))</summary>\n"
    }
    html += "<figure class=\"\(self.figureClass)\" id=\""
    html.appendLinked { HTML.escape($0.id(self.anchor)) }
    html += "\">\n"
    self.appendCaption(to: &html, chapterPages: chapterPages, chapterLabels: chapterLabels, sourceLink: sourceLink)
    // The body, most of a chapter's bytes, is the same in both articles: written once, in place.
    html.appendInPlace { self.appendBody(to: &$0) }
    html += tests == nil ? "</figure>\n" : "</figure>\n</details>\n"
  }

  /// The most lines a listing may have to be short: printed on one page, never split.
  static let shortListingLines = 15

  /// The figure's classes.
  private var figureClass: String {
    switch self.body {
    case .diagram: return "diagram"
    case .figure: return "data-figure"
    case .code(let lines, let marked, let removed):
      var classes = ["listing"]
      if removed { classes.append("removed") } else if !marked.isEmpty { classes.append("changed") }
      if case .excerpt = self.note { classes.append("excerpt") }
      if self.note == .sketch { classes.append("excerpt") }
      // Marked for print, whose stylesheet keeps a short listing on one page (`book.css`'s print rules).
      if lines.count <= Self.shortListingLines { classes.append("short") }
      return classes.joined(separator: " ")
    }
  }

  /// The caption: the number, file and module (or "test"), then a note; a diagram's number and title;
  /// nothing when there is nothing to say. Only a note's link to the version replaced differs between the
  /// page and the print edition.
  private func appendCaption(
    to html: inout ArticleHTML, chapterPages: [String], chapterLabels: [String], sourceLink: SourceLink
  ) {
    let parts = self.captionParts(sourceLink: sourceLink)
    var previous: (verb: String, reference: ListingReference)?
    if !self.isFigure {
      switch self.note {
      case .replaces(let reference): previous = ("replaces", reference)
      case .removes(let reference): previous = ("removes", reference)
      default: break
      }
    }
    guard !parts.isEmpty || previous != nil else { return }
    html += "<figcaption>"
    html += parts.joined(separator: " ")
    if let previous {
      let (verb, reference) = previous
      if !parts.isEmpty { html += " " }
      html.appendLinked { links in
        let page = chapterPages[reference.chapterIndex]
        let href = links.href(page: page, anchor: reference.anchor)
        let label =
          page == links.currentPage ? "the version above" : "the version from \(chapterLabels[reference.chapterIndex])"
        return "<span class=\"listing-note\">\(verb) <a href=\"\(HTML.escape(href))\">\(HTML.escape(label))</a></span>"
      }
    }
    html += "</figcaption>\n"
  }

  /// The caption's parts that read no link: the number, then a figure's title, or the file, module and an
  /// excerpt's or sketch's note.
  private func captionParts(sourceLink: SourceLink) -> [String] {
    var parts: [String] = []
    if let label = self.label { parts.append("<span class=\"listing-number\">\(HTML.escape(label))</span>") }
    if self.isFigure {
      if let title = self.title { parts.append("<span class=\"figure-title\">\(HTML.escape(title))</span>") }
      return parts
    }
    if let file = self.file {
      let title = HTML.escape(sourceLink.title(for: file))
      if let href = sourceLink.href(for: file) {
        parts.append(
          "<a class=\"listing-file\" href=\"\(HTML.escapeURL(href))\" title=\"\(title)\">\(HTML.escape(file))</a>")
      } else {
        parts.append("<span class=\"listing-file\" title=\"\(title)\">\(HTML.escape(file))</span>")
      }
      let module =
        file == FilePathRules.manifest ? "package manifest" : self.isTest ? "test" : "module \(self.module ?? "")"
      parts.append("<span class=\"listing-module\">\(HTML.escape(module))</span>")
    }
    switch self.note {
    case .excerpt(let chunk):
      let what = chunk.map { "excerpt of chunk ‘\(HTML.escape($0))’" } ?? "excerpt"
      parts.append("<span class=\"listing-note\">\(what), checked, not compiled</span>")
    case .sketch:
      parts.append("<span class=\"listing-note\">sketch, not compiled</span>")
    case .replaces, .removes, nil:
      break
    }
    return parts
  }

  /// Appends the code, one line per source line; marked lines wrapped so that CSS can colour them and put
  /// a mark in the gutter. Appended in place, with room made once: the listings are most of a chapter.
  private func appendBody(to html: inout String) {
    switch self.body {
    case .diagram(let svg):
      html += svg.hasSuffix("\n") ? svg : svg + "\n"
    case .figure(let figure):
      html += figure
    case .code(let lines, let marked, let removed):
      let language = self.language.isEmpty ? "" : " class=\"language-\(HTML.escape(self.language))\""
      let wrapped = removed ? lines.count : marked.count
      html.reserveCapacity(html.utf8.count + lines.reduce(64) { $0 + $1.utf8.count + 1 } + 30 * wrapped)
      html += "<pre><code\(language)>"
      // Appended in place: a marked line's span with no string of its own; no set lookup when none is marked.
      let open = removed ? "<span class=\"line del\">" : "<span class=\"line add\">"
      let anyMarked = !marked.isEmpty
      for (index, line) in lines.enumerated() {
        if index > 0 { html += "\n" }
        if removed || (anyMarked && marked.contains(index)) {
          html += open
          html += line
          html += "</span>"
        } else {
          html += line
        }
      }
      html += "\n</code></pre>\n"
    }
  }

  /// Whether the view is a figure with a title rather than code: a diagram, table or chart.
  private var isFigure: Bool {
    switch self.body {
    case .diagram, .figure: true
    case .code: false
    }
  }
}
