import Foundation

/// The line diffs of one render, each pair of texts diffed once (`LineDiff.edit`): a listing that replaces
/// the only chunk of a file, and the changes page that shows the file's new version, compare the same two
/// texts. Thread-safe: listing views and changes are made on every core.
final class LineDiffs: @unchecked Sendable {
  /// An edit: the offsets of the old lines it removes and of the new lines it inserts.
  typealias Edit = (removed: Set<Int>, inserted: Set<Int>)

  /// Two texts, compared and hashed by their bytes.
  private struct Pair: Hashable {
    let old: TextKey
    let new: TextKey
  }

  // Unchecked: `edits` is read and written only while holding `lock`.
  private let lock = NSLock()
  private var edits: [Pair: Edit] = [:]

  /// A memo with no diff yet.
  init() {}

  /// The edit from `old` to `new`, each split into lines by `LineDiff.lines` (or given as `lines`, split
  /// so already): found once per pair of texts.
  func edit(old: String, new: String, lines: (old: [Substring], new: [Substring])? = nil) -> Edit {
    let pair = Pair(old: TextKey(old), new: TextKey(new))
    if let known = self.lock.withLock({ self.edits[pair] }) { return known }
    let (oldLines, newLines) = lines ?? (LineDiff.lines(old), LineDiff.lines(new))
    let edit = LineDiff.edit(old: oldLines, new: newLines)
    self.lock.withLock { self.edits[pair] = edit }
    return edit
  }
}
