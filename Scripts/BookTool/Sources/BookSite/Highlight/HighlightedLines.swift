/// Turns classified ranges of a source, given in order, into one HTML line per source line: consecutive
/// ranges of one classification merge into one span (as SwiftIDEUtils merges them), and each line is
/// built as bytes, escaped on the way, and made a `String` once.
///
/// `let` (keyword) + ` x = ` (none) + `1` (integer) →
/// `<span class="hl-keyword">let</span> x = <span class="hl-number">1</span>`.
struct HighlightedLines {
  /// The source the ranges are offsets into: its owner keeps it alive while the lines are made
  /// (`SwiftClassifier.lines(of:source:)`), and reading it needs no bounds check or reference count.
  private let source: UnsafeBufferPointer<UInt8>
  /// The lines finished so far.
  private var lines: [String] = []
  /// The current line's HTML.
  private var line: [UInt8] = []
  /// The range waiting for a neighbour of the same class.
  private var pending: (tokenClass: SwiftTokenClass, start: Int, end: Int)?
  /// How much of the source is written.
  private var covered = 0

  init(source: UnsafeBufferPointer<UInt8>) {
    self.source = source
    self.line.reserveCapacity(256)
  }

  /// Whether the source has a `/` in `range`.
  func hasSlash(in range: Range<Int>) -> Bool {
    let upper = min(range.upperBound, self.source.count)
    guard range.lowerBound < upper else { return false }
    return UnsafeBufferPointer(rebasing: self.source[range.lowerBound..<upper]).contains(UInt8(ascii: "/"))
  }

  /// The next classified range: merged with the pending one when they touch and share a class, else the
  /// pending one is written. An empty unclassified range is nothing.
  mutating func report(_ tokenClass: SwiftTokenClass, _ start: Int, _ end: Int) {
    if tokenClass == .none && start == end { return }
    if let pending = self.pending, pending.tokenClass == tokenClass, pending.end == start {
      self.pending = (tokenClass, pending.start, end)
      return
    }
    if let pending = self.pending { self.write(pending.tokenClass, pending.start, pending.end) }
    self.pending = (tokenClass, start, end)
  }

  /// The lines, once every range is reported; a final empty line (after the last line break) is dropped.
  mutating func finish() -> [String] {
    if let pending = self.pending { self.write(pending.tokenClass, pending.start, pending.end) }
    self.pending = nil
    if self.covered < self.source.count { self.append(self.covered..<self.source.count, className: nil) }
    self.endLine()
    if self.lines.last == "" { self.lines.removeLast() }
    return self.lines
  }

  /// Writes a range (and any text skipped before it, plainly), clipped to the source.
  private mutating func write(_ tokenClass: SwiftTokenClass, _ start: Int, _ rangeEnd: Int) {
    if start > self.covered { self.append(self.covered..<start, className: nil) }
    let end = min(rangeEnd, self.source.count)
    guard end > start else { return }
    self.append(start..<end, className: tokenClass.className)
    self.covered = end
  }

  /// Appends escaped source bytes to the current line, starting a new line at each line break and
  /// wrapping each non-empty piece in a span of `className`.
  private mutating func append(_ range: Range<Int>, className: StaticString?) {
    let bytes = self.source
    var pieceStart = range.lowerBound
    for index in range where bytes[index] == UInt8(ascii: "\n") {
      if index > pieceStart { self.appendPiece(pieceStart..<index, className: className) }
      self.endLine()
      pieceStart = index + 1
    }
    if range.upperBound > pieceStart { self.appendPiece(pieceStart..<range.upperBound, className: className) }
  }

  /// One piece without a line break, escaped (runs of bytes that need no escape copied at once), in its
  /// span if it has a class.
  private mutating func appendPiece(_ range: Range<Int>, className: StaticString?) {
    let bytes = self.source
    if let className {
      self.appendLiteral("<span class=\"")
      self.appendLiteral(className)
      self.appendLiteral("\">")
    }
    var runStart = range.lowerBound
    for index in range {
      let escape: StaticString
      switch bytes[index] {
      case UInt8(ascii: "&"): escape = "&amp;"
      case UInt8(ascii: "<"): escape = "&lt;"
      case UInt8(ascii: ">"): escape = "&gt;"
      case UInt8(ascii: "\""): escape = "&quot;"
      default: continue
      }
      self.line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
      self.appendLiteral(escape)
      runStart = index + 1
    }
    self.line.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<range.upperBound]))
    if className != nil { self.appendLiteral("</span>") }
  }

  /// Appends a literal's bytes to the current line.
  private mutating func appendLiteral(_ text: StaticString) {
    text.withUTF8Buffer { self.line.append(contentsOf: $0) }
  }

  /// Finishes the current line.
  private mutating func endLine() {
    self.lines.append(String(decoding: self.line, as: UTF8.self))
    self.line.removeAll(keepingCapacity: true)
  }
}
