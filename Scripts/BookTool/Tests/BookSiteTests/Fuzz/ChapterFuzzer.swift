import Foundation

/// Writes random books whose chapters are mostly Markdown gone wrong: random nesting of lists, quotes and
/// emphasis (now and then thousands deep), fences of every kind (unterminated, tildes, long, with random
/// attributes, `file=` paths and chunk operations), tables, footnotes, links, diagrams, tables and charts
/// of result files good and hostile with numbers quoted from them, and bytes that are not text at all (CRLF,
/// a BOM, NUL, invalid UTF-8), under odd file names.
struct ChapterFuzzer {
  /// The random source; the whole book follows from its seed.
  var random: SeededGenerator

  /// One file of a generated workspace: a path relative to the root, and its bytes.
  struct File {
    var path: String
    var bytes: Data
  }

  /// Creates the fuzzer of one seed.
  init(seed: UInt64) {
    self.random = SeededGenerator(seed: seed)
  }

  /// The files of one random book: one to four chapters, sometimes a `book.json`.
  mutating func book() -> [File] {
    let names = (0..<self.random.int(1...4)).map { self.chapterFileName($0) }
    var files = Set(names).sorted().map { name in
      File(path: "Chapters/\(name)", bytes: self.mutatedBytes(self.chapter(linkingTo: names)))
    }
    if self.random.chance(0.2) {
      let json = self.random.pick([
        #"{"title": "T", "parts": [{"title": "P", "chapters": [1, 2]}]}"#, #"{"parts": 3}"#, "{", "",
        #"{"title": "\u0000", "repositoryURL": "javascript:alert(1)"}"#,
      ])
      files.append(File(path: "Chapters/book.json", bytes: Data(json.utf8)))
    }
    if self.random.chance(0.5) {
      files.append(File(path: "Chapters/data/r.json", bytes: self.mutatedBytes(self.resultFile())))
    }
    return files
  }

  /// A result file: mostly valid, else hostile (deep, NaN, text or booleans for numbers, cut off).
  private mutating func resultFile() -> String {
    let run = #""run": {"machine": "m", "toolchain": "t", "date": "d", "load": 1}"#
    let columns = #""columns": [{"name": "n"}, {"name": "a", "unit": "ns"}, {"name": "b"}]"#
    let rows = self.random.pick([
      "[[1, 2, 3], [10, 20, 30], [1000, 0.5, 7]]", "[[1, NaN, 3]]", "[[1, \"x\", true]]", "[]", "[[0, -1, 1e999]]",
      "[[1, 2]]", "[[1, 2, 3], [1, 4, 5]]",
    ])
    return self.random.pick([
      "{\"format\": 1, \(run), \(columns), \"rows\": \(rows)}", String(repeating: "[", count: 5_000), "{\"format\": 1",
      "{\"format\": 2}",
    ])
  }

  /// A table or chart block over `r` (or a file that does not exist), with attributes good and bad.
  private mutating func figure() -> String {
    let kind = self.random.pick(["table", "chart"])
    let attributes = (0..<self.random.int(0...4)).map { _ in
      self.random.pick([
        "data=r", "data=gone", "data=../x", "x=n", "y=a,b", "y=a", "y=", "columns=n,b", "columns=zz",
        "scale=log", "scale=bogus", "low=a", "high=b", "low=zz,a", "title=\"A title\"", "title=\"open", "x=a",
        "colums=n",
      ])
    }
    return "```" + ([kind] + attributes).joined(separator: " ") + "\n```"
  }

  /// A chapter file name: mostly `NN-name.md`, sometimes odd.
  private mutating func chapterFileName(_ index: Int) -> String {
    let number = String(format: "%02d", index + self.random.int(0...2))
    let stem = self.random.pick([
      "intro", "a b", "ünïcödé", "x.y", "", "#hash", "%20", "-", "UPPER", "a&b<c>", "'quote\"", "émoji-🙂",
      String(repeating: "long", count: 40),
    ])
    return self.random.chance(0.1)
      ? self.random.pick(["-.md", "x.md", "99999999999999999999-big.md"])
      : "\(number)-\(stem).md"
  }

  /// The Markdown of one chapter; links may point at the other chapters.
  private mutating func chapter(linkingTo names: [String]) -> String {
    var blocks: [String] = []
    if self.random.chance(0.8) { blocks.append("# " + self.inline(names)) }
    for _ in 0..<self.random.int(0...12) {
      blocks.append(self.block(names))
    }
    return blocks.joined(separator: self.random.chance(0.8) ? "\n\n" : "\n") + (self.random.chance(0.8) ? "\n" : "")
  }

  /// One random block.
  private mutating func block(_ names: [String]) -> String {
    switch self.random.int(0...12) {
    case 0: return String(repeating: "#", count: self.random.int(1...7)) + " " + self.inline(names)
    case 1, 2: return self.inline(names)
    case 3, 4: return self.nested(names)
    case 5, 6, 7: return self.fence()
    case 8: return self.table(names)
    case 9: return "[^\(self.random.pick(["1", "n", "x y", ""]))]: " + self.inline(names)
    case 10: return self.mermaid()
    case 11: return self.figure()
    default:
      return self.random.pick([
        "---", "<div id=\"x\">\n\n*html*\n\n</div>", "    indented code\n    more", "[ref]: 01-intro.md#x",
        "<!-- comment", "<details><summary>s</summary>", "- [ ] task\n- [x] done", "1) one\n2) two",
      ])
    }
  }

  /// Lists, quotes and mixtures nested to a random depth: usually shallow, sometimes around the tool's
  /// limit, now and then thousands deep.
  private mutating func nested(_ names: [String]) -> String {
    let depth = self.random.pick([1, 2, 3, 5, 8, 40, 97, 98, 99, 100, 101, 150, 3000])
    let text = self.inline(names)
    switch self.random.int(0...4) {
    case 0: return String(repeating: ">", count: depth) + " " + text
    // One item a line, indented a level more each time (the text grows with the square of the depth).
    case 1:
      return (0..<min(depth, 150)).map { String(repeating: "  ", count: $0) + "- " + text }
        .joined(separator: "\n")
    case 2:
      return (0..<min(depth, 150)).map { String(repeating: "   ", count: $0) + "1. " + text }
        .joined(separator: "\n")
    case 3: return String(repeating: self.random.pick(["> - ", "- ", "1. ", "> "]), count: depth) + text
    default:
      let marks = String(repeating: self.random.pick(["*", "_", "**", "~~", "[", "!["]), count: depth)
      return marks + text + String(repeating: self.random.pick(["*", "_", "**", "~~", "](x)", "]"]), count: depth)
    }
  }

  /// A line of inline Markdown.
  private mutating func inline(_ names: [String]) -> String {
    (0..<self.random.int(1...6)).map { _ in self.inlinePiece(names) }.joined(separator: " ")
  }

  /// One inline piece: words, emphasis, links, images, footnotes, code, HTML, stray markers.
  private mutating func inlinePiece(_ names: [String]) -> String {
    let target = self.random.pick(names + ["missing.md", "#anchor", "", "https://example.com", "images/x.png"])
    switch self.random.int(0...10) {
    case 0: return self.random.pick(["word", "ünïcödé", "🙂", "&amp;", "&#0;", "\\*", "a\tb", "x  "])
    case 1: return "*" + self.random.pick(["em", "*strong*", "_mixed*", ""]) + "*"
    case 2: return "[link](\(target)\(self.random.pick(["", "#intro", "#", "#x y", " \"title\""])))"
    case 3: return "![alt](\(self.random.pick(["images/x.png", "https://x/y.png", "../out.png", target])))"
    case 4: return "[^\(self.random.pick(["1", "n", "missing", ""]))]"
    case 5: return String(repeating: "`", count: self.random.int(1...3)) + "code"
    case 6: return self.random.pick(["<span id=\"a\">", "</div>", "<https://x.y>", "<a href=\"02-x.md#y\">a</a>"])
    case 7: return self.random.pick(["[", "]", "*", "_", "~~", "|", "<", "\\"])
    case 8: return "~~strike~~"
    case 9:
      return self.random.pick([
        "{{data:r#10.a}}", "{{data:r#9.a}}", "{{data:r#1.zz}}", "{{data:gone#1.a}}", "{{data:r}}", "{{data:",
        "`{{data:r#1.a}}`", "*{{data:r#1.b}}*",
      ])
    default: return "**bold** text"
    }
  }

  /// A fenced block: backticks or tildes of any length, an info string of random attributes, a closing
  /// fence that may be missing, shorter, longer or of the other kind.
  private mutating func fence() -> String {
    let character = self.random.pick(["`", "~"])
    let length = self.random.pick([3, 3, 3, 4, 5, 12])
    let open = String(repeating: character, count: length)
    let close: String
    switch self.random.int(0...6) {
    case 0: close = ""
    case 1: close = String(repeating: character, count: length - 1)
    case 2: close = String(repeating: character == "`" ? "~" : "`", count: length)
    case 3: close = String(repeating: character, count: length + 2)
    default: close = open
    }
    let lines = (0..<self.random.int(0...4)).map { _ in self.codeLine() }
    return ([open + self.infoString()] + lines + (close.isEmpty ? [] : [close])).joined(separator: "\n")
  }

  /// A listing's info string: a language and random attributes.
  private mutating func infoString() -> String {
    let language = self.random.pick(["swift", "swift", "swift", "text", "sh", "mermaid", "", "Swift", "swift{"])
    let attributes = (0..<self.random.int(0...4)).map { _ in self.attribute() }
    return ([language] + attributes).joined(separator: " ")
  }

  /// One `key=value` attribute, sometimes malformed.
  private mutating func attribute() -> String {
    let chunk = self.random.pick(["a", "b", "store", "", "x y", "ünï"])
    switch self.random.int(0...9) {
    case 0, 1, 2: return "file=" + self.filePath()
    case 3: return "chunk=" + chunk
    case 4: return "mode=" + self.random.pick(["replace", "remove", "bogus", ""])
    case 5: return "after=" + chunk
    case 6: return "compile=" + self.random.pick(["false", "true", "no"])
    case 7: return "capture=" + self.random.pick(["run", "", "missing"])
    default: return self.random.pick(["flie=x", "file", "=x", "a=b=c", "file=\"a b\"", "{.class}", "file=", "😀=1"])
    }
  }

  /// A `file=` path: good ones, and ones that leave the workspace or name what the tool may not write.
  private mutating func filePath() -> String {
    self.random.pick([
      "Sources/M/A.swift", "Sources/M/B.swift", "Tests/MTests/T.swift", "Package.swift", "../x.swift",
      "/etc/passwd", "Sources/M/../../x.swift", "Sources/Ünï/Ç.swift", "Sources/M/", "Sources/M/.swift",
      "Scripts/x.swift", "Sources/M/A.txt", "Site/index.html", ".book/tangled-files", "Chapters/01-intro.md",
      "Sources//M/A.swift", "Sources/M/A.swift/", "Sources/./M/A.swift", "Tests/A.swift", "Sources/M/%2e%2e.swift",
    ])
  }

  /// A line of a listing: Swift, broken Swift, a manifest, or noise.
  private mutating func codeLine() -> String {
    self.random.pick([
      "let a = 1", "}", "{", "func f() {", "#sourceLocation(file: \"x\", line: 1)", "// swift-tools-version: 6.2",
      "import PackageDescription", "let package = Package(name: \"X\")", "struct S { var x: Int }", "\"unterminated",
      "```", "~~~", "    ", "/* open comment", String(repeating: "(", count: 300), "let 🙂 = \"\\u{0}\"",
    ])
  }

  /// A GFM table of a few columns, with cells that may hold pipes, code and links; now and then a row of
  /// about as many cells as a line may hold.
  private mutating func table(_ names: [String]) -> String {
    let columns = self.random.int(1...6)
    let header = "|" + (0..<columns).map { _ in " h |" }.joined()
    let rule = "|" + (0..<columns).map { _ in self.random.pick([" - |", ":-|", "-:|", ":-:|", "x|"]) }.joined()
    let rows = (0..<self.random.int(0...4)).map { _ in
      let cells = self.random.chance(0.05) ? self.random.int(490...520) : self.random.int(0...columns + 1)
      return "|"
        + (0..<cells).map { _ in
          " " + self.random.pick(["a", "`|`", "\\|", self.inlinePiece(names), ""]) + " |"
        }.joined()
    }
    return ([header, rule] + rows).joined(separator: "\n")
  }

  /// A Mermaid flowchart, valid or not, with subgraphs nested to a random depth.
  private mutating func mermaid() -> String {
    let depth = self.random.pick([0, 1, 3, 60])
    var lines = ["```mermaid", self.random.pick(["flowchart LR", "flowchart TD", "graph XY", ""])]
    if self.random.chance(0.8) { lines.append("  accTitle: A diagram") }
    lines += (0..<depth).map { "  subgraph s\($0) [Level \($0)]" }
    lines += (0..<self.random.int(0...4)).map { _ in
      self.random.pick(["  a --> b", "  a[Label] -->|edge| b((round))", "  a --", "  b -.-> c", "  a[\"q\"]", "  %% x"])
    }
    lines += Array(repeating: "  end", count: self.random.chance(0.8) ? depth : max(depth - 1, 0))
    lines.append("```")
    return lines.joined(separator: "\n")
  }

  /// The chapter's bytes, now and then damaged: CRLF or lone CR line ends, a byte-order mark, NUL bytes,
  /// invalid UTF-8.
  private mutating func mutatedBytes(_ text: String) -> Data {
    var text = text
    if self.random.chance(0.15) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
    if self.random.chance(0.1) { text = "\u{FEFF}" + text }
    var bytes = Array(text.utf8)
    if self.random.chance(0.1) { self.insert([0], into: &bytes) }
    if self.random.chance(0.05) { self.insert([UInt8(ascii: "\r")], into: &bytes) }
    if self.random.chance(0.08) {
      let invalid: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]
      self.insert(self.random.pick(invalid), into: &bytes)
    }
    return Data(bytes)
  }

  /// Inserts `inserted` at a random offset.
  private mutating func insert(_ inserted: [UInt8], into bytes: inout [UInt8]) {
    bytes.insert(contentsOf: inserted, at: self.random.int(0...bytes.count))
  }
}
