/// A heading of a chapter, with the stable anchor the site gives it.
package struct Section: Hashable, Sendable {
  /// The heading level, 1 to 6.
  package var level: Int
  /// The heading's plain text.
  package var title: String
  /// The anchor id: GitHub-style, unique within the chapter (`The Store` → `the-store`).
  package var id: String
  /// The heading's chapter line.
  package var line: Int

  /// Creates a section.
  package init(level: Int, title: String, id: String, line: Int) {
    self.level = level
    self.title = title
    self.id = id
    self.line = line
  }
}

extension Chapter {
  /// The chapter's headings in order, each with an anchor id unique within the page: GitHub's (`a`, then
  /// `a-1`, `a-2` for repeats), but never one an earlier heading took (`## A`, `## A`, `## A-1` give `a`,
  /// `a-1`, `a-1-1`), and never one of the page's own ids (see `Section.isReserved`: `## Search` gives
  /// `section-search`).
  package var sections: [Section] {
    var ids = SectionIDs()
    var sections: [Section] = []
    self.document.forEachNode { node in
      guard case .heading(let level) = node.kind else { return }
      let title = node.plainText
      sections.append(Section(level: level, title: title, id: ids.claim(Self.slug(title)), line: node.startLine))
    }
    return sections
  }

  /// The HTML page the site renders a chapter at `path` to (`pageName`): `Chapters/01-immutable-data.md` →
  /// `01-immutable-data.html`.
  static func pageName(of path: String) -> String {
    // An ASCII path (nearly all) by bytes, without breaking the path into characters.
    if path.utf8.allSatisfy({ $0 < 0x80 }) {
      let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.utf8.index(after: $0)...] }
      let fileName = name.map(String.init) ?? path
      guard !fileName.isEmpty else { return Self.pageName(ofPath: path) }
      return (fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName) + ".html"
    }
    return Self.pageName(ofPath: path)
  }

  /// `pageName` by characters.
  private static func pageName(ofPath path: String) -> String {
    let fileName = path.split(separator: "/").last.map(String.init) ?? path
    return (fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName) + ".html"
  }

  /// A GitHub-style anchor: lowercase, spaces to hyphens, punctuation dropped: `What's *new*?` → `whats-new`.
  package static func slug(_ title: String) -> String {
    // ASCII titles (nearly all) by bytes: the same result without Unicode property lookups.
    if title.utf8.allSatisfy({ $0 < 0x80 }) {
      var bytes: [UInt8] = []
      bytes.reserveCapacity(title.utf8.count)
      for byte in title.utf8 {
        switch byte {
        case UInt8(ascii: " "): bytes.append(UInt8(ascii: "-"))
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "a")...UInt8(ascii: "z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"):
          bytes.append(byte)
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
        default: break
        }
      }
      return bytes.isEmpty ? "section" : String(decoding: bytes, as: UTF8.self)
    }
    let kept = title.lowercased().unicodeScalars.compactMap { scalar -> String? in
      if scalar == " " { return "-" }
      if scalar == "-" || scalar == "_" { return String(scalar) }
      if scalar.properties.isAlphabetic || scalar.properties.numericType != nil { return String(scalar) }
      return nil
    }
    let slug = kept.joined()
    return slug.isEmpty ? "section" : slug
  }
}
