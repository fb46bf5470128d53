import CCmarkGFM
import Foundation

@testable import BookKit
@testable import BookSite

/// The examples of the GFM spec, and the two renderings the conformance test compares: cmark-gfm's own
/// HTML and the site's renderer, on the same parse with the same extensions.
enum GFMSpec {
  /// One example of the spec.
  struct Example {
    /// Its number, from 1, in the spec's order (as the spec's HTML edition numbers them).
    var number: Int
    /// The section heading it is under.
    var section: String
    /// The Markdown (the spec's `→` is a tab).
    var markdown: String
  }

  /// Where Debian's cmark-gfm package installs the spec.
  static let path = "/usr/share/doc/cmark-gfm/spec.txt.gz"

  /// The spec's text, or nil when it is not installed (read with `gzip -dc`).
  static func text() throws -> String? {
    guard FileManager.default.fileExists(atPath: Self.path) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["gzip", "-dc", Self.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
  }

  /// Every example that cmark-gfm runs (not those marked `disabled`), in order.
  static func examples(in text: String) -> [Example] {
    let fence = String(repeating: "`", count: 32)
    var examples: [Example] = []
    var number = 0
    var section = ""
    var current: (disabled: Bool, lines: [Substring])?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line.hasPrefix("#") {
        section = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      } else if line.hasPrefix(fence + " example") {
        number += 1
        current = (line.hasSuffix("disabled"), [])
      } else if line == fence, let example = current {
        current = nil
        guard !example.disabled else { continue }
        let markdown = example.lines.prefix { $0 != "." }.map { $0 + "\n" }.joined()
        examples.append(
          Example(number: number, section: section, markdown: markdown.replacingOccurrences(of: "→", with: "\t")))
      } else if current != nil {
        current?.lines.append(line)
      }
    }
    return examples
  }

  /// cmark-gfm's own HTML for `markdown`, with the extensions and options the tool parses with.
  static func cmarkHTML(_ markdown: String) -> String {
    cmark_gfm_core_extensions_ensure_registered()
    let options = CMARK_OPT_FOOTNOTES | CMARK_OPT_UNSAFE
    guard let parser = cmark_parser_new(options) else { return "" }
    defer { cmark_parser_free(parser) }
    for name in MarkdownParser.extensionNames {
      if let syntaxExtension = cmark_find_syntax_extension(name) {
        cmark_parser_attach_syntax_extension(parser, syntaxExtension)
      }
    }
    let bytes = Array(markdown.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, buffer.count) }
    }
    guard let root = cmark_parser_finish(parser) else { return "" }
    defer { cmark_node_free(root) }
    guard let html = cmark_render_html(root, options, cmark_parser_get_syntax_extensions(parser)) else { return "" }
    defer { free(html) }
    return String(cString: html)
  }

  /// The site's HTML for `markdown`: the chapter renderer with no listings, headings without ids, on a
  /// chapter page.
  static func siteHTML(_ markdown: String) -> String {
    let chapter = Chapter(
      path: "Chapters/01-spec.md", number: 1, title: "Spec", document: MarkdownParser.parse(markdown), listings: [],
      lines: markdown.split(separator: "\n", omittingEmptySubsequences: false))
    let context = ChapterRenderer.Context(
      listings: [], sectionIDs: [:], chapterPages: ["01-spec.html"], chapterLabels: ["chapter 1"],
      links: PageLinks(mode: .chapterPages, currentPage: "01-spec.html", chapterPages: []),
      sourceLink: SourceLink(repositoryURL: nil, tag: "chapter-01"))
    return ChapterRenderer.render(chapter, context: context).html
  }
}
