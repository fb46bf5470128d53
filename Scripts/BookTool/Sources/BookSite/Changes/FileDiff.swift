/// A line diff of two versions of a file, grouped into hunks with a few lines of context, as a reader
/// wants to see it: `old` → `new` gives the lines kept, removed and added, in file order.
struct FileDiff: Hashable, Sendable {
  /// One line of a hunk.
  struct Line: Hashable, Sendable {
    /// Whether the line is kept, removed or added.
    enum Kind: Hashable, Sendable { case context, removed, added }
    var kind: Kind
    /// The line's index in the old version (context and removed lines).
    var oldIndex: Int?
    /// The line's index in the new version (context and added lines).
    var newIndex: Int?
  }

  /// A run of changed lines with its context.
  struct Hunk: Hashable, Sendable {
    var lines: [Line]

    /// The new version's first line number (1-based) in the hunk, or the old one's when it only removes.
    var firstLineNumber: Int {
      let index = self.lines.lazy.compactMap(\.newIndex).first ?? self.lines.lazy.compactMap(\.oldIndex).first ?? 0
      return index + 1
    }
  }

  /// The hunks, in file order.
  var hunks: [Hunk]
  /// How many lines were added and removed.
  var added: Int
  var removed: Int

  /// How many unchanged lines stand around each change.
  static let context = 3

  /// The diff of `old` and `new`, each a list of lines.
  init(old: [Substring], new: [Substring]) {
    self.init(old: old, new: new, edit: LineDiff.edit(old: old, new: new))
  }

  /// The diff of `old` and `new` given their edit (`LineDiff.edit` of the same lines).
  init(old: [Substring], new: [Substring], edit: LineDiffs.Edit) {
    let script = Self.editScript(old: old, new: new, edit: edit)
    self.added = script.filter { $0.kind == .added }.count
    self.removed = script.filter { $0.kind == .removed }.count
    self.hunks = Self.hunks(of: script)
  }

  /// Every line of both versions in order, each marked kept, removed or added (`LineDiff.edit`: Myers'
  /// diff, through the standard library's `difference(from:)`, unless the edit is huge).
  private static func editScript(old: [Substring], new: [Substring], edit: LineDiffs.Edit) -> [Line] {
    let (removedOffsets, insertedOffsets) = edit
    var script: [Line] = []
    var (oldIndex, newIndex) = (0, 0)
    while oldIndex < old.count || newIndex < new.count {
      if oldIndex < old.count, removedOffsets.contains(oldIndex) {
        script.append(Line(kind: .removed, oldIndex: oldIndex, newIndex: nil))
        oldIndex += 1
      } else if newIndex < new.count, insertedOffsets.contains(newIndex) {
        script.append(Line(kind: .added, oldIndex: nil, newIndex: newIndex))
        newIndex += 1
      } else {
        script.append(Line(kind: .context, oldIndex: oldIndex, newIndex: newIndex))
        oldIndex += 1
        newIndex += 1
      }
    }
    return script
  }

  /// The changed lines with `context` kept lines around them; changes closer than twice that share a hunk.
  private static func hunks(of script: [Line]) -> [Hunk] {
    let changed = script.indices.filter { script[$0].kind != .context }
    guard let first = changed.first else { return [] }
    var ranges: [ClosedRange<Int>] = []
    var current = max(first - Self.context, 0)...min(first + Self.context, script.count - 1)
    for index in changed.dropFirst() {
      let start = max(index - Self.context, 0)
      let end = min(index + Self.context, script.count - 1)
      if start <= current.upperBound + 1 {
        current = current.lowerBound...end
      } else {
        ranges.append(current)
        current = start...end
      }
    }
    ranges.append(current)
    return ranges.map { Hunk(lines: Array(script[$0])) }
  }
}
