/// A Mermaid flowchart as the book writes it: nodes, edges, subgraphs and the accessible title and
/// description, ready to be laid out.
///
/// ```text
/// flowchart LR
///   accTitle: The loop
///   View -- event --> Store[(Store)]
/// ```
/// → direction `.leftToRight`, title `The loop`, nodes `View` and `Store` (a cylinder), one labelled edge.
struct Flowchart: Hashable, Sendable {
  /// Which way ranks run.
  enum Direction: String, Hashable, Sendable, CaseIterable {
    case topToBottom = "TB"
    case bottomToTop = "BT"
    case leftToRight = "LR"
    case rightToLeft = "RL"

    /// The direction a Mermaid keyword names: `TD` and `TB` are both top to bottom.
    init?(mermaid keyword: String) {
      if keyword == "TD" {
        self = .topToBottom
      } else {
        self.init(rawValue: keyword)
      }
    }
  }

  /// The outline a node is drawn with, one per Mermaid bracket form.
  enum Shape: String, Hashable, Sendable, CaseIterable {
    /// `A[label]`
    case rectangle
    /// `A(label)`
    case rounded
    /// `A([label])`
    case stadium
    /// `A[[label]]`
    case subroutine
    /// `A[(label)]`
    case cylinder
    /// `A((label))`
    case circle
    /// `A{label}`
    case diamond
    /// `A{{label}}`
    case hexagon
  }

  /// A box of the chart.
  struct Node: Hashable, Sendable {
    /// The Mermaid id (`A` in `A[Label]`).
    var id: String
    /// The text shown; the id when the node was never given a label.
    var label: String
    /// The outline.
    var shape: Shape
    /// The index in `subgraphs` of the innermost subgraph the node sits in.
    var subgraph: Int?
  }

  /// How an edge's line is drawn.
  enum Stroke: String, Hashable, Sendable {
    /// `-->`, `---`
    case solid
    /// `-.->`, `-.-`
    case dotted
    /// `==>`, `===`
    case thick
    /// `~~~`: placed by the layout, not drawn.
    case invisible
  }

  /// A line between two nodes (or subgraphs).
  struct Edge: Hashable, Sendable {
    /// The id of the node or subgraph the edge leaves.
    var from: String
    /// The id of the node or subgraph the edge reaches.
    var to: String
    /// The line style.
    var stroke: Stroke
    /// Whether the end at `to` has an arrowhead.
    var arrow: Bool
    /// Whether the end at `from` has an arrowhead too (`<-->`).
    var bothEnds: Bool
    /// The text written on the edge.
    var label: String?
  }

  /// A titled group of nodes, drawn as a box around them.
  struct Subgraph: Hashable, Sendable {
    /// The Mermaid id, which edges may name.
    var id: String
    /// The title shown at the top of the box.
    var title: String
    /// The index of the subgraph this one is nested in.
    var parent: Int?
  }

  /// Which way ranks run.
  var direction: Direction = .topToBottom
  /// The `accTitle`: the diagram's accessible name.
  var title: String = ""
  /// The `accDescr`: what the diagram shows, for readers who cannot see it.
  var description: String?
  /// The nodes, in order of first mention.
  var nodes: [Node] = []
  /// The edges, in the order written.
  var edges: [Edge] = []
  /// The subgraphs, in the order opened.
  var subgraphs: [Subgraph] = []
}
