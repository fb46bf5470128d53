// swift-tools-version: 6.2
// The `book` tool: Markdown → chapter model → tangle → targets, and model → site. It lives beside the
// book, not inside it: the book's own package (the workspace root) is tangled from the chapters and
// builds without this one. `Scripts/book` builds and runs it.
import PackageDescription

/// Settings for every target: Swift 6 language mode (the default for this tools version), and no
/// warning survives.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
  name: "BookTool",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "book", targets: ["book"]),
    .executable(name: "book-serve", targets: ["book-serve"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
  ],
  targets: [
    .systemLibrary(
      name: "CCmarkGFM",
      pkgConfig: "libcmark-gfm",
      providers: [
        .apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]),
        .brew(["cmark-gfm"]),
      ]
    ),
    // graphviz's C library: diagrams are laid out in the process, not by running `dot` once per diagram.
    .systemLibrary(
      name: "CGraphviz",
      pkgConfig: "libgvc",
      providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
    ),
    .target(name: "BookKit", dependencies: ["CCmarkGFM"], swiftSettings: strict),
    .target(
      name: "BookSite",
      dependencies: [
        "BookKit",
        "CGraphviz",
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ],
      // The site's stylesheet and script, compiled into the binary: no resource bundle to ship beside it.
      resources: [.embedInCode("Assets/book.css"), .embedInCode("Assets/book.js")],
      swiftSettings: strict
    ),
    // What both executables share: the workspace option and compiler-format failures.
    .target(
      name: "BookCLI",
      dependencies: ["BookKit", .product(name: "ArgumentParser", package: "swift-argument-parser")],
      swiftSettings: strict
    ),
    .executableTarget(
      name: "book",
      dependencies: [
        "BookCLI",
        "BookKit",
        "BookSite",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strict
    ),
    // The preview server (`book serve` runs it): its own program, so that the HTTP stack FlyingFox links
    // (FoundationNetworking, libcurl) is not loaded by every other command.
    .executableTarget(
      name: "book-serve",
      dependencies: [
        "BookCLI",
        "BookKit",
        "BookSite",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "FlyingFox", package: "FlyingFox"),
      ],
      swiftSettings: strict
    ),
    .testTarget(name: "BookKitTests", dependencies: ["BookKit", "book", "book-serve"], swiftSettings: strict),
    .testTarget(
      name: "BookSiteTests",
      dependencies: [
        "BookSite", "BookKit", "CCmarkGFM", "book", "book-serve",
        // The oracle the highlighter's own classifier is tested against (SwiftClassifierTests).
        .product(name: "SwiftIDEUtils", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
      ],
      exclude: ["Golden"],
      swiftSettings: strict),
  ]
)
