import BookKit
import Foundation
import XCTest

/// `Discard.drop` keeps values unfreed only in a process that said it exits with its command (`book
/// site`); anywhere else (this test process, `book serve`) a dropped value is freed at once.
final class DiscardTests: XCTestCase {
  /// A value whose release can be observed.
  final class Probe: Sendable {}

  func testADroppedValueIsFreedAtOnceInAProcessThatGoesOn() {
    weak var released: Probe?
    do {
      let probe = Probe()
      released = probe
      Discard.drop((probe, [probe]))
    }
    XCTAssertNil(released, "nothing holds the value once dropped")
  }
}
