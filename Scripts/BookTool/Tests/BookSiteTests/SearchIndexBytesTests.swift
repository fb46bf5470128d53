import Foundation
import XCTest

@testable import BookSite

/// The search index works on UTF-8 bytes for speed; these tests hold it to what the plain definitions on
/// characters and `Set<String>` give, over texts chosen to hit every difference between the two: case,
/// non-ASCII letters in both normalization forms, `\r\n`, control characters, the line separators.
final class SearchIndexBytesTests: XCTestCase {
  /// The words of `texts` as the definition says: runs of ASCII letters and digits and non-ASCII bytes,
  /// lowercased, at least two bytes, distinct as strings are (canonical equivalence), in first-seen order.
  private func referenceWords(_ texts: [String]) -> String {
    var seen = Set<String>()
    var ordered: [String] = []
    for text in texts {
      var word: [UInt8] = []
      func finish() {
        defer { word = [] }
        guard word.count > 1 else { return }
        let string = String(decoding: word, as: UTF8.self).lowercased()
        if seen.insert(string).inserted { ordered.append(string) }
      }
      for byte in text.utf8 {
        let isWordByte = byte >= 0x80 || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte | 0x20)
        if isWordByte { word.append(byte) } else { finish() }
      }
      finish()
    }
    return ordered.joined(separator: " ")
  }

  /// An excerpt as the definition says, by characters.
  private func referenceExcerpt(_ prose: String) -> String {
    let collapsed = prose.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    guard collapsed.count > 160 else { return collapsed }
    let cut = collapsed.prefix(160)
    return (cut.lastIndex(of: " ").map { String(cut[..<$0]) } ?? String(cut)) + "…"
  }

  /// A JavaScript literal as the definition says, by Unicode scalars.
  private func referenceLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      case "<": literal += "\\u003c"
      case "\u{2028}": literal += "\\u2028"
      case "\u{2029}": literal += "\\u2029"
      case _ where scalar.value < 0x20: literal += String(format: "\\u%04x", scalar.value)
      default: literal.unicodeScalars.append(scalar)
      }
    }
    return literal + "\""
  }

  /// Texts with every kind of byte the byte-wise code treats apart.
  private let texts = [
    "A store holds state. The STORE, a store: store2 store_2", "Café café CAFÉ cafe\u{301} CAFE\u{301}",
    "\u{212A}elvin kelvin KELVIN", "line\r\nbreak\ttab\u{B}vt\u{C}ff\u{1C}fs\u{85}nel\u{A0}nbsp",
    "a\u{2028}b\u{2029}c \u{2028}\u{2029} x\u{2027}y", "quote \" back \\ less < more > nul\u{0}x \u{1}\u{1F}",
    "Ωμέγα ΩΜΈΓΑ straße STRASSE İstanbul", "emoji 👍🏽 family 👨‍👩‍👧 flags 🇫🇷", "", " ", "x",
    String(repeating: "word ", count: 40) + String(repeating: "é", count: 200),
    String(repeating: "long-prose with spaces  and\nlines ", count: 12), " \u{301}combining after a space",
  ]

  func testWordsAreTheSameAsByStrings() {
    for count in 0...self.texts.count {
      for start in self.texts.indices {
        let texts = Array((self.texts + self.texts)[start..<(start + count)])
        var words = WordSet()
        for text in texts { words.add(text) }
        XCTAssertEqual(words.joined, self.referenceWords(texts), "\(texts)")
      }
    }
  }

  func testManyWordsGrowTheTable() {
    let texts = (0..<5000).map { "w\($0) W\($0 / 2) é\($0 % 7)" }
    var words = WordSet()
    for text in texts { words.add(text) }
    XCTAssertEqual(words.joined, self.referenceWords(texts))
  }

  func testExcerptsAreTheSameAsByCharacters() {
    for text in self.texts + self.texts.map({ String(repeating: $0 + " ", count: 9) }) {
      XCTAssertEqual(SearchIndex.excerpt(text), self.referenceExcerpt(text), text)
    }
    let ascii = String(repeating: "abcdefghi ", count: 15) + "\r\n\r\n" + String(repeating: "x", count: 30)
    XCTAssertEqual(SearchIndex.excerpt(ascii), self.referenceExcerpt(ascii))
    let noSpace = String(repeating: "z", count: 200)
    XCTAssertEqual(SearchIndex.excerpt(noSpace), String(repeating: "z", count: 160) + "…")
  }

  func testLiteralsAreTheSameAsByScalars() {
    for text in self.texts + ["\u{E2}\u{80}", "end\u{E2}", "\u{2028}", "a\u{2029}"] {
      XCTAssertEqual(JS.string(text), self.referenceLiteral(text), text)
    }
  }
}
