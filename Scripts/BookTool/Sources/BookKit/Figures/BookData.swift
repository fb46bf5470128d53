import Foundation

/// The result files a book's chapters use (`Chapters/data/NAME.json`), read once per build, with what each
/// chapter takes from them: what the site draws figures and quoted numbers from, and what `book check`
/// checks them against.
package struct BookData: Sendable {
  /// A result file as read.
  package enum Loaded: Hashable, Sendable {
    /// No file of that name.
    case missing
    /// A file that is not a result file (or could not be read), and why.
    case invalid(ResultFile.Problem)
    /// A result file.
    case loaded(ResultFile)
  }

  /// The folder of result files, inside the chapters folder.
  package static let folder = "data"

  /// What each chapter uses, in book order.
  package var uses: [DataUses] = []
  /// Every used file, by name.
  package var files: [String: Loaded] = [:]
  /// Every used file's bytes as read (nil when missing), by name: what a page that uses it depends on.
  package var bytes: [String: Data?] = [:]

  /// No data: a book whose chapters use none.
  package init() {}

  /// `reads` → `data/reads.json`, relative to the chapters folder.
  package static func path(of name: String) -> String {
    "\(Self.folder)/\(name).json"
  }

  /// Reads every result file `book` uses through `read` (a path relative to the chapters folder → its
  /// bytes, nil when missing).
  package static func load(book: Book, read: (String) throws -> Data?) -> BookData {
    var data = BookData()
    data.uses = book.chapters.map(DataUses.init(chapter:))
    for name in Set(data.uses.flatMap(\.names)).sorted() {
      do {
        let bytes = try read(Self.path(of: name))
        data.bytes[name] = bytes
        data.files[name] =
          bytes.map { bytes in
            switch ResultFile.parse(bytes, name: name) {
            case .success(let file): .loaded(file)
            case .failure(let problem): .invalid(problem)
            }
          } ?? .missing
      } catch {
        data.bytes[name] = .some(nil)
        data.files[name] = .invalid(ResultFile.Problem("cannot be read: \(error)"))
      }
    }
    return data
  }

  /// The result files chapter `index` uses.
  package func names(usedBy index: Int) -> [String] {
    self.uses.indices.contains(index) ? self.uses[index].names : []
  }

  /// The result file `name`, when it was read and is valid.
  package func file(_ name: String) -> ResultFile? {
    if case .loaded(let file) = self.files[name] { file } else { nil }
  }

  /// The value a reference quotes, with its column's unit; nil when it names nothing.
  package func value(of reference: DataReference) -> String? {
    guard let file = self.file(reference.name), let row = file.row(named: reference.row),
      let column = file.column(named: reference.column)
    else { return nil }
    return ValueFormat.value(file.rows[row][column], column: file.columns[column])
  }
}
