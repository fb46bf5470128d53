import Foundation

extension TestSelection {
  /// Why a snapshot's test target is left out under `--workspace-tested`: HEAD's run just ran it.
  package static let sameAsHead = "same as HEAD's"

  /// This selection less the test targets that are HEAD's byte for byte, and the ones left out.
  ///
  /// `head` is the selection the snapshot would make after HEAD's tree (`select(previous: HEAD's shape,
  /// …)`): a test target it leaves out has the same files, declaration and targets it reaches, on the
  /// same package declarations, resolved versions and package-wide settings, as in the workspace that
  /// `Scripts/test.sh` just built and tested, so HEAD's run already ran that very code. When `head`
  /// runs every test (something package-wide differs, or cannot be told), nothing is left out.
  package func leavingOut(sameAs head: TestSelection, in shape: PackageShape) -> (
    selection: TestSelection, sameAsHead: [String]
  ) {
    guard case .some(let differing) = head else { return (self, []) }
    let chosen: [String: String]
    switch self {
    case .all(let reason):
      chosen = Dictionary(uniqueKeysWithValues: shape.targets.values.filter(\.isTest).map { ($0.name, reason) })
    case .some(let reasons):
      chosen = reasons
    }
    let left = chosen.keys.filter { differing[$0] == nil }.sorted()
    guard !left.isEmpty else { return (self, []) }
    return (.some(chosen.filter { differing[$0.key] != nil }), left)
  }

  /// The per-snapshot line with the test targets left out as HEAD's, e.g.
  /// `tests: BTests (new target); not run again, same as HEAD's: ATests`.
  package static func description(of selection: TestSelection, sameAsHead: [String]) -> String {
    guard !sameAsHead.isEmpty else { return selection.description }
    let run = selection.targets?.isEmpty == true ? "tests: none" : selection.description
    return "\(run); not run again, \(Self.sameAsHead): \(sameAsHead.joined(separator: ", "))"
  }
}

extension PackageShape {
  /// This shape read as if its root package were where `other`'s is: `dump-package` names the root's
  /// folder in `packageKind` (`{"root": ["/path"]}`), which differs between a snapshot's folder and the
  /// workspace but configures no target. Unchanged unless both are root packages.
  package func locatedLike(_ other: PackageShape) -> PackageShape {
    let key = "packageKind"
    let isRoot = { (kind: String?) in kind?.hasPrefix("[{\"root\":") ?? false }
    guard isRoot(self.packageLevel[key]), isRoot(other.packageLevel[key]) else { return self }
    var located = self
    located.packageLevel[key] = other.packageLevel[key]
    return located
  }
}
