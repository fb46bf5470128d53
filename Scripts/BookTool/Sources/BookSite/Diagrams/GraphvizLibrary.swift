import CGraphviz
import Foundation

/// graphviz's C library (`libgvc`, `libcgraph`: Debian's `libgraphviz-dev`, brew's `graphviz`), laying
/// graphs out as SVG inside this process. The only file that touches graphviz's C API.
///
/// A layout costs about a millisecond here, against 15 to 20 for a run of `dot`, most of which is starting
/// the program and loading its plugins. The SVG is byte for byte what `dot -Tsvg` of the same graphviz
/// prints (`GraphvizLibraryTests` compares them), which takes three precautions:
/// - graphviz keeps global state (the parser, the layout's statics, the error handler), so every call
///   holds one lock, as `MarkdownParser` does for cmark-gfm;
/// - cgraph orders subgraphs, and so places clusters, by object id, and its default id for a named object
///   is the address of its interned name, which in a long-lived process depends on everything allocated
///   before. Here named objects are numbered in the order they first appear (`NameTable`), the order a
///   fresh `dot` process gives them;
/// - `gvFreeLayout` is never called: graphviz 2.42's `dot_cleanup` frees a list that `flat_edges`
///   reallocated (seen with labelled edges between nodes of one rank), and `dot` itself never frees its
///   last graph. The graph is closed with `agclose`; what the layout allocated beside it stays: about
///   15 KB for a chain of four nodes, 100 KB for five clusters with two dozen labelled edges (measured on
///   graphviz 2.42), which `book serve` pays only for the diagrams an edit changed.
///
/// A hostile diagram meets the flowchart parser's limits first (`FlowchartParser.maximumSubgraphDepth`);
/// graphviz only ever sees DOT that `Flowchart.dot(named:)` wrote, every label quoted.
enum GraphvizLibrary {
  /// The graphviz that lays diagrams out, as the diagram cache and the page keys name it: the version the
  /// tool was built against and, where the process's mappings can be read (Linux), the size and
  /// modification time of the `libgvc` file loaded (an upgrade that keeps the version string still
  /// replaces the file). No graphviz context is started for it.
  static let identity: String = {
    let version = "graphviz \(PACKAGE_VERSION)"
    // Read to the end: /proc files report a size of 0, so a read of "the whole file" by its size gets nothing.
    guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps"), let maps = try? handle.readToEnd(),
      let path = Self.libraryPath(inMaps: maps)
    else { return version }
    // `stat` itself: Foundation's attributes cost a millisecond of dynamic casts on every cold build.
    var status = stat()
    guard stat(path, &status) == 0 else { return "\(version) \(path) -1 0.0" }
    let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1_000_000_000
    return "\(version) \(path) \(Int64(status.st_size)) \(modified)"
  }()

  /// The file of the first mapping of `libgvc` in the bytes of `/proc/self/maps`: the last field of the
  /// first line that holds `/libgvc.`, found by bytes (no copy of each line: the file has hundreds).
  static func libraryPath(inMaps maps: Data) -> String? {
    let needle = Array("/libgvc.".utf8)
    return maps.withUnsafeBytes { raw -> String? in
      let bytes = raw.bindMemory(to: UInt8.self)
      guard let found = SVGLines.firstOffset(of: needle, in: bytes, from: 0) else { return nil }
      let lineEnd = bytes[found...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      guard let fieldEnd = bytes[..<lineEnd].lastIndex(where: { $0 != UInt8(ascii: " ") }) else { return nil }
      let fieldStart = bytes[..<fieldEnd].lastIndex(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") })
      return String(decoding: bytes[(fieldStart.map { $0 + 1 } ?? 0)...fieldEnd], as: UTF8.self)
    }
  }

  /// Lays out DOT text holding one graph, as `dot -Tsvg` would: one SVG document.
  static func svg(fromDOT dot: String) -> Result<String, Graphviz.Failure> {
    Self.session.withContext { context in
      guard let context else { return .failure(.notStarted("graphviz's library could not start")) }
      return Self.layOut(dot, context: context)
    }
  }

  /// Parses, lays out and renders one graph; the caller holds the lock.
  private static func layOut(_ dot: String, context: OpaquePointer) -> Result<String, Graphviz.Failure> {
    Self.messages = ""
    let reader = DOTReader(dot)
    var discipline = Agdisc_t(mem: bookDefaultDiscipline().mem, id: Self.idDiscipline, io: Self.ioDiscipline)
    let graph = withExtendedLifetime(reader) { agread(Unmanaged.passUnretained(reader).toOpaque(), &discipline) }
    guard let graph else { return .failure(.layoutFailed(Self.firstMessage(or: "the graph could not be read"))) }
    defer { agclose(graph) }
    guard gvLayout(context, graph, "dot") == 0 else {
      return .failure(.layoutFailed(Self.firstMessage(or: "the layout failed")))
    }
    var data: UnsafeMutablePointer<CChar>?
    var length: UInt32 = 0
    guard gvRenderData(context, graph, "svg", &data, &length) == 0, let data else {
      return .failure(.layoutFailed(Self.firstMessage(or: "the SVG could not be written")))
    }
    defer { gvFreeRenderData(data) }
    return .success(String(decoding: UnsafeRawBufferPointer(start: data, count: Int(length)), as: UTF8.self))
  }

  /// The first line graphviz reported during this call, or `fallback`.
  private static func firstMessage(or fallback: String) -> String {
    Self.messages.split(separator: "\n").first.map(String.init) ?? fallback
  }

  // MARK: - graphviz's global state

  /// graphviz's context, started on first use and kept for the life of the process, behind the lock.
  private static let session = Session()

  /// What graphviz reported during the current call (it prints errors and warnings through one global
  /// function, `agseterrf`). Only touched while holding the session's lock.
  nonisolated(unsafe) private static var messages = ""

  /// The lock around every use of graphviz, and its context.
  private final class Session: @unchecked Sendable {
    // Unchecked: `context` and everything graphviz keeps globally are touched only while holding `lock`.
    private let lock = NSLock()
    private var context: OpaquePointer?
    private var started = false

    /// Runs `body` holding the lock, with the context (nil when graphviz could not start one).
    func withContext<Output>(_ body: (OpaquePointer?) -> Output) -> Output {
      self.lock.withLock {
        if !self.started {
          self.started = true
          _ = agseterrf { text in
            if let text { GraphvizLibrary.messages += String(cString: text) }
            return 0
          }
          // Every build names graphviz by `identity`: read before the plugins add their libraries'
          // mappings to /proc/self/maps, which would make the kernel's listing several times longer.
          _ = GraphvizLibrary.identity
          self.context = gvContext()
        }
        return body(self.context)
      }
    }
  }

  // MARK: - Disciplines: how cgraph reads text and names objects

  /// Reading DOT from memory, a line at a time as graphviz's own `agmemread` does.
  nonisolated(unsafe) private static let ioDiscipline: UnsafeMutablePointer<Agiodisc_t> = {
    let discipline = UnsafeMutablePointer<Agiodisc_t>.allocate(capacity: 1)
    let standard = bookDefaultDiscipline().io.pointee
    discipline.initialize(
      to: Agiodisc_t(
        afread: { channel, buffer, size in
          guard let channel, let buffer else { return 0 }
          return Unmanaged<DOTReader>.fromOpaque(channel).takeUnretainedValue().readLine(into: buffer, size: size)
        },
        putstr: standard.putstr, flush: standard.flush))
    return discipline
  }()

  /// Ids that do not depend on where names lie in memory: see `NameTable`.
  nonisolated(unsafe) private static let idDiscipline: UnsafeMutablePointer<Agiddisc_t> = {
    let discipline = UnsafeMutablePointer<Agiddisc_t>.allocate(capacity: 1)
    discipline.initialize(
      to: Agiddisc_t(
        open: { _, _ in Unmanaged.passRetained(NameTable()).toOpaque() },
        map: { state, _, name, id, create in
          guard let state, let id else { return 0 }
          let table = Unmanaged<NameTable>.fromOpaque(state).takeUnretainedValue()
          guard let found = table.id(for: name, create: create != 0) else { return 0 }
          id.pointee = found
          return 1
        },
        alloc: { _, _, id in id & 1 == 0 ? 1 : 0 },
        free: { _, _, _ in },
        print: { state, _, id in
          guard let state else { return nil }
          return Unmanaged<NameTable>.fromOpaque(state).takeUnretainedValue().name(of: id)
        },
        close: { state in
          guard let state else { return }
          Unmanaged<NameTable>.fromOpaque(state).release()
        },
        idregister: { _, _, _ in }))
    return discipline
  }()

  /// The ids of one graph's objects: a named object's id is even and counts up in the order its name first
  /// appears (`g0` → 2, `n0` → 4, …); an anonymous one's is odd and counts up likewise, as in cgraph's own
  /// discipline. Ids are the order cgraph keeps subgraphs in.
  private final class NameTable {
    private var ids: [String: IDTYPE] = [:]
    private var names: [UnsafeMutablePointer<CChar>] = []
    private var nextAnonymous: IDTYPE = 1

    /// The id of `name` (nil: a new anonymous id), made when missing and `create` is set.
    func id(for name: UnsafeMutablePointer<CChar>?, create: Bool) -> IDTYPE? {
      guard let name else {
        guard create else { return nil }
        defer { self.nextAnonymous += 2 }
        return self.nextAnonymous
      }
      let text = String(cString: name)
      if let id = self.ids[text] { return id }
      guard create, let copy = strdup(name) else { return nil }
      self.names.append(copy)
      let id = IDTYPE(self.names.count) * 2
      self.ids[text] = id
      return id
    }

    /// The name behind an even id; nil for an anonymous one.
    func name(of id: IDTYPE) -> UnsafeMutablePointer<CChar>? {
      guard id & 1 == 0, id >= 2, id / 2 <= IDTYPE(self.names.count) else { return nil }
      return self.names[Int(id / 2) - 1]
    }

    deinit {
      for name in self.names { free(name) }
    }
  }

  /// DOT text handed to cgraph's reader a line at a time.
  private final class DOTReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ text: String) {
      self.bytes = Array(text.utf8)
    }

    /// Copies the next line (or as much of it as fits) into `buffer`, NUL-terminated; 0 at the end.
    func readLine(into buffer: UnsafeMutablePointer<CChar>, size: Int32) -> Int32 {
      var count = 0
      while count < Int(size) - 1, self.offset < self.bytes.count {
        let byte = self.bytes[self.offset]
        buffer[count] = CChar(bitPattern: byte)
        count += 1
        self.offset += 1
        if byte == UInt8(ascii: "\n") { break }
      }
      buffer[count] = 0
      return Int32(count)
    }
  }
}
