import BookKit
import XCTest

@testable import BookSite

/// graphviz's SVG is rewritten on its bytes for speed; these tests hold it to the definitions on characters
/// it replaced, over graphviz's own output and over texts chosen to hit every place where bytes and
/// characters part: `\r\n`, empty lines, combining marks and prepended scalars next to what is looked for,
/// non-ASCII ids and labels, several documents and text after the last.
final class GraphvizSVGBytesTests: XCTestCase {
  // MARK: - The definitions, on characters (the code before the byte paths)

  private func referenceDocuments(in output: String) -> [String] {
    var documents: [String] = []
    var current: [Substring] = []
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
      current.append(line)
      if line.hasPrefix("</svg>") {
        documents.append(current.joined(separator: "\n"))
        current = []
      }
    }
    return documents
  }

  private func referenceInline(_ document: String, id: String, title: String, description: String?) -> String? {
    let lines = document.split(separator: "\n").map(String.init)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("<svg") }),
      let end = lines[start...].firstIndex(where: { $0.hasSuffix(">") })
    else { return nil }
    let svgTag = lines[start...end].joined(separator: " ")
    var result = [GraphvizSVG.openingTag(from: svgTag, id: id, hasDescription: description != nil)]
    result.append("<title id=\"\(id)-title\">\(MarkupText.escape(title))</title>")
    if let description {
      result.append("<desc id=\"\(id)-desc\">\(MarkupText.escape(description))</desc>")
    }
    for line in lines[(end + 1)...] where !line.hasPrefix("<!--") && !line.hasPrefix("<title>") {
      result.append(self.referenceRecolored(self.referenceRemovingID(line)))
    }
    return result.joined(separator: "\n")
  }

  private func referenceRemovingID(_ line: String) -> String {
    guard line.hasPrefix("<g "), let start = line.range(of: " id=\"") else { return line }
    guard let close = line[start.upperBound...].firstIndex(of: "\"") else { return line }
    return String(line[..<start.lowerBound]) + String(line[line.index(after: close)...])
  }

  private func referenceRecolored(_ line: String) -> String {
    guard line.contains("#0a0b0") else { return line }
    var line = line
    for (placeholder, replacement) in GraphvizSVG.colorReplacements {
      line = line.replacing(placeholder, with: replacement)
    }
    return line
  }

  // MARK: - Texts

  /// graphviz's documents for diagrams with every construct, ASCII and non-ASCII labels.
  private func graphvizDocuments() throws -> [String] {
    let sources = [
      "flowchart LR\n  accTitle: Every shape\n  R[Rectangle] --> O(Rounded) -.-> S([Stadium]) ==> U[[Subroutine]]\n"
        + "  U --- Y[(Cylinder)] -.- C((Circle)) === D{Diamond} ~~~ H{{Hexagon}}\n"
        + "  subgraph G [Group]\n    D -- yes --> E[\"In (group)\"]\n  end\n  G -->|leaves| R\n",
      "flowchart TD\n  accTitle: Non-ASCII\n  accDescr: Labels.\n  A[Café → thé] -- \"naïve ✓\" --> B[e\u{301}tude]\n  B --> C[日本語]\n",
    ]
    return try sources.map { source in
      let chart = try FlowchartParser.parse(source, at: SourceLocation(path: "Chapters/01-x.md", line: 3)).get()
      return try GraphvizLibrary.svg(fromDOT: chart.dot(named: "g0")).get()
    }
  }

  /// Each document as it is, and changed to hit every difference between bytes and characters.
  private func variants(of document: String) -> [String] {
    let edits: [(String, String)] = [
      ("\n", "\r\n"), ("\n", "\n\n"), ("<svg", "<svg\u{301}"), ("<title>", "<title>\u{301}"),
      ("<!--", "<!--\u{301}"), ("</svg>", "</svg>\u{301}"), ("pt\"\n", "pt\"\u{600}>\n"),
      ("<g id=\"node1\"", "<g id=\"nodé1\""), ("<g id=\"edge1\"", "<g\u{301} id=\"edge1\""),
      (" fill=\"#0a0b0", "é fill=\"#0a0b0"), ("\" fill=\"#0a0b0", "\u{600}\" fill=\"#0a0b0"),
      ("#0a0b01\"", "#0a0b01\"\u{301}"), ("#0a0b03\"", "#0a0b03\"é"), ("<text", "\u{212A}<text"),
      (" viewBox=\"", "é viewBox=\""), (" viewBox=\"", " viewBox=\"\u{301}"), ("\" viewBox", "\"\u{301} viewBox"),
      ("<g id=\"clust1\"", "<g id=\"clust1\u{301}\""), ("stroke=\"#0a0b04\"", "stroke=\"#0a0b04\"\r\n"),
    ]
    var variants = [document, document + "\n", "trailing\n" + document + "\nafter", document + document]
    for (target, replacement) in edits {
      variants.append(document.replacingOccurrences(of: target, with: replacement))
      if let first = document.range(of: target) {
        variants.append(document.replacingCharacters(in: first, with: replacement))
      }
    }
    return variants
  }

  // MARK: - Tests

  func testDocumentsAreFoundAsOnCharacters() throws {
    var outputs = ["", "\n", "</svg>", "</svg>\n", "a\r\n</svg>\nb", "x\n</svg>\u{301}\n</svg>"]
    for document in try self.graphvizDocuments() { outputs += self.variants(of: document) }
    for output in outputs {
      XCTAssertEqual(GraphvizSVG.documents(in: output), self.referenceDocuments(in: output), output.debugDescription)
    }
  }

  func testInlineSVGIsWhatTheCharactersGive() throws {
    var checked = 0
    for document in try self.graphvizDocuments() {
      for variant in self.variants(of: document) {
        for description in [nil, "A <description> & more"] {
          let inline = GraphvizSVG.inline(variant, id: "diagram-x-3", title: "T \"1\"", description: description)
          let reference = self.referenceInline(variant, id: "diagram-x-3", title: "T \"1\"", description: description)
          XCTAssertEqual(inline, reference, variant.debugDescription)
          if inline != nil { checked += 1 }
        }
      }
    }
    XCTAssertGreaterThan(checked, 60)
    XCTAssertNil(GraphvizSVG.inline("<svg\u{301} width=\"1pt\">\n</svg>", id: "x", title: "t", description: nil))
  }

  func testViewBoxWidthIsWhatTheCharactersGive() throws {
    var texts = ["", " viewBox=\"", " viewBox=\"0 0 5 6\"", "é viewBox=\"0 0 5 6\"", " viewBox=\"0 0 é 6\""]
    for document in try self.graphvizDocuments() { texts += self.variants(of: document) }
    for text in texts {
      XCTAssertEqual(DiagramFit.viewBoxWidth(in: text), DiagramFit.viewBoxWidthOfCharacters(in: text), text)
    }
    XCTAssertEqual(DiagramFit.viewBoxWidth(in: "<svg viewBox=\"0.00 0.00 224.50 116.00\">"), 224.5)
  }

  func testLabelsWithoutATagAreWhatTheSearchGives() {
    func reference(_ text: String) -> String {
      var label = text
      for breakTag in ["<br>", "<br/>", "<br />", "<BR>", "<BR/>", "<BR />"] {
        label = label.replacingOccurrences(of: breakTag, with: "\n")
      }
      guard label.contains("\n") else { return label }
      return label.split(separator: "\n", omittingEmptySubsequences: false)
        .map { StatementScanner.trimmed(String($0)) }.joined(separator: "\n")
    }
    let texts = [
      "", "plain", " a \n b ", "a<br>b", "a <br/> b", "≮br>x", "<\u{338}br>x", "e\u{301}<BR />f", "a\r\nb", "<b>",
    ]
    for text in texts {
      XCTAssertEqual(FlowchartParser.label(text), reference(text), text.debugDescription)
    }
    XCTAssertEqual(FlowchartParser.label("a <br/> b"), "a\nb")
  }

  func testGraphvizLibraryPathIsTheLastFieldOfTheFirstLineNamingIt() throws {
    func reference(_ maps: Data) -> String? {
      let needle = Array("/libgvc.".utf8)
      for line in maps.split(separator: UInt8(ascii: "\n")) {
        let bytes = Array(line)
        guard bytes.count >= needle.count,
          (0...(bytes.count - needle.count)).contains(where: { bytes[$0..<($0 + needle.count)].elementsEqual(needle) })
        else { continue }
        return bytes.split(separator: UInt8(ascii: " ")).last.map { String(decoding: $0, as: UTF8.self) }
      }
      return nil
    }
    let line = "7f1-7f2 r--p 00000000 08:01 123    /usr/lib/libgvc.so.6.0.0"
    let texts = [
      "", "\n", line, "a b /x/libc.so\n" + line + "\n" + line.replacingOccurrences(of: "/usr", with: "/opt"),
      line + "   \nnext", "/libgvc.", " /libgvc.so (deleted)\n", "x\n\n  /a/libgvc.so.6  \n",
    ]
    for text in texts {
      XCTAssertEqual(GraphvizLibrary.libraryPath(inMaps: Data(text.utf8)), reference(Data(text.utf8)), text)
    }
    XCTAssertEqual(GraphvizLibrary.libraryPath(inMaps: Data(line.utf8)), "/usr/lib/libgvc.so.6.0.0")
    let maps = try XCTUnwrap(FileHandle(forReadingAtPath: "/proc/self/maps")?.readToEnd())
    XCTAssertEqual(GraphvizLibrary.libraryPath(inMaps: maps), reference(maps))
  }
}
