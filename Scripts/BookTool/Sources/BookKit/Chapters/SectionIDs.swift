extension Section {
  /// The ids every chapter page gives elements of its own (the page template's menu toggle, search
  /// field, search results and main region), which no heading may take.
  package static let reservedIDs: Set<String> = ["menu-toggle", "search", "search-results", "book--content"]
  /// The beginnings of ids the page makes from other things than headings: footnotes (`fn-label`,
  /// `fnref-label`) and diagrams (`diagram-01-x-12`). Listing and figure anchors already avoid headings.
  package static let reservedPrefixes = ["fn-", "fnref-", "diagram-"]

  /// Whether a heading's slug would be an id the page gives something else.
  package static func isReserved(_ id: String) -> Bool {
    Self.reservedIDs.contains(id) || Self.reservedPrefixes.contains { id.hasPrefix($0) }
  }
}

/// Hands out the heading ids of one chapter, each unique and none reserved.
struct SectionIDs {
  /// Every id taken so far.
  private var taken: Set<String> = []
  /// For each base, how many headings asked for it: GitHub numbers repeats from it.
  private var repeats: [String: Int] = [:]

  /// The id for a heading whose slug is `slug`, now taken: the slug (`section-` before it when it is
  /// reserved), or the first `slug-N` free, counting from the slug's repeats.
  mutating func claim(_ slug: String) -> String {
    let base = Section.isReserved(slug) ? "section-" + slug : slug
    var count = self.repeats[base, default: 0]
    var id = count == 0 ? base : "\(base)-\(count)"
    while self.taken.contains(id) {
      count += 1
      id = "\(base)-\(count)"
    }
    self.repeats[base] = count + 1
    self.taken.insert(id)
    return id
  }
}
