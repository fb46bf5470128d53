import Foundation

/// Rewrites the one `snapshotTargets` line of `Package.swift` so that a chapter's snapshot declares
/// only the book targets that exist by that chapter:
/// `let snapshotTargets: [String]? = nil` → `let snapshotTargets: [String]? = ["ImmutableData", …]`.
public struct PackageManifestGenerator: SnapshotGenerator {
  /// The start of the line the generator rewrites.
  public static let linePrefix = "let snapshotTargets: [String]? = "

  /// Creates the generator.
  public init() {}

  /// `Package.swift`.
  public func ownedPaths(in tree: [String], read: (String) throws -> Data) throws -> [String] {
    tree.contains("Package.swift") ? ["Package.swift"] : []
  }

  /// HEAD's `Package.swift` with the snapshot's target list.
  public func files(for book: Book, readHead: (String) throws -> Data) throws -> [String: Data] {
    let manifest = String(decoding: try readHead("Package.swift"), as: UTF8.self)
    return ["Package.swift": Data(try Self.rewrite(manifest, targets: Self.targets(of: book)).utf8)]
  }

  /// The targets the book's tangled files live in, sorted: `Sources/A/x.swift`, `Tests/ATests/y.swift` → A, ATests.
  public static func targets(of book: Book) -> [String] {
    Set(book.tangle.files.map { TangleDirective(file: $0.path).target }).sorted()
  }

  /// The manifest with its `snapshotTargets` line listing `targets`.
  public static func rewrite(_ manifest: String, targets: [String]) throws -> String {
    var lines = manifest.components(separatedBy: "\n")
    guard let index = lines.firstIndex(where: { $0.hasPrefix(Self.linePrefix) }) else {
      throw SnapshotFailure.missingTargetLine
    }
    lines[index] = Self.linePrefix + "[" + targets.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    return lines.joined(separator: "\n")
  }
}
