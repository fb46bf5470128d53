import Foundation

/// The list of files `book tangle` wrote, kept at `.book/tangled-files`, so that the tool removes only
/// files it generated and never claims a hand-written one.
public struct GeneratedManifest: Equatable, Sendable {
  /// Where the list lives, relative to the workspace root.
  public static let path = ".book/tangled-files"
  private static let header = "# Files written by `book tangle`; it keeps this list. Do not edit."

  /// The generated files' paths, sorted.
  public var paths: [String]

  /// Creates a manifest of the given paths.
  public init(paths: [String]) {
    self.paths = paths.sorted()
  }

  /// The manifest in a workspace, or an empty one if there is none yet.
  public static func load(from workspace: Workspace) throws -> GeneratedManifest {
    guard let data = try workspace.readIfPresent(Self.path) else { return GeneratedManifest(paths: []) }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    return GeneratedManifest(paths: lines.filter { !$0.hasPrefix("#") }.map(String.init))
  }

  /// The manifest's bytes: a header line and one path per line.
  public var data: Data {
    Data(([Self.header] + self.paths).joined(separator: "\n").appending("\n").utf8)
  }
}
