/// "Did you mean" suggestions for any stage: the known name closest to a misspelt one.
package enum Suggestion {
  /// The candidate nearest to `name` when it is close enough to be a likely slip (one edit per three
  /// characters, at least one; swapping two neighbouring letters is one edit); ties go to the earlier
  /// candidate. Every "did you mean" in the tool comes from here, so all stages share one threshold.
  ///
  /// `the-stor` among `["selectors", "the-store"]` → `the-store`; `zebra` among the same → nil.
  package static func nearest(to name: String, among candidates: [String]) -> String? {
    let limit = max(1, name.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let distance = EditDistance.between(candidate, name)
      if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    return best?.candidate
  }
}
