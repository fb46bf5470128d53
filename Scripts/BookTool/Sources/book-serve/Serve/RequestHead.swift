/// The head of one request (request line, header lines, empty line) as `RequestGate` reads it off the
/// wire: byte by byte, in time linear in its length, with bounds on its size, its line lengths and its
/// number of lines.
///
/// FlyingFox 0.27.1 splits a head into lines in time quadratic in a line's length (each byte it appends
/// compares the whole line so far): in a debug build one 4 KB line costs it about 0.3 s of CPU, 16 KB about
/// 4.6 s and 32 KB 18 s (hostile case 10 of issue 18). So FlyingFox is only ever given the request line,
/// at most `maximumRequestLine` bytes long; the header lines, which the preview never reads, stop here.
///
///     var head = RequestHead()
///     head.feed(Array("GET /a.html HTTP/1.1\r\nHost: x\r\n\r\n".utf8))  // .complete
///     head.forwarded  // "GET /a.html HTTP/1.1\r\n\r\n"
struct RequestHead {
  /// Where the head stands.
  enum Verdict: Equatable {
    /// More bytes are needed.
    case incomplete
    /// The empty line has arrived; bytes after it are not read.
    case complete
    /// The head broke a bound; answer with this status (414: request line, 431: header fields) and close.
    case refused(status: Int)
  }

  /// The longest request line, without its line ending.
  static let maximumRequestLine = 2_048
  /// The longest header line, without its line ending.
  static let maximumHeaderLine = 8_192
  /// The most header lines.
  static let maximumHeaderLines = 100
  /// The most bytes of the whole head, line endings included.
  static let maximumBytes = 32_768

  /// Where the head stands now.
  private(set) var verdict = Verdict.incomplete
  /// The request line's bytes, without its line ending.
  private var requestLine: [UInt8] = []
  /// Bytes of the line being read, without its line ending; the request line is line 0.
  private var lineLength = 0
  /// Lines ended so far.
  private var lines = 0
  /// Bytes read so far.
  private var total = 0
  /// Whether the last byte read was a carriage return (part of a line ending if a line feed follows).
  private var afterReturn = false

  /// Reads `bytes`, which continue what was read before; returns the verdict. Bytes after a complete or
  /// refused head are ignored.
  @discardableResult
  mutating func feed(_ bytes: some Sequence<UInt8>) -> Verdict {
    for byte in bytes where self.verdict == .incomplete {
      self.read(byte)
    }
    return self.verdict
  }

  /// The head FlyingFox is given: the request line alone, then the empty line.
  var forwarded: [UInt8] {
    self.requestLine + Array("\r\n\r\n".utf8)
  }

  /// The whole answer to a refused head: its status line, no body, and the connection closed.
  static func refusal(status: Int) -> [UInt8] {
    let reason = status == 414 ? "URI Too Long" : "Request Header Fields Too Large"
    return Array("HTTP/1.1 \(status) \(reason)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
  }

  /// Reads one byte, then checks the bounds.
  private mutating func read(_ byte: UInt8) {
    self.total += 1
    if byte == UInt8(ascii: "\n") {
      self.endLine()
    } else {
      // A carriage return counts once the next byte shows it is not part of the line ending.
      if self.afterReturn { self.take(UInt8(ascii: "\r")) }
      if byte == UInt8(ascii: "\r") { self.afterReturn = true } else { self.take(byte) }
    }
    if self.verdict == .incomplete, let status = self.brokenBound() { self.verdict = .refused(status: status) }
  }

  /// One byte of the current line.
  private mutating func take(_ byte: UInt8) {
    self.afterReturn = false
    self.lineLength += 1
    if self.lines == 0 { self.requestLine.append(byte) }
  }

  /// A line feed: an empty line after the request line ends the head.
  private mutating func endLine() {
    if self.lines > 0, self.lineLength == 0 { self.verdict = .complete }
    self.lines += 1
    self.lineLength = 0
    self.afterReturn = false
  }

  /// The status of the bound the head has broken, if any.
  private func brokenBound() -> Int? {
    if self.lines == 0 { return self.lineLength > Self.maximumRequestLine ? 414 : nil }
    let headerLines = self.lines - 1 + (self.lineLength > 0 ? 1 : 0)
    let tooLarge =
      self.lineLength > Self.maximumHeaderLine || headerLines > Self.maximumHeaderLines
      || self.total > Self.maximumBytes
    return tooLarge ? 431 : nil
  }
}
