extension Book {
  /// The `swift test --filter` pattern for a chapter's test targets: `^(CounterDataTests)\.`. Fails
  /// (`StageFailure`) for a chapter number the book lacks, at the command line, and for a chapter without
  /// test listings, at its file.
  package func testFilter(forChapter number: Int) throws -> String {
    guard let chapter = self.chapter(numbered: number) else {
      let known = self.chapters.compactMap(\.number).map(String.init).joined(separator: ", ")
      throw StageFailure("no chapter numbered \(number); chapters are \(known)", rule: .unknownChapter)
    }
    guard !chapter.testTargets.isEmpty else {
      throw StageFailure(
        "the chapter has no test listings (blocks with file=Tests/…)", at: chapter.path, rule: .chapterWithoutTests)
    }
    return "^(\(chapter.testTargets.joined(separator: "|")))\\."
  }
}
