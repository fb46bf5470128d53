/// The one drift check `book check` runs over every kind of output.
extension OwnedOutput {
  /// Every difference between the disk and the plan, located: each out-of-date target as `describe` words
  /// it (tangled files point at their chapter line), each stale file, each trace of an interrupted run,
  /// and the manifest when nothing else explains its difference.
  package func drift(describe: (Target) -> Diagnostic) -> [Diagnostic] {
    let command = self.kind.command
    var found = self.targets.filter(\.isOutOfDate).map(describe)
    found += self.staleFiles.map { path in
      Diagnostic(
        .error, id: self.kind.staleRule, at: SourceLocation(path: self.kind.workspacePath(path), line: 1),
        "file is no longer produced by any chapter; run `\(command)` to remove it")
    }
    if self.previous.isIncomplete {
      found.append(
        Diagnostic(
          .error, id: .interruptedOutput, at: SourceLocation(path: self.kind.manifestPath, line: 2),
          "an earlier `\(command)` was interrupted before it finished; run `\(command)` to finish it"))
    }
    found += self.leftovers.map { path in
      Diagnostic(
        .error, id: .interruptedOutput, at: SourceLocation(path: path, line: 1),
        "temporary file of an interrupted `\(command)`; run `\(command)` to remove it")
    }
    if found.isEmpty, !self.isManifestCurrent {
      found.append(
        Diagnostic(
          .error, id: self.kind.manifestRule, at: SourceLocation(path: self.kind.manifestPath, line: 1),
          "the list of files `\(command)` wrote is out of date; run `\(command)`"))
    }
    return found
  }
}
