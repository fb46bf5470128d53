/// A line diff, to mark the lines a listing changed against the version of its chunk it replaces.
public enum LineDiff {
  /// The lines of some code, without the empty piece after its final newline: `"a\nb\n"` → `["a", "b"]`.
  ///
  /// Splits at the character `"\n"` (so not inside a `"\r\n"`, which is one character), scanning bytes:
  /// a line feed not after a carriage return always stands alone as a character.
  static func lines(_ code: String) -> [Substring] {
    var lines: [Substring] = []
    let utf8 = code.utf8
    var start = utf8.startIndex
    var previous: UInt8 = 0
    var index = start
    while index != utf8.endIndex {
      let byte = utf8[index]
      let next = utf8.index(after: index)
      if byte == UInt8(ascii: "\n"), previous != UInt8(ascii: "\r") {
        lines.append(code[start..<index])
        start = next
      }
      previous = byte
      index = next
    }
    if start != utf8.endIndex { lines.append(code[start..<utf8.endIndex]) }
    return lines
  }

  /// How many lines `lines(code)` gives, without making them.
  static func lineCount(_ code: String) -> Int {
    var count = 0
    var previous: UInt8 = 0
    var endsWithLineFeed = false
    for byte in code.utf8 {
      endsWithLineFeed = byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r")
      if endsWithLineFeed { count += 1 }
      previous = byte
    }
    return code.utf8.isEmpty ? 0 : endsWithLineFeed ? count : count + 1
  }

  /// Each line as a number, equal numbers for equal lines (String equality, as the diff compares them):
  /// the diff compares numbers, which is much cheaper than comparing strings, and finds the same edit.
  static func numbered(_ old: [Substring], _ new: [Substring]) -> (old: [Int], new: [Int]) {
    var numbers: [Substring: Int] = [:]
    func number(_ line: Substring) -> Int {
      if let known = numbers[line] { return known }
      let next = numbers.count
      numbers[line] = next
      return next
    }
    return (old.map(number), new.map(number))
  }

  /// The indices of the lines of `new` that the standard library's diff (`difference(from:)`, Myers'
  /// algorithm: time and memory grow with the size of the edit, not with the product of the lengths)
  /// inserts into `old`: the lines a reader should look at. `["a", "b"]` → `["a", "c", "b"]` gives `[1]`.
  public static func changedLines(old: [Substring], new: [Substring]) -> Set<Int> {
    let (oldNumbers, newNumbers) = Self.numbered(old, new)
    return Set(
      newNumbers.difference(from: oldNumbers).insertions.compactMap { change in
        if case .insert(let offset, _, _) = change { offset } else { nil }
      })
  }
}
