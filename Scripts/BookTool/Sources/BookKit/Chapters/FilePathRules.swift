/// The rules a `file=` path must follow, so that the tool only ever writes files it owns.
///
/// `Sources/ImmutableData/Store.swift` and `Package.swift` (the book's manifest) are fine; `../x.swift`,
/// `/tmp/x.swift` and `Scripts/x.swift` are not.
package enum FilePathRules {
  /// The book package's manifest, the one tangled file outside `Sources/` and `Tests/`.
  package static let manifest = Workspace.manifestFile

  /// Appends a diagnostic for each rule `path` breaks.
  static func check(
    _ path: String, key: String = "file", at location: SourceLocation, into diagnostics: inout [Diagnostic]
  ) {
    if let problem = Self.problem(with: path, key: key) {
      diagnostics.append(Diagnostic(.error, id: problem.id, at: location, problem.message))
    }
  }

  /// Why the tool may not write `path` (a rule identifier and a message), or nil if it may.
  package static func problem(with path: String, key: String = "file") -> (id: RuleID, message: String)? {
    self.message(for: path, key: key).map { message in
      let escapes = path.hasPrefix("/") || path.hasPrefix("~") || path.split(separator: "/").contains("..")
      return (escapes ? .fileOutsideWorkspace : .fileNotOwned, message)
    }
  }

  /// The explanation of the first rule `path` breaks.
  private static func message(for path: String, key: String) -> String? {
    let parts =
      ASCIISplit.parts(of: path, separator: "/", omittingEmpty: false)
      ?? path.split(separator: "/", omittingEmptySubsequences: false)
    if path.hasPrefix("/") || path.hasPrefix("~") {
      return "'\(key)=\(path)' is absolute; write a path relative to the workspace root"
    }
    if parts.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) {
      return "'\(key)=\(path)' must be a plain relative path, without '.', '..' or empty parts"
    }
    // Bytes, not Foundation's substring search: this runs for every listing of every build.
    if path.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") }) {
      return "'\(key)=\(path)' must not contain backslashes or quotes"
    }
    if path == Self.manifest { return nil }
    guard parts.count >= 3, parts[0] == Workspace.sourcesFolder || parts[0] == Workspace.testsFolder else {
      return "'\(key)=\(path)' is not a file the tool owns: tangled files are Package.swift and files in "
        + "Sources/<Target>/ or Tests/<Target>/"
    }
    if !path.hasSuffix(".swift") {
      return "'\(key)=\(path)' must name a .swift file"
    }
    return nil
  }
}
