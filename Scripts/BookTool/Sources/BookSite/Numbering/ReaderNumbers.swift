import BookKit

/// The numbers a reader sees on a chapter's listings and figures: `Listing 3.2` is the second numbered
/// listing of chapter 3, `Figure 2.1` the first figure of chapter 2.
///
/// Numbers are labels, never ids: anchors stay named after what they hold, so a link survives edits, and
/// the renderer fills a reference's text with the label current at build time. Numbered listings are the
/// tangled listings and excerpts a reader reads; folded test listings and untagged blocks (shell commands,
/// output) are not numbered. Figures are diagrams (` ```mermaid `), tables and charts (` ```table `, ` ```chart `) and pictures: an image that is a
/// paragraph on its own, `![…](images/x.svg)`. Listings and figures count separately, in reading order.
struct ReaderNumbers: Hashable, Sendable {
  /// A picture that is a figure: its anchor and label.
  struct Picture: Hashable, Sendable {
    /// `figure-counter-session`, from the image's file name.
    var anchor: String
    /// `Figure 5.1`.
    var label: String
  }

  /// Each listing's label (`Listing 3.2`, `Figure 2.1`), or nil when unnumbered, by listing index.
  var listingLabels: [String?]
  /// The pictures that are figures, by the line of their paragraph.
  var pictures: [Int: Picture]
  /// Every label of the chapter, by anchor.
  var labels: [String: String]

  /// The numbers of one chapter, whose listing anchors and sections are already known.
  init(chapter: Chapter, listingAnchors: [String], sections: [Section]) {
    let prefix = chapter.number.map { "\($0)." } ?? ""
    var names = AnchorNames(avoiding: Set(sections.map(\.id)).union(listingAnchors))
    var figures: [(line: Int, listing: Int?, picture: String?)] = []
    var listingCount = 0
    var listingLabels = [String?](repeating: nil, count: chapter.listings.count)
    for (index, listing) in chapter.listings.enumerated() {
      if listing.kind == .diagram || listing.kind == .figure {
        figures.append((listing.fence.line, index, nil))
      } else if Self.isNumbered(listing) {
        listingCount += 1
        listingLabels[index] = "Listing \(prefix)\(listingCount)"
      }
    }
    var pictureLines: [Int: String] = [:]
    for (line, source) in Self.pictures(in: chapter.document) {
      let anchor = names.claim("figure-" + Chapter.slug(Self.stem(of: source)))
      pictureLines[line] = anchor
      figures.append((line, nil, anchor))
    }
    var pictures: [Int: Picture] = [:]
    for (number, figure) in figures.sorted(by: { $0.line < $1.line }).enumerated() {
      let label = "Figure \(prefix)\(number + 1)"
      if let listing = figure.listing { listingLabels[listing] = label }
      if let anchor = figure.picture { pictures[figure.line] = Picture(anchor: anchor, label: label) }
    }
    self.listingLabels = listingLabels
    self.pictures = pictures
    var labels: [String: String] = [:]
    for (anchor, label) in zip(listingAnchors, listingLabels) { labels[anchor] = label }
    for picture in pictures.values { labels[picture.anchor] = picture.label }
    self.labels = labels
  }

  /// Whether a listing gets a number: tangled or excerpted code that is not a test.
  static func isNumbered(_ listing: Listing) -> Bool {
    switch listing.kind {
    case .tangled, .excerpt, .sketch: !listing.showsTest
    case .test, .transcript, .diagram, .figure, .other, .invalid: false
    }
  }

  /// The line and source of every local image that is a paragraph on its own, in document order.
  static func pictures(in node: MarkdownNode) -> [(line: Int, source: String)] {
    if case .paragraph = node.kind {
      guard let source = Self.pictureSource(node) else { return [] }
      return [(node.startLine, source)]
    }
    return node.children.flatMap { Self.pictures(in: $0) }
  }

  /// The source of a paragraph that holds one local image and nothing else.
  static func pictureSource(_ paragraph: MarkdownNode) -> String? {
    guard paragraph.children.count == 1, case .image(let source, _) = paragraph.children[0].kind,
      LinkDestination.isLocalFile(source)
    else { return nil }
    return source
  }

  /// `images/counter-session.svg` → `counter-session`.
  private static func stem(of source: String) -> String {
    let name = source.split(separator: "/").last.map(String.init) ?? source
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
    return String(name[..<dot])
  }
}
