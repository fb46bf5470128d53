import Foundation

/// The test targets a chapter's snapshot must run: those its chapter can have changed. A test target
/// whose own files, declaration and every target it reaches through its dependencies are the same as in
/// the previous snapshot (on the same package dependencies and settings) is the very code that passed
/// there, so running it again proves nothing new; every snapshot is still built in full.
package enum TestSelection: Sendable, Equatable {
  /// Every test target, for the reason given.
  case all(reason: String)
  /// These test targets (possibly none), each with why it runs.
  case some([String: String])

  /// Paths a snapshot changes that no test can read: the chapters' prose, the rendered site and the
  /// tool's bookkeeping. The code they hold reaches the tests only through `Sources/` and `Tests/`.
  static let inertPrefixes = ["Chapters/", "Site/", ".book/"]

  /// The selection for a snapshot of `current`, after one of `previous` (nil: no package before), where
  /// git says `changedPaths` differ between the two trees, and whose build compiled `rebuiltModules` of
  /// package dependencies (plugins left out) that the shared build folder held built otherwise.
  package static func select(
    previous: PackageShape?, current: PackageShape, changedPaths: [String], rebuiltModules: [String] = []
  ) -> TestSelection {
    guard let previous else { return .all(reason: "no package in the previous snapshot") }
    // A dependency built differently (another version, other traits) can change any target that reaches it.
    if let module = rebuiltModules.first {
      return .all(reason: "the build compiled \(module) of a package dependency anew")
    }
    let changedKeys = Set(previous.packageLevel.keys).union(current.packageLevel.keys)
      .filter { previous.packageLevel[$0] != current.packageLevel[$0] }.sorted()
    if !changedKeys.isEmpty {
      return .all(reason: "the manifest's \(changedKeys.joined(separator: ", ")) changed")
    }
    if let reason = Self.graphChange(previous: previous, current: current) { return .all(reason: reason) }
    var changed = Self.changedTargets(previous: previous, current: current)
    for path in changedPaths where path != "Package.swift" && !inertPrefixes.contains(where: path.hasPrefix) {
      let owners = [current, previous].compactMap { shape in
        shape.targets.values.first { path.hasPrefix($0.folder + "/") }?.name
      }
      guard let owner = owners.first else { return .all(reason: "\(path) changed and belongs to no target") }
      if changed[owner] == nil { changed[owner] = "its files changed" }
    }
    return .some(Self.testTargets(of: current, reachedFrom: changed))
  }

  /// Why a change of the package dependencies can reach targets that name no changed package, if it
  /// can: a package that was already in the graph resolves to another version, or the previous versions
  /// are unknown. A package pinned for the first time is reached only through the targets that name an
  /// added or changed package; one built with other traits is compiled anew, which `select` checks first.
  private static func graphChange(previous: PackageShape, current: PackageShape) -> String? {
    let repinned = previous.resolvedPins.keys.filter { key in
      current.resolvedPins[key].map { $0 != previous.resolvedPins[key] } ?? false
    }
    if let first = repinned.sorted().first { return "\(first) resolved to another version" }
    let packagesChanged = current.packages.keys.contains { previous.packages[$0] != current.packages[$0] }
    if packagesChanged, previous.resolvedPins.isEmpty, !previous.packages.isEmpty {
      return "packages changed, and the previous snapshot's resolved versions are unknown"
    }
    return nil
  }

  /// The targets whose manifest entry is new or changed, or which use a product of a package dependency
  /// that is added or declared differently, each with why.
  private static func changedTargets(previous: PackageShape, current: PackageShape) -> [String: String] {
    let changedPackages = Set(current.packages.keys.filter { previous.packages[$0] != current.packages[$0] })
    var changed: [String: String] = [:]
    for (name, target) in current.targets {
      guard let before = previous.targets[name] else {
        changed[name] = "new target"
        continue
      }
      if before.declaration != target.declaration {
        changed[name] = "its declaration in the manifest changed"
      } else if let package = target.packages.intersection(changedPackages).sorted().first {
        changed[name] = "uses a product of \(package), added or changed"
      } else if !changedPackages.isEmpty,
        let product = target.dependencies.first(where: { current.targets[$0] == nil })
      {
        // A product named alone may come from any package, the changed ones included.
        changed[name] = "uses \(product), a product of a package, and packages changed"
      }
    }
    return changed
  }

  /// Each test target that is changed or depends, directly or through other targets, on a changed one.
  private static func testTargets(of shape: PackageShape, reachedFrom changed: [String: String]) -> [String: String] {
    var reasons = changed
    var visiting: Set<String> = []
    func reason(_ name: String) -> String? {
      if let known = reasons[name] { return known }
      guard let target = shape.targets[name], visiting.insert(name).inserted else { return nil }
      let reached = target.dependencies.first { reason($0) != nil }
      if let reached { reasons[name] = "depends on \(reached)" }
      return reasons[name]
    }
    var selected: [String: String] = [:]
    for (name, target) in shape.targets where target.isTest {
      if let why = reason(name) { selected[name] = why }
    }
    return selected
  }

  /// The test targets to run, sorted; nil for every one.
  package var targets: [String]? {
    switch self {
    case .all: nil
    case .some(let reasons): reasons.keys.sorted()
    }
  }

  /// One line saying what runs and why, e.g. `tests: CounterTests (its files changed)`.
  package var description: String {
    switch self {
    case .all(let reason): return "tests: all (\(reason))"
    case .some(let reasons) where reasons.isEmpty: return "tests: none (no test target's code changed)"
    case .some(let reasons):
      return "tests: " + reasons.keys.sorted().map { "\($0) (\(reasons[$0] ?? ""))" }.joined(separator: ", ")
    }
  }
}
