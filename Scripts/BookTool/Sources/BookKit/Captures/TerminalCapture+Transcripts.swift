extension TerminalCapture {
  /// A transcript block of a chapter (```` ```text capture=NAME ````) and the capture it quotes.
  package struct Transcript: Sendable {
    /// The block.
    package var listing: Listing
    /// The `capture=` attribute.
    package var attribute: ListingAttribute
  }

  /// Every transcript block of the book, in book order.
  package static func transcripts(in book: Book) -> [Transcript] {
    book.chapters.flatMap { chapter in
      chapter.listings.compactMap { listing in
        listing.capture.map { Transcript(listing: listing, attribute: $0) }
      }
    }
  }

  /// Compares every transcript block with what its capture's program prints now (`output` runs it), and
  /// returns the problems together with the transcript each out-of-date block should hold.
  package static func checkTranscripts(
    in book: Book, captures: [TerminalCapture], output: (TerminalCapture) throws -> String
  ) throws -> (diagnostics: [Diagnostic], expected: [(Transcript, String)]) {
    var diagnostics: [Diagnostic] = []
    var expected: [(Transcript, String)] = []
    for transcript in Self.transcripts(in: book) {
      let name = transcript.attribute.value ?? ""
      guard let capture = captures.first(where: { $0.name == name }) else {
        let known = captures.compactMap(\.name).sorted().joined(separator: ", ")
        diagnostics.append(
          Diagnostic(
            .error, id: .unknownCapture, at: transcript.attribute.location,
            "no capture named '\(name)' in \(Self.fileName)" + (known.isEmpty ? "" : " (there are: \(known))")))
        continue
      }
      let text = capture.transcript(of: try output(capture))
      guard transcript.listing.code != text else { continue }
      expected.append((transcript, text))
      diagnostics.append(
        Diagnostic(
          .error, id: .captureDrift, at: transcript.listing.fence,
          "this transcript differs from what '\(capture.program)' prints now for capture '\(name)'; "
            + "`book capture` prints the current transcript"))
    }
    return (diagnostics, expected)
  }
}
