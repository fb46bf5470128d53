import Foundation

/// The print articles that chapter pages wrote in the same walk as their own (`ArticleHTML`), kept for the
/// print edition's parts of the same render, each with what making it read. Thread-safe: pages are rendered
/// on every core.
final class PrintArticles: @unchecked Sendable {
  /// A chapter's article, written for its page with the print edition's differences noted.
  struct Article {
    let html: ArticleHTML
    /// What the print article read, as its own render would have read it.
    let inputs: InputRecorder
  }

  // Unchecked: `articles` is read and written only while holding `lock`.
  private let lock = NSLock()
  private var articles: [Int: Article] = [:]

  /// Keeps chapter `index`'s article.
  func keep(_ article: Article, of index: Int) {
    self.lock.withLock { self.articles[index] = article }
  }

  /// Chapter `index`'s article, removed from the store; nil when no page kept it.
  func take(_ index: Int) -> Article? {
    self.lock.withLock { self.articles.removeValue(forKey: index) }
  }
}
