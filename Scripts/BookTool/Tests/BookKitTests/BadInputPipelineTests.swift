import XCTest

@testable import BookKit

/// Every bad input (bad tags, bad paths, chunk errors, non-UTF-8 chapters, a hand-written file in the way)
/// run through `book tangle` and `book check` on disk: each must fail with its rule at its place and leave
/// every byte of the workspace as it was.
final class BadInputPipelineTests: XCTestCase {
  /// One bad input: chapter 2's bytes, optional hand-written files, and the diagnostics (`rule@line:col`
  /// in `Chapters/02-bad.md`) that must be reported.
  struct BadInput {
    var label: String
    var chapter: Data
    var handWritten: [String: String] = [:]
    var expected: [String]
    /// The bad chapter's file name, and how diagnostics spell it (escaped).
    var fileName = "02-bad.md", shownName = "02-bad.md"
  }

  /// A chapter whose only listing has `info` on its fence at line 3 (as in `ListingTagParserTests`).
  private static func tagChapter(_ info: String) -> Data {
    Data("# Bad\n\n```\(info)\nlet a = 1\n```\n".utf8)
  }

  /// Every bad input of the tag, path, chunk and encoding rules.
  static var allBadInputs: [BadInput] {
    var inputs = (ListingTagParserTests.badAttributeCases + ListingTagParserTests.badPathCases).map { bad in
      BadInput(
        label: "tag: \(bad.label)", chapter: Self.tagChapter(bad.info),
        expected: bad.expected.filter { !$0.hasPrefix(" ") })
    }
    let a = "swift file=Sources/M/A.swift"
    inputs += [
      BadInput(
        label: "chunk replaced before it is defined",
        chapter: Data(chapterText([("\(a) chunk=nope mode=replace", "let x = 1")]).utf8),
        expected: ["chunk-not-defined@3:1"]),
      BadInput(
        label: "chunk removed before it is defined",
        chapter: Data(chapterText([("\(a) chunk=nope mode=remove", "// x")]).utf8),
        expected: ["chunk-not-defined@3:1"]),
      BadInput(
        label: "after= an anchor that does not exist",
        chapter: Data(chapterText([("\(a) chunk=c after=nope", "let c = 1")]).utf8),
        expected: ["chunk-not-defined@3:1"]),
      BadInput(
        label: "duplicate chunk in one chapter",
        chapter: Data(chapterText([("\(a) chunk=d", "let d = 1"), ("\(a) chunk=d", "let d = 2")]).utf8),
        expected: ["duplicate-chunk@7:1"]),
      BadInput(
        label: "after= on an existing chunk",
        chapter: Data(chapterText([("\(a) chunk=base after=base", "let base = 2")]).utf8),
        expected: ["after-on-existing-chunk@3:1"]),
      BadInput(
        label: "hand-written file at a file= path",
        chapter: Data(chapterText([("swift file=Sources/M/Hand.swift", "let h = 1")]).utf8),
        handWritten: ["Sources/M/Hand.swift": "// Hand-written.\n"], expected: ["file-not-owned@3:10"]),
      BadInput(
        label: "an excerpt that no longer quotes its file",
        chapter: Data(chapterText([("swift excerpt=Sources/M/A.swift", "let nothing = 0")]).utf8),
        expected: ["excerpt-drift@4:1"]),
      BadInput(
        label: "an excerpt of a file no chapter tangles",
        chapter: Data(chapterText([("swift excerpt=Sources/M/Z.swift", "let z = 0")]).utf8),
        expected: ["excerpt-source-missing@3:10"]),
      BadInput(
        label: "a tangled line longer than the book's line length",
        chapter: Data(chapterText([(a, "let long = \"" + String(repeating: "x", count: 108) + "\"")]).utf8),
        expected: ["line-too-long@4:121"]),
      BadInput(
        label: "a sketch line longer than the book's line length",
        chapter: Data(chapterText([("swift compile=false", "// " + String(repeating: "y", count: 118))]).utf8),
        expected: ["line-too-long@4:121"]),
      BadInput(
        label: "a manifest without its tools-version line",
        chapter: Data(chapterText([("swift file=Package.swift", "import PackageDescription")]).utf8),
        expected: ["manifest-without-tools-version@4:1"]),
      BadInput(
        label: "a hand-written manifest in the way",
        chapter: Data(chapterText([("swift file=Package.swift", "// swift-tools-version: 6.2\nlet a = 1")]).utf8),
        handWritten: ["Package.swift": "// swift-tools-version: 6.2\n// Hand-written.\n"],
        expected: ["file-not-owned@3:10"]),
    ]
    inputs += [
      // Quotes 1…99 of the line are levels 2…100 of the tree; the 100th starts at column 100.
      BadInput(
        label: "a line of 7,000 '>'", chapter: Data(("# Bad\n\n" + String(repeating: ">", count: 7000) + " x\n").utf8),
        expected: ["nesting-too-deep@3:100"]),
      // Item k is on line 3 + k at level 2k + 3, its text at level 2k + 5, column 2k + 3: item 48's is the
      // first past level 100 (see MarkdownDepthTests).
      BadInput(
        label: "a list nested 3,000 deep",
        chapter: Data(("# Bad\n\n" + (0..<3000).map { String(repeating: "  ", count: $0) + "- x\n" }.joined()).utf8),
        expected: ["nesting-too-deep@51:99"]),
    ]
    inputs += [
      // Line 5, the row, is the first with a 501st '|'.
      BadInput(
        label: "a table row of 40,000 cells",
        chapter: Data(("# Bad\n\n|a|b|\n|-|-|\n|" + String(repeating: "x|", count: 40_000) + "\n").utf8),
        expected: ["table-too-wide@5:1"])
    ]
    inputs.append(
      BadInput(
        label: "a chapter file named with a quote", chapter: Data("# Bad\n".utf8),
        expected: ["invalid-chapter-name@1:1"], fileName: "02-b\"ad.md", shownName: #"02-b\"ad.md"#))
    inputs += ChapterLoaderTests.notUTF8Cases.map { bad in
      BadInput(
        label: "not UTF-8: \(bad.label)", chapter: Data(bad.bytes), expected: ["not-utf8@\(bad.line):\(bad.column)"])
    }
    return inputs
  }

  func testTheCatalogueCoversEveryRule() {
    let rules = Set(Self.allBadInputs.flatMap { $0.expected.map { String($0.prefix { $0 != "@" }) } })
    XCTAssertEqual(rules.sorted(), RuleID.chapterRules.map(\.rawValue).sorted())
  }

  func testEveryBadInputFailsAndLeavesTheWorkspaceUntouched() throws {
    let book = try BookBinary.require()
    for input in Self.allBadInputs {
      let fixture = try TempWorkspace()
      defer { fixture.destroy() }
      // A clean first tangle, so that generated files and the manifest exist.
      try fixture.writeChapter("01-good.md", chapterText([("swift file=Sources/M/A.swift chunk=base", "let base = 1")]))
      let first = try runProcess(book, ["tangle"], in: fixture.root)
      XCTAssertEqual(first.status, 0, "[\(input.label)] setup: \(first.stderr)")
      // Chapter 1 changes too, so a tangle that went ahead would rewrite Sources/M/A.swift.
      try fixture.writeChapter("01-good.md", chapterText([("swift file=Sources/M/A.swift chunk=base", "let base = 2")]))
      try fixture.write("Chapters/\(input.fileName)", data: input.chapter)
      for (path, text) in input.handWritten { try fixture.write(path, text) }
      let before = try fixture.snapshot()
      for command in ["tangle", "check"] {
        let result = try runProcess(book, [command], in: fixture.root)
        XCTAssertEqual(result.status, 1, "[\(input.label)] book \(command) exit status")
        let reported = result.stderrLines.compactMap { line -> String? in
          let prefix = "Chapters/\(input.shownName):"
          guard line.hasPrefix(prefix), let rule = line.split(separator: "[").last?.dropLast() else { return nil }
          let location = line.dropFirst(prefix.count).split(separator: ":").prefix(2).joined(separator: ":")
          return "\(rule)@\(location)"
        }.filter { $0.hasPrefix("note@") == false }
        if command == "tangle" {
          XCTAssertEqual(reported, input.expected, "[\(input.label)] book tangle diagnostics:\n\(result.stderr)")
        } else {
          // `book check` also reports drift, so the expected diagnostics need only be among those it prints.
          XCTAssertEqual(
            input.expected.filter { !reported.contains($0) }, [],
            "[\(input.label)] book check diagnostics:\n\(result.stderr)")
        }
        XCTAssertTrue(
          result.stderrLines.last?.hasSuffix(command == "tangle" ? "; nothing written" : "; book check failed")
            ?? false,
          "[\(input.label)] book \(command) summary")
        XCTAssertEqual(try fixture.snapshot(), before, "[\(input.label)] book \(command) changed the workspace")
      }
      XCTAssertEqual(try fixture.read("Sources/M/A.swift").contains("let base = 1"), true, "[\(input.label)]")
    }
  }
}
