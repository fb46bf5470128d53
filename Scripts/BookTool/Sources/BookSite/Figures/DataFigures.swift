import BookKit

/// Every table and chart of the book drawn from its result file, each by its listing, with the problems of
/// all of them and of every quoted number: whichever pages a build renders, it reports the same.
struct DataFigures: Sendable {
  /// A drawn figure: its title (in the caption) and its body.
  struct Figure: Hashable, Sendable {
    var title: String
    var html: String
  }

  /// Each figure that could be drawn, by its listing.
  var figures: [ListingID: Figure] = [:]
  /// Problems at the chapter lines that use the data.
  var diagnostics: [Diagnostic] = []

  /// No figures.
  init() {}

  /// The figures of `book`, drawn from `data`.
  init(book: Book, data: BookData) {
    self.diagnostics = data.diagnostics()
    for (chapter, uses) in zip(book.chapters, data.uses) {
      for (ordinal, block) in uses.blocks {
        guard case .success(let block) = block, let file = data.file(block.data),
          chapter.listings.indices.contains(ordinal)
        else { continue }
        let title = block.title ?? file.title ?? block.data
        guard let body = Self.body(block, file: file, title: title) else { continue }
        self.figures[chapter.listings[ordinal].id] = Figure(
          title: title, html: body + Self.source(of: file))
      }
    }
  }

  /// The table, or the chart in its scrolling box; nil when the chart cannot be drawn (its diagnostics say
  /// why).
  private static func body(_ block: FigureBlock, file: ResultFile, title: String) -> String? {
    switch block.kind {
    case .table:
      guard (block.columns ?? []).allSatisfy({ file.column(named: $0) != nil }) else { return nil }
      return DataTable.html(file, columns: block.columns)
    case .chart:
      guard let chart = ChartData(block: block, file: file) else { return nil }
      let svg = DataChart.svg(chart, title: title, description: DataChart.description(of: chart, file: file))
      let label = HTML.escape("Chart: \(title)")
      return "<div class=\"diagram-scroll\" tabindex=\"0\" role=\"region\" aria-label=\"\(label)\">\n\(svg)</div>\n"
    }
  }

  /// Where the numbers come from: `<p class="figure-source">Measured on …</p>`.
  static func source(of file: ResultFile) -> String {
    let run = file.run
    var text = "Measured on \(HTML.escape(run.machine)) with \(HTML.escape(run.toolchain)), "
    text += "\(HTML.escape(run.date)), load \(HTML.escape(ValueFormat.number(run.load, digits: nil)))"
    text += "; <code>\(HTML.escape(BookData.path(of: file.name)))</code>"
    if let command = run.command { text += ", from <code>\(HTML.escape(command))</code>" }
    return "<p class=\"figure-source\">\(text).</p>\n"
  }
}
