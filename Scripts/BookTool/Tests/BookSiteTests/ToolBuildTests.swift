import Foundation
import XCTest

@testable import BookSite

/// The tool's identity, which every cache and stamp names, asked of the system directly: the same path
/// and size that Foundation's file attributes give for the running executable.
final class ToolBuildTests: XCTestCase {
  func testTheIdentityNamesTheRunningExecutableAndItsSize() throws {
    let path = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber).int64Value
    XCTAssertTrue(ToolBuild.identity.hasPrefix("\(path) \(size) "), ToolBuild.identity)
    let modified = try XCTUnwrap(Double(ToolBuild.identity.split(separator: " ").last ?? ""))
    let expected = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    XCTAssertEqual(modified, expected.timeIntervalSince1970, accuracy: 0.001)
  }
}
