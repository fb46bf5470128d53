import BookKit
import XCTest

@testable import BookSite

/// Hostile case 13 of issue 18: large inputs take near-linear time. Each bound below is many times what
/// the linear code needs and a small fraction of what the quadratic code took.
final class LargeInputTests: XCTestCase {
  func testAnchorNamesGiveWhatProbingFromTwoGives() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      let taken = Set((0..<5).map { _ in ["a", "a-2", "a-3", "b-2", "c"].randomElement(using: &generator)! })
      var names = AnchorNames(avoiding: taken)
      var used = taken
      for _ in 0..<40 {
        let base = ["a", "b", "a-2", "c"].randomElement(using: &generator)!
        var anchor = base
        var count = 1
        while used.contains(anchor) {
          count += 1
          anchor = "\(base)-\(count)"
        }
        used.insert(anchor)
        XCTAssertEqual(names.claim(base), anchor)
      }
    }
  }

  func testTwentyThousandListingsOfOneFileGetAnchorsAndATangleInLinearTime() {
    let listings = (0..<20_000).map { "```swift file=Sources/M/A.swift\nlet v\($0) = \($0)\n```\n" }
    let chapter = ChapterLoader.chapter(path: "Chapters/01-a.md", source: "# A\n\n" + listings.joined(separator: "\n"))
      .chapter
    let start = Date()
    let book = Book(chapters: [chapter])
    let anchors = ListingView.anchors(of: chapter)
    XCTAssertEqual(book.tangle.files.first?.chunks.count, 20_000)
    XCTAssertEqual(anchors.last, "listing-m-a-20000")
    XCTAssertLessThan(Date().timeIntervalSince(start), 15, "the tangle and the anchors took quadratic time")
  }

  func testAHugeReplacementIsDiffedInLinearTimeAndKeepsTheCommonEnds() {
    let old = ["head"] + (0..<40_000).map { Substring("old \($0)") } + ["tail"]
    let new = ["head"] + (0..<40_000).map { Substring("new \($0)") } + ["tail"]
    let start = Date()
    let (removed, inserted) = LineDiff.edit(old: old, new: new)
    XCTAssertLessThan(Date().timeIntervalSince(start), 5, "the diff took quadratic time")
    XCTAssertEqual(removed, Set(1...40_000))
    XCTAssertEqual(inserted, Set(1...40_000))
    let diff = FileDiff(old: old, new: new)
    XCTAssertEqual([diff.added, diff.removed], [40_000, 40_000])
  }
}
