import BookKit

/// A result file as an HTML table: one header cell per column with its unit, one row per result, the first
/// cell of each row its header, numbers aligned right.
///
/// `columns=n,tree` → `<table class="data-table"><thead><tr><th scope="col">Elements</th>
/// <th scope="col">TreeDictionary (ns)</th></tr></thead><tbody><tr><th scope="row">1024</th>
/// <td class="number">30.1</td></tr>…`
enum DataTable {
  /// The table of `columns` (every column when nil) of `file`, in a wrapper that scrolls a wide table.
  static func html(_ file: ResultFile, columns: [String]?) -> String {
    let indices = columns.map { $0.compactMap(file.column(named:)) } ?? Array(file.columns.indices)
    var html = "<div class=\"table-wrap\">\n<table class=\"data-table\">\n<thead>\n<tr>"
    for index in indices { html += "<th scope=\"col\">\(HTML.escape(Self.header(file.columns[index])))</th>" }
    html += "</tr>\n</thead>\n<tbody>\n"
    for row in file.rows {
      html += "<tr>"
      for (position, index) in indices.enumerated() {
        let text = HTML.escape(ValueFormat.bare(row[index], column: file.columns[index]))
        if position == 0 {
          html += "<th scope=\"row\">\(text)</th>"
        } else {
          html += row[index].number == nil ? "<td>\(text)</td>" : "<td class=\"number\">\(text)</td>"
        }
      }
      html += "</tr>\n"
    }
    return html + "</tbody>\n</table>\n</div>\n"
  }

  /// `Dictionary (ns)`; a column without a unit is its label alone.
  static func header(_ column: ResultFile.Column) -> String {
    column.unit.isEmpty ? column.label : "\(column.label) (\(column.unit))"
  }
}
