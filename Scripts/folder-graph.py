#!/usr/bin/env python3
"""Prints the dependency graph between the folders of the tool's targets (Scripts/BookTool/Sources/*/*/)
and fails (exit 1) when folders of one target form a cycle.

A folder depends on another when one of its files names a type, protocol or free function declared in
the other (declarations found by `struct|enum|class|protocol|actor|typealias|func NAME` at the start of
a line, outside any type). Names are matched as whole words outside comments and string literals, so
the graph is an approximation of what the compiler sees, good enough to show layering.

    Scripts/folder-graph.py            # BookKit and BookSite
    Scripts/folder-graph.py BookSite   # one target
"""
import os
import re
import sys
from collections import defaultdict

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "BookTool", "Sources")
DECLARATION = re.compile(r"^(?:(?:public|package|private|fileprivate|internal|final|indirect)\s+)*"
                         r"(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)", re.M)
WORD = re.compile(r"\b[A-Z]\w*\b")
COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
STRING = re.compile(r'"""(?:.|\n)*?"""|"(?:\\.|[^"\\\n])*"')


def swift_files(folder):
    for base, _, names in os.walk(folder):
        for name in names:
            if name.endswith(".swift"):
                yield os.path.join(base, name)


def graph(target):
    """Edges folder -> set of folders it depends on, within `target`."""
    target_root = os.path.join(ROOT, target)
    folders = sorted(n for n in os.listdir(target_root) if os.path.isdir(os.path.join(target_root, n)))
    owner = {}
    texts = defaultdict(str)
    for folder in folders:
        for path in swift_files(os.path.join(target_root, folder)):
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
            for name in DECLARATION.findall(text):
                owner.setdefault(name, folder)
            texts[folder] += STRING.sub('""', COMMENT.sub("", text)) + "\n"
    edges = {folder: set() for folder in folders}
    for folder in folders:
        for word in set(WORD.findall(texts[folder])):
            other = owner.get(word)
            if other and other != folder:
                edges[folder].add(other)
    return edges


def cycles(edges):
    """The strongly connected components with more than one folder (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]

    def visit(node):
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for other in sorted(edges[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def main():
    targets = sys.argv[1:] or ["BookKit", "BookSite"]
    failed = False
    for target in targets:
        edges = graph(target)
        print(f"{target}:")
        for folder in sorted(edges):
            print(f"  {folder}/ -> {', '.join(f'{o}/' for o in sorted(edges[folder])) or '(nothing)'}")
        for component in cycles(edges):
            failed = True
            print(f"  cycle: {' <-> '.join(f'{c}/' for c in component)}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
