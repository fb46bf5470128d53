import Foundation
import XCTest

/// Crash safety of `OwnedOutput.apply`: `book tangle` and `book site` killed (SIGKILL) at random points
/// while the chapters switch between two books with different files. After every kill, `book check`
/// either reports the state (located diagnostics, exit 1) or finds no file that nothing owns; at the end
/// one `book tangle` and one `book site` repair everything and `book check` is clean with no orphans.
final class OutputCrashTests: XCTestCase {
  /// How many runs are killed, and the seed that chooses when.
  static let kills = 40
  static let seed: UInt64 = 0x5EED_0B00C
  /// The pause the tool makes after its journal and after each file it writes, in these runs only
  /// (`BOOK_APPLY_PAUSE_MICROSECONDS`): on a fast, quiet machine the apply otherwise takes so little of a
  /// run that random kills could all miss it, and the test would prove nothing.
  static let applyPause = "2000"

  func testKilledRunsAreRepairedOrReportedAndLeaveNoOrphans() throws {
    let sandbox = try Sandbox()
    defer { sandbox.destroy() }
    var random = SplitMix64(seed: Self.seed)
    // Each command's duration is timed on a warm run that really rewrites files (variant 0, then 1): a
    // cold first run is slower (no highlight cache yet) and would put the kills after the apply.
    let durations = try ["tangle", "site"].map { command in
      try Self.writeBook(variant: 0, in: sandbox)
      try Self.runAndKill(command, after: nil, in: sandbox)
      try Self.writeBook(variant: 1, in: sandbox)
      let start = Date()
      try Self.runAndKill(command, after: nil, in: sandbox)
      return Date().timeIntervalSince(start)
    }
    var reported = 0
    var interrupted = 0
    for kill in 0..<Self.kills {
      try Self.writeBook(variant: Int(random.next() % 2), in: sandbox)
      let commandIndex = kill % 2
      let command = ["tangle", "site"][commandIndex]
      // The writes come last in a run: most kills land in its second half, where the apply is.
      let fraction = 0.5 + Double(random.next() % 1000) / 1000 * 0.6
      let delay = UInt32(fraction * durations[commandIndex] * 1_000_000)
      try Self.runAndKill(command, after: delay, in: sandbox)
      if try Self.wasInterrupted(sandbox) { interrupted += 1 }
      let check = try BookBinary.run(["check", "--root", sandbox.workspace.path], in: sandbox.workspace)
      let orphans = try Self.orphans(in: sandbox)
      if check.status == 0 {
        XCTAssertEqual(orphans, [], "kill \(kill): `book check` passed while files nothing owns are left")
      } else {
        reported += 1
        XCTAssertEqual(check.status, 1, "kill \(kill)")
        XCTAssertTrue(
          check.stderrLines.allSatisfy {
            $0.contains(": error: ") || $0.contains(": note: ") || $0.hasPrefix("book: ")
          },
          "kill \(kill): unlocated output:\n\(check.stderr)")
      }
    }
    XCTAssertGreaterThan(interrupted, 0, "no kill landed between the journal and the complete manifest")
    print("OutputCrashTests: \(Self.kills) kills, \(interrupted) mid-apply, \(reported) reported by `book check`")
    try sandbox.book("tangle")
    try sandbox.book("site")
    let check = try BookBinary.run(["check", "--root", sandbox.workspace.path], in: sandbox.workspace)
    XCTAssertEqual(check.status, 0, check.stderr)
    XCTAssertEqual(try Self.orphans(in: sandbox), [])
  }

  /// Starts `book COMMAND` with the apply's pause, sends SIGKILL after `delay` microseconds (or lets it
  /// finish when `delay` is nil), and waits for it to end.
  static func runAndKill(_ command: String, after delay: UInt32?, in sandbox: Sandbox) throws {
    let process = Process()
    process.executableURL = try BookBinary.require()
    process.arguments = [command, "--root", sandbox.workspace.path]
    var environment = ProcessInfo.processInfo.environment
    environment["BOOK_APPLY_PAUSE_MICROSECONDS"] = Self.applyPause
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    if let delay {
      usleep(delay)
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
  }

  /// Writes one of two books of three chapters with 20 one-line files each; variant 1 moves every file to
  /// another name, so an unlisted file of the other variant would be an orphan with duplicate declarations.
  static func writeBook(variant: Int, in sandbox: Sandbox) throws {
    for chapter in 1...3 {
      let listings = (1...20).map { index in
        let name = variant == 0 ? "F\(index)" : "G\(index)"
        return "```swift file=Sources/M\(chapter)/\(name).swift\nlet v\(chapter)_\(index) = \(index)\n```\n"
      }
      try sandbox.write("Chapters/0\(chapter)-c.md", "# Chapter \(chapter)\n\n" + listings.joined(separator: "\n"))
    }
  }

  /// Whether a manifest is still a journal or a temporary file is left: the kill landed mid-apply.
  static func wasInterrupted(_ sandbox: Sandbox) throws -> Bool {
    let tree = try sandbox.tree(sandbox.workspace)
    let journal = [".book/tangled-files", "Site/.site-files"].contains { path in
      let text = (try? String(contentsOf: sandbox.workspace.appendingPathComponent(path), encoding: .utf8)) ?? ""
      return text.contains("# incomplete:")
    }
    return journal || tree.keys.contains { $0.hasSuffix(".book-tmp") }
  }

  /// Files under `Sources/`, `Tests/` and `Site/` that their manifest does not list, and any temporary
  /// file of an interrupted write anywhere in the workspace.
  static func orphans(in sandbox: Sandbox) throws -> [String] {
    let tree = try sandbox.tree(sandbox.workspace).filter { $0.value != "dir" }.keys
    let listed = { (path: String, prefix: String) -> Set<String> in
      let url = sandbox.workspace.appendingPathComponent(path)
      let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
      return Set(text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { prefix + $0 })
    }
    let owned = listed(".book/tangled-files", "").union(listed("Site/.site-files", "Site/"))
    return tree.filter { path in
      // `.build/` is the tool's scratch space (the site stamp, the highlight cache), not output: a kill
      // while the stamp is written can leave its temporary file there, and the next write of the stamp
      // unlinks it first (`Workspace.write`). Everywhere else a temporary file is an orphan.
      if path.hasPrefix(".build/") { return false }
      if path.hasSuffix(".book-tmp") { return true }
      let generated =
        path.hasPrefix("Sources/") || path.hasPrefix("Tests/")
        || (path.hasPrefix("Site/") && path != "Site/.site-files")
      return generated && !owned.contains(path)
    }.sorted()
  }
}

/// A small seeded random number generator, so the kill points are the same on every run.
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { self.state = seed }

  mutating func next() -> UInt64 {
    self.state &+= 0x9E37_79B9_7F4A_7C15
    var z = self.state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
