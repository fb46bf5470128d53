import XCTest

@testable import BookKit

/// Chunk semantics across chapters: append, replace in place, `mode=`, `after=`, errors, steps, origins.
final class TanglerTests: XCTestCase {
  private let fileA = "Sources/M/A.swift"
  private let fileB = "Sources/M/B.swift"

  /// `file=Sources/M/A.swift` plus more attributes.
  private func a(_ more: String = "") -> String { "swift file=\(self.fileA)" + (more.isEmpty ? "" : " \(more)") }
  /// `file=Sources/M/B.swift` plus more attributes.
  private func b(_ more: String = "") -> String { "swift file=\(self.fileB)" + (more.isEmpty ? "" : " \(more)") }

  /// Tangles chapters given as (file name, one-line blocks), in the order given.
  private func tangle(
    _ chapters: [(name: String, blocks: [(info: String, code: String)])], file: StaticString = #filePath,
    line: UInt = #line
  ) -> (chapters: [Chapter], result: Tangler.Result) {
    let loaded = loadChapters(chapters.map { ($0.name, chapterText($0.name, $0.blocks)) }, file: file, line: line)
    self.loaded = loaded
    return (loaded, Tangler.tangle(loaded))
  }

  /// The chapters the last `tangle` loaded.
  private var loaded: [Chapter] = []

  /// The identity of listing `listing` of chapter `chapter` (indices in the last `tangle`'s order).
  private func id(_ chapter: Int, _ listing: Int) -> ListingID {
    ListingID(chapter: self.loaded[chapter].path, ordinal: listing)
  }

  /// The code of each chunk of a file, without trailing newlines.
  private func codes(_ path: String, _ result: Tangler.Result) -> [String] {
    (tangledFile(path, in: result)?.chunks ?? []).map { String($0.code.dropLast()) }
  }

  /// `path:line` of each chunk's origin.
  private func origins(_ path: String, _ result: Tangler.Result) -> [String] {
    (tangledFile(path, in: result)?.chunks ?? []).map { "\($0.origin.path):\($0.origin.line)" }
  }

  // MARK: Placement

  func testBlocksAreAppendedInBookOrder() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a(), "let a = 1"), (self.b(), "let x = 0"), (self.a(), "let b = 2")]),
      ("02-two.md", [(self.a(), "let c = 3")]),
    ])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(result.files.map(\.path), [self.fileA, self.fileB])
    XCTAssertEqual(self.codes(self.fileA, result), ["let a = 1", "let b = 2", "let c = 3"])
    XCTAssertEqual(
      self.origins(self.fileA, result),
      ["Chapters/01-one.md:\(codeLine(0))", "Chapters/01-one.md:\(codeLine(2))", "Chapters/02-two.md:\(codeLine(0))"])
    XCTAssertEqual(tangledFile(self.fileA, in: result)?.chunks.map(\.chapterIndex), [0, 0, 1])
    XCTAssertEqual(
      tangledFile(self.fileA, in: result)?.chunks.map(\.fileAttribute),
      [
        SourceLocation(path: "Chapters/01-one.md", line: fenceLine(0), column: 10),
        SourceLocation(path: "Chapters/01-one.md", line: fenceLine(2), column: 10),
        SourceLocation(path: "Chapters/02-two.md", line: fenceLine(0), column: 10),
      ])
    XCTAssertEqual(self.codes(self.fileB, result), ["let x = 0"])
  }

  func testTheTanglerFollowsTheOrderItIsGiven() {
    let (_, result) = self.tangle([
      ("02-two.md", [(self.a(), "let two = 2")]),
      ("01-one.md", [(self.a(), "let one = 1")]),
    ])
    XCTAssertEqual(self.codes(self.fileA, result), ["let two = 2", "let one = 1"])
  }

  func testDefinitionInALaterChapterReplacesTheChunkInPlace() {
    let (_, result) = self.tangle([
      (
        "01-one.md",
        [(self.a("chunk=x"), "let x = 1"), (self.a("chunk=y"), "let y = 1"), (self.a("chunk=z"), "let z = 1")]
      ),
      ("02-two.md", [(self.a("chunk=y"), "let y = 2")]),
    ])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(self.codes(self.fileA, result), ["let x = 1", "let y = 2", "let z = 1"])
    XCTAssertEqual(
      self.origins(self.fileA, result),
      ["Chapters/01-one.md:4", "Chapters/02-two.md:4", "Chapters/01-one.md:12"])
    let step = result.steps[self.id(1, 0)]
    XCTAssertEqual(step?.file, self.fileA)
    XCTAssertEqual(step?.chunk, "y")
    XCTAssertEqual(step?.removed, false)
    XCTAssertEqual(step?.previous?.code, "let y = 1\n")
    XCTAssertEqual(step?.previous?.origin, SourceLocation(path: "Chapters/01-one.md", line: 8))
    XCTAssertEqual(step?.previous?.chapterIndex, 0)
  }

  func testModeReplaceWithinOneChapter() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=x"), "let x = 1"), (self.a("chunk=x mode=replace"), "let x = 2")])
    ])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(self.codes(self.fileA, result), ["let x = 2"])
    XCTAssertEqual(self.origins(self.fileA, result), ["Chapters/01-one.md:8"])
    XCTAssertEqual(result.steps[self.id(0, 0)]?.previous, nil)
    XCTAssertEqual(result.steps[self.id(0, 1)]?.previous?.code, "let x = 1\n")
  }

  func testModeReplaceAcrossChaptersKeepsThePosition() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=x"), "let x = 1"), (self.a("chunk=y"), "let y = 1")]),
      ("02-two.md", [(self.a("chunk=x mode=replace"), "let x = 2")]),
    ])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(self.codes(self.fileA, result), ["let x = 2", "let y = 1"])
  }

  func testModeRemove() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=x"), "let x = 1"), (self.a("chunk=y"), "let y = 1")]),
      ("02-two.md", [(self.a("chunk=x mode=remove"), "// gone")]),
    ])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(self.codes(self.fileA, result), ["let y = 1"])
    let step = result.steps[self.id(1, 0)]
    XCTAssertEqual(step?.removed, true)
    XCTAssertEqual(step?.chunk, "x")
    XCTAssertEqual(step?.previous?.code, "let x = 1\n")
    XCTAssertEqual(step?.previous?.origin, SourceLocation(path: "Chapters/01-one.md", line: 4))
  }

  func testAfterPlacesANewChunkRightAfterItsAnchor() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=a"), "let a = 1"), (self.a("chunk=b"), "let b = 1")]),
      ("02-two.md", [(self.a("chunk=c after=a"), "let c = 2"), (self.a("chunk=d after=c"), "let d = 2")]),
    ])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(self.codes(self.fileA, result), ["let a = 1", "let c = 2", "let d = 2", "let b = 1"])
  }

  func testAfterTheLastChunkAppends() {
    let (_, result) = self.tangle([
      (
        "01-one.md",
        [(self.a("chunk=a"), "let a = 1"), (self.a("chunk=b"), "let b = 1"), (self.a("chunk=c after=b"), "let c = 1")]
      )
    ])
    XCTAssertEqual(self.codes(self.fileA, result), ["let a = 1", "let b = 1", "let c = 1"])
  }

  func testOrderAcrossThreeChapters() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=a"), "let a = 1"), (self.a("chunk=b"), "let b = 1")]),
      ("02-two.md", [(self.a("chunk=c"), "let c = 2"), (self.a("chunk=a"), "let a = 2")]),
      (
        "03-three.md",
        [(self.a("chunk=d after=a"), "let d = 3"), (self.a("chunk=b mode=remove"), "// b"), (self.a(), "let e = 3")]
      ),
    ])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(self.codes(self.fileA, result), ["let a = 2", "let d = 3", "let c = 2", "let e = 3"])
    XCTAssertEqual(tangledFile(self.fileA, in: result)?.chunks.map(\.chapterIndex), [1, 2, 1, 2])
    XCTAssertEqual(tangledFile(self.fileA, in: result)?.chapterPaths, ["Chapters/02-two.md", "Chapters/03-three.md"])
  }

  func testPreviousIsTheVersionThatWasReplaced() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=x"), "let x = 1")]),
      ("02-two.md", [(self.a("chunk=x"), "let x = 2")]),
      ("03-three.md", [(self.a("chunk=x mode=replace"), "let x = 3")]),
    ])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(result.steps.count, 3)
    XCTAssertNil(result.steps[self.id(0, 0)]?.previous)
    XCTAssertEqual(result.steps[self.id(1, 0)]?.previous?.code, "let x = 1\n")
    let third = result.steps[self.id(2, 0)]?.previous
    XCTAssertEqual(third?.code, "let x = 2\n")
    XCTAssertEqual(third?.chapterIndex, 1)
    XCTAssertEqual(third?.origin, SourceLocation(path: "Chapters/02-two.md", line: 4))
    XCTAssertEqual(self.codes(self.fileA, result), ["let x = 3"])
  }

  func testStepsAreKeyedByChapterFileAndListingPlaceCountingEveryBlock() {
    let source = """
      # One

      ```sh
      ls
      ```

      ```swift compile=false
      excerpt()
      ```

      ```swift file=Sources/M/A.swift chunk=x
      let x = 1
      ```
      """
    let chapter = loadChapter(source).chapter
    let result = Tangler.tangle([chapter])
    XCTAssertEqual(Array(result.steps.keys), [ListingID(chapter: chapter.path, ordinal: 2)])
    XCTAssertEqual(self.codes(self.fileA, result), ["let x = 1"])
    XCTAssertEqual(result.files.count, 1)
  }

  func testAFileWhoseChunksAreAllRemovedIsNotProduced() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=x"), "let x = 1"), (self.b(), "let y = 1")]),
      ("02-two.md", [(self.a("chunk=x mode=remove"), "// x")]),
    ])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(result.files.map(\.path), [self.fileB])
    XCTAssertEqual(result.steps[self.id(1, 0)]?.removed, true)
  }

  func testARemovedChunkCanBeDefinedAgainAndGoesToTheEnd() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=x"), "let x = 1"), (self.a("chunk=y"), "let y = 1")]),
      ("02-two.md", [(self.a("chunk=x mode=remove"), "// x")]),
      ("03-three.md", [(self.a("chunk=x"), "let x = 3")]),
    ])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(self.codes(self.fileA, result), ["let y = 1", "let x = 3"])
    XCTAssertNil(result.steps[self.id(2, 0)]?.previous)
  }

  func testUnnamedBlocksInOneChapterAreAllAppended() {
    let (_, result) = self.tangle([("01-one.md", [(self.a(), "let a = 1"), (self.a(), "let b = 1")])])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(self.codes(self.fileA, result), ["let a = 1", "let b = 1"])
  }

  func testChunkNamesArePerFile() {
    let (_, result) = self.tangle([("01-one.md", [(self.a("chunk=x"), "let a = 1"), (self.b("chunk=x"), "let b = 1")])])
    XCTAssertEqual(result.diagnostics, [])
    XCTAssertEqual(self.codes(self.fileA, result), ["let a = 1"])
    XCTAssertEqual(self.codes(self.fileB, result), ["let b = 1"])
  }

  func testExcerptsProseAndInvalidBlocksAreNotTangled() {
    let source = """
      # One

      ```swift compile=false
      let excerpt = 0
      ```

      ```text file=Sources/M/A.swift
      not swift
      ```

      ```swift flie=Sources/M/A.swift
      let typo = 0
      ```
      """
    let result = Tangler.tangle([loadChapter(source).chapter])
    XCTAssertEqual(result.files.map(\.path), [])
    XCTAssertEqual(result.steps.count, 0)
    XCTAssertEqual(result.diagnostics, [])
  }

  // MARK: Chunk errors

  func testChunkReplacedBeforeItIsDefinedNotesTheLaterDefinition() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=x mode=replace"), "let x = 1")]),
      ("02-two.md", [(self.a("chunk=x"), "let x = 2")]),
    ])
    XCTAssertEqual(
      result.diagnostics.map(\.description),
      [
        "Chapters/01-one.md:3:1: error: chunk 'x' of Sources/M/A.swift is replaced before it is defined "
          + "[chunk-not-defined]\n"
          + "Chapters/02-two.md:3:1: note: 'x' is defined here, later in the book [note]"
      ])
    XCTAssertNil(result.steps[self.id(0, 0)])
    XCTAssertEqual(self.codes(self.fileA, result), ["let x = 2"])
  }

  func testChunkRemovedBeforeItIsDefinedWithNoDefinitionAtAll() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=y"), "let y = 1")]),
      ("02-two.md", [(self.a("chunk=x mode=remove"), "// x")]),
    ])
    XCTAssertEqual(
      result.diagnostics.map(\.description),
      [
        "Chapters/02-two.md:3:1: error: chunk 'x' of Sources/M/A.swift is removed before it is defined "
          + "[chunk-not-defined]"
      ])
  }

  func testChunkReplacedBeforeItsDefinitionInTheSameChapter() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=x mode=replace"), "let x = 1"), (self.a("chunk=x"), "let x = 2")])
    ])
    XCTAssertEqual(
      summary(result.diagnostics), ["chunk-not-defined@Chapters/01-one.md:3:1", "  note@Chapters/01-one.md:7:1"])
  }

  func testModeReplaceOfAChunkOfAnotherFileIsNotDefined() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=x"), "let x = 1")]),
      ("02-two.md", [(self.b("chunk=x mode=replace"), "let x = 2")]),
    ])
    XCTAssertEqual(summary(result.diagnostics), ["chunk-not-defined@Chapters/02-two.md:3:1"])
  }

  func testAfterAnAnchorThatDoesNotExistYet() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=c after=a"), "let c = 1")]),
      ("02-two.md", [(self.a("chunk=a"), "let a = 2")]),
    ])
    XCTAssertEqual(
      summary(result.diagnostics), ["chunk-not-defined@Chapters/01-one.md:3:1", "  note@Chapters/02-two.md:3:1"])
    XCTAssertEqual(result.diagnostics.first?.notes.first?.message, "'a' is defined here, later in the book")
    XCTAssertEqual(self.codes(self.fileA, result), ["let a = 2"])
  }

  /// The message for a missing `after=` anchor names the anchor and the file.
  func testAfterAnchorMissingMessageIsReadable() {
    let (_, result) = self.tangle([("01-one.md", [(self.a("chunk=c after=a"), "let c = 1")])])
    XCTAssertEqual(result.diagnostics.map(\.id), [.chunkNotDefined])
    XCTAssertEqual(
      result.diagnostics.first?.message,
      "'after=a' names a chunk of \(self.fileA) that is not defined before this block")
  }

  func testDuplicateChunkInOneChapterNotesTheFirst() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=x"), "let x = 1"), (self.a("chunk=x"), "let x = 2")])
    ])
    XCTAssertEqual(
      result.diagnostics.map(\.description),
      [
        "Chapters/01-one.md:7:1: error: chunk 'x' of Sources/M/A.swift is defined twice in this chapter; add "
          + "'mode=replace' to replace the first version, or rename one [duplicate-chunk]\n"
          + "Chapters/01-one.md:4:1: note: first defined here [note]"
      ])
    XCTAssertEqual(self.codes(self.fileA, result), ["let x = 1"])
    XCTAssertNil(result.steps[self.id(0, 1)])
  }

  func testDuplicateAfterAnInChapterReplacement() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=x"), "let x = 1")]),
      ("02-two.md", [(self.a("chunk=x"), "let x = 2"), (self.a("chunk=x"), "let x = 3")]),
    ])
    XCTAssertEqual(
      summary(result.diagnostics), ["duplicate-chunk@Chapters/02-two.md:7:1", "  note@Chapters/02-two.md:4:1"])
    XCTAssertEqual(self.codes(self.fileA, result), ["let x = 2"])
  }

  func testAfterOnAnExistingChunk() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=a"), "let a = 1"), (self.a("chunk=b"), "let b = 1")]),
      ("02-two.md", [(self.a("chunk=a after=b"), "let a = 2")]),
    ])
    XCTAssertEqual(
      result.diagnostics.map(\.description),
      [
        "Chapters/02-two.md:3:1: error: chunk 'a' of Sources/M/A.swift already exists, so this block replaces it "
          + "in place; remove 'after=' [after-on-existing-chunk]\n"
          + "Chapters/01-one.md:4:1: note: defined here [note]"
      ])
    XCTAssertEqual(self.codes(self.fileA, result), ["let a = 1", "let b = 1"])
  }

  func testEveryChunkErrorIsCollectedNotJustTheFirst() {
    let (_, result) = self.tangle([
      (
        "01-one.md",
        [(self.a("chunk=x mode=remove"), "// x"), (self.a("chunk=y"), "let y = 1"), (self.a("chunk=y"), "let y = 2")]
      ),
      ("02-two.md", [(self.b("chunk=z mode=replace"), "let z = 2")]),
    ])
    XCTAssertEqual(
      summary(result.diagnostics.sortedByLocation()),
      [
        "chunk-not-defined@Chapters/01-one.md:3:1", "duplicate-chunk@Chapters/01-one.md:11:1",
        "  note@Chapters/01-one.md:8:1", "chunk-not-defined@Chapters/02-two.md:3:1",
      ])
  }

  /// A chunk defined in chapter 1 and removed in chapter 2 is "not defined" for chapter 3's `mode=replace`;
  /// the note must not point back at chapter 1 and call it "later in the book".
  func testNoteAboutALaterDefinitionOnlyPointsLater() {
    let (_, result) = self.tangle([
      ("01-one.md", [(self.a("chunk=x"), "let x = 1"), (self.a("chunk=y"), "let y = 1")]),
      ("02-two.md", [(self.a("chunk=x mode=remove"), "// x")]),
      ("03-three.md", [(self.a("chunk=x mode=replace"), "let x = 3")]),
    ])
    XCTAssertEqual(summary(result.diagnostics), ["chunk-not-defined@Chapters/03-three.md:3:1"])
  }

  // MARK: Book

  func testBookMergesLoadAndTangleDiagnosticsInReadingOrder() {
    let chapters = loadChapters([
      ("01-one.md", chapterText([(self.a("chunk=x mode=remove"), "// x")])),
      ("02-two.md", chapterText([(self.a(), "let a = 1")])),
    ])
    let loadProblem = Diagnostic(
      .error, id: .notUtf8, at: SourceLocation(path: "Chapters/00-zero.md", line: 2, column: 3), "bad")
    let book = Book(chapters: chapters, loadDiagnostics: [loadProblem])
    XCTAssertEqual(
      summary(book.diagnostics), ["not-utf8@Chapters/00-zero.md:2:3", "chunk-not-defined@Chapters/01-one.md:3:1"])
    XCTAssertEqual(book.chapter(numbered: 2)?.path, "Chapters/02-two.md")
    XCTAssertNil(book.chapter(numbered: 3))
    XCTAssertEqual(book.tangle.files.map(\.path), [self.fileA])
  }

  func testDirectiveTargets() {
    XCTAssertEqual(TangleDirective(file: "Sources/Store/A.swift").target, "Store")
    XCTAssertNil(TangleDirective(file: "Sources/Store/A.swift").testTarget)
    XCTAssertEqual(TangleDirective(file: "Tests/StoreTests/Sub/A.swift").testTarget, "StoreTests")
    let chapter = loadChapter(
      chapterText([
        ("swift file=Tests/ATests/X.swift", "let x = 1"), ("swift file=Sources/A/Y.swift", "let y = 1"),
        ("swift file=Tests/BTests/Z.swift", "let z = 1"), ("swift file=Tests/ATests/W.swift", "let w = 1"),
      ])
    ).chapter
    XCTAssertEqual(chapter.testTargets, ["ATests", "BTests"])
  }
}
