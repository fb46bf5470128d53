import BookKit
import Foundation
import XCTest

/// The hostile tester's catalogue (issue 18): programs that must not run, programs that hang or print
/// without end, and a command that fails half-way; each refused at its place, with nothing written.
extension OutputCatalogueTests {
  static var hostileCases: [Case] {
    Self.captureProgramCases + Self.subprocessLimitCases + Self.chapterNameCases + Self.tagCheckCases
      + Self.imageFolderCases + Self.figureCases
  }

  /// #15: an image whose folder, `Chapters/images`, is a symbolic link leading out of the workspace is
  /// refused at the image, not dropped from the site.
  static var imageFolderCases: [Case] {
    ["site", "check"].map { command in
      Case(
        name: "#15 an image under a Chapters/images link that leads out (\(command))",
        setUp: { sandbox in
          try sandbox.write("Chapters/01-a.md", "# A\n\n![p](images/p.png)\n")
          try sandbox.writeOutside("p.png", "PNG")
          try sandbox.link("Chapters/images", to: sandbox.outside.path)
        }, arguments: [command], location: "Chapters/01-a.md:3:1", rule: .readOutsideWorkspace)
    }
  }

  /// A committed book that `book check` refuses for one reason; `setUp` makes the reason, then everything
  /// else is generated and committed (`.build/` ignored).
  static func committedBook(_ sandbox: Sandbox, chapter: String, then change: (Sandbox) throws -> Void) throws {
    try sandbox.write(".gitignore", ".build/\n")
    try sandbox.write("Chapters/01-a.md", chapter)
    try sandbox.book("tangle")
    try sandbox.book("site")
    try change(sandbox)
    try sandbox.commitAll()
  }

  /// #12: `book tag` refuses whatever `book check` refuses, in the committed book.
  static var tagCheckCases: [Case] {
    let listing = "# A\n\n```swift file=Sources/M/A.swift\nlet x = 1\n```\n"
    return [
      Case(
        name: "#12 tag refuses a committed broken link",
        setUp: { try Self.committedBook($0, chapter: "# A\n\n[next](02-missing.md)\n") { _ in } },
        arguments: ["tag"], location: "Chapters/01-a.md:3:1", rule: .brokenLink),
      Case(
        name: "#12 tag refuses a committed generated-file drift",
        setUp: {
          try Self.committedBook($0, chapter: listing) { sandbox in
            let file = sandbox.workspace.appendingPathComponent("Sources/M/A.swift")
            try sandbox.write("Sources/M/A.swift", try String(contentsOf: file, encoding: .utf8) + "// by hand\n")
          }
        }, arguments: ["tag"], location: "Chapters/01-a.md:4:1", rule: .generatedFileDrift),
      Case(
        name: "#12 tag refuses a committed manifest that claims README.md",
        setUp: {
          try Self.committedBook($0, chapter: listing) { sandbox in
            try sandbox.write("README.md", "# Read me\n")
            let manifest = try String(
              contentsOf: sandbox.workspace.appendingPathComponent(".book/tangled-files"), encoding: .utf8)
            try sandbox.write(".book/tangled-files", manifest + "README.md\n")
          }
        }, arguments: ["tag"], location: ".book/tangled-files:3:1", rule: .invalidOutputManifest),
      Case(
        name: "#12 tag refuses invalid committed captures.json",
        setUp: {
          try Self.committedBook($0, chapter: "# A\n") { sandbox in
            try sandbox.write("Chapters/captures.json", "{}\n")
          }
        }, arguments: ["tag"], location: "Chapters/captures.json:1:1", rule: .invalidCaptures),
    ]
  }

  /// A chapter file named `name` beside a good chapter: refused at its (escaped) path, whatever the command.
  static var chapterNameCases: [Case] {
    let long = "98-" + String(repeating: "x", count: 240) + ".md"
    let names: [(String, String, [String])] = [
      ("98-a\"b.md", #"98-a\"b.md"#, ["tangle"]),
      ("98-a\\b.md", #"98-a\\b.md"#, ["site"]),
      ("98-a\rb.md", #"98-a\rb.md"#, ["check"]),
      ("98-a\nb.md", #"98-a\nb.md"#, ["site"]),
      ("98-a\nb.md", #"98-a\nb.md"#, ["tangle"]),
      (long, long, ["site"]),
      ("02-b.MD", "02-b.MD", ["check"]),
    ]
    return names.map { name, shown, arguments in
      Case(
        name: "#2 a chapter named \(shown.prefix(20)) (\(arguments[0]))",
        setUp: { sandbox in
          try sandbox.write("Chapters/01-a.md", Self.chapter(writing: "Sources/M/A.swift"))
          try sandbox.write("Chapters/\(name)", Self.chapter(writing: "Sources/M/B.swift"))
        }, arguments: arguments, location: "Chapters/\(shown):1:1", rule: .invalidChapterName)
    }
  }

  /// A workspace whose only capture runs `program` for the transcript in chapter 1 (line 3's block).
  static func transcriptWorkspace(_ sandbox: Sandbox, program: String, input: String) throws {
    try sandbox.write("Chapters/01-a.md", "# A\n\n```text capture=x\n$ true\n```\n")
    let fields = [("title", "t"), ("program", program), ("input", input), ("name", "x")]
    let line = try fields.map { key, value in
      "\"\(key)\": " + String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
    }
    try sandbox.write("Chapters/captures.json", "[\n  {" + line.joined(separator: ", ") + "}\n]\n")
  }

  /// Installs `.build/debug/P`, a shell script with `body`.
  static func program(_ sandbox: Sandbox, _ body: String) throws {
    try sandbox.write("Sources/P/main.swift", "print(1)\n")
    try sandbox.write(".build/debug/P", "#!/bin/sh\n\(body)\n")
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: sandbox.workspace.appendingPathComponent(".build/debug/P").path)
  }

  static var captureProgramCases: [Case] {
    // `{"title": "t", "program": "` puts the program's opening quote at column 29 of line 2.
    [
      Case(
        name: "#1 a transcript program outside the book's products is not run",
        setUp: { sandbox in
          let target = sandbox.outside.appendingPathComponent("ran").path
          try Self.transcriptWorkspace(sandbox, program: "../../../../bin/sh", input: "echo x > \(target)\n")
        }, arguments: ["capture", "--check"], location: "Chapters/captures.json:2:29", rule: .invalidCaptures),
      Case(
        name: "#1 an absolute transcript program is not run",
        setUp: { sandbox in
          let target = sandbox.outside.appendingPathComponent("ran").path
          try Self.transcriptWorkspace(sandbox, program: "/bin/sh", input: "echo x > \(target)\n")
        }, arguments: ["capture"], location: "Chapters/captures.json:2:29", rule: .invalidCaptures),
      Case(
        name: "#1 a capture program that prints without end is stopped",
        setUp: { sandbox in
          try Self.transcriptWorkspace(sandbox, program: "P", input: "")
          try Self.program(sandbox, "yes")
        }, arguments: ["capture", "--check"], location: "Chapters/captures.json:2:29", rule: .captureProgramFailed),
      Case(
        name: "#1 a capture program that hangs is stopped at the time limit",
        setUp: { sandbox in
          try Self.transcriptWorkspace(sandbox, program: "P", input: "")
          try Self.program(sandbox, "sleep 30")
        }, arguments: ["capture"], location: "Chapters/captures.json:2:29", rule: .captureProgramFailed,
        environment: ["BOOK_SUBPROCESS_SECONDS": "1"]),
      Case(
        name: "#4 a bad transcript among good pictures writes no picture",
        setUp: { sandbox in
          try Self.captureWorkspace(sandbox, image: "images/p.svg")
          try sandbox.write("Chapters/02-b.md", "# B\n\n```text capture=missing\n$ true\n```\n")
        }, arguments: ["capture"], location: "Chapters/02-b.md:3:9", rule: .unknownCapture),
    ]
  }

  static var subprocessLimitCases: [Case] {
    [
      Case(
        name: "#14 a swift on PATH that prints without end stops `book lint`",
        setUp: { sandbox in
          try sandbox.write("Chapters/01-a.md", Self.chapter(writing: "Sources/M/A.swift"))
          try sandbox.book("tangle")
          try sandbox.writeOutside("swift", "#!/bin/sh\nyes\n")
          try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: sandbox.outside.appendingPathComponent("swift").path)
        }, arguments: ["lint"], location: CommandReport.commandLine, rule: .swiftFormatFailed,
        environment: ["PATH": Self.pathWithWrappers]),
      Case(
        name: "#14 a swift on PATH that hangs stops `book lint` at the time limit",
        setUp: { sandbox in
          try sandbox.write("Chapters/01-a.md", Self.chapter(writing: "Sources/M/A.swift"))
          try sandbox.book("tangle")
          try sandbox.writeOutside("swift", "#!/bin/sh\nsleep 30\n")
          try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: sandbox.outside.appendingPathComponent("swift").path)
        }, arguments: ["lint"], location: CommandReport.commandLine, rule: .swiftFormatFailed,
        environment: ["PATH": Self.pathWithWrappers, "BOOK_SUBPROCESS_SECONDS": "1"]),
    ]
  }

  /// `PATH` with the sandbox's outside folder first: each case's sandbox differs, so the folder is named
  /// by a placeholder the harness replaces.
  static let pathWithWrappers = "@OUTSIDE@:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
}

extension OutputCatalogueTests {
  /// Hostile case 3: cmark-gfm moves footnote definitions to the end of the document, but a chunk defined
  /// in a footnote and replaced below it tangles in the order the author wrote them.
  func testAChunkDefinedInAFootnoteCanBeReplacedBelowIt() throws {
    let sandbox = try Sandbox()
    defer { sandbox.destroy() }
    let chapter = """
      # A

      Text.[^n]

      [^n]: A note with code.

          ```swift file=Sources/M/A.swift chunk=a
          let a = 1
          ```

      ```swift file=Sources/M/A.swift chunk=a mode=replace
      let a = 2
      ```

      """
    try sandbox.write("Chapters/01-a.md", chapter)
    try sandbox.book("tangle")
    let code = try String(contentsOf: sandbox.workspace.appendingPathComponent("Sources/M/A.swift"), encoding: .utf8)
    XCTAssertTrue(code.contains("let a = 2"), code)
    XCTAssertFalse(code.contains("let a = 1"), code)
  }
}

extension OutputCatalogueTests {
  /// Hostile case 15: repeated headings, a heading named like an earlier heading's repeat, and headings
  /// named like the page's own ids (the search field, a footnote) each get an id no other element has.
  func testEveryIdOfAChapterPageIsUnique() throws {
    let sandbox = try Sandbox()
    defer { sandbox.destroy() }
    let chapter = "# T\n\n## A\n\n## A\n\n## A-1\n\n## Search\n\n## fn-1\n\nText.[^1]\n\n[^1]: A note.\n"
    try sandbox.write("Chapters/01-a.md", chapter)
    try sandbox.book("site")
    let page = try String(contentsOf: sandbox.workspace.appendingPathComponent("Site/01-a.html"), encoding: .utf8)
    let pattern = try NSRegularExpression(pattern: #" id="([^"]*)""#)
    let ids = pattern.matches(in: page, range: NSRange(page.startIndex..., in: page)).map {
      String(page[Range($0.range(at: 1), in: page)!])
    }
    let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    XCTAssertEqual(repeated, [], "ids given twice on the page")
    for heading in ["t", "a", "a-1", "a-1-1", "section-search", "section-fn-1"] {
      XCTAssertTrue(page.contains("<h2 id=\"\(heading)\">") || page.contains("<h1 id=\"\(heading)\">"), heading)
    }
    XCTAssertTrue(ids.contains("search") && ids.contains("fn-1"), "the page's own ids are kept")
  }
}
