#!/usr/bin/env python3
"""Reads a package's `swift package dump-package` JSON on standard input and describes its package
dependencies for `Scripts/benchmark.sh`:

  key        one line naming every dependency (URL, version requirement, products used), the same for two
             packages that need the same dependency builds, or `none`
  names      the dependencies' short names, for a table (`GRDB.swift swift-argument-parser`, or `none`)
  manifest   a `Package.swift` for a scratch package whose one empty target uses exactly those products,
             so that building it cold builds the dependencies alone

Usage: package_dependencies.py key|names|manifest <dump.json
"""
import json
import sys

PLATFORMS = {"macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS",
             "maccatalyst": "macCatalyst"}


def remote_url(dependency):
    """The URL of a source-control dependency; anything else (a path, a registry) is refused."""
    control = dependency.get("sourceControl")
    if not control or "remote" not in control[0]["location"]:
        sys.exit(f"package_dependencies: only URL dependencies are supported, not {json.dumps(dependency)}")
    remote = control[0]["location"]["remote"][0]
    return remote["urlString"] if isinstance(remote, dict) else remote


def requirement(dependency):
    """The version requirement as manifest source: `"7.10.0"..<"8.0.0"`, `exact: "1.0.0"`, …"""
    rule = dependency["sourceControl"][0]["requirement"]
    if "range" in rule:
        bounds = rule["range"][0]
        return f'"{bounds["lowerBound"]}"..<"{bounds["upperBound"]}"'
    for kind in ("exact", "branch", "revision"):
        if kind in rule:
            return f'{kind}: "{rule[kind][0]}"'
    sys.exit(f"package_dependencies: unknown requirement {json.dumps(rule)}")


def identity(url):
    """SwiftPM's identity of a package URL: its last path component, lowercased, without `.git`."""
    last = url.rstrip("/").rsplit("/", 1)[-1]
    return (last[:-4] if last.endswith(".git") else last).lower()


def used_products(package):
    """Every (product, package identity) that one of the package's targets depends on, sorted."""
    used = set()
    for target in package["targets"]:
        for dependency in target.get("dependencies", []):
            if "product" in dependency:
                name, owner = dependency["product"][0], dependency["product"][1]
                used.add((name, owner.lower()))
    return sorted(used)


def describe(package):
    """(url, requirement, products) for every dependency, sorted by URL."""
    products = used_products(package)
    described = []
    for dependency in package.get("dependencies", []):
        url = remote_url(dependency)
        names = [name for name, owner in products if owner == identity(url)]
        described.append((url, requirement(dependency), names))
    return sorted(described)


def manifest(package, dependencies):
    """A scratch package that builds the given dependencies' used products and nothing else."""
    platforms = ", ".join(
        f'.{PLATFORMS[p["platformName"]]}("{p["version"]}")'
        for p in package.get("platforms", []) if p["platformName"] in PLATFORMS)
    packages = ",\n    ".join(f'.package(url: "{url}", {rule})' for url, rule, _ in dependencies)
    products = ", ".join(
        f'.product(name: "{name}", package: "{identity(url)}")' for url, _, names in dependencies for name in names)
    return f"""// swift-tools-version:{package.get("toolsVersion", {}).get("_version", "6.0")}
import PackageDescription

let package = Package(
  name: "dependencies-alone",
  platforms: [{platforms}],
  dependencies: [
    {packages}
  ],
  targets: [.target(name: "DependenciesAlone", dependencies: [{products}])]
)
"""


def main():
    mode = sys.argv[1] if len(sys.argv) == 2 else ""
    package = json.load(sys.stdin)
    dependencies = describe(package)
    if mode == "key":
        print(" ".join(f"{url}@{rule}:{','.join(names)}" for url, rule, names in dependencies) or "none")
    elif mode == "names":
        print(" ".join(url.rstrip("/").rsplit("/", 1)[-1].removesuffix(".git") for url, _, _ in dependencies) or "none")
    elif mode == "manifest":
        print(manifest(package, dependencies), end="")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
