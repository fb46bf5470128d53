/// A line diff, to mark the lines a listing changed against the version of its chunk it replaces.
public enum LineDiff {
  /// The lines of some code, without the empty piece after its final newline: `"a\nb\n"` → `["a", "b"]`.
  static func lines(_ code: String) -> [Substring] {
    var lines = code.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// The indices of the lines of `new` that the standard library's diff (`difference(from:)`, Myers'
  /// algorithm: time and memory grow with the size of the edit, not with the product of the lengths)
  /// inserts into `old`: the lines a reader should look at. `["a", "b"]` → `["a", "c", "b"]` gives `[1]`.
  public static func changedLines(old: [Substring], new: [Substring]) -> Set<Int> {
    Set(
      new.difference(from: old).insertions.compactMap { change in
        if case .insert(let offset, _, _) = change { offset } else { nil }
      })
  }
}
