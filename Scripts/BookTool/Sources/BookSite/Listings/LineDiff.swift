/// A line diff, to mark the lines a listing changed against the version of its chunk it replaces.
package enum LineDiff {
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
    // Over the contiguous bytes of a native string (every code text), without `UTF8View`'s iterator.
    code.utf8.withContiguousStorageIfAvailable { Self.lineCount(bytes: $0) } ?? Self.lineCount(bytes: code.utf8)
  }

  /// `lineCount` of a text's UTF-8 bytes.
  private static func lineCount(bytes: some Sequence<UInt8>) -> Int {
    var count = 0
    var previous: UInt8 = 0
    var endsWithLineFeed = false
    var isEmpty = true
    for byte in bytes {
      isEmpty = false
      endsWithLineFeed = byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r")
      if endsWithLineFeed { count += 1 }
      previous = byte
    }
    return isEmpty ? 0 : endsWithLineFeed ? count : count + 1
  }

  /// Each line as a number, equal numbers for equal lines (String equality, as the diff compares them):
  /// the diff compares numbers, which is much cheaper than comparing strings, and finds the same edit.
  static func numbered(_ old: [Substring], _ new: [Substring]) -> (old: [Int], new: [Int]) {
    // Keyed by each line copied into a `String` of its own, which equals and hashes exactly as the
    // `Substring` does, but knows whether it is ASCII: an ASCII line is then hashed and compared by its
    // bytes, where a slice of a text with any non-ASCII byte in it is normalized first.
    var numbers: [String: Int] = [:]
    func number(_ slice: Substring) -> Int {
      let line = String(slice)
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
  package static func changedLines(old: [Substring], new: [Substring]) -> Set<Int> {
    Self.edit(old: old, new: new).inserted
  }

  /// The largest product of the two sides' lengths given to Myers' algorithm, whose time grows with the
  /// lengths times the size of the edit: a 40,000-line chunk replaced by other lines would take a minute
  /// (hostile case 13). Past it the lines both versions share at the start and the end are kept and every
  /// line between is removed and added: not the smallest edit, but a true one, in linear time.
  static let largestMyersProduct = 4_000_000

  /// The offsets of `old` the edit removes and of `new` it inserts. An empty side needs no search; a
  /// small edit is Myers' (the standard library's `difference(from:)`); a huge one keeps only the common
  /// start and end (`largestMyersProduct`).
  static func edit(old: [Substring], new: [Substring]) -> (removed: Set<Int>, inserted: Set<Int>) {
    if old.isEmpty || new.isEmpty || old.count * new.count > Self.largestMyersProduct {
      var start = 0
      while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
      var end = 0
      while end < old.count - start, end < new.count - start, old[old.count - 1 - end] == new[new.count - 1 - end] {
        end += 1
      }
      return (Set(start..<(old.count - end)), Set(start..<(new.count - end)))
    }
    let (oldNumbers, newNumbers) = Self.numbered(old, new)
    var (removed, inserted) = (Set<Int>(), Set<Int>())
    for change in newNumbers.difference(from: oldNumbers) {
      switch change {
      case .remove(let offset, _, _): removed.insert(offset)
      case .insert(let offset, _, _): inserted.insert(offset)
      }
    }
    return (removed, inserted)
  }
}
