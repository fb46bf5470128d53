import BookKit
import Foundation

/// Every declaration of the book's modules (the files tangled under `Sources/`), with the listing that
/// introduced it and each later listing that changed it, found through the listings' identities.
///
/// Built from the tangle data (which listing wrote which chunk, what a step replaced or removed) and the
/// declarations swift-syntax finds in each listing's code (`SwiftDeclarations`).
struct SymbolIndex: Sendable {
  /// One declaration of a module, as it evolves through the book.
  struct Symbol: Sendable {
    /// The module (SwiftPM target) it belongs to.
    var module: String
    /// `Store.dispatch(action:)`.
    var qualifiedName: String
    /// What it declares, as first introduced.
    var kind: SwiftDeclaration.Kind
    /// The listing that introduced it, then each listing that changed it, in book order.
    var events: [Event]
  }

  /// Something a listing did to a symbol.
  struct Event: Hashable, Sendable {
    /// What it did.
    enum Change: String, Hashable, Sendable {
      case introduced, changed, extended, removed
    }

    /// The listing.
    var listing: ListingID
    /// What it did.
    var change: Change
  }

  /// The book's modules in name order, each with its symbols in name order.
  var modules: [(name: String, symbols: [Symbol])]

  /// The symbols of `book`; `declarations` scans a listing's code (shared with the listing views, so
  /// that each text is parsed once per build).
  init(book: Book, declarations: DeclarationScanner) {
    let listings = book.chapters.flatMap(\.listings).filter { Self.module(of: $0) != nil }
    declarations.prepare(listings.map(\.code) + Self.removedCode(of: listings, in: book))
    var symbols: [String: Symbol] = [:]
    var order: [String] = []
    var lastText: [String: String] = [:]  // each symbol's last declaration digest
    for listing in listings {
      guard let module = Self.module(of: listing), let step = book.tangle.steps[listing.id] else { continue }
      func key(_ name: String) -> String { module + "\u{0}" + name }
      if step.removed {
        for declaration in declarations.scan(step.previous?.code ?? "").declarations {
          symbols[key(declaration.qualifiedName)]?.add(Event(listing: listing.id, change: .removed))
        }
        continue
      }
      let found = declarations.scan(listing.code)
      for declaration in found.declarations {
        let name = key(declaration.qualifiedName)
        if symbols[name] == nil {
          symbols[name] = Symbol(
            module: module, qualifiedName: declaration.qualifiedName, kind: declaration.kind,
            events: [Event(listing: listing.id, change: .introduced)])
          order.append(name)
        } else if lastText[name] != declaration.digest {
          symbols[name]?.add(Event(listing: listing.id, change: .changed))
        }
        lastText[name] = declaration.digest
      }
      for type in found.extendedTypes {
        symbols[key(type)]?.add(Event(listing: listing.id, change: .extended))
      }
    }
    let byModule = Dictionary(grouping: order.compactMap { symbols[$0] }, by: \.module)
    self.modules = byModule.keys.sorted().map { module in
      (module, byModule[module, default: []].sorted { $0.qualifiedName < $1.qualifiedName })
    }
  }

  /// The module a listing's declarations belong to: the target of a file tangled under `Sources/`; nil
  /// for tests, the manifest and every block that is not tangled.
  static func module(of listing: Listing) -> String? {
    guard listing.kind == .tangled, case .tangled(let directive) = listing.tag,
      directive.file.hasPrefix("\(Workspace.sourcesFolder)/")
    else { return nil }
    return directive.target
  }

  /// The code of every listing whose declarations the index and the listing views need.
  static func codes(of book: Book) -> [String] {
    book.chapters.flatMap(\.listings).compactMap { Self.module(of: $0) == nil ? nil : $0.code }
  }

  /// The code that `mode=remove` listings take away (what their symbols lose).
  private static func removedCode(of listings: [Listing], in book: Book) -> [String] {
    listings.compactMap { book.tangle.steps[$0.id].flatMap { $0.removed ? $0.previous?.code : nil } }
  }

  /// The id of a symbol's entry on the symbols page: `symbol-` and the module and qualified name, with
  /// every byte but ASCII letters, digits, `_`, `.`, `:`, `(` and `)` written `-XX` (so distinct names
  /// never share an id): `Store.==(_:_:)` in `ImmutableData` → `symbol-ImmutableData.Store.-3D-3D(_:_:)`.
  static func entryID(module: String, qualifiedName: String) -> String {
    var id = Array("symbol-".utf8)
    id.reserveCapacity(16 + module.utf8.count + qualifiedName.utf8.count)
    for part in [module.utf8, ".".utf8, qualifiedName.utf8] {
      for byte in part {
        let plain =
          (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "_")
          || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "(")
          || byte == UInt8(ascii: ")")
        if plain {
          id.append(byte)
        } else {
          id.append(UInt8(ascii: "-"))
          id += String(byte, radix: 16, uppercase: true).utf8
        }
      }
    }
    return String(decoding: id, as: UTF8.self)
  }

  /// The page the index is on, beside the chapters.
  static let pageName = "symbols.html"
}

extension SymbolIndex.Symbol {
  /// Adds an event, at most one per listing (a listing that declares two overloads changes nothing).
  fileprivate mutating func add(_ event: SymbolIndex.Event) {
    if !self.events.contains(where: { $0.listing == event.listing }) { self.events.append(event) }
  }
}

/// The declarations of listings' code, each distinct text scanned once per build, on every core, and
/// kept in the highlighter's cache between builds (`Highlighter.Kind.declarations`); a cold build takes
/// them from the trees that highlighting parses anyway.
final class DeclarationScanner: @unchecked Sendable {
  // Unchecked: `decoded` is read and written only while holding `lock`; `highlighter` is set before use.
  /// Keyed by `Highlighter.Key`, which hashes a listing's bytes once: a `String` key would hash and
  /// compare whole listings with Unicode normalization.
  private var decoded: [Highlighter.Key: SwiftDeclarations] = [:]
  private let lock = NSLock()
  /// Where the declarations are kept; the renderer hands it its highlighter before a build.
  var highlighter: Highlighter

  /// A scanner that keeps its declarations in `highlighter`.
  init(highlighter: Highlighter = Highlighter()) {
    self.highlighter = highlighter
  }

  /// Scans every text not known yet, spread over the cores.
  func prepare(_ codes: [String]) {
    self.highlighter.prepare(codes.map { Highlighter.Key(kind: .declarations, code: $0) })
  }

  /// The declarations of `code`.
  func scan(_ code: String) -> SwiftDeclarations {
    let key = Highlighter.Key(kind: .declarations, code: code)
    if let known = self.lock.withLock({ self.decoded[key] }) { return known }
    let result = DeclarationLines.decode(self.highlighter.lines(for: key))
    self.lock.withLock { self.decoded[key] = result }
    return result
  }
}
