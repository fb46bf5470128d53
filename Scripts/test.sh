#!/usr/bin/env bash
# Second command of the README: check the book against its chapters, then run every test: the book's
# own package (every chapter's tests), the pictures of its programs, the `book` tool's tests, and the
# rendered site in a browser.
set -euo pipefail
cd "$(dirname "$0")/.."

# Chapters, generated code (the manifest included), site and links agree.
Scripts/book check

# The book's package: every chapter's tests. A snapshot of chapter 0 has no package yet.
if [ -f Package.swift ]; then
  swift build --build-tests
  swift test --skip-build
  # The book's pictures and transcripts of its programs match what the programs print now.
  Scripts/book capture --check
  # Another package can depend on the book's package and use its libraries.
  Scripts/consumer-check.sh
else
  echo "test: the book has no Package.swift yet (its first listing comes in chapter 1); no chapter tests"
fi

# The tool's own tests (Scripts/BookTool).
swift build --package-path Scripts/BookTool --build-tests
swift test --package-path Scripts/BookTool --skip-build

# The built site, read in headless Chromium when it is installed (Scripts/setup.sh installs it).
if command -v chromium >/dev/null; then Scripts/browser-check.sh; fi
# The publisher's checkers: the Nu HTML checker and axe-core (WCAG 2.1 A/AA), each skipped with a printed
# line when its program is absent (Scripts/setup.sh installs them).
Scripts/site-checkers.sh

# The e-book, checked by epubcheck when it is installed (it prints a skip line otherwise; about 20 s).
Scripts/epub-check.sh

# The house style (.swift-format), last so that a style finding never hides a failing test: the tool's
# code (Scripts/format.sh rewrites it), then the tangled code, whose findings `book lint` reports at the
# chapter lines of the listings that wrote them.
swift format lint --strict --recursive --parallel --configuration .swift-format \
  Scripts/BookTool/Package.swift Scripts/BookTool/Sources Scripts/BookTool/Tests
Scripts/book lint
