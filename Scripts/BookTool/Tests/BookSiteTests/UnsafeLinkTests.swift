import BookKit
import XCTest

@testable import BookSite

/// Hostile case 15 of issue 18: links that would run code or open a local file do not pass `book check`.
extension LinkCheckerTests {
  func testScriptDataAndFileLinksAreRefused() throws {
    let text = "# B\n\n[a](javascript:alert(1)) [b](DATA:text/html,hi) [c](file:///etc/passwd) [d](mailto:x@y.z)\n"
    let found = try self.check(["01-a.md": "# A\n", "02-b.md": text])
    let message = { (scheme: String) in
      "error: a '\(scheme):' link runs code or opens a local file when a reader follows it; "
        + "link to a page or an https address instead [unsafe-link]"
    }
    XCTAssertEqual(
      found,
      [
        "\(self.at("02-b.md", text, line: 3, "[a]")): \(message("javascript"))",
        "\(self.at("02-b.md", text, line: 3, "[b]")): \(message("data"))",
        "\(self.at("02-b.md", text, line: 3, "[c]")): \(message("file"))",
      ])
  }
}
