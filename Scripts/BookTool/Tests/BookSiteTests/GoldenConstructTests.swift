import BookKit
import Foundation
import XCTest

@testable import BookSite

/// Pins the HTML of each Markdown and listing construct the site renders, one golden file per case.
final class GoldenConstructTests: XCTestCase {
  /// One construct: a small book, and the chapter whose article is compared.
  struct Case {
    /// The golden file's name.
    var name: String
    /// The book's chapters: (file name, Markdown).
    var chapters: [(String, String)]
    /// The index of the chapter whose article is pinned.
    var page: Int = 0
  }

  /// Every case; each has exactly one golden file, and every golden file belongs to a case.
  static let cases: [Case] = [
    Case(
      name: "table",
      chapters: [
        (
          "01-a.md",
          """
          # Tables

          | left | centre | right | none |
          |:-----|:------:|------:|------|
          | `a` | **b** | 3 | x \\| y |
          | 1 | | 2.5 | <em>raw</em> |
          """
        )
      ]),
    Case(
      name: "footnote",
      chapters: [
        (
          "01-a.md",
          """
          # Notes

          First[^b] claim, second[^a], and the first again[^b].

          [^a]: Alpha, with *emphasis*.

          [^b]: Beta, on
              two lines.

          [^unused]: Never referenced, so not shown.
          """
        )
      ]),
    Case(
      name: "task-list",
      chapters: [
        (
          "01-a.md",
          """
          # Tasks

          - [x] done
          - [ ] open
            with more
          - plain item

          1. one
          2. two
          """
        )
      ]),
    Case(
      name: "inlines",
      chapters: [
        (
          "01-a.md",
          """
          # Inlines

          *em*, **strong**, ~~struck~~, `code <b>`, www.example.com, https://example.org/a?b=1&c=2,
          [next](02-b.md#start), [here](#inlines), [site](https://swift.org "Swift"), a & b < c,
          ![a diagram](images/flow.svg "Flow") and raw <kbd>K</kbd> but not <script>alert(1)</script>.\\
          After a hard break.

          > Quoted, with `code`.

          ---

          <div class="note">A raw block.</div>
          """
        ),
        ("02-b.md", "# Start\n"),
      ]),
    Case(
      name: "heading-anchor",
      chapters: [
        (
          "01-a.md",
          """
          # What's *new*?

          ## The store

          ### The store

          ## Ünïcode & symbols: 1.0

          Setext heading
          --------------
          """
        )
      ]),
    Case(
      name: "highlighted-listing",
      chapters: [
        (
          "01-a.md",
          """
          # Listing

          ```swift file=Sources/Demo/Store.swift chunk=store
          import Foundation

          /// Holds the state.
          @MainActor
          public final class Store<State: Sendable> {
            private(set) var state: State  // the current value
            public init(_ state: State) { self.state = state }
            let name = "a \\"quoted\\" <name>"
            let count = 0x1F + 2.5
          }
          ```

          ```sh
          swift build && echo "<done>"
          ```

              indented code
          """
        )
      ]),
    Case(
      name: "replacing-listing",
      chapters: [
        (
          "01-a.md",
          """
          # First

          ```swift file=Sources/Demo/Counter.swift chunk=counter
          struct Counter {
            var value = 0
            func next() -> Int { value + 1 }
          }
          ```

          ```swift file=Sources/Demo/Counter.swift chunk=counter mode=replace
          struct Counter {
            var value = 0
            var step = 1
            func next() -> Int { value + step }
          }
          ```
          """
        ),
        (
          "02-b.md",
          """
          # Second

          ```swift file=Sources/Demo/Counter.swift chunk=counter
          struct Counter {
            var value = 0
            var step = 2
            func next() -> Int { value + step }
          }
          ```

          ```swift file=Sources/Demo/Counter.swift chunk=counter mode=remove
          ```
          """
        ),
      ],
      page: 1),
    Case(
      name: "folded-test-listing",
      chapters: [
        (
          "01-a.md",
          """
          # Tests

          ```swift file=Tests/DemoTests/CounterTests.swift
          import XCTest

          final class CounterTests: XCTestCase {
            func testNext() { XCTAssertEqual(1 + 1, 2) }
          }
          ```
          """
        )
      ]),
    Case(
      name: "excerpt",
      chapters: [
        (
          "01-a.md",
          """
          # Excerpt

          ```swift compile=false
          (State, Action) throws -> State
          ```

          ```swift file=Sources/M/Reducer.swift chunk=reduce
          func reduce(_ state: Int, _ action: Int) -> Int {
            let next = state + action
            return next
          }
          ```

          ```swift excerpt=Sources/M/Reducer.swift#reduce
          func reduce(_ state: Int, _ action: Int) -> Int {
            // …
            return next
          ```
          """
        )
      ]),
  ]

  func testConstructs() {
    for golden in Self.cases {
      let site = SiteFixture.site(golden.chapters)
      let chapter = SiteFixture.book(golden.chapters).chapters[golden.page]
      let article = SiteFixture.article(SiteFixture.text(site, chapter.pageName))
      GoldenFiles.assertMatches(article, name: golden.name)
    }
  }

  func testWholePageTemplate() {
    let chapters = [
      ("01-a.md", "# Alpha\n\nText.\n\n## One\n\n### One point one\n\n## Two\n"),
      ("02-b.md", "# Beta\n\nMore.\n"),
      ("notes.md", "# Notes without a number\n"),
    ]
    let site = SiteFixture.site(chapters)
    GoldenFiles.assertMatches(SiteFixture.text(site, "01-a.html"), name: "page-template")
    GoldenFiles.assertMatches(SiteFixture.text(site, "index.html"), name: "index-page")
  }

  func testEveryGoldenFileIsUsed() throws {
    let used = Set(Self.cases.map(\.name) + ["page-template", "index-page", "numbered-listings"])
    let onDisk = try GoldenFiles.namesOnDisk()
    XCTAssertEqual(onDisk.subtracting(used).sorted(), [], "golden files that no test compares: delete them")
    XCTAssertEqual(used.subtracting(onDisk).sorted(), [], "cases without a golden file: record them")
    XCTAssertEqual(Set(Self.cases.map(\.name)).count, Self.cases.count, "two cases share a golden file")
  }
}

extension GoldenConstructTests {
  /// The ids a page gives elements of its own, outside any chapter's text, are exactly the ones no
  /// heading may take (`Section.reservedIDs`): a new id in the template must be reserved too.
  func testThePagesOwnIdsAreReservedFromHeadings() throws {
    let site = SiteFixture.site([("01-a.md", "# Alpha\n\nText.\n")])
    let page = SiteFixture.text(site, "01-a.html")
    let pattern = try NSRegularExpression(pattern: #" id="([^"]*)""#)
    let ids = pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)).map {
      String(page[Range($0.range(at: 1), in: page)!])
    }
    XCTAssertEqual(Set(ids).subtracting(["alpha"]), Section.reservedIDs)
  }
}
