import Foundation

/// A chapter's article as it is written: its page's HTML and, when the print edition's article is made in
/// the same walk, where that one differs. Only ids and links differ between the two (`PageLinks`), so the
/// renderer writes everything else once and each link-dependent piece through `appendLinked`, which notes
/// the print edition's version of it; the print article is then the page's bytes with those pieces put in.
struct ArticleHTML {
  /// One place where the print article differs: the page's bytes at `range` (UTF-8 offsets into `text`)
  /// are `replacement` there.
  struct PrintEdit: Equatable {
    let range: Range<Int>
    let replacement: String
  }

  /// Where ids and links point on the page being written.
  let links: PageLinks
  /// Where they point in the print edition, when its article is made in the same walk.
  let printLinks: PageLinks?
  /// Whether both link sets resolve every Markdown destination alike (`PageLinks.target(of:)`).
  private let targetsAgree: Bool
  /// The page's HTML so far.
  private(set) var text = ""
  /// Where the print article differs so far, in order.
  private(set) var printEdits: [PrintEdit] = []
  /// False once something was written that the edits cannot express (the print article must then be
  /// rendered on its own).
  private(set) var printIsDerivable = true

  /// An article written for `links`, and for `printLinks` too when given.
  init(links: PageLinks, printLinks: PageLinks? = nil) {
    self.links = links
    self.printLinks = printLinks
    self.targetsAgree =
      printLinks.map { $0.chapterPath == links.chapterPath && $0.codePages == links.codePages } ?? false
  }

  /// Appends text that is the same in both articles.
  static func += (html: inout ArticleHTML, text: String) {
    html.text += text
  }

  /// Appends text that is the same in both articles, written in place by `write`, which may only append.
  mutating func appendInPlace(_ write: (inout String) -> Void) {
    write(&self.text)
  }

  /// Appends the piece `make` writes for the page's links, noting the print edition's piece when it
  /// differs.
  mutating func appendLinked(_ make: (PageLinks) -> String) {
    self.append(make(self.links), print: self.printLinks.map(make))
  }

  /// Appends a Markdown link destination as each place writes it (`PageLinks.rewrite`), escaped for an
  /// attribute; where it leads is found once when both link sets resolve it alike.
  mutating func appendDestination(_ destination: String) {
    let target = self.links.target(of: destination)
    let printTarget = self.targetsAgree ? target : self.printLinks?.target(of: destination)
    var printPiece: String?
    if let printLinks = self.printLinks, let printTarget { printPiece = HTML.escapeURL(printLinks.href(printTarget)) }
    self.append(HTML.escapeURL(self.links.href(target)), print: printPiece)
  }

  /// Appends the page's piece, noting the print edition's where it differs.
  private mutating func append(_ piece: String, print printPiece: String?) {
    let start = self.text.utf8.count
    self.text += piece
    guard let printPiece, printPiece != piece else { return }
    self.printEdits.append(PrintEdit(range: start..<self.text.utf8.count, replacement: printPiece))
  }

  /// Makes room for `count` bytes in all.
  mutating func reserveCapacity(_ count: Int) {
    self.text.reserveCapacity(count)
  }

  /// Removes a final line feed (the end of a tight list item's last paragraph): from both articles when
  /// they share it; when the article ends with a piece written through `appendLinked`, whose two versions
  /// may end differently, the print article is left to be rendered on its own.
  mutating func removeTrailingLineFeed() {
    if let last = self.printEdits.last, last.range.upperBound == self.text.utf8.count {
      self.printIsDerivable = false
    }
    if self.text.hasSuffix("\n") { self.text.removeLast() }
  }

  /// The print edition's article between `start` and `end`, as bytes: the page's HTML with every print
  /// edit put in; nil when it cannot be derived (or was not asked for).
  func printArticle(start: String, end: String) -> Data? {
    guard self.printLinks != nil, self.printIsDerivable else { return nil }
    let growth = self.printEdits.reduce(0) { $0 + $1.replacement.utf8.count - $1.range.count }
    var data = Data(capacity: start.utf8.count + self.text.utf8.count + growth + end.utf8.count)
    data.append(contentsOf: start.utf8)
    var text = self.text
    text.withUTF8 { bytes in
      var position = 0
      for edit in self.printEdits {
        data.append(UnsafeBufferPointer(rebasing: bytes[position..<edit.range.lowerBound]))
        data.append(contentsOf: edit.replacement.utf8)
        position = edit.range.upperBound
      }
      data.append(UnsafeBufferPointer(rebasing: bytes[position...]))
    }
    data.append(contentsOf: end.utf8)
    return data
  }
}
