import BookKit
import Foundation

/// What the last `book site` into a folder read and wrote, by content hash, so that a run where nothing
/// changed stops after hashing files instead of rendering the book again.
///
/// The stamp names this machine's build of the tool and its `dot` (path, size and modification time), so it lives
/// in the workspace's git-ignored `.build/` folder, never in the site: the site's bytes depend on the
/// chapters alone. `book check` never uses it; it always renders in full.
package struct SiteStamp: Codable, Equatable, Sendable {
  /// The tool that rendered and the `dot` that drew its diagrams (`DiagramCache.identity`): a change of
  /// either means possibly different pages (hostile case 6).
  package var tool: String
  /// Every chapter, by path relative to the input workspace: the model's digest of its bytes
  /// (`Chapter.sourceDigest`, hexadecimal), which `ContentDigest.of(bytes:)` gives for the file unparsed.
  package var chapters: [String: String]
  /// Every other input, by path relative to the input workspace: `book.json`, the status record, images.
  package var inputs: [String: UInt64]
  /// Every file of the site and its manifest, by path relative to the output workspace.
  package var outputs: [String: UInt64]

  /// Creates a stamp.
  package init(tool: String, chapters: [String: String], inputs: [String: UInt64], outputs: [String: UInt64]) {
    self.tool = tool
    self.chapters = chapters
    self.inputs = inputs
    self.outputs = outputs
  }

  /// The stamp for a site just written: the hashes of the inputs as they were read for rendering (never
  /// read again: a chapter saved while the site renders must make the next run render again), and of the
  /// expected files.
  package static func after(writing built: BuiltSite, output: SiteOutput) -> SiteStamp {
    var outputs: [String: UInt64] = [:]
    for file in output.files { outputs[output.workspacePath(file.path)] = ContentHash.of(file.expected) }
    for (path, hash) in output.kept { outputs[output.workspacePath(path)] = hash }
    outputs[output.workspacePath(SiteOutput.manifestName)] = ContentHash.of(output.manifest)
    return SiteStamp(tool: Self.rendererIdentity, chapters: built.chapters, inputs: built.inputs, outputs: outputs)
  }

  /// Whether nothing has changed since this stamp: same tool, same chapter files with the same bytes, the
  /// same images, every output file still as written, and no temporary file of an interrupted write.
  package func isCurrent(input: Workspace, output: Workspace) throws -> Bool {
    guard self.tool == Self.rendererIdentity, try Self.chapterDigests(of: input) == self.chapters else { return false }
    let metadata = try Self.metadataInputs(of: input)
    for (path, hash) in metadata where self.inputs[path] != hash { return false }
    for (path, hash) in self.inputs where metadata[path] == nil {
      // Any other input is `book.json` or the status record that is gone now (missing, so not current),
      // or an image: it must still be there, unchanged.
      guard let data = try input.readIfPresent(path), ContentHash.of(data) == hash else { return false }
    }
    for (path, hash) in self.outputs {
      guard let data = try output.readIfPresent(path), ContentHash.of(data) == hash else { return false }
      // A run killed while writing its journal leaves the old files and a temporary file: not current.
      guard !output.exists(Workspace.temporaryPath(for: path)) else { return false }
    }
    return true
  }

  /// Each chapter file's digest as the model computes it (`Chapter.sourceDigest`), without parsing it.
  private static func chapterDigests(of input: Workspace) throws -> [String: String] {
    var digests: [String: String] = [:]
    for path in try input.chapterPaths() { digests[path] = Chapter.sourceDigest(of: try input.read(path)).hex }
    return digests
  }

  /// `book.json` and the chapter status record, hashed, when they are there.
  private static func metadataInputs(of input: Workspace) throws -> [String: UInt64] {
    var inputs: [String: UInt64] = [:]
    let metadata = try BookMetadata.file(inChaptersFolder: input.chaptersFolder, read: input.readIfPresent)
    if let data = metadata.data { inputs[metadata.path] = ContentHash.of(data) }
    let status = ChapterStatusRecord.path(inChaptersFolder: input.chaptersFolder)
    if let data = try input.readIfPresent(status) { inputs[status] = ContentHash.of(data) }
    return inputs
  }

  /// What renders the site: this build of the tool, and the graphviz library that lays out its diagrams
  /// (an upgraded graphviz may draw them differently, so the no-change shortcut must not hold across it).
  static let rendererIdentity = Self.toolIdentity + "\n" + GraphvizLibrary.identity

  /// This build of the tool (`ToolBuild.identity`).
  static var toolIdentity: String { ToolBuild.identity }
}

extension SiteStamp {
  /// Where the stamp of a build from `input` into `folder` of `output` is kept: the output workspace's
  /// `.build/book-site-stamps/`, named by a hash of the locations. A site written to a bare folder
  /// (`--output DIR`) has no stamp, so the tool leaves nothing in that folder but the site.
  package static func file(input: Workspace, output: Workspace, folder: String) -> CacheFile? {
    guard !folder.isEmpty else { return nil }
    let name = CacheFile.siteName(input: input, output: output, folder: folder)
    return CacheFile(workspace: output, path: "\(Workspace.siteStampsFolder)/\(name).json")
  }

  /// The stamp in `file`, or nil when there is none or it cannot be read.
  package static func load(from file: CacheFile?) -> SiteStamp? {
    guard let data = file?.read() else { return nil }
    return try? JSONDecoder().decode(SiteStamp.self, from: data)
  }

  /// Saves the stamp in `file`; failing to save only costs the next run its shortcut.
  package func save(to file: CacheFile) {
    guard let data = try? JSONEncoder().encode(self) else { return }
    file.write(data)
  }
}
