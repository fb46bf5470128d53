/// A line diff by longest common subsequence, to mark the lines a listing changed against the version
/// of its chunk it replaces.
public enum LineDiff {
  /// The indices of the lines of `new` that are not part of a longest common subsequence with `old`:
  /// the lines a reader should look at. `["a", "b"]` → `["a", "c", "b"]` gives `[1]`.
  public static func changedLines(old: [Substring], new: [Substring]) -> Set<Int> {
    // Common prefix and suffix are unchanged and usually most of a listing: strip them first, so the
    // quadratic table covers only the edited middle.
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let oldMiddle = Array(old[prefix..<(old.count - suffix)])
    let newMiddle = Array(new[prefix..<(new.count - suffix)])
    let kept = Self.commonSubsequence(oldMiddle, newMiddle)
    return Set(newMiddle.indices.filter { !kept.contains($0) }.map { $0 + prefix })
  }

  /// The indices into `new` of one longest common subsequence of `old` and `new`.
  private static func commonSubsequence(_ old: [Substring], _ new: [Substring]) -> Set<Int> {
    guard !old.isEmpty, !new.isEmpty else { return [] }
    let width = new.count + 1
    var lengths = [Int](repeating: 0, count: (old.count + 1) * width)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        lengths[i * width + j] =
          old[i] == new[j]
          ? lengths[(i + 1) * width + j + 1] + 1
          : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
      }
    }
    var kept = Set<Int>()
    var (i, j) = (0, 0)
    while i < old.count, j < new.count {
      if old[i] == new[j] {
        kept.insert(j)
        i += 1
        j += 1
      } else if lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
        i += 1
      } else {
        j += 1
      }
    }
    return kept
  }
}
