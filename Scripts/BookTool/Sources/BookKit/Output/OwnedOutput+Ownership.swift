import Foundation

/// Planning against the disk: which listed entries are valid, which targets may be written, which files
/// are stale, which temporary files an interrupted run left.
extension OwnedOutput {
  /// The manifest's bytes, read without following a symbolic link, and any problem with reading it.
  static func readManifest(_ kind: Kind, in workspace: Workspace) -> (data: Data?, diagnostics: [Diagnostic]) {
    do {
      let url = try workspace.writableURL(kind.manifestPath)
      guard Workspace.entry(at: url.path) == .file else { return (nil, []) }
      return (try Data(contentsOf: url), [])
    } catch let failure as Workspace.Failure {
      return (nil, [Self.diagnostic(failure, at: SourceLocation(path: kind.manifestPath, line: 1))])
    } catch {
      let failure = Workspace.Failure.io(path: kind.manifestPath, reason: "cannot be read")
      return (nil, [Self.diagnostic(failure, at: SourceLocation(path: kind.manifestPath, line: 1))])
    }
  }

  /// The listed paths that are plain paths the kind may own; a diagnostic at its line for every other.
  mutating func validEntries() -> Set<String> {
    var listed: Set<String> = []
    for entry in self.previous.entries {
      guard let path = Workspace.plainPath(entry.path), self.kind.allows(path) else {
        self.diagnostics.append(
          Diagnostic(
            .error, id: .invalidOutputManifest, at: SourceLocation(path: self.kind.manifestPath, line: entry.line),
            "'\(entry.path)' is not a path `\(self.kind.command)` may own (it must be a plain relative path "
              + "inside its folder); delete this line (nothing was written or removed)"))
        continue
      }
      listed.insert(path)
    }
    return listed
  }

  /// Reads every target's current bytes and refuses those that lie behind a symbolic link or are not
  /// owned (`inspect`), on every core: the targets are cut into runs of neighbouring paths, each of which
  /// asks `lstat` about its folders once. Returns what lies at each folder seen, for the later checks.
  mutating func checkTargets(listed: Set<String>, in workspace: Workspace) -> [String: Workspace.Entry] {
    let (kind, targets, root) = (self.kind, self.targets, workspace.root.path)
    // A run per core and then some, so that a slow run does not end alone; small outputs take one.
    let count = max(1, min(2 * ProcessInfo.processInfo.activeProcessorCount, targets.count / 32))
    let runs = (0..<count).map { run in (run * targets.count / count)..<((run + 1) * targets.count / count) }
    let found = Parallel.map(runs) { run in
      var seenFolders: [String: Workspace.Entry] = [:]
      let inspected = run.map { index in
        Self.inspect(targets[index], kind: kind, listed: listed, in: workspace, root: root, seenFolders: &seenFolders)
      }
      return (inspected: inspected, seenFolders: seenFolders)
    }
    var seenFolders: [String: Workspace.Entry] = [:]
    for (run, result) in zip(runs, found) {
      for (index, inspected) in zip(run, result.inspected) {
        self.targets[index].current = inspected.current
        if let problem = inspected.problem { self.diagnostics.append(problem) }
      }
      seenFolders.merge(result.seenFolders) { first, _ in first }
    }
    return seenFolders
  }

  /// A target's current bytes (nil when there is no file, or a kept file needs none), or the problem that
  /// refuses it: a symbolic link on the way, a folder in its place, a file the kind does not own.
  static func inspect(
    _ target: Target, kind: Kind, listed: Set<String>, in workspace: Workspace, root: String,
    seenFolders: inout [String: Workspace.Entry]
  ) -> (current: Data?, problem: Diagnostic?) {
    let path = kind.workspacePath(target.path)
    let current: Data?
    do {
      let absolute = try workspace.writablePath(path, root: root, seenFolders: &seenFolders)
      // The walk has just asked `lstat` about the file itself.
      switch seenFolders[absolute] ?? Workspace.entry(at: absolute) {
      case .missing: return (nil, nil)
      case .folder: throw Workspace.Failure.io(path: path, reason: "is a folder; it cannot be written")
      case .symlink: current = try Data(contentsOf: URL(fileURLWithPath: absolute, isDirectory: false))
      case .file where target.expected == nil && !kind.requiresMarker:
        // A file kept as it is needs no bytes: owning it is being listed.
        guard listed.contains(target.path) else {
          current = nil
          break
        }
        return (nil, nil)
      case .file:
        current = try target.readAhead ?? Data(contentsOf: URL(fileURLWithPath: absolute, isDirectory: false))
      }
    } catch let failure as Workspace.Failure {
      return (nil, Self.diagnostic(failure, at: target.origin))
    } catch {
      return (nil, Self.diagnostic(.io(path: path, reason: "cannot be read"), at: target.origin))
    }
    // A file is there (a missing one returned above): the tool's, or refused.
    guard !Self.owns(target.path, current ?? Data(), listed: listed, kind: kind) else { return (current, nil) }
    let problem = Diagnostic(
      .error, id: .fileNotOwned, at: target.origin,
      "\(path) exists and `\(kind.command)` did not write it (\(kind.manifestPath) does not list it"
        + "\(kind.requiresMarker ? ", or it lacks the generated header" : "")); it will not overwrite it "
        + "(move that file away, or choose another name)")
    return (current, problem)
  }

  /// The ownership rule: listed in the manifest and, for sources, marked as generated.
  func owns(_ path: String, _ data: Data, listed: Set<String>) -> Bool {
    Self.owns(path, data, listed: listed, kind: self.kind)
  }

  /// The same rule for a target of `kind`.
  static func owns(_ path: String, _ data: Data, listed: Set<String>, kind: Kind) -> Bool {
    listed.contains(path)
      && (!kind.requiresMarker || GeneratedFileMarker.isPresent(in: String(decoding: data.prefix(300), as: UTF8.self)))
  }

  /// Listed files no target produces: stale when they are files the tool owns; refused when they lie
  /// behind a symbolic link (nothing is removed through one).
  mutating func findStaleFiles(
    listed: Set<String>, in workspace: Workspace, seenFolders: inout [String: Workspace.Entry]
  ) {
    let produced = Set(self.targets.map(\.path))
    for entry in self.previous.entries where listed.contains(entry.path) && !produced.contains(entry.path) {
      let path = self.kind.workspacePath(entry.path)
      do {
        let url = try workspace.writableURL(path, seenFolders: &seenFolders)
        if Workspace.entry(at: url.path) == .folder {
          self.diagnostics.append(
            Diagnostic(
              .error, id: .invalidOutputManifest, at: SourceLocation(path: self.kind.manifestPath, line: entry.line),
              "'\(entry.path)' is a folder, not a file `\(self.kind.command)` wrote; delete this line (nothing was "
                + "written or removed)"))
          continue
        }
        guard Workspace.entry(at: url.path) == .file else { continue }
        if self.owns(entry.path, try Data(contentsOf: url), listed: listed) { self.staleFiles.append(entry.path) }
      } catch let failure as Workspace.Failure {
        let location = SourceLocation(path: self.kind.manifestPath, line: entry.line)
        self.diagnostics.append(Self.diagnostic(failure, at: location))
      } catch {
        continue
      }
    }
    self.staleFiles.sort()
  }

  /// Temporary files (`.NAME.book-tmp`) of interrupted writes, beside every path the output may touch.
  mutating func findLeftovers(
    listed: Set<String>, in workspace: Workspace, seenFolders: inout [String: Workspace.Entry]
  ) {
    let paths = Set(listed.map(self.kind.workspacePath) + self.targets.map { self.kind.workspacePath($0.path) })
      .union([self.kind.manifestPath])
    // Each folder is listed once, rather than `lstat` asked about hundreds of names that are not there.
    var names: [String: Set<String>?] = [:]
    self.leftovers = paths.map(Workspace.temporaryPath(for:)).filter { temporary in
      guard let plain = Workspace.plainPath(temporary) else { return false }
      let (folder, name) = Workspace.folderAndName(ofPlain: plain)
      if names[folder] == nil {
        names[folder] = .some(workspace.entryNames(inFolder: folder, seenFolders: &seenFolders))
      }
      return names[folder]??.contains(name) ?? false
    }.sorted()
  }

  /// A workspace failure as a diagnostic at `location`.
  static func diagnostic(_ failure: Workspace.Failure, at location: SourceLocation) -> Diagnostic {
    Diagnostic(.error, id: failure.rule, at: location, failure.message)
  }
}
