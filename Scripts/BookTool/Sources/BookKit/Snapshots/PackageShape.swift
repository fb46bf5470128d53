import Foundation

/// What of a snapshot's manifest decides which tests a change can reach: each target's folder, its
/// dependencies on other targets and on other packages' products, its whole declaration, each package
/// dependency's declaration, and everything else declared outside the targets (platforms, language
/// modes). Read from `swift package dump-package`; the resolved versions come from `Package.resolved`.
package struct PackageShape: Sendable, Equatable {
  /// One target of the manifest.
  package struct Target: Sendable, Equatable {
    /// The target's name.
    package var name: String
    /// Whether it is a test target.
    package var isTest: Bool
    /// Its folder, `Sources/<Name>` or `Tests/<Name>` unless the manifest names a `path`.
    package var folder: String
    /// The targets of this package it depends on (by name or as `.target`); a name that is no target of
    /// the package is a product of a package dependency, which SwiftPM finds by name.
    package var dependencies: [String]
    /// The package dependencies (their identities, lowercased) whose products or plugins it uses by
    /// `.product(name:package:)` or a plugin usage; a product without a package is its package's namesake.
    package var packages: Set<String> = []
    /// The declaration as canonical JSON (sorted keys): any change to it, a setting or a product
    /// dependency included, changes this text.
    package var declaration: String
  }

  /// The targets by name.
  package var targets: [String: Target]
  /// Everything but targets, products and package dependencies, each top-level key as canonical JSON.
  package var packageLevel: [String: String]
  /// Each package dependency's declaration (location, requirement, traits) as canonical JSON, by its
  /// identity, lowercased (`grdb.swift`).
  package var packages: [String: String]
  /// The version (or revision) each package, direct or not, resolved to, by identity: read from the
  /// snapshot's `Package.resolved` after its build (`resolvedPins(from:)`); empty when unknown.
  package var resolvedPins: [String: String] = [:]

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
    for (key, value) in package where !["targets", "products", "dependencies"].contains(key) {
      self.packageLevel[key] = try Self.canonical(value)
    }
    self.packages = [:]
    for dependency in package["dependencies"] as? [[String: Any]] ?? [] {
      // `{"sourceControl": [{"identity": "grdb.swift", …}]}`, or `fileSystem`, or `registry`.
      guard let kind = dependency.values.first as? [Any], let fields = kind.first as? [String: Any],
        let identity = fields["identity"] as? String
      else { throw Malformed() }
      self.packages[identity.lowercased()] = try Self.canonical(dependency)
    }
  }

  /// Each pin of a `Package.resolved` file (versions 1 to 3): identity → version, or branch and
  /// revision when no version is pinned. Empty for data that is not such a file.
  package static func resolvedPins(from data: Data) -> [String: String] {
    guard let file = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [:] }
    let pins = (file["pins"] ?? (file["object"] as? [String: Any])?["pins"]) as? [[String: Any]] ?? []
    var resolved: [String: String] = [:]
    for pin in pins {
      guard let identity = (pin["identity"] ?? pin["package"]) as? String,
        let state = pin["state"] as? [String: Any]
      else { continue }
      let branch = "\(state["branch"] as? String ?? "") \(state["revision"] as? String ?? "")"
      resolved[identity.lowercased()] = (state["version"] as? String) ?? branch
    }
    return resolved
  }

  /// The dump-package JSON is not a package description.
  package struct Malformed: Error, CustomStringConvertible {
    package var description: String { "swift package dump-package printed no package description" }
  }

  private static func target(_ target: [String: Any]) throws -> Target {
    guard let name = target["name"] as? String else { throw Malformed() }
    let isTest = (target["type"] as? String) == "test"
    let folder = (target["path"] as? String) ?? "\(isTest ? "Tests" : "Sources")/\(name)"
    let declared = target["dependencies"] as? [[String: Any]] ?? []
    let dependencies = declared.compactMap { dependency in
      // `{"byName": [name, condition]}` or `{"target": [name, condition]}`; products name another package.
      (dependency["byName"] ?? dependency["target"]).flatMap { ($0 as? [Any])?.first as? String }
    }
    var parsed = Target(
      name: name, isTest: isTest, folder: folder, dependencies: dependencies, declaration: try canonical(target))
    // `{"product": [name, package, moduleAliases, condition]}`; `{"plugin": [name, package]}` in pluginUsages.
    let products = declared.compactMap { $0["product"] as? [Any] }
    let plugins = (target["pluginUsages"] as? [[String: Any]] ?? []).compactMap { $0["plugin"] as? [Any] }
    for reference in products + plugins {
      guard let product = reference.first as? String else { throw Malformed() }
      let package = reference.count > 1 ? reference[1] as? String : nil
      parsed.packages.insert((package ?? product).lowercased())
    }
    return parsed
  }

  private static func canonical(_ value: Any) throws -> String {
    guard JSONSerialization.isValidJSONObject([value]) else { throw Malformed() }
    let data = try JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys, .fragmentsAllowed])
    return String(decoding: data, as: UTF8.self)
  }
}
