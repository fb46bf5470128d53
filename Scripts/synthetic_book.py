#!/usr/bin/env python3
"""Writes a synthetic book for the site benchmark, shaped like the real one: CHAPTERS chapters of about SIZE
bytes of Markdown each, with prose, tables, lists, footnotes and many Swift listings (new chunks, chunks
replaced from earlier chapters, folded tests, excerpts), one long listing (over 100 lines) per chapter, and
a Mermaid diagram in each of the first DIAGRAMS chapters (chains, branches, subgraphs, and charts too wide
for the column, which are laid out twice). Deterministic.
Usage: synthetic_book.py FOLDER [CHAPTERS] [SIZE] [DIAGRAMS]
"""
import os
import sys

WORDS = (
    "store state action reducer selector listener value immutable thunk dispatch stream buffer "
    "policy registrar module chapter test view render terminal observation memo dependency filter "
    "predicate change global local window counter animal quake remote server sqlite cache"
).split()


def sentence(seed, length=14):
    words = [WORDS[(seed * 7 + i * 13 + i * i) % len(WORDS)] for i in range(length)]
    return " ".join(words).capitalize() + "."


def paragraph(seed):
    text = " ".join(sentence(seed + i, 10 + (seed + i) % 9) for i in range(5))
    return text.replace(" value ", " `value` ", 1).replace(" state ", " **state** ", 1)


def swift_type(chapter, index, version):
    name = f"Thing{chapter}x{index}"
    return f"""/// A {WORDS[index % len(WORDS)]} of chapter {chapter}: holds a value and knows how to change it.
///
/// `{name}(count: 1).adding(2)` → `{name}(count: 3)`.
public struct {name}: Hashable, Sendable {{
  /// How many there are.
  public var count: Int
  /// A label for people, e.g. "{WORDS[(index + 3) % len(WORDS)]}".
  public var label: String = "item-{index}"

  /// Creates a value.
  public init(count: Int) {{
    self.count = count
  }}

  /// The value with `amount` more (version {version}).
  public func adding(_ amount: Int) -> Self {{
    var copy = self
    copy.count += amount * {version}
    return copy
  }}

  /// Applies every action in order, stopping at the first that fails.
  public func applying(_ actions: [Int]) throws -> Self {{
    try actions.reduce(self) {{ partial, amount in
      guard amount >= 0 else {{ throw Failure.negative(amount) }}
      return partial.adding(amount)
    }}
  }}

  /// Why an action was refused.
  public enum Failure: Error, Equatable {{
    case negative(Int)
  }}
}}
"""


def swift_test(chapter, index):
    name = f"Thing{chapter}x{index}"
    return f"""import XCTest
@testable import Bench{chapter}

final class {name}Tests: XCTestCase {{
  func testAddingCounts() {{
    XCTAssertEqual({name}(count: 1).adding(2).count, 3)
  }}

  func testNegativeActionsAreRefused() {{
    XCTAssertThrowsError(try {name}(count: 0).applying([1, -1]))
  }}
}}
"""


def swift_long(chapter):
    """A long listing: one type with a dozen members, over 100 lines."""
    name = f"Ledger{chapter}"
    members = []
    for index in range(12):
        word = WORDS[(chapter + index) % len(WORDS)]
        members.append(f"""  /// Records a {word} and returns how many there are now.
  @discardableResult
  public mutating func record{word.capitalize()}{index}(_ amount: Int, note: String = "{word}") -> Int {{
    guard amount > 0 else {{ return self.entries.count }}
    self.entries.append(Entry(name: "{word}-\\(note)", amount: amount * {index + 1}))
    return self.entries.count
  }}
""")
    return f"""/// Everything chapter {chapter} records, in order.
public struct {name}: Sendable {{
  /// One recorded change.
  public struct Entry: Hashable, Sendable {{
    public var name: String
    public var amount: Int
  }}

  /// The changes so far, oldest first.
  public private(set) var entries: [Entry] = []

  /// An empty ledger.
  public init() {{}}

{chr(10).join(members)}}}
"""


def diagram(chapter):
    """A Mermaid flowchart: a chain, a branch, subgraphs, or a chart too wide for the column."""
    word = WORDS[chapter % len(WORDS)]
    lines = ["```mermaid"]
    kind = chapter % 4
    if kind == 0:
        lines += ["flowchart LR", f"  accTitle: How a {word} travels", f"  accDescr: A {word} passes five stages."]
        lines += [f"  S{i}[\"{WORDS[(chapter + i) % len(WORDS)]} stage\"] --> S{i + 1}" for i in range(5)]
    elif kind == 1:
        lines += ["flowchart TD", f"  accTitle: Choosing a {word}", f"  accDescr: A question with two answers."]
        lines += ["  A[Start] --> B{Ready?}", "  B -- yes --> C([Dispatch])", "  B -. no .-> D[(Store)]", "  D --> A"]
    elif kind == 2:
        lines += ["flowchart LR", f"  accTitle: The {word} and its listeners", f"  accDescr: Two groups that talk."]
        lines += ["  subgraph Core [Core]", "    R[Reducer] -- state --> S[(Store)]", "  end"]
        lines += ["  subgraph Edge [Edge]", "    V[View] -- action --> L[Listener]", "  end"]
        lines += ["  L -- dispatch --> R", "  S -- selects --> V"]
    else:
        lines += ["flowchart LR", f"  accTitle: Every step of a {word}", f"  accDescr: A chain too long for one row."]
        lines += [f"  T{i}[\"Step {i}: the {WORDS[(chapter + i) % len(WORDS)]}\"] --> T{i + 1}" for i in range(9)]
        lines.append("  T9[\"Step 9: done\"]")
    lines.append("```")
    return lines


def chapter_text(chapter, size, diagrams):
    lines = [f"# Chapter {chapter}: the {WORDS[chapter % len(WORDS)]} and its {WORDS[(chapter + 5) % len(WORDS)]}", ""]
    lines += [paragraph(chapter), ""]
    if chapter < diagrams:
        lines += diagram(chapter) + ["", paragraph(chapter + 1), ""]
    lines += [f"```swift file=Sources/Bench{chapter}/Ledger.swift", swift_long(chapter) + "```", ""]
    index = 0
    while sum(len(line) + 1 for line in lines) < size:
        seed = chapter * 100 + index
        lines += [f"## Section {index}: {WORDS[seed % len(WORDS)]} {WORDS[(seed + 3) % len(WORDS)]}", ""]
        lines += [paragraph(seed) + f"[^note{index}]", "", paragraph(seed + 1), ""]
        file = f"Sources/Bench{chapter}/Thing{index}.swift"
        lines += [f"```swift file={file} chunk=thing", swift_type(chapter, index, 1) + "```", ""]
        lines += [paragraph(seed + 2), ""]
        if chapter > 0 and index % 3 == 0:
            earlier = f"Sources/Bench{chapter - 1}/Thing{index}.swift"
            lines += [f"```swift file={earlier} chunk=thing", swift_type(chapter - 1, index, 2) + "```", ""]
        if index % 2 == 0:
            lines += [f"```swift file={file} chunk=thing mode=replace", swift_type(chapter, index, 3) + "```", ""]
        lines += ["| kind | count | note |", "|:--|--:|:-:|"]
        lines += [f"| {WORDS[(seed + i) % len(WORDS)]} | {i * seed % 97} | ~~old~~ new |" for i in range(4)]
        lines += ["", "- [x] written", "- [ ] reviewed", f"- see [the next chapter](chapter-{chapter + 1:02d}.md)", ""]
        lines += ["```swift compile=false", f"let thing = Thing{chapter}x{index}(count: 1).adding(2)", "```", ""]
        lines += [f"```swift file=Tests/Bench{chapter}Tests/Thing{index}Tests.swift", swift_test(chapter, index) + "```", ""]
        lines += [f"[^note{index}]: A note about {WORDS[seed % len(WORDS)]}, see https://example.com/{seed}.", ""]
        index += 1
    return "\n".join(lines) + "\n"


def main():
    folder = sys.argv[1]
    chapters = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    size = int(sys.argv[3]) if len(sys.argv) > 3 else 25_000
    diagrams = int(sys.argv[4]) if len(sys.argv) > 4 else 12
    os.makedirs(folder, exist_ok=True)
    total = 0
    for chapter in range(chapters):
        text = chapter_text(chapter, size, diagrams)
        total += len(text.encode())
        with open(os.path.join(folder, f"chapter-{chapter:02d}.md"), "w") as file:
            file.write(text)
    print(f"synthetic book: {chapters} chapters, {total // 1024} KB of Markdown, {min(diagrams, chapters)} diagrams in {folder}")


if __name__ == "__main__":
    main()
