#!/usr/bin/env bash
# Rewrites the `book` tool's Swift files (Scripts/BookTool: its manifest, sources and tests) in the house
# style of `.swift-format`, in place. `Scripts/test.sh` runs `swift format lint --strict` over the same
# files and over the tangled code; the tangled code (Package.swift, Sources/, Tests/ at the root) is
# generated from the chapters, so a finding there is fixed in the chapter listing, never here.
# `AllPublicDeclarationsHaveDocumentation` serves the book's libraries, whose API is public; the tool ships
# only executables, so its declarations are `package` and its doc-comment rule is a test of its own
# (`DocumentationTests`: every `package` type and function, not every property and initialiser).
set -euo pipefail
cd "$(dirname "$0")/.."
swift format format --in-place --recursive --parallel --configuration .swift-format \
  Scripts/BookTool/Package.swift Scripts/BookTool/Sources Scripts/BookTool/Tests
