import BookKit
import Foundation
import XCTest

@testable import BookSite

/// The symbol index (issue 19, item 7): declarations found with swift-syntax, their history through the
/// listings' identities, the page, and the links from each declared name in a listing.
final class SymbolIndexTests: XCTestCase {
  /// Declaration lines read back by bytes give what `SwiftDeclarations(lines:)` reads, good lines, bad
  /// lines and lines outside ASCII alike.
  func testDeclarationLinesReadByBytesAreTheOnesReadByCharacters() {
    let code = "struct Café { var x: Int; func f(_ a: Int) {} }\nextension Café {}\nenum E { case a }"
    let lines =
      SwiftDeclarations.scan(code).lines + [
        "extension", "extension\tA\tB", "extension\t", "type\t1\t2\t3\tD\tA\tB", "type\t1\t2\t3\tD",
        "nope\t1\t2\t3\tD\tN",
        "type\tx\t2\t3\tD\tN", "type\t+1\t-2\t3\t\t", "function\t1\t2\t3\tD\t\u{301}f()", "", "\t\t\t\t\t",
        "case\t1\t2\t3\tD\tE.a\u{301}",
      ]
    XCTAssertEqual(DeclarationLines.decode(lines), SwiftDeclarations(lines: lines))
    XCTAssertGreaterThanOrEqual(DeclarationLines.decode(lines).declarations.count, 7)
  }

  func testDeclarationsAreQualifiedAndBodiesAreSkipped() {
    let code = """
      public final class Store<State, Action> {
        public var state: State
        public init(initialState: State) { let local = 1; self.state = initialState }
        public func dispatch(action: Action) { func helper() {} }
        subscript(index: Int) -> Int { 0 }
      }
      enum Counter { case increment, decrement(by: Int) }
      extension Store where State: Equatable {
        static func == (lhs: Store, rhs: Store) -> Bool { true }
      }
      extension Counter.Action { typealias Value = Int }
      let (a, b) = (1, 2)
      """
    let found = SwiftDeclarations.scan(code)
    XCTAssertEqual(
      found.declarations.map { "\($0.kind.rawValue) \($0.qualifiedName)" },
      [
        "type Store", "property Store.state", "function Store.init(initialState:)",
        "function Store.dispatch(action:)", "function Store.subscript(index:)", "type Counter",
        "case Counter.increment", "case Counter.decrement", "function Store.==(lhs:rhs:)", "type Counter.Action.Value",
      ])
    XCTAssertEqual(found.extendedTypes, ["Store", "Counter.Action"])
    let dispatch = found.declarations[3]
    XCTAssertEqual([dispatch.line, dispatch.column, dispatch.length], [3, 14, 8])
  }

  /// Chapter 1 introduces `Store`; chapter 2 replaces its chunk (changing it) and adds a test; chapter 3
  /// extends it; chapter 4 removes the extension.
  private let chapters: [(String, String)] = [
    (
      "01-one.md",
      "# One\n\n```swift file=Sources/Flux/Store.swift chunk=store\npublic final class Store {\n  var count = 0\n}\n```\n"
    ),
    (
      "02-two.md",
      "# Two\n\n```swift file=Sources/Flux/Store.swift chunk=store\npublic final class Store {\n  var count = 1\n}\n```\n\n"
        + "```swift file=Tests/FluxTests/T.swift\nstruct T {}\n```\n"
    ),
    (
      "03-three.md",
      "# Three\n\nText.\n\n```swift file=Sources/Flux/More.swift chunk=more\nextension Store {\n  func reset() {}\n}\n```\n"
    ),
    ("04-four.md", "# Four\n\n```swift file=Sources/Flux/More.swift chunk=more mode=remove\n```\n"),
  ]

  func testEachSymbolKnowsWhereItWasIntroducedAndEveryChapterThatChangedIt() throws {
    let book = SiteFixture.book(self.chapters)
    XCTAssertEqual(book.diagnostics, [])
    let index = SymbolIndex(book: book, declarations: DeclarationScanner())
    XCTAssertEqual(index.modules.map(\.name), ["Flux"], "tests and the manifest are not the book's modules")
    let symbols = try XCTUnwrap(index.modules.first?.symbols)
    let history = symbols.map { symbol in
      symbol.qualifiedName + ": " + symbol.events.map { "\($0.change.rawValue) \($0.listing)" }.joined(separator: ", ")
    }
    XCTAssertEqual(
      history,
      [
        "Store: introduced Chapters/01-one.md#0, changed Chapters/02-two.md#0, extended Chapters/03-three.md#0",
        "Store.count: introduced Chapters/01-one.md#0, changed Chapters/02-two.md#0",
        "Store.reset(): introduced Chapters/03-three.md#0, removed Chapters/04-four.md#0",
      ])
  }

  func testThePageListsEachSymbolWithLinksToItsListingsAndListingsLinkBack() throws {
    let site = SiteFixture.site(self.chapters)
    let page = SiteFixture.text(site, "symbols.html")
    let storeID = SymbolIndex.entryID(module: "Flux", qualifiedName: "Store")
    XCTAssertEqual(storeID, "symbol-Flux.Store")
    XCTAssertTrue(page.contains("<h2 id=\"module-Flux\">Flux</h2>"), page)
    XCTAssertTrue(
      page.contains(
        "<li id=\"symbol-Flux.Store\" data-name=\"store\"><code class=\"symbol-name\">Store</code> "
          + "<span class=\"symbol-kind\">type</span><span class=\"symbol-history\">introduced in "
          + "<a href=\"01-one.html#listing-flux-store-store\">Listing 1.1</a> (chapter 1); changed in "
          + "<a href=\"02-two.html#listing-flux-store-store\">Listing 2.1</a> (chapter 2); extended in "
          + "<a href=\"03-three.html#listing-flux-more-more\">Listing 3.1</a> (chapter 3)</span></li>"), page)
    XCTAssertTrue(page.contains("<p id=\"symbol-count\" class=\"symbol-count\" role=\"status\">3 symbols</p>"))
    XCTAssertFalse(page.contains("symbol-FluxTests"), "tests are left out")
    // Every page's sidebar and the index lead to it.
    XCTAssertTrue(SiteFixture.text(site, "02-two.html").contains("<a href=\"symbols.html\">Symbols</a>"))
    XCTAssertTrue(SiteFixture.text(site, "index.html").contains("<a href=\"symbols.html\">symbol index</a>"))
    // A declared name links to its entry; nothing else of the highlighted line changes.
    let chapter = SiteFixture.text(site, "01-one.html")
    XCTAssertTrue(
      chapter.contains(
        "<span class=\"hl-keyword\">class</span> <a class=\"symbol-link\" href=\"symbols.html#symbol-Flux.Store\">"
          + "Store</a> {"), chapter)
    XCTAssertTrue(
      chapter.contains(
        "<span class=\"hl-keyword\">var</span> <a class=\"symbol-link\" href=\"symbols.html#symbol-Flux.Store.count\">"
          + "count</a> = "), chapter)
    XCTAssertFalse(SiteFixture.text(site, "02-two.html").contains("symbol-FluxTests"))
    // Every id a listing links to is on the page.
    for chapterPage in ["01-one.html", "02-two.html", "03-three.html", "04-four.html"] {
      let text = SiteFixture.text(site, chapterPage)
      for part in text.components(separatedBy: "href=\"symbols.html#").dropFirst() {
        let id = String(part.prefix { $0 != "\"" })
        XCTAssertTrue(page.contains("id=\"\(id)\""), "\(chapterPage) links to a missing entry \(id)")
      }
    }
  }

  func testTheHighlighterKeepsTheDeclarationsOfItsTreesSoEachListingIsParsedOnce() {
    let highlighter = Highlighter()
    let wanted = "struct A { var b = 1 }\n"
    highlighter.declarationKeys = [Highlighter.Key(kind: .declarations, code: wanted)]
    highlighter.prepare([
      Highlighter.Key(kind: .swift, code: wanted), Highlighter.Key(kind: .swift, code: "let c = 2\n"),
    ])
    // Kept with the highlighted texts, so the cache saves them for the next build.
    let kept = highlighter.usedResults().results
    XCTAssertEqual(kept[Highlighter.Key(kind: .declarations, code: wanted)], SwiftDeclarations.scan(wanted).lines)
    XCTAssertNil(kept[Highlighter.Key(kind: .declarations, code: "let c = 2\n")], "only the texts asked for")
    let scanner = DeclarationScanner(highlighter: highlighter)
    XCTAssertEqual(scanner.scan(wanted).declarations.map(\.qualifiedName), ["A", "A.b"])
    XCTAssertEqual(highlighter.usedResults().results.count, 3)
  }

  func testDeclarationsSurviveTheirLinesInTheCache() {
    let found = SwiftDeclarations.scan("enum E { case a(x: Int) }\nextension E { func f() {} }\n")
    XCTAssertEqual(found.declarations.count, 3)
    XCTAssertEqual(SwiftDeclarations(lines: found.lines), found)
    XCTAssertEqual(SwiftDeclarations(lines: ["nonsense", "type\tx\t0\t1\td\tA"]), SwiftDeclarations())
  }

  func testNamesAreLinkedInsideSpansAndAfterEntitiesOrNotAtAll() {
    let href = "symbols.html#x"
    let link = "<a class=\"symbol-link\" href=\"symbols.html#x\">"
    let cases: [(html: String, column: Int, length: Int, linked: String?)] = [
      ("let a = 1", 4, 1, "let \(link)a</a> = 1"),
      ("<span class=\"t\">Store</span> x", 0, 5, "<span class=\"t\">\(link)Store</a></span> x"),
      ("a &lt; bc", 4, 2, "a &lt; \(link)bc</a>"),
      ("func ab", 5, 2, "func \(link)ab</a>"),
      ("a<b>cd</b>", 0, 3, nil),
      ("short", 9, 2, nil),
    ]
    for (html, column, length, linked) in cases {
      XCTAssertEqual(DeclarationLinks.wrap(html, column: column, length: length, href: href), linked, html)
    }
    XCTAssertEqual(SymbolIndex.entryID(module: "M", qualifiedName: "S.==(_:_:)"), "symbol-M.S.-3D-3D(_:_:)")
    XCTAssertEqual(SymbolIndex.entryID(module: "M", qualifiedName: "a-b c"), "symbol-M.a-2Db-20c")
  }
}
