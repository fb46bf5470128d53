import BookKit
import XCTest

@testable import BookSite

/// Raw HTML that names no HTML element is an error at its chapter line and column; known elements pass.
final class RawHTMLCheckerTests: XCTestCase {
  /// The checker's diagnostics for one chapter, as `rule@line:column` and message.
  func check(_ text: String) throws -> [String] {
    let chapter = Chapter(
      path: "Chapters/01-a.md", number: 1, title: "A", document: MarkdownParser.parse(text), listings: [],
      lines: text.split(separator: "\n", omittingEmptySubsequences: false))
    return RawHTMLChecker.check(book: Book(chapters: [chapter])).map {
      "\($0.id)@\($0.location.line):\($0.location.column)"
    }
  }

  func testKnownElementsCommentsAndCodePass() throws {
    let text = """
      # A

      Some <kbd>⌘</kbd>K, <em>emphasis</em>, a <br> and <a id="x"></a> and <!-- a comment -->.
      The option `--diet <diet>` in a code span, and \\<diet> escaped.

      <div class="note">
      <p>A block of <strong>HTML</strong>.</p>
      </div>

      """
    XCTAssertEqual(try self.check(text), [])
  }

  func testAnUnknownElementIsReportedWhereItsTagStarts() throws {
    let text = """
      # A

      "Error: invalid for '--diet <diet>': unknown", and é <Thing/> too.

      <div>
      x <widget> y
      </div>

      """
    XCTAssertEqual(
      try self.check(text),
      ["unknown-html-element@3:29", "unknown-html-element@3:55", "unknown-html-element@6:3"])
  }
}
