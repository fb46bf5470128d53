import BookKit
import Foundation

/// The secret that signs a workspace's caches (`CacheFile`): 16 random bytes in `.build/book-cache-key`,
/// made by the first build that saves a cache, combined with the key file's device and inode numbers.
/// A key file that was copied in with a planted cache (an archive, a copied `.build`) is a new inode,
/// so its caches are not trusted either; the tool's own key file is never rewritten.
enum CacheKey {
  /// The key file's path inside the workspace.
  static let path = "\(Workspace.buildFolder)/book-cache-key"

  /// The workspace's key, or nil when it has none (nothing it holds can be trusted).
  static func existing(in workspace: Workspace) -> KeyedHash? {
    guard let data = try? workspace.readIfPresent(Self.path), data.count == 16 else { return nil }
    var status = stat()
    guard lstat(workspace.root.appendingPathComponent(Self.path).path, &status) == 0,
      status.st_uid == getuid(), status.st_mode & 0o077 == 0
    else { return nil }
    let (secret0, secret1) = data.withUnsafeBytes {
      ($0.loadUnaligned(fromByteOffset: 0, as: UInt64.self), $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
    }
    return KeyedHash(
      key0: secret0 ^ (UInt64(status.st_dev) &* 0x9E37_79B9_7F4A_7C15), key1: secret1 ^ UInt64(status.st_ino))
  }

  /// Makes the workspace's key file (readable by its owner only) and returns the key; nil when it cannot.
  static func create(in workspace: Workspace) -> KeyedHash? {
    var generator = SystemRandomNumberGenerator()
    var secret = Data()
    for _ in 0..<2 { withUnsafeBytes(of: generator.next() as UInt64) { secret.append(contentsOf: $0) } }
    guard (try? workspace.write(secret, to: Self.path)) != nil else { return nil }
    guard chmod(workspace.root.appendingPathComponent(Self.path).path, 0o600) == 0 else { return nil }
    return Self.existing(in: workspace)
  }
}
