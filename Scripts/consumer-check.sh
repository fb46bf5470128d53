#!/usr/bin/env bash
# The book's package works as a dependency: a package outside the workspace depends on it by path,
# imports its library products, builds, and runs a store. A dependency by URL must also be free of
# unsafe flags (SwiftPM refuses them there, though it allows them by path), so that is checked first.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[ -f "$root/Package.swift" ] || { echo "consumer-check: no Package.swift yet; nothing to depend on"; exit 0; }
if swift package --package-path "$root" dump-package | grep -q unsafeFlags; then
  echo "consumer-check: FAILED: the book's manifest uses unsafeFlags, which SwiftPM refuses in a dependency by URL"
  exit 1
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/Consumer/Sources/Consumer"
# A path dependency's package identity is the last component of its path.
identity=$(basename "$root")
cat > "$scratch/Consumer/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Consumer",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "$root")],
  targets: [
    .executableTarget(
      name: "Consumer",
      dependencies: [
        .product(name: "ImmutableData", package: "$identity"),
        .product(name: "ImmutableUI", package: "$identity"),
      ],
      swiftSettings: [.treatAllWarnings(as: .error)])
  ]
)
MANIFEST
cat > "$scratch/Consumer/Sources/Consumer/main.swift" <<'SWIFT'
import ImmutableData
import ImmutableUI

enum TallyAction: Sendable { case didTapAdd }

@MainActor func tally() throws -> Int {
  let store = Store(initialState: 0, reducer: { (state: Int, _: TallyAction) in state + 1 })
  try store.dispatch(action: .didTapAdd)
  try store.dispatch(action: .didTapAdd)
  return store.select { $0 }
}

print("consumer: the tally is \(try await MainActor.run { try tally() })")
SWIFT
echo "consumer-check: building a package that depends on $root by path"
output=$(swift run --package-path "$scratch/Consumer" --scratch-path "$scratch/build" Consumer 2>&1) || {
  printf '%s\n' "$output"
  echo "consumer-check: FAILED"
  exit 1
}
printf '%s\n' "$output" | tail -n 1
[ "$(printf '%s\n' "$output" | tail -n 1)" = "consumer: the tally is 2" ] || { echo "consumer-check: FAILED"; exit 1; }
echo "consumer-check: passed"
