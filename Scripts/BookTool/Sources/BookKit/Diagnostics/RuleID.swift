/// Every rule the tool reports, by the stable identifier printed in brackets after a diagnostic:
/// `Chapters/01-a.md:3:1: error: unknown attribute 'flie' [unknown-attribute]`.
///
/// The one list of rule identifiers: diagnostics and command failures take a case, never a string, and
/// the rule tables of the tool's guide (`Scripts/BookTool/README.md`) are checked against `allCases`. A
/// case's name is its identifier in lower camel case (`unknown-attribute` → `unknownAttribute`), so either
/// can be found from the other.
package enum RuleID: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
  // Listing tags and `file=` paths.
  /// An attribute the tool does not know.
  case unknownAttribute = "unknown-attribute"
  /// `key` without `=value`.
  case attributeWithoutValue = "attribute-without-value"
  /// The same key twice in one tag.
  case repeatedAttribute = "repeated-attribute"
  /// A Swift block with neither `file=`, `excerpt=` nor `compile=false`.
  case untangledSwift = "untangled-swift"
  /// `file=` on a block that is not Swift.
  case tangledNonSwift = "tangled-non-swift"
  /// `chunk=`, `mode=` or `after=` without `file=`.
  case attributeWithoutFile = "attribute-without-file"
  /// `file=` that escapes the workspace.
  case fileOutsideWorkspace = "file-outside-workspace"
  /// A file the tool may not write, or an existing file it did not write.
  case fileNotOwned = "file-not-owned"
  /// `mode=` with a value other than `replace` or `remove`.
  case invalidMode = "invalid-mode"
  /// `mode=` without `chunk=`.
  case modeWithoutChunk = "mode-without-chunk"
  /// `after=` together with `mode=`.
  case afterWithMode = "after-with-mode"
  /// `after=` on a chunk that already exists.
  case afterOnExistingChunk = "after-on-existing-chunk"
  /// `compile=` with a value other than `false`.
  case invalidCompile = "invalid-compile"
  /// `excerpt=` together with `file=`.
  case excerptWithFile = "excerpt-with-file"
  /// `excerpt=` on a block that is not Swift.
  case excerptNotSwift = "excerpt-not-swift"
  /// `chunk=`, `mode=` or `after=` on an excerpt or sketch.
  case excerptWithChunk = "excerpt-with-chunk"
  /// `capture=` on a Swift block.
  case captureOnSwift = "capture-on-swift"

  // Chunks and excerpts.
  /// `mode=replace`, `mode=remove` or `after=` names a chunk that does not exist yet.
  case chunkNotDefined = "chunk-not-defined"
  /// The same chunk twice in one chapter without `mode=replace`.
  case duplicateChunk = "duplicate-chunk"
  /// The manifest's first listing does not open with `// swift-tools-version:`.
  case manifestWithoutToolsVersion = "manifest-without-tools-version"
  /// An excerpt whose lines no longer appear, in order, in the code it names.
  case excerptDrift = "excerpt-drift"
  /// An excerpt that names a file or chunk that does not exist by its chapter.
  case excerptSourceMissing = "excerpt-source-missing"
  /// A line of a tangled listing, excerpt or sketch longer than the book's line length (120 columns).
  case lineTooLong = "line-too-long"

  // Reading a chapter.
  /// The chapter is not UTF-8.
  case notUtf8 = "not-utf8"
  /// Markdown nested deeper than the tool walks.
  case nestingTooDeep = "nesting-too-deep"
  /// A table row too wide for cmark-gfm to read in reasonable time.
  case tableTooWide = "table-too-wide"

  // Chapter files, for `book tag`.
  /// Two chapter files share a number.
  case duplicateChapterNumber = "duplicate-chapter-number"
  /// A chapter file not named `NN-name.md`.
  case unnumberedChapter = "unnumbered-chapter"
  /// A chapter file whose name has characters other than letters, digits, `.`, `_` and `-`, or is too long.
  case invalidChapterName = "invalid-chapter-name"

  // Generated files and owned output.
  /// A tangled file differs from the chapters.
  case generatedFileDrift = "generated-file-drift"
  /// A tangled file is missing.
  case missingGeneratedFile = "missing-generated-file"
  /// A file `book tangle` owns that no chapter writes any more.
  case staleGeneratedFile = "stale-generated-file"
  /// `.book/tangled-files` is out of date.
  case staleManifest = "stale-manifest"
  /// A run was killed before it finished: its manifest is still a journal, or a temporary file is left.
  case interruptedOutput = "interrupted-output"
  /// A manifest entry that is not a plain path the tool may own.
  case invalidOutputManifest = "invalid-output-manifest"

  // The site.
  /// A page of `Site/` differs from the chapters, or is missing.
  case siteDrift = "site-drift"
  /// A file `book site` owns that no chapter makes any more.
  case staleSiteFile = "stale-site-file"
  /// `Site/.site-files` is out of date.
  case staleSiteManifest = "stale-site-manifest"
  /// An image named like a page.
  case imageNameCollision = "image-name-collision"
  /// A bad `book.json`.
  case invalidBookMetadata = "invalid-book-metadata"
  /// A `Chapters/status.json` that is not a chapter status record.
  case invalidStatusRecord = "invalid-status-record"
  /// A chapter whose last verified result (`Chapters/status.json`) is older than the chapters up to it.
  case staleChapterStatus = "stale-chapter-status"

  // Links, images and footnotes.
  /// A link that does not resolve.
  case brokenLink = "broken-link"
  /// A link to a heading anchor that does not exist.
  case brokenAnchor = "broken-anchor"
  /// A link or image with an absolute path.
  case absoluteLink = "absolute-link"
  /// A `javascript:`, `vbscript:`, `data:` or `file:` link.
  case unsafeLink = "unsafe-link"
  /// A link to another chapter not written as `NN-name.md#anchor`.
  case chapterLinkForm = "chapter-link-form"
  /// A reference link with placeholder text whose target has no number.
  case unnumberedReference = "unnumbered-reference"
  /// An image that does not exist, or is not a path relative to the chapter.
  case missingImage = "missing-image"
  /// An image from the network.
  case remoteImage = "remote-image"
  /// An image outside the chapters folder.
  case imageOutsideChapters = "image-outside-chapters"
  /// A relative link to a file outside the chapters folder that the site does not publish (not a chapter,
  /// not a tangled file with a code page): a copy of the site alone would break it.
  case linkLeavesSite = "link-leaves-site"
  /// A link in a rendered page of the site that does not resolve to a file of the site (`book check`'s
  /// check of the site as it would be written).
  case brokenSiteLink = "broken-site-link"
  /// A footnote reference with no definition.
  case undefinedFootnote = "undefined-footnote"
  /// A footnote defined twice.
  case duplicateFootnote = "duplicate-footnote"
  /// A footnote defined but never referenced.
  case unusedFootnote = "unused-footnote"
  /// Raw HTML whose tag names no HTML element (`<diet>` in prose), which the page would drop.
  case unknownHtmlElement = "unknown-html-element"

  // Diagrams.
  /// A Mermaid diagram that cannot be read.
  case mermaidSyntax = "mermaid-syntax"
  /// A Mermaid construct the tool does not render.
  case mermaidUnsupported = "mermaid-unsupported"
  /// A Mermaid diagram without `accTitle`.
  case diagramWithoutTitle = "diagram-without-title"
  /// A warning: a diagram wider than the page's column even at the smallest legible size.
  case diagramTooWide = "diagram-too-wide"
  /// `dot` could not lay a diagram out.
  case graphvizFailed = "graphviz-failed"

  // Pictures and transcripts of programs (`book capture`).
  /// A picture or transcript out of step with what its program prints now.
  case captureDrift = "capture-drift"
  /// The program a capture runs is not built.
  case captureProgramMissing = "capture-program-missing"
  /// The program a capture runs failed.
  case captureProgramFailed = "capture-program-failed"
  /// A bad `captures.json`.
  case invalidCaptures = "invalid-captures"
  /// `capture=` names a run `captures.json` does not declare.
  case unknownCapture = "unknown-capture"
  /// A picture that no declaration names any more.
  case staleCapture = "stale-capture"
  /// `.book/captured-files` is out of date.
  case staleCaptureManifest = "stale-capture-manifest"

  // The command itself.
  /// `book test N` names no chapter.
  case unknownChapter = "unknown-chapter"
  /// `book test N` names a chapter that writes no tests.
  case chapterWithoutTests = "chapter-without-tests"
  /// No folder with `Chapters/` at or above the current one.
  case workspaceNotFound = "workspace-not-found"
  /// A path resolves outside the workspace.
  case pathOutsideWorkspace = "path-outside-workspace"
  /// A folder the tool needs does not exist.
  case missingFolder = "missing-folder"
  /// Reading or writing a file failed.
  case fileSystemError = "file-system-error"
  /// A write or removal whose path passes through a symbolic link.
  case pathThroughSymlink = "path-through-symlink"
  /// A file to read is a symbolic link that leads out of the workspace.
  case readOutsideWorkspace = "read-outside-workspace"
  /// A git command of `book tag` failed.
  case gitFailure = "git-failure"
  /// `book tag` would move a tag it did not create.
  case foreignTag = "foreign-tag"
  /// `book site --chapters` without `--output` (the workspace's `Site/` holds its own book).
  case chaptersWithoutOutput = "chapters-without-output"
  /// `book serve` cannot listen on its port.
  case cannotListen = "cannot-listen"
  /// `book serve` could not render the site.
  case renderFailure = "render-failure"
  /// `book serve`: the preview server `book-serve` is not built beside `book`, or cannot be started.
  case previewServerMissing = "preview-server-missing"
  /// `book lint`: a finding of `swift format lint` in a listing, at its chapter line.
  case swiftFormat = "swift-format"
  /// `book lint`: `swift format` could not be run, or failed without findings.
  case swiftFormatFailed = "swift-format-failed"

  // Figures and numbers drawn from result files (`Chapters/data/NAME.json`).
  /// A `table`/`chart` block or a `{{data:…}}` reference names a result file that does not exist.
  case missingResultFile = "missing-result-file"
  /// A result file that is not valid JSON of format 1, or breaks its limits or rules.
  case invalidResultFile = "invalid-result-file"
  /// A reference to a row its result file does not have.
  case unknownDataRow = "unknown-data-row"
  /// A figure or reference names a column its result file does not have.
  case unknownDataColumn = "unknown-data-column"
  /// A `table`/`chart` block with a bad attribute, or data it cannot draw (text where a number is needed).
  case invalidFigure = "invalid-figure"
  /// A `{{data:…}}` that is not `{{data:NAME#ROW.COLUMN}}`.
  case invalidDataReference = "invalid-data-reference"
  /// A warning: a result file that no chapter uses.
  case unusedResultFile = "unused-result-file"

  /// Not a rule: the label of a note that explains another diagnostic.
  case note = "note"

  /// The identifier as printed: `unknown-attribute`.
  package var description: String { self.rawValue }
}
