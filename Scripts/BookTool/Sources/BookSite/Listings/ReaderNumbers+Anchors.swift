import BookKit

extension ReaderNumbers {
  /// The numbers of one chapter, computing its listing anchors (`ListingView.anchors`).
  init(chapter: Chapter) {
    self.init(chapter: chapter, listingAnchors: ListingView.anchors(of: chapter), sections: chapter.sections)
  }
}
