import XCTest

/// The site's renderer against every example of the GFM spec: its HTML equals cmark-gfm's, once both are
/// normalised by the rules in `GFMNormalisation` (the tool's documented additions, and the HTML5 form
/// of void elements).
final class GFMSpecTests: XCTestCase {
  func testEveryExampleRendersAsCmarkGFMDoes() throws {
    guard let text = try GFMSpec.text() else {
      throw XCTSkip("\(GFMSpec.path) is not installed (Debian's cmark-gfm package; Scripts/setup.sh installs it)")
    }
    let examples = GFMSpec.examples(in: text)
    XCTAssertGreaterThan(examples.count, 600, "the spec's examples were not found")
    var failures: [String] = []
    for example in examples {
      let expected = GFMNormalisation.cmark(GFMSpec.cmarkHTML(example.markdown))
      let actual = GFMNormalisation.site(GFMSpec.siteHTML(example.markdown))
      if expected != actual {
        failures.append(
          "example \(example.number) (\(example.section)):\n  markdown: \(example.markdown.debugDescription)\n"
            + "  cmark-gfm: \(expected.debugDescription)\n  site:      \(actual.debugDescription)")
      }
    }
    XCTAssertEqual(
      failures.count, 0, "\(failures.count) of \(examples.count) examples differ:\n" + failures.joined(separator: "\n"))
    print("GFM spec: \(examples.count - failures.count) of \(examples.count) examples render as cmark-gfm does")
  }
}
