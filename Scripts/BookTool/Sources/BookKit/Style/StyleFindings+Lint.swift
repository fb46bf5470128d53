import Foundation

extension StyleFindings {
  /// `book lint`'s work: runs `swift format lint --strict` over the tangled files of `output` (which must
  /// be in step with the disk) in `workspace`, and returns its findings at the chapter lines that wrote
  /// them. A swift-format that fails without a finding, hangs or prints without end is a `StageFailure`
  /// (`swift-format-failed`).
  package static func lint(_ output: TangleOutput, in workspace: Workspace) throws -> [Diagnostic] {
    let paths = output.files.map(\.tangled.path)
    // Without paths, swift-format would read standard input (a book before its first listing).
    guard !paths.isEmpty else { return [] }
    let run: Subprocess.Output
    do {
      run = try Subprocess.run(
        URL(fileURLWithPath: "/usr/bin/env"),
        arguments: ["swift", "format", "lint", "--strict", "--parallel"] + paths, in: workspace.root)
    } catch let exceeded as Subprocess.LimitExceeded {
      throw StageFailure("`swift format lint` failed: \(exceeded)", rule: .swiftFormatFailed)
    }
    let text = String(decoding: run.standardError + run.standardOutput, as: UTF8.self)
    let findings = Self.diagnostics(fromLintOutput: text, files: output.files, root: workspace.root)
    if run.status != 0 && findings.isEmpty {
      throw StageFailure("`swift format lint` failed: \(Self.oneLine(run.errorText))", rule: .swiftFormatFailed)
    }
    return findings
  }
}
