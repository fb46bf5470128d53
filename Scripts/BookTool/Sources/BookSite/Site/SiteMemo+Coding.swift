import Foundation

/// The memo's bytes: length-prefixed strings and counts (`ByteWriter`), read at every build and written
/// after every write. JSON cost about 5 ms of CPU a build for the 337 records of the synthetic book.
extension SiteMemo.Record {
  /// The record as bytes, entries in path order.
  var encoded: Data {
    var writer = ByteWriter()
    writer.string(self.tool)
    writer.optional(self.clock.map { String($0) })
    writer.integer(UInt32(self.entries.count))
    for path in self.entries.keys.sorted() {
      let entry = self.entries[path]!
      writer.string(path)
      writer.string(entry.part)
      writer.reads(entry.reads)
      writer.optional(entry.hash)
      writer.list(entry.images)
      writer.optional(entry.articles.map { _ in "" })
      if let articles = entry.articles { writer.integer(UInt32(articles.count)) }
      for article in entry.articles ?? [] {
        writer.reads(article.reads)
        writer.string(String(article.offset))
        writer.string(String(article.length))
      }
      writer.optional(entry.status)
    }
    return writer.data
  }

  /// The record `encoded` gave, or nil when the bytes are cut short or malformed.
  init?(decoding data: Data) {
    var reader = ByteReader(bytes: [UInt8](data))
    guard let tool = reader.string(), let clock = reader.optional(), let count = reader.integer() else { return nil }
    self.init(tool: tool)
    if let clock {
      guard let value = Int64(clock) else { return nil }
      self.clock = value
    }
    for _ in 0..<count {
      guard let path = reader.string(), let entry = reader.entry() else { return nil }
      self.entries[path] = entry
    }
    guard reader.isAtEnd else { return nil }
  }
}

extension ByteWriter {
  /// A string that may be missing: a flag byte, then the string.
  fileprivate mutating func optional(_ text: String?) {
    self.data.append(text == nil ? 0 : 1)
    if let text { self.string(text) }
  }

  /// A count, then each string.
  fileprivate mutating func list(_ texts: [String]) {
    self.integer(UInt32(texts.count))
    for text in texts { self.string(text) }
  }

  fileprivate mutating func reads(_ reads: SiteMemo.Reads) {
    self.list(reads.names)
    self.string(reads.key)
  }
}

extension ByteReader {
  /// What `ByteWriter.optional` wrote: `.some(nil)` for a missing string, nil when malformed.
  fileprivate mutating func optional() -> String?? {
    guard let flag = self.bytes(1)?.first, flag <= 1 else { return nil }
    guard flag == 1 else { return .some(nil) }
    return self.string().map { .some($0) }
  }

  fileprivate mutating func list() -> [String]? {
    guard let count = self.integer() else { return nil }
    return self.strings(Int(count))
  }

  fileprivate mutating func reads() -> SiteMemo.Reads? {
    guard let names = self.list(), let key = self.string() else { return nil }
    return SiteMemo.Reads(names: names, key: key)
  }

  /// One entry after its path.
  fileprivate mutating func entry() -> SiteMemo.Entry? {
    guard let part = self.string(), let reads = self.reads(), let hash = self.optional(), let images = self.list(),
      let hasArticles = self.optional()
    else { return nil }
    var entry = SiteMemo.Entry(part: part, inputs: [:], images: images)
    (entry.reads, entry.hash) = (reads, hash)
    if hasArticles != nil {
      guard let count = self.integer() else { return nil }
      var articles: [SiteMemo.Article] = []
      for _ in 0..<count {
        guard let reads = self.reads(), let offset = self.string().flatMap({ Int($0) }),
          let length = self.string().flatMap({ Int($0) })
        else { return nil }
        articles.append(SiteMemo.Article(reads: reads, offset: offset, length: length))
      }
      entry.articles = articles
    }
    guard let status = self.optional() else { return nil }
    entry.status = status
    return entry
  }
}
