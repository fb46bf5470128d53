import BookKit
import Foundation
import XCTest

/// Hostile case 11 of issue 18: two commands on one workspace never interleave their writes.
final class WorkspaceLockTests: XCTestCase {
  func testAWritingCommandWaitsWhileAnotherHoldsTheWorkspace() throws {
    let sandbox = try Sandbox()
    defer { sandbox.destroy() }
    try sandbox.write("Chapters/01-a.md", "# A\n\n```swift file=Sources/M/A.swift\nlet a = 1\n```\n")
    // This test holds the workspace as a running `book` command would.
    let held = open(sandbox.workspace.path, O_RDONLY | O_DIRECTORY)
    XCTAssertEqual(flock(held, LOCK_EX), 0)
    let process = Process()
    process.executableURL = try BookBinary.require()
    process.arguments = ["tangle", "--root", sandbox.workspace.path]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: 1)
    XCTAssertTrue(process.isRunning, "book tangle did not wait for the workspace")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: sandbox.workspace.appendingPathComponent("Sources/M/A.swift").path),
      "nothing is written while another command holds the workspace")
    close(held)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
    let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    XCTAssertTrue(message.contains("waiting for another book command"), message)
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: sandbox.workspace.appendingPathComponent("Sources/M/A.swift").path))
  }
}
