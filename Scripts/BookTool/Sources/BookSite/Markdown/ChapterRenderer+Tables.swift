import BookKit

extension ChapterRenderer {
  /// A GFM table in a scrolling wrapper (so a wide table does not widen a phone's page), with each column's
  /// alignment on its cells: `|:-:|` → `<td style="text-align: center">`.
  mutating func renderTable(_ node: MarkdownNode, alignments: [String?]) {
    self.html += "<div class=\"table-wrap\">\n<table>\n"
    let header = node.children.filter { if case .tableRow(isHeader: true) = $0.kind { true } else { false } }
    let body = node.children.filter { if case .tableRow(isHeader: false) = $0.kind { true } else { false } }
    if !header.isEmpty {
      self.html += "<thead>\n"
      for row in header { self.renderRow(row, cell: "th", alignments: alignments) }
      self.html += "</thead>\n"
    }
    if !body.isEmpty {
      self.html += "<tbody>\n"
      for row in body { self.renderRow(row, cell: "td", alignments: alignments) }
      self.html += "</tbody>\n"
    }
    self.html += "</table>\n</div>\n"
  }

  /// One `<tr>` of `th` or `td` cells.
  private mutating func renderRow(_ row: MarkdownNode, cell: String, alignments: [String?]) {
    self.html += "<tr>\n"
    for (column, node) in row.children.enumerated() {
      let alignment = column < alignments.count ? alignments[column] : nil
      self.html += alignment.map { "<\(cell) style=\"text-align: \($0)\">" } ?? "<\(cell)>"
      self.renderInlines(of: node)
      self.html += "</\(cell)>\n"
    }
    self.html += "</tr>\n"
  }
}
