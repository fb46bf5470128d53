import XCTest

@testable import BookKit

/// Every listing's identity (`ListingID`: chapter file + place in the chapter) and kind, decided once when
/// its chapter loads, and carried by the chunks and steps the tangle records.
final class ListingIdentityTests: XCTestCase {
  private let file = "Sources/M/A.swift"

  /// Chapter one: a chunk and an excerpt; chapter two: a replacement of the chunk.
  private func chapters(extraListingInOne: Bool = false, chapterBefore: Bool = false) -> [Chapter] {
    var one: [(info: String, code: String)] = [("swift file=\(self.file) chunk=a", "let a = 1")]
    if extraListingInOne { one.append(("swift file=\(self.file) chunk=b", "let b = 2")) }
    one.append(("swift excerpt=\(self.file)#a", "let a = 1"))
    var sources: [(name: String, text: String)] = [
      ("01-one.md", chapterText("One", one)),
      ("02-two.md", chapterText("Two", [("swift file=\(self.file) chunk=a", "let a = 3")])),
    ]
    if chapterBefore { sources.insert(("00-zero.md", chapterText("Zero", [("sh", "ls")])), at: 0) }
    return loadChapters(sources)
  }

  func testAListingIsNamedByItsChapterFileAndPlace() {
    let book = Book(chapters: self.chapters())
    XCTAssertEqual(
      book.chapters.flatMap(\.listings).map(\.id.description),
      ["Chapters/01-one.md#0", "Chapters/01-one.md#1", "Chapters/02-two.md#0"])
    for listing in book.chapters.flatMap(\.listings) {
      XCTAssertEqual(book.listing(listing.id), listing, "\(listing.id)")
    }
    XCTAssertNil(book.listing(ListingID(chapter: "Chapters/01-one.md", ordinal: 2)))
    XCTAssertNil(book.listing(ListingID(chapter: "Chapters/03-three.md", ordinal: 0)))
  }

  func testIdentityIsStableWhenAnotherChapterGainsAListingOrTheBookAChapter() {
    let before = Book(chapters: self.chapters())
    let after = Book(chapters: self.chapters(extraListingInOne: true, chapterBefore: true))
    let id = ListingID(chapter: "Chapters/02-two.md", ordinal: 0)
    XCTAssertEqual(before.listing(id)?.code, "let a = 3\n")
    XCTAssertEqual(after.listing(id)?.code, "let a = 3\n")
    XCTAssertEqual(before.chapterIndex(of: id), 1)
    XCTAssertEqual(after.chapterIndex(of: id), 2)
    // The tangle records the same listing for the replacement, and the same one for what it replaced.
    XCTAssertEqual(before.tangle.steps[id]?.listing, id)
    XCTAssertEqual(after.tangle.steps[id]?.previous?.listing, before.tangle.steps[id]?.previous?.listing)
    XCTAssertEqual(after.tangle.steps[id]?.previous?.listing, ListingID(chapter: "Chapters/01-one.md", ordinal: 0))
  }

  func testIdentitiesAreUniqueAcrossTheBook() {
    let book = Book(chapters: self.chapters(extraListingInOne: true, chapterBefore: true))
    let ids = book.chapters.flatMap(\.listings).map(\.id)
    XCTAssertEqual(ids.count, 5)
    XCTAssertEqual(Set(ids).count, ids.count)
  }

  func testChunksCarryTheListingThatWroteThem() throws {
    let book = Book(chapters: self.chapters(extraListingInOne: true))
    let chunks = try XCTUnwrap(book.tangle.files.first { $0.path == self.file }?.chunks)
    XCTAssertEqual(chunks.map(\.listing.description), ["Chapters/02-two.md#0", "Chapters/01-one.md#1"])
    for chunk in chunks { XCTAssertEqual(book.listing(chunk.listing)?.code, chunk.code) }
    // Chapter one's prefix still holds chapter one's version.
    XCTAssertEqual(book.prefixTangles[0].first?.chunks.first?.listing.description, "Chapters/01-one.md#0")
  }

  func testListingsInFootnotesAreNumberedInDocumentOrderAndTheirNodesRecordIt() throws {
    let text = """
      # One

      Text.[^n]

      [^n]: A note.

          ```swift file=Sources/M/A.swift chunk=a
          let a = 1
          ```

      ```swift file=Sources/M/A.swift chunk=a mode=replace
      let a = 2
      ```

      """
    let chapter = try XCTUnwrap(loadChapters([("01-one.md", text)]).first)
    XCTAssertEqual(chapter.listings.map(\.code), ["let a = 1\n", "let a = 2\n"])
    XCTAssertEqual(chapter.listings.map(\.id.ordinal), [0, 1])
    var numbered: [(ordinal: Int?, code: String)] = []
    chapter.document.forEachNode { node in
      if case .codeBlock(_, let literal, _) = node.kind { numbered.append((node.listing, literal)) }
    }
    // cmark-gfm puts the footnote last in the tree; each node still names its listing.
    XCTAssertEqual(numbered.map(\.code), ["let a = 2\n", "let a = 1\n"])
    XCTAssertEqual(numbered.map(\.ordinal), [1, 0])
    XCTAssertEqual(chapter.document.children.first?.listing, nil)
  }

  func testEveryKindIsDecidedWhenTheChapterLoads() throws {
    let cases: [(label: String, info: String, kind: ListingKind)] = [
      ("tangled source", "swift file=Sources/M/A.swift", .tangled),
      ("the manifest", "swift file=Package.swift", .tangled),
      ("tangled test", "swift file=Tests/MTests/ATests.swift", .test),
      ("excerpt", "swift excerpt=Sources/M/A.swift", .excerpt),
      ("excerpt of a test", "swift excerpt=Tests/MTests/ATests.swift#t", .excerpt),
      ("sketch", "swift compile=false", .sketch),
      ("transcript", "text capture=run", .transcript),
      ("diagram", "mermaid", .diagram),
      ("table from a result file", "table data=reads", .figure),
      ("chart from a result file", "chart data=reads x=n y=a title=\"Two words\"", .figure),
      ("shell", "sh", .other),
      ("no language", "", .other),
      ("invalid", "swift file=Sources/M/A.swift mode=twice", .invalid),
    ]
    XCTAssertEqual(Set(cases.map(\.kind)), Set(ListingKind.allCases), "a kind without a case")
    for (label, info, kind) in cases {
      let loaded = ChapterLoader.chapter(path: "Chapters/01-one.md", source: "# One\n\n```\(info)\nx\n```\n")
      let listing = try XCTUnwrap(loaded.chapter.listings.first, label)
      XCTAssertEqual(listing.kind, kind, label)
      XCTAssertEqual(listing.capture?.value, kind == .transcript ? "run" : nil, label)
      XCTAssertEqual(listing.showsTest, label.contains("test"), label)
    }
  }
}
