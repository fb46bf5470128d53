import Foundation

/// What the conformance test rewrites before it compares, one named rule each: the tool's documented
/// additions come out of the site's HTML, and cmark-gfm's XHTML-style void elements take the HTML5 form.
enum GFMNormalisation {
  /// A rewrite: a pattern and its template (`NSRegularExpression` syntax).
  struct Rule {
    var why: String
    var pattern: String
    var template: String

    func apply(_ html: String) -> String {
      let expression = try! NSRegularExpression(pattern: self.pattern, options: [.dotMatchesLineSeparators])
      return expression.stringByReplacingMatches(
        in: html, range: NSRange(html.startIndex..., in: html), withTemplate: self.template)
    }
  }

  /// Rules for cmark-gfm's HTML.
  static let cmarkRules = [
    Rule(
      why: "void elements in HTML5 form: <br /> is <br>", pattern: #"<(br|hr|img|input)([^<>]*?) />"#,
      template: "<$1$2>"),
    Rule(
      why: "a fenced block with a language is a listing on the site (a figure, ListingView); plain code has no class",
      pattern: #"<pre><code class="language-[^"]*">"#, template: "<pre><code>"),
  ]

  /// Rules for the site's HTML: its documented additions.
  static let siteRules = [
    Rule(
      why: "tables sit in a sideways-scrolling wrapper",
      pattern: #"<div class="table-wrap">\n(<table>.*?</table>\n)</div>\n"#,
      template: "$1"),
    Rule(
      why: "a column's alignment is CSS (HTML5 has no align attribute)",
      pattern: #" style="text-align: (left|center|right)""#,
      template: #" align="$1""#),
  ]

  /// cmark-gfm's HTML, in the form the comparison uses.
  static func cmark(_ html: String) -> String {
    Self.cmarkRules.reduce(html) { $1.apply($0) }
  }

  /// The site's HTML, with the tool's documented additions taken out.
  static func site(_ html: String) -> String {
    Self.siteRules.reduce(html) { $1.apply($0) }
  }
}
