/// `split(separator:omittingEmptySubsequences:)` of an ASCII string by its bytes.
///
/// `String.split` compares characters, breaking the text into grapheme clusters first; in an all-ASCII
/// string every character but `\r\n` is one byte and no ASCII separator joins a cluster, so cutting the
/// bytes at the separator gives the same parts. Paths are split this way for every listing of a build.
package enum ASCIISplit {
  /// The parts of `text` between `separator`s, as `text.split(separator:omittingEmptySubsequences:)`
  /// gives them; nil when `text` has a byte outside ASCII or `separator` is not ASCII.
  package static func parts(of text: String, separator: Character, omittingEmpty: Bool = true) -> [Substring]? {
    guard let separator = separator.asciiValue, text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
    let utf8 = text.utf8
    var parts: [Substring] = []
    var start = utf8.startIndex
    var index = start
    while index < utf8.endIndex {
      if utf8[index] == separator {
        if !omittingEmpty || start < index { parts.append(text[start..<index]) }
        start = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    if !omittingEmpty || start < index { parts.append(text[start..<index]) }
    return parts
  }
}
