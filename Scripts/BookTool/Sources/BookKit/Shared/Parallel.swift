import Dispatch
import Foundation

/// Work spread over every core, for the stages whose chapters are independent (parsing, rendering).
package enum Parallel {
  /// `items.map(transform)`, computed concurrently; results keep the order of `items`.
  package static func map<Item: Sendable, Output: Sendable>(
    _ items: [Item], _ transform: @escaping @Sendable (Item) -> Output
  ) -> [Output] {
    let results = Results<Output>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
      results.set(transform(items[index]), at: index)
    }
    return results.values.map { $0! }
  }

  /// The same, starting the items with the largest `size` first, so that a big item does not start last
  /// and leave the other cores idle; results keep the order of `items`.
  package static func map<Item: Sendable, Output: Sendable>(
    _ items: [Item], largestFirst size: (Item) -> Int, _ transform: @escaping @Sendable (Item) -> Output
  ) -> [Output] {
    let order = items.indices.sorted { size(items[$0]) > size(items[$1]) }
    let outputs = Self.map(order) { transform(items[$0]) }
    var results = [Output?](repeating: nil, count: items.count)
    for (position, index) in order.enumerated() { results[index] = outputs[position] }
    return results.map { $0! }
  }

  /// Slots that concurrent iterations fill, each its own.
  private final class Results<Output>: @unchecked Sendable {
    // Unchecked: every access to `values` holds `lock`.
    private let lock = NSLock()
    private(set) var values: [Output?]

    init(count: Int) {
      self.values = Array(repeating: nil, count: count)
    }

    func set(_ value: Output, at index: Int) {
      self.lock.withLock { self.values[index] = value }
    }
  }
}

/// A value computed on another thread while the caller does something else; `value` waits for it.
package final class Background<Value: Sendable>: @unchecked Sendable {
  // Unchecked: `result` is written once before `done` is signalled, and read only after waiting for it.
  private var result: Value?
  private let done = DispatchSemaphore(value: 0)

  /// Starts computing `body` at once.
  package init(_ body: @escaping @Sendable () -> Value) {
    DispatchQueue.global().async {
      self.result = body()
      self.done.signal()
    }
  }

  /// The value, once computed (waits for it the first time).
  package lazy var value: Value = {
    self.done.wait()
    return self.result!
  }()
}
