import Foundation

/// The pictures `book capture` draws, written through `OwnedOutput`: each declared `image` must be a
/// plain `.svg` path inside the chapters folder, and is written only when `.book/captured-files` lists
/// it or no file is there yet.
extension TerminalCapture {
  /// What `book capture` owns: the SVG pictures listed in `.book/captured-files`, inside `chaptersFolder`.
  package static func outputKind(chaptersFolder: String) -> OwnedOutput.Kind {
    OwnedOutput.Kind(
      command: "book capture", folder: chaptersFolder, manifestPath: "\(Workspace.bookkeepingFolder)/captured-files",
      header: "# Files written by `book capture`; it keeps this list. Do not edit.", requiresMarker: false,
      pruneStops: [chaptersFolder], staleRule: .staleCapture, manifestRule: .staleCaptureManifest,
      allows: { $0.hasSuffix(".svg") })
  }

  /// Why a declared image path may not be drawn, or nil: it must be a plain relative path ending `.svg`
  /// (`images/a.svg`; never `../x`, `/x`, `01-a.md`).
  package static func problem(withImage image: String) -> String? {
    guard Workspace.plainPath(image) != nil else {
      return "must be a plain path inside the chapters folder (no '..', '.', empty part or leading '/')"
    }
    return image.hasSuffix(".svg") ? nil : "must name an .svg file (the tool only draws SVG pictures)"
  }

  /// Why a declared program may not be run, or nil: it must name one of the book's executables, a plain
  /// name found in the build's products folder (`Counter`, `animals-cli`; never `../../bin/sh`, `/bin/sh`
  /// or `.hidden`).
  package static func problem(withProgram program: String) -> String? {
    let allowed = program.utf8.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte == 0x2D
    }
    guard !program.isEmpty, program.utf8.count <= 100, allowed, program.first != "-" else {
      return "must name one of the book's executable targets (letters, digits, '_' and '-'), "
        + "which runs from the build's products folder"
    }
    return nil
  }
}

extension TerminalCapture {
  /// What `book check` can say about the pictures without running the programs: the output's drift with
  /// every declared, listed picture kept as it is (an interrupted `book capture`, a leftover temporary
  /// file, a listed picture no declaration names any more). `book capture --check` compares the bytes.
  package static func outputDrift(in workspace: Workspace) throws -> [Diagnostic] {
    let captures: [TerminalCapture]
    do {
      captures = try Self.declared(in: workspace)
    } catch let error as DiagnosticsError {
      return error.diagnostics
    }
    let kind = Self.outputKind(chaptersFolder: workspace.chaptersFolder)
    let listed = Set(OutputManifest(data: try? workspace.read(kind.manifestPath)).paths)
    let declarations = SourceLocation(path: "\(workspace.chaptersFolder)/\(Self.fileName)", line: 1)
    let targets = captures.compactMap(\.image).filter(listed.contains).map {
      OwnedOutput.Target(path: $0, expected: nil, origin: declarations)
    }
    let plan = OwnedOutput(kind: kind, targets: targets, workspace: workspace)
    return plan.diagnostics + plan.drift { _ in Diagnostic(.error, id: .captureDrift, at: declarations, "") }
  }
}
