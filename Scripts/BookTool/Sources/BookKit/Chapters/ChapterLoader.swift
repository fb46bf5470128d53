import Foundation

/// Reads the chapters of a book from disk into `Chapter` values, in book order.
package enum ChapterLoader {
  /// What loading a book's chapters gives: the chapters and every diagnostic found while reading them.
  package struct Loaded: Sendable {
    /// The chapters that could be read, in book order.
    package var chapters: [Chapter]
    /// Problems found while reading and parsing them, in file order.
    package var diagnostics: [Diagnostic]
  }

  /// The chapters of the workspace, in file-name order, with every diagnostic found while reading them.
  ///
  /// Only reading a file can fail; a chapter that is not UTF-8 is reported and left out.
  package static func load(
    from workspace: Workspace
  ) throws -> (chapters: [Chapter], diagnostics: [Diagnostic]) {
    let loaded = try Self.load(paths: try workspace.chapterPaths(), read: workspace.read)
    return (loaded.chapters, loaded.diagnostics)
  }

  /// A chapter file's bytes parsed (`chapter(path:data:)`), or why they cannot be.
  package typealias Parsed = Result<(chapter: Chapter, diagnostics: [Diagnostic]), DiagnosticsError>

  /// The one loop that reads a book's chapters, from disk (a workspace) or from a git tree (`book tag`):
  /// each file at `paths` is read with `read`, in order, then parsed with `parse` on every core, biggest
  /// first. A file whose name cannot be a chapter's is reported and not read.
  package static func load(
    paths: [String], read: (String) throws -> Data,
    parse: @escaping @Sendable (_ path: String, _ data: Data) -> Parsed = { Self.chapter(path: $0, data: $1) }
  ) throws -> Loaded {
    var diagnostics: [Diagnostic] = []
    var files: [(path: String, data: Data)] = []
    for path in paths {
      if let problem = Self.nameProblem(path: path) {
        diagnostics.append(problem)
      } else {
        files.append((path, try read(path)))
      }
    }
    let parsed = Parallel.map(
      files, largestFirst: { $0.data.count }, { parse($0.path, $0.data) })
    var chapters: [Chapter] = []
    for result in parsed {
      switch result {
      case .success(let loaded):
        chapters.append(loaded.chapter)
        diagnostics += loaded.diagnostics
      case .failure(let error):
        diagnostics += error.diagnostics
      }
    }
    return Loaded(chapters: chapters, diagnostics: diagnostics)
  }

  /// Builds a chapter from a file's bytes, or reports why it cannot.
  package static func chapter(path: String, data: Data) -> Parsed {
    if let problem = Self.nameProblem(path: path) { return .failure(DiagnosticsError([problem])) }
    guard let source = String(validatingUTF8Data: data) else {
      let location = Self.firstInvalidUTF8(in: data, path: path)
      return .failure(
        DiagnosticsError([
          Diagnostic(.error, id: .notUtf8, at: location, "chapter is not valid UTF-8; save it as UTF-8")
        ]))
    }
    return .success(Self.chapter(path: path, source: source))
  }

  /// The longest chapter file name, in bytes: its pages (`NAME.changes.html`) must fit the usual
  /// 255-byte limit of a file name.
  package static let maximumNameBytes = 100

  /// Why a chapter file's name cannot be used, or nil: only ASCII letters, digits, `.`, `_` and `-`, at
  /// most `maximumNameBytes`. A name reaches generated Swift (`#sourceLocation(file: "…")`), manifests
  /// of one path per line, and page names; `02-a"b.md` or a name with a newline would break them.
  package static func nameProblem(path: String) -> Diagnostic? {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    let plain = name.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        || byte == 0x2D || byte == 0x2E || byte == 0x5F
    }
    let markdown = name.hasSuffix(".md")
    guard !plain || !markdown || name.utf8.count > Self.maximumNameBytes else { return nil }
    // The location shows the name escaped, so that it stays one line of plain text.
    let shown = String(path.debugDescription.dropFirst().dropLast())
    return Diagnostic(
      .error, id: .invalidChapterName, at: SourceLocation(path: shown, line: 1),
      !plain
        ? "a chapter file's name may hold only ASCII letters, digits, '.', '_' and '-'; rename it"
        : !markdown
          ? "a chapter file's name must end in '.md', in lower case; rename it"
          : "the chapter file's name is longer than \(Self.maximumNameBytes) bytes; shorten it")
  }

  /// Builds a chapter from its text.
  package static func chapter(path: String, source: String) -> (chapter: Chapter, diagnostics: [Diagnostic]) {
    let parsed = MarkdownParser.parse(source, path: path)
    var document = parsed.document
    // Lines end as CommonMark (and cmark-gfm's line numbers) say: at "\n", "\r\n" or a lone "\r".
    let lines = Self.lines(of: source)
    var diagnostics = parsed.diagnostics
    let listings = Self.listings(of: &document, path: path, lines: lines, diagnostics: &diagnostics)
    let fileName = String(path.split(separator: "/").last ?? "")
    let chapter = Chapter(
      path: path, number: Chapter.number(fromFileName: fileName),
      title: Self.title(of: document) ?? fileName, document: document, listings: listings, lines: lines,
      sourceDigest: ContentDigest.of(source))
    return (chapter, diagnostics)
  }

  /// The chapter's fenced code blocks as listings, in document order, each numbered by its place there
  /// (`ListingID`); each block's node in `document` records that number (`MarkdownNode.listing`), so that
  /// the renderer meets each listing by its identity.
  ///
  /// Document order, not the tree's: cmark-gfm moves footnote definitions to the end of the tree, but a
  /// listing inside a footnote comes where the author wrote it (a later listing may replace its chunk).
  private static func listings(
    of document: inout MarkdownNode, path: String, lines: [Substring], diagnostics: inout [Diagnostic]
  ) -> [Listing] {
    var blocks: [(node: MarkdownNode, info: String, literal: String)] = []
    document.forEachNode { node in
      guard case .codeBlock(let info, let literal, let fenced) = node.kind, fenced else { return }
      blocks.append((node, info, literal))
    }
    // Tree order → document order: `ordinals[i]` is the place of the tree's i-th block.
    func position(_ index: Int) -> (Int, Int) { (blocks[index].node.startLine, blocks[index].node.startColumn) }
    let documentOrder = blocks.indices.sorted { position($0) < position($1) }
    var ordinals = [Int](repeating: 0, count: blocks.count)
    for (ordinal, treeIndex) in documentOrder.enumerated() { ordinals[treeIndex] = ordinal }
    var next = 0
    document.numberFencedCodeBlocks {
      next += 1
      return ordinals[next - 1]
    }
    return documentOrder.enumerated().map { ordinal, treeIndex in
      let (node, info, literal) = blocks[treeIndex]
      let fence = SourceLocation(path: path, line: node.startLine, column: node.startColumn)
      let fenceLine = node.startLine - 1 < lines.count ? lines[node.startLine - 1] : ""
      let parsed = ListingTagParser.parse(info: info, fenceLine: fenceLine, fence: fence)
      diagnostics += parsed.diagnostics
      return Listing(
        id: ListingID(chapter: path, ordinal: ordinal), language: parsed.language, attributes: parsed.attributes,
        code: literal, fence: fence, tag: parsed.tag)
    }
  }

  /// The lines of `source` without their terminators, split where CommonMark ends a line: at "\n",
  /// "\r\n" or a lone "\r". Scans bytes, not characters: a line end is always a character boundary.
  static func lines(of source: String) -> [Substring] {
    // Scanning the contiguous bytes and cutting at their offsets (constant time in a native string) is
    // several times faster than stepping through `utf8` indices; a bridged string takes the slow path.
    let bounds = source.utf8.withContiguousStorageIfAvailable(Self.lineBounds(in:))
    guard let bounds else { return Self.linesSteppingIndices(of: source) }
    let utf8 = source.utf8
    return bounds.map { source[utf8.index(utf8.startIndex, offsetBy: $0)..<utf8.index(utf8.startIndex, offsetBy: $1)] }
  }

  /// The byte ranges of the lines, without their terminators.
  private static func lineBounds(in bytes: UnsafeBufferPointer<UInt8>) -> [(Int, Int)] {
    var bounds: [(Int, Int)] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else { continue }
      bounds.append((start, index - 1))
      if byte == UInt8(ascii: "\r"), index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
      start = index
    }
    bounds.append((start, bytes.count))
    return bounds
  }

  /// `lines(of:)` for a string without contiguous UTF-8 storage.
  private static func linesSteppingIndices(of source: String) -> [Substring] {
    var lines: [Substring] = []
    let utf8 = source.utf8
    var start = utf8.startIndex
    var index = start
    while index != utf8.endIndex {
      let byte = utf8[index]
      guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
        utf8.formIndex(after: &index)
        continue
      }
      lines.append(source[start..<index])
      utf8.formIndex(after: &index)
      if byte == UInt8(ascii: "\r"), index != utf8.endIndex, utf8[index] == UInt8(ascii: "\n") {
        utf8.formIndex(after: &index)
      }
      start = index
    }
    lines.append(source[start..<utf8.endIndex])
    return lines
  }

  /// The plain text of the first heading.
  private static func title(of document: MarkdownNode) -> String? {
    document.children.first { if case .heading = $0.kind { true } else { false } }?.plainText
  }

  /// The line and column of the first byte that breaks UTF-8.
  private static func firstInvalidUTF8(in data: Data, path: String) -> SourceLocation {
    let bytes = [UInt8](data)
    var lineStart = 0
    var line = 1
    var index = 0
    while index < bytes.count {
      let length = UTF8Validation.sequenceLength(in: bytes, at: index)
      guard length > 0 else { break }
      if bytes[index] == UInt8(ascii: "\n") {
        line += 1
        lineStart = index + 1
      }
      index += length
    }
    return SourceLocation(path: path, line: line, column: index - lineStart + 1)
  }
}

extension String {
  /// Decodes strict UTF-8, or returns nil when the bytes are not UTF-8.
  init?(validatingUTF8Data data: Data) {
    // The standard library's validation (vectorised) rather than a byte loop; the same strict UTF-8.
    guard let text = String(validating: data, as: UTF8.self) else { return nil }
    self = text
  }
}

/// Byte-level UTF-8 validation that can say where a file stops being UTF-8.
enum UTF8Validation {
  /// The length of the well-formed UTF-8 sequence at `index`, or 0 if the bytes there are ill-formed.
  static func sequenceLength(in bytes: [UInt8], at index: Int) -> Int {
    let lead = bytes[index]
    let (length, lowestSecond, highestSecond): (Int, UInt8, UInt8)
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: (length, lowestSecond, highestSecond) = (2, 0x80, 0xBF)
    case 0xE0: (length, lowestSecond, highestSecond) = (3, 0xA0, 0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: (length, lowestSecond, highestSecond) = (3, 0x80, 0xBF)
    case 0xED: (length, lowestSecond, highestSecond) = (3, 0x80, 0x9F)
    case 0xF0: (length, lowestSecond, highestSecond) = (4, 0x90, 0xBF)
    case 0xF1...0xF3: (length, lowestSecond, highestSecond) = (4, 0x80, 0xBF)
    case 0xF4: (length, lowestSecond, highestSecond) = (4, 0x80, 0x8F)
    default: return 0
    }
    guard index + length <= bytes.count else { return 0 }
    guard (lowestSecond...highestSecond).contains(bytes[index + 1]) else { return 0 }
    for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
      return 0
    }
    return length
  }
}
