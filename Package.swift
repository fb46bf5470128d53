// swift-tools-version: 6.0
// The literate book workspace: the `book` tool (Markdown → chapter model → tangle → targets) and the
// book's own modules, which `book tangle` writes from `Chapters/`. Swift 6 language mode throughout.
import PackageDescription

/// The book's targets in this checkout: `nil` on main, meaning every target below. In a chapter tag's
/// snapshot, `book tag` rewrites this one line to list the targets that exist by that chapter, so the
/// snapshot's package declares exactly those (and SwiftPM's manifest cache sees the change).
let snapshotTargets: [String]? = nil

/// Settings for everything written here: no warnings survive, and the compiler's diagnostics name the
/// chapter line (from `#sourceLocation`) without quoting generated-file line numbers beside it.
let strict: [SwiftSetting] = [
  .unsafeFlags(["-warnings-as-errors", "-diagnostic-style=llvm"]),
]

// MARK: - The tool

let toolTargets: [Target] = [
  .systemLibrary(
    name: "CCmarkGFM",
    pkgConfig: "libcmark-gfm",
    providers: [
      .apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]),
      .brew(["cmark-gfm"]),
    ]
  ),
  .target(name: "BookKit", dependencies: ["CCmarkGFM"], swiftSettings: strict),
  .target(
    name: "BookSite",
    dependencies: [
      "BookKit",
      .product(name: "SwiftParser", package: "swift-syntax"),
      .product(name: "SwiftSyntax", package: "swift-syntax"),
      .product(name: "SwiftIDEUtils", package: "swift-syntax"),
    ],
    swiftSettings: strict
  ),
  .executableTarget(
    name: "book",
    dependencies: [
      "BookKit",
      "BookSite",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ],
    swiftSettings: strict
  ),
  .testTarget(name: "BookKitTests", dependencies: ["BookKit", "book"], swiftSettings: strict),
  .testTarget(
    name: "BookSiteTests", dependencies: ["BookSite", "BookKit", "book"], exclude: ["Golden"], swiftSettings: strict),
]

// MARK: - The book's modules (tangled from Chapters/)

/// Every module the book builds, in chapter order; a chapter snapshot keeps only `snapshotTargets`.
let bookTargets: [Target] = [
  .target(name: "ImmutableData", swiftSettings: strict),
  .testTarget(name: "ImmutableDataTests", dependencies: ["ImmutableData"], swiftSettings: strict),
  .target(name: "ImmutableUI", dependencies: ["ImmutableData"], swiftSettings: strict),
  .testTarget(name: "ImmutableUITests", dependencies: ["ImmutableData", "ImmutableUI"], swiftSettings: strict),
  .target(name: "CounterData", dependencies: ["ImmutableData"], swiftSettings: strict),
  .testTarget(name: "CounterDataTests", dependencies: ["CounterData", "ImmutableData"], swiftSettings: strict),
  .target(
    name: "CounterUI", dependencies: ["CounterData", "ImmutableData", "ImmutableUI"], swiftSettings: strict),
  .testTarget(
    name: "CounterUITests", dependencies: ["CounterUI", "CounterData", "ImmutableData", "ImmutableUI"],
    swiftSettings: strict),
  .executableTarget(
    name: "Counter", dependencies: ["CounterUI", "CounterData", "ImmutableData", "ImmutableUI"],
    swiftSettings: strict),
  .testTarget(name: "CounterTests", dependencies: ["Counter"], swiftSettings: strict),
].filter { target in snapshotTargets?.contains(target.name) ?? true }

let package = Package(
  name: "LiterateBook",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "book", targets: ["book"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
  ],
  targets: toolTargets + bookTargets
)
