extension Flowchart {
  /// Stand-in colours written into the DOT text, replaced in the SVG by `currentColor` so that a diagram
  /// follows the page's light or dark theme. Odd values that no diagram would choose.
  enum PlaceholderColor: String, CaseIterable, Sendable {
    case nodeStroke = "#0a0b01"
    case nodeFill = "#0a0b02"
    case text = "#0a0b03"
    case edge = "#0a0b04"
    case clusterStroke = "#0a0b05"
    case clusterFill = "#0a0b06"
  }

  /// The chart as a graphviz graph named `name`:
  ///
  /// ```text
  /// digraph "g0" {
  ///   graph [rankdir=LR, …]
  ///   n0 [label="Detail controller", shape=box, class="rectangle"]
  ///   n0 -> n1 [label="sets read", class="solid"]
  /// }
  /// ```
  func dot(named name: String) -> String {
    var lines = ["digraph \(Self.quoted(name)) {"] + self.defaultAttributes()
    lines += self.nodes.indices.filter { self.nodes[$0].subgraph == nil }.map { "  " + self.nodeStatement($0) }
    for index in self.subgraphs.indices where self.subgraphs[index].parent == nil {
      lines += self.clusterLines(index, indent: "  ")
    }
    lines += self.edges.map { "  " + self.edgeStatement($0) }
    lines.append("}")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Fonts, colours and spacing for the whole graph.
  private func defaultAttributes() -> [String] {
    let font = "fontname=\"Helvetica\", fontcolor=\"\(PlaceholderColor.text.rawValue)\""
    return [
      "  graph [rankdir=\(self.direction.rawValue), bgcolor=\"transparent\", compound=true, \(font), "
        + "fontsize=14, nodesep=0.35, ranksep=0.45, pad=0.05]",
      "  node [\(font), fontsize=14, shape=box, style=\"filled\", color=\"\(PlaceholderColor.nodeStroke.rawValue)\", "
        + "fillcolor=\"\(PlaceholderColor.nodeFill.rawValue)\", margin=\"0.18,0.08\", height=0.4]",
      "  edge [\(font), fontsize=12, color=\"\(PlaceholderColor.edge.rawValue)\", arrowsize=0.8]",
    ]
  }

  /// A subgraph as a graphviz cluster holding its own nodes and its nested clusters.
  private func clusterLines(_ index: Int, indent: String) -> [String] {
    let subgraph = self.subgraphs[index]
    var lines = [
      "\(indent)subgraph cluster_\(index) {",
      "\(indent)  graph [label=\(Self.quoted(subgraph.title)), class=\"subgraph\", style=\"filled,rounded\", "
        + "color=\"\(PlaceholderColor.clusterStroke.rawValue)\", fillcolor=\"\(PlaceholderColor.clusterFill.rawValue)\"]",
    ]
    lines += self.nodes.indices.filter { self.nodes[$0].subgraph == index }.map {
      "\(indent)  " + self.nodeStatement($0)
    }
    for child in self.subgraphs.indices where self.subgraphs[child].parent == index {
      lines += self.clusterLines(child, indent: indent + "  ")
    }
    lines.append("\(indent)}")
    return lines
  }

  /// `n3 [label="Thread model", shape=box, class="rectangle"]`.
  private func nodeStatement(_ index: Int) -> String {
    let node = self.nodes[index]
    let shape: String
    switch node.shape {
    case .rectangle: shape = "shape=box"
    case .rounded, .stadium: shape = "shape=box, style=\"rounded,filled\""
    case .subroutine: shape = "shape=box, peripheries=2"
    case .cylinder: shape = "shape=cylinder"
    case .circle: shape = "shape=circle"
    case .diamond: shape = "shape=diamond"
    case .hexagon: shape = "shape=hexagon"
    }
    return "n\(index) [label=\(Self.quoted(node.label)), \(shape), class=\"\(node.shape.rawValue)\"]"
  }

  /// `n0 -> n1 [label="sets read", class="solid"]`, with the line style and arrowheads of the edge; an end
  /// that names a subgraph attaches to one of its nodes and is clipped at the cluster's border.
  private func edgeStatement(_ edge: Edge) -> String {
    let from = self.endpoint(edge.from)
    let to = self.endpoint(edge.to)
    var attributes: [String] = []
    if let label = edge.label { attributes.append("label=\(Self.quoted(label))") }
    switch edge.stroke {
    case .solid: break
    case .dotted: attributes.append("style=dashed")
    case .thick: attributes.append("penwidth=2.5")
    case .invisible: attributes.append("style=invis")
    }
    if !edge.arrow { attributes.append("arrowhead=none") }
    if edge.bothEnds { attributes.append("dir=both") }
    if let cluster = from.cluster { attributes.append("ltail=cluster_\(cluster)") }
    if let cluster = to.cluster { attributes.append("lhead=cluster_\(cluster)") }
    attributes.append("class=\"\(edge.stroke.rawValue)\"")
    return "\(from.node) -> \(to.node) [\(attributes.joined(separator: ", "))]"
  }

  /// The DOT node an edge end attaches to, and the cluster to clip it at when the id names a subgraph.
  private func endpoint(_ id: String) -> (node: String, cluster: Int?) {
    if let index = self.nodes.firstIndex(where: { $0.id == id }) { return ("n\(index)", nil) }
    guard let cluster = self.subgraphs.firstIndex(where: { $0.id == id }),
      let member = self.nodes.indices.first(where: { self.isNode($0, inside: cluster) })
    else { return (Self.quoted(id), nil) }
    return ("n\(member)", cluster)
  }

  /// Whether a node sits in a subgraph, directly or in one nested inside it.
  func isNode(_ node: Int, inside subgraph: Int) -> Bool {
    var current = self.nodes[node].subgraph
    while let index = current {
      if index == subgraph { return true }
      current = self.subgraphs[index].parent
    }
    return false
  }

  /// A DOT string literal: `say "hi"` → `"say \"hi\""`; newlines become graphviz's centred line breaks.
  static func quoted(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "\\": escaped += "\\\\"
      case "\"": escaped += "\\\""
      case "\n": escaped += "\\n"
      default: escaped.append(character)
      }
    }
    return "\"\(escaped)\""
  }
}
