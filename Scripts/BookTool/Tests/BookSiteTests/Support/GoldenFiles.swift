import Foundation
import XCTest

/// Golden files: expected HTML kept beside the tests in `Golden/`, compared byte for byte.
///
/// `RECORD_GOLDEN=1 swift test --filter BookSiteTests` rewrites them from the current output and fails on
/// purpose, so that a recording run never passes CI by accident; review the diff, then run again.
enum GoldenFiles {
  /// The folder of golden files.
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Golden")

  /// Whether this run records instead of comparing.
  static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" }

  /// The names of the golden files on disk, without `.html`.
  static func namesOnDisk() throws -> Set<String> {
    let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
    return Set(names.filter { $0.hasSuffix(".html") }.map { String($0.dropLast(5)) })
  }

  /// Compares `actual` with the golden file `name.html`, printing a line diff when they differ.
  static func assertMatches(_ actual: String, name: String, file: StaticString = #filePath, line: UInt = #line) {
    let url = Self.folder.appendingPathComponent("\(name).html")
    if Self.isRecording {
      do {
        try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url)
        XCTFail("recorded \(name).html; unset RECORD_GOLDEN and run again", file: file, line: line)
      } catch {
        XCTFail("cannot record \(name).html: \(error)", file: file, line: line)
      }
      return
    }
    guard let data = try? Data(contentsOf: url) else {
      XCTFail("no golden file \(name).html; record it with RECORD_GOLDEN=1", file: file, line: line)
      return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != actual else { return }
    XCTFail(
      "\(name).html differs from the output (- golden, + actual); re-record with RECORD_GOLDEN=1 if intended:\n"
        + LineDiffText.describe(expected: expected, actual: actual), file: file, line: line)
  }
}

/// A readable unified-style line diff for test failures.
enum LineDiffText {
  /// `- line` for golden lines missing from the output, `+ line` for new ones, with two lines of context.
  static func describe(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let table = Self.lcsTable(old, new)
    var lines: [(mark: Character, text: Substring)] = []
    var (i, j) = (0, 0)
    while i < old.count || j < new.count {
      if i < old.count, j < new.count, old[i] == new[j] {
        lines.append((" ", old[i]))
        i += 1
        j += 1
      } else if i < old.count, j == new.count || table[i + 1][j] >= table[i][j + 1] {
        lines.append(("-", old[i]))
        i += 1
      } else {
        lines.append(("+", new[j]))
        j += 1
      }
    }
    let changed = lines.indices.filter { lines[$0].mark != " " }
    let shown = Set(changed.flatMap { max($0 - 2, 0)...min($0 + 2, lines.count - 1) })
    return lines.indices.filter { shown.contains($0) }.map { "\(lines[$0].mark) \(lines[$0].text)" }
      .joined(separator: "\n")
  }

  /// Lengths of longest common subsequences of suffixes.
  private static func lcsTable(_ old: [Substring], _ new: [Substring]) -> [[Int]] {
    var table = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
    for i in stride(from: old.count - 1, through: 0, by: -1) {
      for j in stride(from: new.count - 1, through: 0, by: -1) {
        table[i][j] = old[i] == new[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    return table
  }
}
