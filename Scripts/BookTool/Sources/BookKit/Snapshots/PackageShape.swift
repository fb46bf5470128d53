import Foundation

/// What of a snapshot's manifest decides which tests a change can reach: each target's folder, its
/// dependencies on other targets and its whole declaration, and everything declared outside the targets
/// (package dependencies, platforms, language modes). Read from `swift package dump-package`.
package struct PackageShape: Sendable, Equatable {
  /// One target of the manifest.
  package struct Target: Sendable, Equatable {
    /// The target's name.
    package var name: String
    /// Whether it is a test target.
    package var isTest: Bool
    /// Its folder, `Sources/<Name>` or `Tests/<Name>` unless the manifest names a `path`.
    package var folder: String
    /// The targets of this package it depends on (by name or as `.target`).
    package var dependencies: [String]
    /// The declaration as canonical JSON (sorted keys): any change to it, a setting or a product
    /// dependency included, changes this text.
    package var declaration: String
  }

  /// The targets by name.
  package var targets: [String: Target]
  /// Everything but targets and products, each top-level key as canonical JSON.
  package var packageLevel: [String: String]

  /// A manifest's shape from the JSON `swift package dump-package` prints.
  package init(dumpPackageJSON data: Data) throws {
    guard let package = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      let targets = package["targets"] as? [[String: Any]]
    else { throw Malformed() }
    self.targets = [:]
    for target in targets {
      let parsed = try Self.target(target)
      self.targets[parsed.name] = parsed
    }
    self.packageLevel = [:]
    for (key, value) in package where key != "targets" && key != "products" {
      self.packageLevel[key] = try Self.canonical(value)
    }
  }

  /// The dump-package JSON is not a package description.
  package struct Malformed: Error, CustomStringConvertible {
    package var description: String { "swift package dump-package printed no package description" }
  }

  private static func target(_ target: [String: Any]) throws -> Target {
    guard let name = target["name"] as? String else { throw Malformed() }
    let isTest = (target["type"] as? String) == "test"
    let folder = (target["path"] as? String) ?? "\(isTest ? "Tests" : "Sources")/\(name)"
    let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
      // `{"byName": [name, condition]}` or `{"target": [name, condition]}`; products name another package.
      (dependency["byName"] ?? dependency["target"]).flatMap { ($0 as? [Any])?.first as? String }
    }
    return Target(
      name: name, isTest: isTest, folder: folder, dependencies: dependencies, declaration: try canonical(target))
  }

  private static func canonical(_ value: Any) throws -> String {
    guard JSONSerialization.isValidJSONObject([value]) else { throw Malformed() }
    let data = try JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
    return String(decoding: data, as: UTF8.self)
  }
}
