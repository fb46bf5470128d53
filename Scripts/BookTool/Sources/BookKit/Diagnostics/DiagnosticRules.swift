extension RuleID {
  /// Every rule a chapter can break on its way to tangled files, as `book tangle` and `book check` report
  /// them: tag attributes, `file=` paths, chunk operations and the chapter's encoding. The one list the
  /// tests and the catalogue of bad inputs are checked against.
  package static let chapterRules: [RuleID] = [
    .afterOnExistingChunk, .afterWithMode, .attributeWithoutFile, .attributeWithoutValue, .chunkNotDefined,
    .duplicateChunk, .excerptNotSwift, .excerptWithChunk, .excerptWithFile, .fileNotOwned, .fileOutsideWorkspace,
    .invalidCompile, .invalidMode, .modeWithoutChunk, .notUtf8, .repeatedAttribute, .tangledNonSwift,
    .unknownAttribute, .untangledSwift, .captureOnSwift, .manifestWithoutToolsVersion, .excerptDrift,
    .excerptSourceMissing, .nestingTooDeep, .tableTooWide, .lineTooLong, .invalidChapterName,
  ]

  /// The chapter rules that stop every command, `book site` included, and not only tangling: a chapter
  /// that cannot be read as text, whose Markdown nests too deep for the tool to walk, or whose table rows
  /// are too wide for cmark-gfm to read in reasonable time.
  package static let chapterReadingRules: Set<RuleID> = [.nestingTooDeep, .notUtf8, .tableTooWide, .invalidChapterName]

  /// The rules `book tag` adds to the chapters' own: one explicit, unique number per chapter file.
  package static let tagRules: [RuleID] = [.duplicateChapterNumber, .unnumberedChapter]

  /// The rules `book check` reports when generated files are out of step with the chapters.
  package static let generatedFileRules: [RuleID] = [
    .generatedFileDrift, .missingGeneratedFile, .staleGeneratedFile, .staleManifest, .interruptedOutput,
    .invalidOutputManifest,
  ]

  /// The rules `book site` and `book check` report about how a Mermaid diagram renders; warnings, which
  /// do not fail a command.
  package static let diagramWarningRules: [RuleID] = [.diagramTooWide]

  /// The rules `book capture` reports about the pictures of the book's programs.
  package static let captureRules: [RuleID] = [
    .captureDrift, .captureProgramFailed, .captureProgramMissing, .invalidCaptures, .unknownCapture, .staleCapture,
    .staleCaptureManifest,
  ]
}
