/// A small, fast random number generator whose whole sequence follows from its seed (SplitMix64), so a
/// fuzz case can be replayed from the seed it prints.
struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64

  /// Creates the generator of one seed.
  init(seed: UInt64) {
    self.state = seed
  }

  mutating func next() -> UInt64 {
    self.state &+= 0x9E37_79B9_7F4A_7C15
    var z = self.state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// True with probability `chance`.
  mutating func chance(_ chance: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < chance
  }

  /// One of `choices`, evenly.
  mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int.random(in: 0..<choices.count, using: &self)]
  }

  /// A number in `range`.
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }
}
