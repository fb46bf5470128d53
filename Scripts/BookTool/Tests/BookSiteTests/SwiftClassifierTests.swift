import BookKit
import Foundation
import SwiftParser
import SwiftSyntax
import XCTest

@testable import BookSite

/// `SwiftClassifier` against its oracle, SwiftIDEUtils' classifier (`OracleHighlighter`): the same HTML,
/// byte for byte, for every Swift listing of the book's own chapters (the tangled files are made of them),
/// the synthetic benchmark book's, and snippets chosen for their odd constructs.
final class SwiftClassifierTests: XCTestCase {
  /// The repository's root, four folders above this file (`Scripts/BookTool/Tests/BookSiteTests`).
  private static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Constructs that classify in unusual ways, and broken code.
  static let snippets: [String] = [
    "@MainActor final class A {}\n@available(iOS 17, macOS 14, *) func f() {}\n",
    "@attached(member, names: named(init)) macro M() = #externalMacro(module: \"X\", type: \"Y\")\n",
    "@propertyWrapper struct W<T> { var wrappedValue: T }\n@W var x = 1\n@ Foo.Bar<Int /* c */> var y = 2\n",
    "@_spi(Raw) @preconcurrency import Foundation\n@objc(name:) dynamic func g() {}\n",
    "#if DEBUG && os(macOS) || canImport(UIKit)\nlet a = 1\n#elseif swift(>=5.9) || compiler(<6.0)\nlet b = 2\n"
      + "#else\nlet c = 3\n#endif\n",
    "#if !targetEnvironment(simulator)\n  #if arch(arm64)\n  func f() {}\n  #endif\n#endif",
    "let s = \"a\\(x + 1)b\\(\"nested \\(y)\")c\"\nlet e = \"\\n\\t\\u{1F600}\\\\\"\n",
    "let m = \"\"\"\n  line one\n  \\(value) two \\\n  three\n  \"\"\"\n",
    "let r = #\"raw \\#(x) \"quoted\" \\n\"#\nlet r2 = ##\"\"\"\n  a \"# b\n  \"\"\"##\n",
    "let re = /a+b*(?<name>c)/\nlet re2 = #/a/b/#\nlet re3 = #/\n  a # comment\n  b\n/#\n",
    "/// Doc line.\n/** Doc block\n * more\n */\n/* block */ // line\n//// four\n/**/ let x = 1 /*\n two lines */\n",
    "infix operator <*>: AdditionPrecedence\nprecedencegroup P { associativity: left higherThan: AdditionPrecedence }\n"
      + "prefix func !! (x: Bool) -> Bool { x }\nlet y = a <*> b ?? c ..< d ... e &+ f\n",
    "let k = \\Store.state.count\nlet k2 = \\.self\nlet k3 = \\[Int].count\nxs.map(\\.name)\n",
    "func f<T: Equatable, each U>(_ t: T, _ u: repeat each U) -> some Collection<T> where T: Sendable {}\n"
      + "let a: any Error & Sendable = e\nvar b: [String: [Int?]]? = nil\nlet c: (Int) async throws(E) -> Void\n",
    "#warning(\"w\")\n#sourceLocation(file: \"a.swift\", line: 3)\n#sourceLocation()\nlet l = #line + #column\n"
      + "@freestanding(expression) macro stringify<T>(_ v: T) -> (T, String)\nlet s = #stringify(1 + 2)\n",
    "let x = 0x1F + 0o7 + 0b1 + 1_000 + 1.5e-3 + 0x1p4 + -2\nlet $y = $0\nlet z = <#placeholder#>\n",
    "struct S {\n  func f(\n    let x = [1, 2\n", "let s = \"unterminated\nlet t = \"\"\"\nforever",
    "/* never closed\nlet a = 1", "}}}) ]] let = = ; ;;\n\u{0}\u{7F}",
    "let `class` = 1; let é = \"ü 😀\" // ¿qué?\nlet 変数 = \"e\u{301}\"\n",
    "nonisolated(unsafe) var g = 0\npackage actor A { distributed func f() {} }\n"
      + "consuming func c(_ x: borrowing X) {}\n",
    "switch x { case .a(let y) where y > 0, .b: break @unknown default: fallthrough }\n",
    "if #available(macOS 14, *), #unavailable(iOS 17) {}\nguard case let .some(v) = o else { return }\n",
    "let t = (a: 1, b: 2); f(label: 1, 2, other: 3) { $0 } trailing: { _ in }\n",
    "extension Array: P where Element == Int {}\ntypealias F = @Sendable @MainActor (inout Int) -> ()\n",
    "#!/usr/bin/env swift\nprint(1)\n", "", "\n", "\n\n", "let a = 1", "\r\nlet b = 2\r\n\tlet c = 3\u{B}\u{C}",
    "let x = y!.z?.w as? Int ?? 0 as! Int is Int\ntry? await f(); try! g()\n",
    "@resultBuilder enum B { static func buildBlock(_ c: Int...) -> Int { 0 } }\n@B var body: Int { 1; 2 }\n",
    "let a = [[[[[[[[1]]]]]]]]\n", "let a = [[[[[[[[[1]]]]]]]]]\n", "x = '\\''; y = 'ab'\n",
  ]

  func testTheSnippetsHighlightAsSwiftIDEUtilsDoes() {
    self.assertSameAsOracle(Self.snippets.enumerated().map { ("snippet \($0.offset)", $0.element) })
  }

  func testTheBooksListingsHighlightAsSwiftIDEUtilsDoes() throws {
    let chapters = Self.repositoryRoot.appendingPathComponent("Chapters")
    var texts: [(String, String)] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: chapters.path).sorted() where name.hasSuffix(".md")
    {
      let data = try Data(contentsOf: chapters.appendingPathComponent(name))
      guard case .success(let loaded) = ChapterLoader.chapter(path: "Chapters/" + name, data: data) else {
        return XCTFail("Chapters/\(name) does not load")
      }
      for (index, listing) in loaded.chapter.listings.enumerated() where listing.language == "swift" {
        texts.append(("Chapters/\(name) listing \(index)", listing.code))
      }
    }
    XCTAssertGreaterThan(texts.count, 100)
    self.assertSameAsOracle(texts)
  }

  func testTheSyntheticBookHighlightsAsSwiftIDEUtilsDoes() throws {
    let folder = try SiteFixture.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", Self.repositoryRoot.appendingPathComponent("Scripts/synthetic_book.py").path, folder.path, "3",
      "27000",
      "1",
    ]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    var texts: [(String, String)] = []
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".md") {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      guard case .success(let loaded) = ChapterLoader.chapter(path: name, data: data) else {
        return XCTFail("\(name) does not load")
      }
      texts += loaded.chapter.listings.enumerated().filter { $0.element.language == "swift" }.map {
        ("\(name) listing \($0.offset)", $0.element.code)
      }
    }
    XCTAssertGreaterThan(texts.count, 20)
    self.assertSameAsOracle(texts)
  }

  func testSourceLinesLocateAsSourceLocationConverterDoes() {
    for code in Self.snippets + ["a\rb\r\nc\n\rd", "\r", "\n\r\n\n"] {
      let tree = Parser.parse(source: code)
      let converter = SourceLocationConverter(fileName: "", tree: tree)
      let lines = SourceLines(Array(code.utf8))
      for offset in 0...code.utf8.count {
        let expected = converter.location(for: AbsolutePosition(utf8Offset: offset))
        let actual = lines.location(of: offset)
        XCTAssertTrue(actual == (expected.line, expected.column), "\(code.debugDescription) at \(offset)")
      }
    }
  }

  func testDigestsPrintAsThirtyTwoLowercaseHexDigits() {
    // The symbol index keeps each declaration's digest as hex, in the highlight cache: the format must
    // not change (it was `String(_:radix:)`, zero-padded to 16 digits per lane).
    for (high, low) in [(0, 0), (1, 0xFEDC_BA98_7654_3210), (UInt64.max, 0xA), (0x0123_4567_89AB_CDEF, UInt64.max)] {
      let digest = ContentDigest(high: high, low: low)
      let padded = { (word: UInt64) in
        String(repeating: "0", count: 16 - String(word, radix: 16).count) + String(word, radix: 16)
      }
      XCTAssertEqual(digest.hex, padded(high) + padded(low))
      XCTAssertEqual(ContentDigest(hex: digest.hex), digest)
    }
  }

  /// Fails, naming the text and its first differing line, for each text whose HTML differs from the oracle's.
  private func assertSameAsOracle(
    _ texts: [(name: String, code: String)], file: StaticString = #filePath,
    line: UInt = #line
  ) {
    var differing = 0
    for (name, code) in texts {
      let expected = OracleHighlighter.highlight(code)
      let actual = SwiftHighlighter.highlight(code)
      guard actual.map({ Array($0.utf8) }) != expected.map({ Array($0.utf8) }) else { continue }
      differing += 1
      let index =
        zip(actual, expected).enumerated().first { !$0.element.0.utf8.elementsEqual($0.element.1.utf8) }?
        .offset ?? min(actual.count, expected.count)
      let mine = index < actual.count ? actual[index] : "(no line)"
      let oracle = index < expected.count ? expected[index] : "(no line)"
      XCTFail("\(name), line \(index + 1):\n  classifier: \(mine)\n  oracle:     \(oracle)", file: file, line: line)
      if differing >= 10 { return }
    }
  }
}
