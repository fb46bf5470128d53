import Foundation

/// One chapter of the book: a Markdown file under `Chapters/`, parsed, with its code listings.
package struct Chapter: Hashable, Sendable {
  /// The path relative to the workspace root, e.g. `Chapters/01-immutable-data.md`.
  package var path: String {
    didSet { self.pageName = Self.pageName(of: self.path) }
  }
  /// The HTML page the site renders this chapter to: `Chapters/01-immutable-data.md` → `01-immutable-data.html`.
  /// Kept with the path it is made from: every page of the site asks for every chapter's page name.
  package private(set) var pageName: String
  /// The number from the file name's leading digits (`01-…` → 1), if it has any.
  package var number: Int?
  /// The plain text of the chapter's first heading, or the file name when it has none.
  package var title: String
  /// The parsed Markdown.
  package var document: MarkdownNode
  /// Every fenced code block, in document order, with its parsed tag.
  package var listings: [Listing]
  /// The source text, split into lines without their terminators.
  package var lines: [Substring]
  /// A digest of the source text, byte for byte (line terminators included): what the site's caches
  /// key a chapter's own pages by.
  package var sourceDigest: ContentDigest

  /// Creates a chapter from its parts.
  package init(
    path: String, number: Int?, title: String, document: MarkdownNode, listings: [Listing],
    lines: [Substring], sourceDigest: ContentDigest? = nil
  ) {
    self.path = path
    self.pageName = Self.pageName(of: path)
    self.number = number
    self.title = title
    self.document = document
    self.listings = listings
    self.lines = lines
    self.sourceDigest = sourceDigest ?? ContentDigest.of(lines.joined(separator: "\n"))
  }

  /// The `sourceDigest` a chapter file's bytes give, without decoding or parsing them: the loader's
  /// strict UTF-8 decoding keeps every byte, and a text's digest is that of its UTF-8 bytes
  /// (`ContentDigest.of(bytes:)`), so a build's no-change stamp compares files with the chapters it read.
  package static func sourceDigest(of data: Data) -> ContentDigest {
    ContentDigest.of(bytes: data)
  }
}

extension Chapter {
  /// The chapter number from a file name: `03-counter-data.md` → 3, `preface.md` → nil.
  package static func number(fromFileName name: String) -> Int? {
    Int(name.prefix { $0.isASCII && $0.isNumber })
  }

  /// The test targets this chapter's listings write into: `Tests/CounterDataTests/X.swift` → `CounterDataTests`.
  package var testTargets: [String] {
    var seen: [String] = []
    for listing in self.listings {
      guard case .tangled(let directive) = listing.tag, let target = directive.testTarget else { continue }
      if !seen.contains(target) { seen.append(target) }
    }
    return seen
  }
}
