import Foundation

/// Findings of `swift format lint` over the tangled files, moved to the chapter lines that wrote them.
///
/// swift-format reads a generated file as it is on disk and reports its physical lines; the compiler's
/// `#sourceLocation` directives mean nothing to it. Each finding is mapped through the file's line map
/// (`GeneratedSource.origins`), so that `Sources/X/Y.swift:40:7: error: [Indentation] indent by 2 spaces`
/// becomes `Chapters/01-a.md:212:7: error: indent by 2 spaces (Indentation) [swift-format]`.
package enum StyleFindings {
  /// The diagnostics for swift-format's `output`, whose paths are relative to the workspace root or
  /// absolute under `root`. A line that is not a finding is ignored; a finding on a line no chapter
  /// wrote (the header, a directive) or in a file the tangle does not make keeps its own location.
  package static func diagnostics(
    fromLintOutput output: String, files: [TangleOutput.File], root: URL
  ) -> [Diagnostic] {
    let sources = Dictionary(files.map { ($0.tangled.path, $0.source) }, uniquingKeysWith: { first, _ in first })
    let rootPrefix = root.standardizedFileURL.path + "/"
    return output.split(separator: "\n").compactMap { line in
      guard var finding = Finding(line) else { return nil }
      if finding.path.hasPrefix(rootPrefix) { finding.path.removeFirst(rootPrefix.count) }
      var location = SourceLocation(path: finding.path, line: finding.line, column: finding.column)
      if let source = sources[finding.path], source.origins.indices.contains(finding.line - 1),
        let origin = source.origins[finding.line - 1]
      {
        location = SourceLocation(path: origin.path, line: origin.line, column: finding.column)
      }
      let message = finding.rule.map { "\(finding.message) (\($0))" } ?? finding.message
      return Diagnostic(finding.severity, id: .swiftFormat, at: location, message)
    }
  }

  /// One line of swift-format's output: `PATH:LINE:COLUMN: error: [RULE] MESSAGE`.
  struct Finding {
    var path: String
    var line: Int
    var column: Int
    var severity: Diagnostic.Severity
    var rule: String?
    var message: String

    init?(_ text: Substring) {
      let parts = text.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
      guard parts.count == 5, let line = Int(parts[1]), let column = Int(parts[2]), line > 0 else { return nil }
      switch parts[3].trimmingCharacters(in: .whitespaces) {
      case "error": self.severity = .error
      case "warning": self.severity = .warning
      default: return nil
      }
      var message = parts[4].drop { $0 == " " }
      self.rule = nil
      if message.hasPrefix("["), let close = message.firstIndex(of: "]") {
        self.rule = String(message[message.index(after: message.startIndex)..<close])
        message = message[message.index(after: close)...].drop { $0 == " " }
      }
      // A column swift-format reports before the line's start (seen: -5) is the line's first column.
      (self.path, self.line, self.column, self.message) = (String(parts[0]), line, max(1, column), String(message))
    }
  }

  /// What a failed run of swift-format printed, as one line of plain text for a diagnostic: terminal
  /// escapes (colours) removed, lines joined with " | ", at most 400 characters.
  package static func oneLine(_ text: String) -> String {
    var plain = ""
    var escape = false
    for scalar in text.unicodeScalars {
      if escape {
        if (0x40...0x7E).contains(scalar.value) && scalar != "[" { escape = false }
      } else if scalar == "\u{1B}" {
        escape = true
      } else {
        plain.unicodeScalars.append(scalar)
      }
    }
    let lines = plain.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
    let joined = lines.filter { !$0.isEmpty }.joined(separator: " | ")
    return joined.count > 400 ? String(joined.prefix(400)) + "…" : joined
  }
}
