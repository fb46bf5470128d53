import Foundation

extension BookData {
  /// Every problem of the figures and quoted numbers, at the chapter line that uses the data: a bad block
  /// attribute, a missing or malformed result file, a row or column it lacks, text where a chart needs
  /// numbers, a malformed `{{data:…}}`.
  package func diagnostics() -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    for uses in self.uses {
      for ordinal in uses.blocks.keys.sorted() {
        switch uses.blocks[ordinal] {
        case .success(let block): diagnostics += self.check(block)
        case .failure(let error): diagnostics += error.diagnostics
        case nil: break
        }
      }
      for quote in uses.quotes { diagnostics += self.check(quote) }
    }
    return diagnostics.sortedByLocation()
  }

  /// The file a use names, or the diagnostic that says why there is none.
  private func file(_ name: String, at location: SourceLocation) -> Result<ResultFile, DiagnosticsError> {
    let path = Self.path(of: name)
    switch self.files[name] ?? .missing {
    case .loaded(let file): return .success(file)
    case .missing:
      return .failure(
        DiagnosticsError([
          Diagnostic(
            .error, id: .missingResultFile, at: location,
            "no result file \(path) beside the chapters (a benchmark run writes it)")
        ]))
    case .invalid(let problem):
      return .failure(
        DiagnosticsError([
          Diagnostic(.error, id: .invalidResultFile, at: location, "result file \(path) \(problem.message)")
        ]))
    }
  }

  /// A column of `file`, or the diagnostic for a name it lacks (with the nearest name).
  private func column(_ name: String, of file: ResultFile, at location: SourceLocation) -> Diagnostic? {
    guard file.column(named: name) == nil else { return nil }
    let names = file.columns.map(\.name)
    var message = "result file \(Self.path(of: file.name)) has no column '\(name)'"
    if let near = Suggestion.nearest(to: name, among: names) {
      message += "; did you mean '\(near)'?"
    } else {
      message += " (it has \(names.map { "'\($0)'" }.joined(separator: ", ")))"
    }
    return Diagnostic(.error, id: .unknownDataColumn, at: location, message)
  }

  /// A figure block against its file.
  private func check(_ block: FigureBlock) -> [Diagnostic] {
    let file: ResultFile
    switch self.file(block.data, at: block.location(of: "data")) {
    case .success(let found): file = found
    case .failure(let error): return error.diagnostics
    }
    switch block.kind {
    case .table:
      return (block.columns ?? []).compactMap { self.column($0, of: file, at: block.location(of: "columns")) }
    case .chart:
      let missing =
        [self.column(block.x, of: file, at: block.location(of: "x"))]
        + block.y.map { self.column($0, of: file, at: block.location(of: "y")) }
        + (block.low ?? []).map { self.column($0, of: file, at: block.location(of: "low")) }
        + (block.high ?? []).map { self.column($0, of: file, at: block.location(of: "high")) }
      let problems = missing.compactMap { $0 }
      return problems.isEmpty ? ChartData.problems(of: block, in: file) : problems
    }
  }

  /// A reference in prose against its file.
  private func check(_ quote: DataUses.Quote) -> [Diagnostic] {
    let reference: DataReference
    switch quote.occurrence.reference {
    case .success(let found): reference = found
    case .failure(let problem):
      return [Diagnostic(.error, id: .invalidDataReference, at: quote.location, problem.message)]
    }
    let file: ResultFile
    switch self.file(reference.name, at: quote.location) {
    case .success(let found): file = found
    case .failure(let error): return error.diagnostics
    }
    if let problem = self.column(reference.column, of: file, at: quote.location) { return [problem] }
    guard file.row(named: reference.row) == nil else { return [] }
    var message = "result file \(Self.path(of: file.name)) has no row '\(reference.row)'"
    let names = file.rowNames
    if let near = Suggestion.nearest(to: reference.row, among: names) {
      message += "; did you mean '\(near)'?"
    } else {
      message += " (a row is named by its first cell: \(names.prefix(8).map { "'\($0)'" }.joined(separator: ", ")))"
    }
    return [Diagnostic(.error, id: .unknownDataRow, at: quote.location, message)]
  }

  /// A warning for each result file of `workspace` that no chapter of `book` uses, at the file.
  package static func unused(in workspace: Workspace, book: Book) -> [Diagnostic] {
    let folder = "\(workspace.chaptersFolder)/\(Self.folder)"
    let url = workspace.root.appendingPathComponent(folder)
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return [] }
    let used = Set(book.chapters.flatMap { DataUses(chapter: $0).names })
    return files.filter { $0.hasSuffix(".json") && !used.contains(String($0.dropLast(5))) }.sorted().map { file in
      Diagnostic(
        .warning, id: .unusedResultFile, at: SourceLocation(path: "\(folder)/\(file)", line: 1),
        "no chapter uses this result file: draw it with a ```table or ```chart block, quote it with "
          + "{{data:\(file.dropLast(5))#ROW.COLUMN}}, or remove it")
    }
  }
}
