/// Reads the highlighter's declaration lines (`SwiftDeclarations.lines`) back by their bytes.
///
/// `SwiftDeclarations(lines:)` splits each line into `Character`s, which the listing views and the symbol
/// index paid for on every listing of a module (about 3 ms of CPU per cold render of the synthetic book).
/// A tab is a control character, so a grapheme boundary falls on both its sides: splitting an ASCII line's
/// bytes at its tabs gives the same fields, and ASCII fields compare and parse the same as bytes or as
/// strings. A line with any other byte is read by `SwiftDeclarations(lines:)` itself.
enum DeclarationLines {
  /// The declarations `lines` describe, exactly as `SwiftDeclarations(lines:)` reads them.
  static func decode(_ lines: [String]) -> SwiftDeclarations {
    var found = SwiftDeclarations()
    found.declarations.reserveCapacity(lines.count)
    for var line in lines {
      let read = line.withUTF8 { Self.readASCII($0, into: &found) }
      if !read {
        let other = SwiftDeclarations(lines: [line])
        found.declarations += other.declarations
        found.extendedTypes += other.extendedTypes
      }
    }
    return found
  }

  /// Reads one all-ASCII line into `found` (or leaves it out, as `SwiftDeclarations(lines:)` would);
  /// false, touching nothing, when the line has a byte outside ASCII.
  private static func readASCII(_ bytes: UnsafeBufferPointer<UInt8>, into found: inout SwiftDeclarations) -> Bool {
    guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
    // The fields, as the split at most 5 tabs keeping empty fields: `type\t0\t7\t5\tDIGEST\tStore`.
    var fields: [Range<Int>] = []
    fields.reserveCapacity(6)
    var start = 0
    for index in bytes.indices where bytes[index] == 0x09 && fields.count < 5 {
      fields.append(start..<index)
      start = index + 1
    }
    fields.append(start..<bytes.count)
    func text(_ range: Range<Int>) -> String {
      String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
    if fields.count == 2, text(fields[0]) == "extension" {
      found.extendedTypes.append(text(fields[1]))
    } else if fields.count == 6, let kind = SwiftDeclaration.Kind(rawValue: text(fields[0])),
      let line = Int(text(fields[1])), let column = Int(text(fields[2])), let length = Int(text(fields[3]))
    {
      found.declarations.append(
        SwiftDeclaration(
          qualifiedName: text(fields[5]), kind: kind, line: line, column: column, length: length,
          digest: text(fields[4])))
    }
    return true
  }
}
