import BookKit

extension Listing {
  /// Whether a listing belongs to a test (its file lies under `Tests/`): the site folds it away, and it
  /// gets no number.
  var isTestCode: Bool {
    switch self.tag {
    case .tangled(let directive): directive.testTarget != nil
    case .excerpt(let source?): source.file.hasPrefix("Tests/")
    case .excerpt(nil), .prose, .invalid: false
    }
  }
}
