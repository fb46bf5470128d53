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

  /// Reads a target's current bytes and refuses it when it lies behind a symbolic link or is not owned.
  mutating func check(
    target index: Int, listed: Set<String>, in workspace: Workspace, seenFolders: inout [String: Workspace.Entry]
  ) {
    let target = self.targets[index]
    let path = self.kind.workspacePath(target.path)
    do {
      let url = try workspace.writableURL(path, seenFolders: &seenFolders)
      // The walk has just asked `lstat` about the file itself.
      switch seenFolders[url.path] ?? Workspace.entry(at: url.path) {
      case .missing: return
      case .folder: throw Workspace.Failure.io(path: path, reason: "is a folder; it cannot be written")
      case .symlink: self.targets[index].current = try Data(contentsOf: url)
      case .file where target.expected == nil && !self.kind.requiresMarker:
        // A file kept as it is needs no bytes: owning it is being listed.
        guard listed.contains(target.path) else { break }
        return
      case .file: self.targets[index].current = try target.readAhead ?? Data(contentsOf: url)
      }
    } catch let failure as Workspace.Failure {
      return self.diagnostics.append(Self.diagnostic(failure, at: target.origin))
    } catch {
      return self.diagnostics.append(Self.diagnostic(.io(path: path, reason: "cannot be read"), at: target.origin))
    }
    // A file is there (a missing one returned above): the tool's, or refused.
    guard !self.owns(target.path, self.targets[index].current ?? Data(), listed: listed) else { return }
    self.diagnostics.append(
      Diagnostic(
        .error, id: .fileNotOwned, at: target.origin,
        "\(path) exists and `\(self.kind.command)` did not write it (\(self.kind.manifestPath) does not list it"
          + "\(self.kind.requiresMarker ? ", or it lacks the generated header" : "")); it will not overwrite it "
          + "(move that file away, or choose another name)"))
  }

  /// The ownership rule: listed in the manifest and, for sources, marked as generated.
  func owns(_ path: String, _ data: Data, listed: Set<String>) -> Bool {
    listed.contains(path)
      && (!self.kind.requiresMarker
        || GeneratedFileMarker.isPresent(in: String(decoding: data.prefix(300), as: UTF8.self)))
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
