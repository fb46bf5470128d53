/// A place in a workspace file: a path relative to the workspace root, and a 1-based line and column.
///
/// Printed the way compilers print them, so editors can jump there: `Chapters/01-store.md:12:5`.
package struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The file's path, relative to the workspace root.
  package var path: String
  /// The 1-based line.
  package var line: Int
  /// The 1-based column, counted in UTF-8 bytes as cmark-gfm and the Swift compiler count them.
  package var column: Int

  /// Creates a location.
  package init(path: String, line: Int, column: Int = 1) {
    self.path = path
    self.line = line
    self.column = column
  }

  /// `path:line:column`.
  package var description: String { "\(self.path):\(self.line):\(self.column)" }

  /// Orders locations by path, then line, then column, so diagnostics print in reading order.
  package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
    (lhs.path, lhs.line, lhs.column) < (rhs.path, rhs.line, rhs.column)
  }
}
