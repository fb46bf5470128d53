import Foundation

/// Distinct lowercase words in first-seen order: `add("A store, a Store")` → `joined == "store"` (`a` is
/// one letter, too short).
///
/// Works on UTF-8 bytes, because Unicode character properties cost more than the rest of the site build:
/// ASCII letters and digits make words, other ASCII separates them, and non-ASCII bytes (letters of other
/// scripts, mostly) stay inside words. The words are kept as one byte buffer, and an ASCII word is found
/// again by its bytes in a table of offsets into it, so that no `String` is made or hashed per word (a
/// search index meets some 100,000 words). A word with other bytes is lowercased and compared as a
/// `String` (canonical equivalence, as a `Set<String>` does).
struct WordSet {
  /// A word's place in `text`; `length == 0` for an empty slot.
  private struct Slot {
    var start = 0, length = 0
    var hash: UInt64 = 0
  }

  /// The words, each followed by a space.
  private var text: [UInt8] = []
  /// Open addressing over the ASCII words (a power of two, at most half full).
  private var slots = [Slot](repeating: Slot(), count: 256)
  private var asciiWords = 0
  /// The words with non-ASCII bytes, as strings.
  private var otherWords = Set<String>()
  /// The word being read, reused between words.
  private var word: [UInt8] = []

  /// Adds the words of some text: runs of letters and digits, at least two long, lowercased.
  mutating func add(_ text: String) {
    var text = text
    text.withUTF8 { self.add(bytes: $0) }
  }

  private mutating func add(bytes: UnsafeBufferPointer<UInt8>) {
    var hasNonASCII = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): self.word.append(byte)
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): self.word.append(byte + 32)
      case 0x80...:
        self.word.append(byte)
        hasNonASCII = true
      default:
        if !self.word.isEmpty { self.finishWord(hasNonASCII: hasNonASCII) }
        hasNonASCII = false
      }
    }
    if !self.word.isEmpty { self.finishWord(hasNonASCII: hasNonASCII) }
  }

  /// Keeps the word read unless it is too short or already kept, and empties it.
  private mutating func finishWord(hasNonASCII: Bool) {
    defer { self.word.removeAll(keepingCapacity: true) }
    guard self.word.count > 1 else { return }
    guard hasNonASCII else { return self.insertASCII() }
    let lowered = String(decoding: self.word, as: UTF8.self).lowercased()
    self.word = Array(lowered.utf8)
    if self.word.allSatisfy({ $0 < 0x80 }) { return self.insertASCII() }
    if self.otherWords.insert(lowered).inserted { self.append(self.word) }
  }

  /// Keeps `word`, all ASCII, unless it is kept already.
  private mutating func insertASCII() {
    let hash = Self.hash(self.word)
    let mask = self.slots.count - 1
    var index = Int(truncatingIfNeeded: hash) & mask
    while self.slots[index].length != 0 {
      if self.slots[index].hash == hash, self.holds(self.slots[index]) { return }
      index = (index + 1) & mask
    }
    self.slots[index] = Slot(start: self.text.count, length: self.word.count, hash: hash)
    self.append(self.word)
    self.asciiWords += 1
    if self.asciiWords * 2 > self.slots.count { self.grow() }
  }

  /// Whether `slot` holds the bytes of `word`.
  private func holds(_ slot: Slot) -> Bool {
    guard slot.length == self.word.count else { return false }
    return self.text.withUnsafeBufferPointer { text in
      self.word.withUnsafeBufferPointer { word in
        memcmp(text.baseAddress! + slot.start, word.baseAddress!, slot.length) == 0
      }
    }
  }

  private mutating func append(_ word: [UInt8]) {
    self.text.append(contentsOf: word)
    self.text.append(UInt8(ascii: " "))
  }

  /// Twice as many slots, every word placed again.
  private mutating func grow() {
    var slots = [Slot](repeating: Slot(), count: self.slots.count * 2)
    let mask = slots.count - 1
    for slot in self.slots where slot.length != 0 {
      var index = Int(truncatingIfNeeded: slot.hash) & mask
      while slots[index].length != 0 { index = (index + 1) & mask }
      slots[index] = slot
    }
    self.slots = slots
  }

  /// FNV-1a of some bytes, its high bits folded down (the table's index takes the low ones).
  private static func hash(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return hash ^ (hash >> 29)
  }

  /// The words, space-separated, as UTF-8.
  var joinedBytes: ArraySlice<UInt8> { self.text.dropLast() }

  /// The words, space-separated.
  var joined: String { String(decoding: self.joinedBytes, as: UTF8.self) }
}
