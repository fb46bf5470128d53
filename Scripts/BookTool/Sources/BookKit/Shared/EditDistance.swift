/// The edit distance between two short strings, for "did you mean" suggestions.
enum EditDistance {
  /// The number of single-character insertions, deletions, substitutions and swaps of two neighbours
  /// that turn `a` into `b` (optimal string alignment): `flie` → `file` is 1, `tab` → `b` is 2.
  ///
  /// Swaps count as one edit because swapped letters are the commonest typing slip.
  static func between(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var rows = [Array(0...b.count)]
    for i in a.indices {
      var current = [i + 1]
      for j in b.indices {
        var distance = min(rows[i][j + 1] + 1, current[j] + 1, rows[i][j] + (a[i] == b[j] ? 0 : 1))
        if i > 0, j > 0, a[i] == b[j - 1], a[i - 1] == b[j] { distance = min(distance, rows[i - 1][j - 1] + 1) }
        current.append(distance)
      }
      rows.append(current)
    }
    return rows[a.count][b.count]
  }
}
