import Foundation

/// The list of files one kind of output owns (`.book/tangled-files`, `Site/.site-files`,
/// `.book/captured-files`): a header line, then one path per line, sorted.
///
/// The same file is the apply's journal: before touching any file, `OwnedOutput.apply` writes the list
/// of every path it may create or remove with the `incompleteLine` under the header; the complete list
/// replaces it at the end. A run killed in between leaves a list that still names every file it touched.
package struct OutputManifest: Equatable, Sendable {
  /// One listed path with its 1-based line.
  package struct Entry: Equatable, Sendable {
    /// The 1-based line in the manifest.
    package var line: Int
    /// The path as written.
    package var path: String
  }

  /// The line that marks the list of an apply still under way (or killed).
  package static let incompleteLine = "# incomplete: a run was interrupted here; the next run finishes it"

  /// The entries, in file order.
  package var entries: [Entry]
  /// Whether the list is a journal left by an interrupted run.
  package var isIncomplete: Bool

  /// The listed paths.
  package var paths: [String] { self.entries.map(\.path) }

  /// Parses a manifest's bytes: every line that is neither empty nor a `#` comment is an entry.
  package init(data: Data?) {
    let text = data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    let lines = text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false)
    self.isIncomplete = lines.contains { $0 == Self.incompleteLine }
    self.entries = lines.enumerated().compactMap { index, line in
      line.isEmpty || line.hasPrefix("#") ? nil : Entry(line: index + 1, path: String(line))
    }
  }

  /// The bytes of a list of paths under `header`: sorted, one per line, marked incomplete when asked.
  ///
  /// `["b", "a"]` under `# H` → `# H\na\nb\n`.
  package static func data(header: String, paths: some Sequence<String>, incomplete: Bool = false) -> Data {
    let lines = [header] + (incomplete ? [Self.incompleteLine] : []) + Set(paths).sorted()
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }
}
