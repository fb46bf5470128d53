extension Diagnostic {
  /// Every rule a chapter can break on its way to tangled files, as `book tangle` and `book check` report
  /// them: tag attributes, `file=` paths, chunk operations and the chapter's encoding. The one list the
  /// tests, the catalogue of bad inputs and the README's rule table are checked against.
  public static let chapterRules = [
    "after-on-existing-chunk", "after-with-mode", "attribute-without-file", "attribute-without-value",
    "chunk-not-defined", "duplicate-chunk", "excerpt-not-swift", "excerpt-with-chunk", "excerpt-with-file",
    "file-not-owned", "file-outside-workspace", "invalid-compile", "invalid-mode", "mode-without-chunk",
    "not-utf8", "repeated-attribute", "tangled-non-swift", "unknown-attribute", "untangled-swift",
    "capture-on-swift", "manifest-without-tools-version", "excerpt-drift", "excerpt-source-missing",
    "nesting-too-deep", "table-too-wide",
  ]

  /// The chapter rules that stop every command, `book site` included, and not only tangling: a chapter
  /// that cannot be read as text, whose Markdown nests too deep for the tool to walk, or whose table rows
  /// are too wide for cmark-gfm to read in reasonable time.
  public static let chapterReadingRules: Set<String> = ["nesting-too-deep", "not-utf8", "table-too-wide"]

  /// The rules `book tag` adds to the chapters' own: one explicit, unique number per chapter file.
  public static let tagRules = ["duplicate-chapter-number", "unnumbered-chapter"]

  /// The rules `book check` reports when generated files are out of step with the chapters.
  public static let generatedFileRules = [
    "generated-file-drift", "missing-generated-file", "stale-generated-file", "stale-manifest",
    "interrupted-output", "invalid-output-manifest",
  ]

  /// The rules `book site` and `book check` report about how a Mermaid diagram renders; warnings, which
  /// do not fail a command.
  public static let diagramWarningRules = ["diagram-too-wide"]

  /// The rules `book capture` reports about the pictures of the book's programs.
  public static let captureRules = [
    "capture-drift", "capture-program-failed", "capture-program-missing", "invalid-captures", "unknown-capture",
    "stale-capture", "stale-capture-manifest",
  ]
}
