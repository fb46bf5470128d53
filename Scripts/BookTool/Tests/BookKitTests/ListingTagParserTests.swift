import XCTest

@testable import BookKit

/// Info strings → language, attributes (with their columns) and tags; every bad tag with its rule and place.
final class ListingTagParserTests: XCTestCase {
  private let path = "Chapters/01-tags.md"

  /// A chapter whose only listing has the given info string, with its fence on line 3, column 1.
  private func chapter(info: String) -> (chapter: Chapter, diagnostics: [Diagnostic]) {
    loadChapter("# Tags\n\n```\(info)\nlet a = 1\n```\n", path: self.path)
  }

  /// `rule@line:col` for each diagnostic (and `  note@line:col` for its notes), in reading order.
  private func located(_ diagnostics: [Diagnostic]) -> [String] {
    summary(diagnostics.sortedByLocation()).map { $0.replacingOccurrences(of: "@\(self.path):", with: "@") }
  }

  // MARK: Good tags

  func testLanguageAndEveryAttributeWithItsColumn() {
    let loaded = self.chapter(info: "swift file=Sources/M/A.swift chunk=b after=a")
    XCTAssertEqual(loaded.diagnostics, [])
    let listing = loaded.chapter.listings[0]
    XCTAssertEqual(listing.language, "swift")
    XCTAssertEqual(listing.attributes.map(\.key), ["file", "chunk", "after"])
    XCTAssertEqual(listing.attributes.map(\.value), ["Sources/M/A.swift", "b", "a"])
    XCTAssertEqual(listing.attributes.map(\.location.line), [3, 3, 3])
    XCTAssertEqual(listing.attributes.map(\.location.column), [10, 33, 41])
    XCTAssertEqual(listing.attributes.map(\.location.path), [self.path, self.path, self.path])
    XCTAssertEqual(listing.fence, SourceLocation(path: self.path, line: 3, column: 1))
    XCTAssertEqual(listing.firstCodeLine, 4)
    XCTAssertEqual(listing.code, "let a = 1\n")
    XCTAssertEqual(
      listing.tag, .tangled(TangleDirective(file: "Sources/M/A.swift", chunk: "b", operation: .define, after: "a")))
  }

  func testGoodTagsForEveryAttributeAndLanguage() {
    let cases: [(label: String, info: String, language: String, tag: ListingTag)] = [
      ("file only", "swift file=Sources/M/A.swift", "swift", .tangled(TangleDirective(file: "Sources/M/A.swift"))),
      (
        "test file with chunk", "swift file=Tests/MTests/ATests.swift chunk=t", "swift",
        .tangled(TangleDirective(file: "Tests/MTests/ATests.swift", chunk: "t"))
      ),
      (
        "nested folder", "swift file=Sources/M/Sub/A.swift", "swift",
        .tangled(TangleDirective(file: "Sources/M/Sub/A.swift"))
      ),
      (
        "mode=replace", "swift file=Sources/M/A.swift chunk=s mode=replace", "swift",
        .tangled(TangleDirective(file: "Sources/M/A.swift", chunk: "s", operation: .replace))
      ),
      (
        "mode=remove", "swift file=Sources/M/A.swift chunk=s mode=remove", "swift",
        .tangled(TangleDirective(file: "Sources/M/A.swift", chunk: "s", operation: .remove))
      ),
      (
        "after=", "swift file=Sources/M/A.swift chunk=s after=r", "swift",
        .tangled(TangleDirective(file: "Sources/M/A.swift", chunk: "s", after: "r"))
      ),
      (
        "attributes in any order", "swift chunk=s file=Sources/M/A.swift", "swift",
        .tangled(TangleDirective(file: "Sources/M/A.swift", chunk: "s"))
      ),
      (
        "target named like a tool folder", "swift file=Sources/BookKitExtras/A.swift", "swift",
        .tangled(TangleDirective(file: "Sources/BookKitExtras/A.swift"))
      ),
      ("compile=false sketch", "swift compile=false", "swift", .excerpt(nil)),
      (
        "excerpt of a file", "swift excerpt=Sources/M/A.swift", "swift",
        .excerpt(
          ExcerptSource(file: "Sources/M/A.swift", location: SourceLocation(path: self.path, line: 3, column: 10)))
      ),
      (
        "excerpt of a chunk, with compile=false", "swift compile=false excerpt=Sources/M/A.swift#s", "swift",
        .excerpt(
          ExcerptSource(
            file: "Sources/M/A.swift", chunk: "s", location: SourceLocation(path: self.path, line: 3, column: 24)))
      ),
      (
        "excerpt of the manifest", "swift excerpt=Package.swift#package", "swift",
        .excerpt(
          ExcerptSource(
            file: "Package.swift", chunk: "package", location: SourceLocation(path: self.path, line: 3, column: 10)))
      ),
      ("shell block", "sh", "sh", .prose),
      ("text block", "text", "text", .prose),
      ("mermaid block", "mermaid", "mermaid", .prose),
      ("no language", "", "", .prose),
      ("language that starts like swift", "swiftui", "swiftui", .prose),
    ]
    for (label, info, language, tag) in cases {
      let loaded = self.chapter(info: info)
      XCTAssertEqual(loaded.diagnostics.map(\.description), [], "[\(label)] diagnostics")
      XCTAssertEqual(loaded.chapter.listings.count, 1, "[\(label)] listing count")
      XCTAssertEqual(loaded.chapter.listings.first?.language, language, "[\(label)] language")
      XCTAssertEqual(loaded.chapter.listings.first?.tag, tag, "[\(label)] tag")
    }
  }

  func testAttributeColumnsOnAnIndentedFenceInsideAListItem() {
    let loaded = loadChapter(
      "- item\n\n  ```swift file=Sources/M/A.swift chunk=x\n  let a = 1\n  ```\n", path: self.path)
    XCTAssertEqual(loaded.diagnostics, [])
    let listing = loaded.chapter.listings[0]
    XCTAssertEqual(listing.fence, SourceLocation(path: self.path, line: 3, column: 3))
    XCTAssertEqual(listing.attributes.map(\.location.column), [12, 35])
  }

  func testAttributeColumnsWithExtraSpacesAndTabs() {
    let loaded = self.chapter(info: "swift  file=Sources/M/A.swift\tchunk=x")
    XCTAssertEqual(loaded.diagnostics, [])
    XCTAssertEqual(loaded.chapter.listings[0].attributes.map(\.key), ["file", "chunk"])
    XCTAssertEqual(loaded.chapter.listings[0].attributes.map(\.location.column), [11, 34])
  }

  func testAttributeColumnsWhenWordsRepeatEarlierText() {
    let loaded = self.chapter(info: "swift file=Sources/swift/swift.swift chunk=swift")
    XCTAssertEqual(loaded.chapter.listings[0].attributes.map(\.location.column), [10, 41])
    let repeated = self.chapter(info: "swift file=Sources/M/A.swift chunk=a chunk=a")
    XCTAssertEqual(repeated.chapter.listings[0].attributes.map(\.location.column), [10, 33, 41])
  }

  func testTheParserDirectlyLocatesWordsOnTheFenceLine() {
    let fence = SourceLocation(path: self.path, line: 7, column: 5)
    let parsed = ListingTagParser.parse(
      info: "swift file=Sources/M/A.swift", fenceLine: "    ```swift file=Sources/M/A.swift", fence: fence)
    XCTAssertEqual(parsed.language, "swift")
    XCTAssertEqual(
      parsed.attributes,
      [
        ListingAttribute(
          key: "file", value: "Sources/M/A.swift", location: SourceLocation(path: self.path, line: 7, column: 14))
      ])
    XCTAssertEqual(parsed.tag, .tangled(TangleDirective(file: "Sources/M/A.swift")))
    XCTAssertEqual(parsed.diagnostics, [])
  }

  func testValuesMayContainEqualsSigns() {
    let fence = SourceLocation(path: self.path, line: 1)
    let parsed = ListingTagParser.parse(info: "swift chunk=a=b", fenceLine: "```swift chunk=a=b", fence: fence)
    XCTAssertEqual(parsed.attributes.map(\.key), ["chunk"])
    XCTAssertEqual(parsed.attributes.map(\.value), ["a=b"])
  }

  func testNonSwiftBlocksWithoutAttributesAreFine() {
    let source = """
      # Prose

      ```sh
      swift build
      ```

      ```
      plain
      ```

      ~~~text
      words
      ~~~

          indented code is not a listing
      """
    let loaded = loadChapter(source, path: self.path)
    XCTAssertEqual(loaded.diagnostics, [])
    XCTAssertEqual(loaded.chapter.listings.map(\.tag), [.prose, .prose, .prose])
    XCTAssertEqual(loaded.chapter.listings.map(\.language), ["sh", "", "text"])
  }

  // MARK: Bad tags

  /// One bad info string: the diagnostics it must give, as `rule@line:col`, with notes indented.
  typealias BadCase = (label: String, info: String, expected: [String])

  /// Every bad attribute combination, each on the fence at line 3 (attributes start at column 10 after `swift`).
  static var badAttributeCases: [BadCase] {
    [
      ("unknown attribute close to file=", "swift flie=Sources/M/A.swift", ["unknown-attribute@3:10"]),
      ("unknown attribute far from any", "swift colour=red", ["unknown-attribute@3:10"]),
      ("unknown attribute on a prose block", "sh colour=red", ["unknown-attribute@3:7"]),
      ("attribute without '='", "swift file=Sources/M/A.swift chunk", ["attribute-without-value@3:33"]),
      ("attribute with empty value", "swift file=Sources/M/A.swift chunk=b after=", ["attribute-without-value@3:41"]),
      (
        "repeated attribute", "swift file=Sources/M/A.swift chunk=a chunk=b",
        ["repeated-attribute@3:41", "  note@3:33"]
      ),
      (
        "repeated file=", "swift file=Sources/M/A.swift file=Sources/M/B.swift",
        ["repeated-attribute@3:33", "  note@3:10"]
      ),
      ("mode=replace without chunk", "swift file=Sources/M/A.swift mode=replace", ["mode-without-chunk@3:33"]),
      ("mode=remove without chunk", "swift file=Sources/M/A.swift mode=remove", ["mode-without-chunk@3:33"]),
      ("invalid mode", "swift file=Sources/M/A.swift chunk=a mode=delete", ["invalid-mode@3:41"]),
      ("after with mode", "swift file=Sources/M/A.swift chunk=a mode=replace after=b", ["after-with-mode@3:54"]),
      ("compile=true", "swift compile=true", ["invalid-compile@3:10"]),
      ("compile=no", "swift compile=no", ["invalid-compile@3:10"]),
      ("compile=false with file=", "swift compile=false file=Sources/M/A.swift", ["excerpt-with-file@3:24"]),
      ("excerpt= on a non-Swift block", "sh excerpt=Sources/M/A.swift", ["excerpt-not-swift@3:7"]),
      ("excerpt= with file=", "swift excerpt=Sources/M/A.swift file=Sources/M/B.swift", ["excerpt-with-file@3:36"]),
      ("excerpt= with chunk=", "swift excerpt=Sources/M/A.swift chunk=a", ["excerpt-with-chunk@3:36"]),
      ("excerpt= of a path outside", "swift excerpt=../A.swift", ["file-outside-workspace@3:10"]),
      ("excerpt= of a file the tool never owns", "swift excerpt=Scripts/x.swift", ["file-not-owned@3:10"]),
      ("excerpt= with an empty chunk", "swift excerpt=Sources/M/A.swift#", ["attribute-without-value@3:10"]),
      ("compile=false on a non-Swift block", "sh compile=false", ["excerpt-not-swift@3:7"]),
      ("compile=false with chunk=", "swift compile=false chunk=a", ["excerpt-with-chunk@3:24"]),
      ("compile=false with mode=", "swift compile=false mode=replace", ["excerpt-with-chunk@3:24"]),
      ("compile=false with after=", "swift compile=false after=a", ["excerpt-with-chunk@3:24"]),
      (
        "compile=false with chunk=, mode= and after=", "swift compile=false chunk=a mode=replace after=b",
        ["excerpt-with-chunk@3:24", "excerpt-with-chunk@3:32", "excerpt-with-chunk@3:45"]
      ),
      ("file= on a non-Swift block", "python file=Sources/M/A.swift", ["tangled-non-swift@3:11"]),
      ("untagged Swift block", "swift", ["untangled-swift@3:1"]),
      ("chunk without file on Swift", "swift chunk=a", ["untangled-swift@3:1", "attribute-without-file@3:10"]),
      ("after without file on a shell block", "sh after=a", ["attribute-without-file@3:7"]),
      ("mode without file on a shell block", "sh mode=remove", ["attribute-without-file@3:7"]),
      ("capture= on a Swift block", "swift capture=run", ["untangled-swift@3:1", "capture-on-swift@3:10"]),
    ]
  }

  /// Every `file=` path rule, each with the file attribute at line 3, column 10.
  static var badPathCases: [BadCase] {
    let cases: [BadCase] = [
      ("parent folder at start", "../A.swift", ["file-outside-workspace@3:10"]),
      ("parent folder inside", "Sources/M/../../A.swift", ["file-outside-workspace@3:10"]),
      ("parent folder staying inside", "Sources/M/../N/A.swift", ["file-outside-workspace@3:10"]),
      ("absolute path", "/tmp/A.swift", ["file-outside-workspace@3:10"]),
      ("home-relative path", "~/A.swift", ["file-outside-workspace@3:10"]),
      ("leading ./", "./Sources/M/A.swift", ["file-not-owned@3:10"]),
      ("inner ./", "Sources/./M/A.swift", ["file-not-owned@3:10"]),
      ("empty part", "Sources//A.swift", ["file-not-owned@3:10"]),
      ("trailing slash", "Sources/M/A.swift/", ["file-not-owned@3:10"]),
      ("a manifest in a subfolder", "Sources/M/Package.swift/A", ["file-not-owned@3:10"]),
      ("the tool's manifest", "Scripts/BookTool/Package.swift", ["file-not-owned@3:10"]),
      ("into the tool's sources", "Scripts/BookTool/Sources/BookKit/A.swift", ["file-not-owned@3:10"]),
      ("lower-case manifest", "package.swift", ["file-not-owned@3:10"]),
      ("Sources without a target folder", "Sources/A.swift", ["file-not-owned@3:10"]),
      ("Tests without a target folder", "Tests/A.swift", ["file-not-owned@3:10"]),
      ("outside Sources and Tests", "Docs/M/A.swift", ["file-not-owned@3:10"]),
      ("into the chapters", "Chapters/M/A.swift", ["file-not-owned@3:10"]),
      ("into the manifest folder", ".book/M/A.swift", ["file-not-owned@3:10"]),
      ("lower-case sources", "sources/M/A.swift", ["file-not-owned@3:10"]),
      ("not a .swift file", "Sources/M/A.txt", ["file-not-owned@3:10"]),
      ("no extension", "Sources/M/A", ["file-not-owned@3:10"]),
      ("backup suffix", "Sources/M/A.swift.bak", ["file-not-owned@3:10"]),
      ("quote in the name", "Sources/M/A\"b.swift", ["file-not-owned@3:10"]),
    ]
    return cases.map { ($0.label, "swift file=\($0.info)", $0.expected) }
  }

  func testEveryBadAttributeGivesItsRuleAtItsPlaceAndAnInvalidTag() {
    for (label, info, expected) in Self.badAttributeCases + Self.badPathCases {
      let loaded = self.chapter(info: info)
      XCTAssertEqual(self.located(loaded.diagnostics), expected, "[\(label)] ```\(info)")
      XCTAssertEqual(loaded.chapter.listings.count, 1, "[\(label)] listing count")
      XCTAssertEqual(loaded.chapter.listings.first?.tag, .invalid, "[\(label)] tag")
      XCTAssertTrue(loaded.diagnostics.allSatisfy { $0.severity == .error }, "[\(label)] severities")
      XCTAssertTrue(
        loaded.diagnostics.flatMap(\.notes).allSatisfy { $0.severity == .note && $0.id == .note },
        "[\(label)] note severities")
      XCTAssertTrue(
        loaded.diagnostics.allSatisfy { $0.location.path == self.path }, "[\(label)] diagnostic paths")
    }
  }

  func testBadTagsAreReportedAtTheirLineWhereverTheBlockIs() {
    let source = """
      # Two blocks

      ```swift file=Sources/M/A.swift
      let a = 1
      ```

      Text.

      - item

        ```swift flie=Sources/M/A.swift
        let b = 2
        ```
      """
    let loaded = loadChapter(source, path: self.path)
    XCTAssertEqual(self.located(loaded.diagnostics), ["unknown-attribute@11:12"])
    XCTAssertEqual(
      loaded.chapter.listings.map(\.tag), [.tangled(TangleDirective(file: "Sources/M/A.swift")), .invalid])
  }

  func testExactMessagesOfTagRules() {
    let cases: [(info: String, description: String)] = [
      (
        "swift flie=Sources/M/A.swift",
        "\(self.path):3:10: error: unknown attribute 'flie'; did you mean 'file='? [unknown-attribute]"
      ),
      (
        "swift colour=red",
        "\(self.path):3:10: error: unknown attribute 'colour'; known attributes are 'file=', 'chunk=', 'mode=', "
          + "'after=', 'compile=', 'excerpt=', 'capture=' [unknown-attribute]"
      ),
      (
        "swift file=Sources/M/A.swift chunk",
        "\(self.path):3:33: error: attribute 'chunk' needs a value: write chunk=… [attribute-without-value]"
      ),
      (
        "swift file=Sources/M/A.swift chunk=a chunk=b",
        "\(self.path):3:41: error: attribute 'chunk' is given twice [repeated-attribute]\n"
          + "\(self.path):3:33: note: first given here [note]"
      ),
      (
        "swift file=Sources/M/A.swift mode=remove",
        "\(self.path):3:33: error: 'mode=remove' needs 'chunk=' to name the chunk it changes [mode-without-chunk]"
      ),
      (
        "swift file=Sources/M/A.swift chunk=a mode=delete",
        "\(self.path):3:41: error: 'mode=' takes 'replace' or 'remove', not 'delete' [invalid-mode]"
      ),
      (
        "swift file=Sources/M/A.swift chunk=a mode=replace after=b",
        "\(self.path):3:54: error: 'after=' places a new chunk; it cannot be combined with 'mode=replace' "
          + "[after-with-mode]"
      ),
      (
        "python file=Sources/M/A.swift",
        "\(self.path):3:11: error: only Swift blocks are tangled; this block's language is 'python' "
          + "[tangled-non-swift]"
      ),
      (
        "swift file=Docs/A.swift",
        "\(self.path):3:10: error: 'file=Docs/A.swift' is not a file the tool owns: tangled files are "
          + "Package.swift and files in Sources/<Target>/ or Tests/<Target>/ [file-not-owned]"
      ),
      (
        "swift file=../A.swift",
        "\(self.path):3:10: error: 'file=../A.swift' must be a plain relative path, without '.', '..' or empty "
          + "parts [file-outside-workspace]"
      ),
      (
        "swift file=/tmp/A.swift",
        "\(self.path):3:10: error: 'file=/tmp/A.swift' is absolute; write a path relative to the workspace root "
          + "[file-outside-workspace]"
      ),
      (
        "swift file=Scripts/BookTool/Package.swift",
        "\(self.path):3:10: error: 'file=Scripts/BookTool/Package.swift' is not a file the tool owns: tangled "
          + "files are Package.swift and files in Sources/<Target>/ or Tests/<Target>/ [file-not-owned]"
      ),
      (
        "swift file=Sources/M/A.txt",
        "\(self.path):3:10: error: 'file=Sources/M/A.txt' must name a .swift file [file-not-owned]"
      ),
    ]
    for (info, description) in cases {
      let loaded = self.chapter(info: info)
      XCTAssertEqual(loaded.diagnostics.map(\.description), [description], "```\(info)")
    }
  }

  func testDidYouMeanSuggestsTheClosestKnownAttribute() {
    let cases: [(typo: String, suggestion: String?)] = [
      ("flie", "file"), ("fil", "file"), ("files", "file"), ("chnuk", "chunk"), ("chunks", "chunk"),
      ("mdoe", "mode"), ("mod", "mode"), ("aftr", "after"), ("atfer", "after"), ("compil", "compile"),
      ("comple", "compile"), ("captur", "capture"), ("excrept", "excerpt"), ("colour", nil), ("x", nil),
      ("language", nil),
      // The threshold is `Suggestion.nearest`'s, shared with the link checker: one edit per three letters.
      ("chk", nil), ("mdo", nil),
    ]
    for (typo, suggestion) in cases {
      let loaded = self.chapter(info: "sh \(typo)=1")
      XCTAssertEqual(loaded.diagnostics.map(\.id), [.unknownAttribute], "[\(typo)]")
      let message = loaded.diagnostics.first?.message ?? ""
      if let suggestion {
        XCTAssertEqual(message, "unknown attribute '\(typo)'; did you mean '\(suggestion)='?", "[\(typo)]")
      } else {
        XCTAssertTrue(
          message.hasSuffix(
            "known attributes are 'file=', 'chunk=', 'mode=', 'after=', 'compile=', 'excerpt=', 'capture='"),
          "[\(typo)] \(message)")
      }
    }
  }

  func testEditDistance() {
    let cases: [(String, String, Int)] = [
      ("flie", "file", 1), ("atfer", "after", 1), ("ab", "ba", 1), ("tab", "b", 2), ("file", "file", 0),
      ("", "mode", 4), ("chunk", "", 5), ("kitten", "sitting", 3), ("mode", "made", 1),
    ]
    for (a, b, distance) in cases {
      XCTAssertEqual(EditDistance.between(a, b), distance, "[\(a) → \(b)]")
    }
  }

  func testValidPathsHaveNoProblem() {
    for path in [
      "Sources/M/A.swift", "Tests/MTests/ATests.swift", "Sources/M/Sub/Deeper/A.swift",
      "Package.swift", "Sources/BookKit/A.swift", "Tests/BookKitTests/A.swift", "Sources/book/main.swift",
    ] {
      XCTAssertNil(FilePathRules.problem(with: path)?.id, "[\(path)]")
    }
  }

  func testFilePathRulesDirectly() {
    let cases: [(path: String, id: RuleID)] = [
      ("", .fileNotOwned), ("..", .fileOutsideWorkspace), ("/", .fileOutsideWorkspace),
      ("~", .fileOutsideWorkspace), ("Sources\\M\\A.swift", .fileNotOwned),
      ("Sources/M\\A.swift", .fileNotOwned), ("Scripts/book", .fileNotOwned),
      ("Package.swift/", .fileNotOwned), ("./Package.swift", .fileNotOwned),
    ]
    for (path, id) in cases {
      XCTAssertEqual(FilePathRules.problem(with: path)?.id, id, "[\(path)]")
    }
    XCTAssertEqual(
      FilePathRules.problem(with: "Sources/M\\A.swift")?.message,
      "'file=Sources/M\\A.swift' must not contain backslashes or quotes")
  }

  // MARK: One mistake, one diagnostic

  /// `file` with no value is one mistake; it should give one diagnostic, not a second `file-not-owned`
  /// about the empty path ("must be a plain relative path") at the same place.
  func testFileWithoutValueGivesOnlyAttributeWithoutValue() {
    for info in ["swift file", "swift file="] {
      XCTAssertEqual(self.located(self.chapter(info: info).diagnostics), ["attribute-without-value@3:10"], info)
    }
  }

  /// `mode` with no value is one mistake; it should not also give `invalid-mode` ("not ''").
  func testModeWithoutValueGivesOnlyAttributeWithoutValue() {
    for info in ["swift file=Sources/M/A.swift chunk=a mode", "swift file=Sources/M/A.swift chunk=a mode="] {
      XCTAssertEqual(self.located(self.chapter(info: info).diagnostics), ["attribute-without-value@3:41"], info)
    }
  }
}
