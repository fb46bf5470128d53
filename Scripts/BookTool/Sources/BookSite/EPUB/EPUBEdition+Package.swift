import BookKit
import Foundation

/// The e-book's fixed files: the container, the package document, the table of contents, and the frame
/// of every content document.
extension EPUBEdition {
  /// The table of contents' name inside the book's folder.
  static let navigationName = "nav.xhtml"
  /// The stylesheet's name inside the book's folder.
  static let stylesheetName = "book.css"

  /// `META-INF/container.xml`: where the package document is.
  static let container = """
    <?xml version="1.0" encoding="UTF-8"?>
    <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
    <rootfiles>
    <rootfile full-path="\(packagePath)" media-type="application/oebps-package+xml"/>
    </rootfiles>
    </container>

    """

  /// The package document: metadata, every file but `mimetype`, the container and itself, and the
  /// reading order (the table of contents, then the chapters). `bodies` are the chapters' converted
  /// articles, which say whether a chapter holds SVG.
  func packageDocument(bodies: [Data]) -> String {
    var xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="\(Self.language)">
      <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
      <dc:identifier id="book-id">\(self.identifier)</dc:identifier>
      <dc:title>\(XHTMLConverter.xmlText(self.metadata.title))</dc:title>
      <dc:language>\(Self.language)</dc:language>

      """
    if let subtitle = self.metadata.subtitle {
      xml += "<dc:description>\(XHTMLConverter.xmlText(subtitle))</dc:description>\n"
    }
    xml += "<meta property=\"dcterms:modified\">\(self.modified)</meta>\n</metadata>\n<manifest>\n"
    xml +=
      "<item id=\"nav\" href=\"\(Self.navigationName)\" media-type=\"application/xhtml+xml\" properties=\"nav\"/>\n"
    xml += "<item id=\"css\" href=\"\(Self.stylesheetName)\" media-type=\"text/css\"/>\n"
    // Each body searched for `<svg` on every core.
    let holdsSVG = Parallel.map(bodies) { Self.holdsSVG($0) }
    for (index, (chapter, svg)) in zip(self.chapters, holdsSVG).enumerated() {
      let properties = svg ? " properties=\"svg\"" : ""
      xml += "<item id=\"chapter-\(index)\" href=\"\(HTML.escapeURL(Self.documentName(of: chapter.pageName)))\" "
      xml += "media-type=\"application/xhtml+xml\"\(properties)/>\n"
    }
    for (index, path) in self.resources.keys.sorted().enumerated() {
      xml += "<item id=\"resource-\(index)\" href=\"\(HTML.escapeURL(path))\" "
      xml += "media-type=\"\(Self.mediaType(of: path) ?? "application/octet-stream")\"/>\n"
    }
    xml += "</manifest>\n<spine>\n<itemref idref=\"nav\"/>\n"
    for index in self.chapters.indices { xml += "<itemref idref=\"chapter-\(index)\"/>\n" }
    return xml + "</spine>\n</package>\n"
  }

  /// Whether a converted chapter holds an `<svg` element (each `<` found by the C library's `memchr`).
  static func holdsSVG(_ body: Data) -> Bool {
    body.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
      guard let base = bytes.baseAddress else { return false }
      var offset = 0
      while offset + 4 <= bytes.count, let found = memchr(base + offset, Int32(UInt8(ascii: "<")), bytes.count - offset)
      {
        offset = base.distance(to: UnsafeRawPointer(found))
        if offset + 4 <= bytes.count, bytes[offset + 1] == UInt8(ascii: "s"), bytes[offset + 2] == UInt8(ascii: "v"),
          bytes[offset + 3] == UInt8(ascii: "g")
        {
          return true
        }
        offset += 1
      }
      return false
    }
  }

  /// The media type of a picture the e-book can hold (EPUB's core media types), or nil.
  static func mediaType(of path: String) -> String? {
    switch path.split(separator: ".").last?.lowercased() {
    case "svg": "image/svg+xml"
    case "png": "image/png"
    case "jpg", "jpeg": "image/jpeg"
    case "gif": "image/gif"
    case "webp": "image/webp"
    default: nil
    }
  }

  /// The table of contents: the title, then each part with its chapters, each chapter with its sections
  /// (levels 2 and 3).
  var navigationDocument: String {
    var body = "<nav epub:type=\"toc\" id=\"toc\" role=\"doc-toc\">\n"
    body += "<h1>\(XHTMLConverter.xmlText(self.metadata.title))</h1>\n<ol>\n"
    for group in self.groups where !group.chapterIndices.isEmpty {
      let entries = group.chapterIndices.map(self.navigationEntry).joined()
      if let title = group.title {
        body += "<li><span>\(XHTMLConverter.xmlText(title))</span>\n<ol>\n\(entries)</ol>\n</li>\n"
      } else {
        body += entries
      }
    }
    body += "</ol>\n</nav>\n"
    return Self.contentDocument(title: "Contents", body: body)
  }

  /// A chapter's entry in the table of contents, with its sections.
  private func navigationEntry(_ index: Int) -> String {
    let chapter = self.chapters[index]
    let document = Self.documentName(of: chapter.pageName)
    let label = (chapter.number.map { "\($0). " } ?? "") + chapter.title
    var entry = "<li><a href=\"\(HTML.escapeURL(document))\">\(XHTMLConverter.xmlText(label))</a>\n"
    var sections: [(section: Section, children: [Section])] = []
    for section in chapter.sections where section.level == 2 || section.level == 3 {
      if section.level == 3, !sections.isEmpty {
        sections[sections.count - 1].children.append(section)
      } else {
        sections.append((section, []))
      }
    }
    entry += Self.sectionList(sections.map { ($0.section, $0.children) }, document: document)
    return entry + "</li>\n"
  }

  /// Nested `<ol>` of sections; empty when there are none (EPUB forbids an empty list).
  private static func sectionList(_ sections: [(Section, [Section])], document: String) -> String {
    guard !sections.isEmpty else { return "" }
    var list = "<ol>\n"
    for (section, children) in sections {
      let href = HTML.escapeURL(document) + "#" + XHTMLConverter.xmlID(section.id)
      list += "<li><a href=\"\(href)\">\(XHTMLConverter.xmlText(section.title))</a>\n"
      list += Self.sectionList(children.map { ($0, []) }, document: document) + "</li>\n"
    }
    return list + "</ol>\n"
  }

  /// An XHTML content document around `body`.
  static func contentDocument(title: String, body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE html>
    <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" \
    xmlns:xlink="http://www.w3.org/1999/xlink" xml:lang="\(Self.language)" lang="\(Self.language)">
    <head>
    <meta charset="utf-8"/>
    <title>\(XHTMLConverter.xmlText(title))</title>
    <link rel="stylesheet" type="text/css" href="\(Self.stylesheetName)"/>
    </head>
    <body>
    \(body)
    </body>
    </html>

    """
  }

  /// The same document around a body that is already UTF-8 bytes (a converted chapter), in three parts
  /// (the frame before the body, the body, the frame after it): the bytes of `contentDocument(title:body:)`,
  /// without decoding the body into a string, encoding it again or copying it.
  static func contentDocument(title: String, body: Data) -> [Data] {
    // No title can write this: its `<` would be escaped. Found by its bytes: it starts and ends with an
    // ASCII byte that no combining mark follows in the frame, so it is where the characters are.
    let marker = Data("<BODY/>".utf8)
    let frame = Data(Self.contentDocument(title: title, body: "<BODY/>").utf8)
    guard let found = frame.range(of: marker) else { return [frame, body] }
    return [Data(frame[..<found.lowerBound]), body, Data(frame[found.upperBound...])]
  }
}
