/// Anchors unique within a page: `base`, or `base-2`, `base-3`… when taken. Each base remembers the last
/// number it gave, so that thousands of listings of one file (`listing-m-a`, `listing-m-a-2`, …) take
/// linear time, not quadratic (hostile case 13), with the same anchors as probing from 2 every time.
struct AnchorNames {
  /// Every anchor taken so far.
  private(set) var used: Set<String>
  /// For each base, the number after its last anchor: every number below it is taken.
  private var next: [String: Int] = [:]

  /// Names that avoid `used`.
  init(avoiding used: Set<String>) {
    self.used = used
  }

  /// The first free anchor for `base`, now taken.
  mutating func claim(_ base: String) -> String {
    var count = self.next[base, default: 1]
    var anchor = count == 1 ? base : "\(base)-\(count)"
    while self.used.contains(anchor) {
      count += 1
      anchor = "\(base)-\(count)"
    }
    self.next[base] = count + 1
    self.used.insert(anchor)
    return anchor
  }
}
