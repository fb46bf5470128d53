/// What a listing is for the reader and the tool, decided once, when its chapter is loaded
/// (`Listing.kind`); later stages switch over it instead of reading the language or attributes again.
///
/// A new kind of listing (a data figure drawn from a table, say) is a new case here and in
/// `init(tag:language:capture:)`; the compiler then lists every stage that must decide what to do with it.
package enum ListingKind: Hashable, Sendable, CaseIterable {
  /// Swift tangled into the manifest or a file under `Sources/`.
  case tangled
  /// Swift tangled into a file under `Tests/` (the site folds it away and does not number it).
  case test
  /// Swift that quotes tangled code (`excerpt=PATH` or `excerpt=PATH#CHUNK`), checked against it.
  case excerpt
  /// Swift shown and never compiled nor checked (`compile=false`).
  case sketch
  /// The output of a run declared in `Chapters/captures.json` (```` ```text capture=NAME ````).
  case transcript
  /// A Mermaid flowchart (```` ```mermaid ````), drawn as a figure.
  case diagram
  /// A table or chart drawn from a result file (```` ```table data=NAME ````, ```` ```chart … ````).
  case figure
  /// Any other block (a shell session, plain text), shown as it is.
  case other
  /// A block whose tag is wrong; its diagnostics say why.
  case invalid

  /// The language that marks a diagram.
  static let diagramLanguage = "mermaid"

  /// The kind of a block with this tag, language and `capture=` attribute.
  init(tag: ListingTag, language: String, capture: ListingAttribute?) {
    switch tag {
    case .tangled(let directive): self = directive.testTarget == nil ? .tangled : .test
    case .excerpt(let source): self = source == nil ? .sketch : .excerpt
    case .invalid: self = .invalid
    case .prose:
      if capture != nil {
        self = .transcript
      } else {
        self =
          language == Self.diagramLanguage ? .diagram : FigureBlock.isFigure(language: language) ? .figure : .other
      }
    }
  }
}
