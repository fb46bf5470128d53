import Foundation
import XCTest

/// ARCHITECTURE.md stays true of the code: its folder tables for BookKit and BookSite name exactly the
/// folders each target has.
final class ArchitectureTests: XCTestCase {
  private static let toolRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The folders named in the first column of the table that follows the line naming `target`'s sources.
  static func tableFolders(of target: String, in text: String) -> Set<String> {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.contains("`Scripts/BookTool/Sources/\(target)/`") }) else {
      return []
    }
    var folders = Set<String>()
    var inTable = false
    for line in lines[start...] {
      guard line.hasPrefix("|") else {
        if inTable { break }
        continue
      }
      inTable = true
      let firstCell = line.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
      for token in firstCell.split(separator: "`") where token.hasSuffix("/") && !token.contains(" ") {
        folders.insert(String(token.dropLast()))
      }
    }
    return folders
  }

  /// The folders of a target's sources.
  static func folders(of target: String) throws -> Set<String> {
    let root = Self.toolRoot.appendingPathComponent("Sources/\(target)")
    let names = try FileManager.default.contentsOfDirectory(atPath: root.path)
    return Set(
      names.filter { name in
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder)
          && isFolder.boolValue
      })
  }

  func testEveryFolderOfBookKitAndBookSiteIsInItsTableAndEveryTableFolderExists() throws {
    let architecture = Self.toolRoot.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("ARCHITECTURE.md")
    let text = try String(contentsOf: architecture, encoding: .utf8)
    for target in ["BookKit", "BookSite"] {
      let named = Self.tableFolders(of: target, in: text)
      let present = try Self.folders(of: target)
      XCTAssertFalse(named.isEmpty, "no folder table for \(target) in ARCHITECTURE.md")
      XCTAssertEqual(present.subtracting(named).sorted(), [], "\(target) folders missing from ARCHITECTURE.md")
      XCTAssertEqual(named.subtracting(present).sorted(), [], "\(target) folders in ARCHITECTURE.md that do not exist")
    }
  }
}
