#!/usr/bin/env bash
# Second command of the README: check the book against its chapters, then run every test: the book's
# own package (every chapter's tests), the pictures of its programs, the `book` tool's tests, and the
# rendered site in a browser.
# Usage: Scripts/test.sh [--with-snapshots]
#   --with-snapshots (CI's): also make the chapter tags and build and test every chapter snapshot
#   (`book tag --verify --workspace-tested`), beside the tool's tests and the site's checks, once the book's
#   own package is built and tested: the snapshots rebuild the book's modules in its `.build`, so they wait
#   for the pictures and the consumer check, which run the book's programs and libraries from it.
set -euo pipefail
cd "$(dirname "$0")/.."
with_snapshots=0
case "${1:-}" in
  "") ;;
  --with-snapshots) with_snapshots=1 ;;
  *) echo "usage: Scripts/test.sh [--with-snapshots]" >&2; exit 64 ;;
esac

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

# The site's checks, which read Site/ and nothing the tests below write: the built site in headless
# Chromium (when it is installed: Scripts/setup.sh installs it), the publisher's checkers (the Nu HTML
# checker and axe-core, WCAG 2.1 A/AA, each skipped with a printed line when its program is absent), and
# the e-book's (epubcheck, a skip line without it).
site_checks() {
  if command -v chromium >/dev/null; then Scripts/browser-check.sh; fi
  Scripts/site-checkers.sh
  Scripts/epub-check.sh
}

# The tool's own tests (Scripts/BookTool), with the site's checks beside them (and, with
# --with-snapshots, the chapter snapshots): the tool's tests spend much of their time waiting (servers,
# timeouts, the processes they start), the site's checks use one core, and the snapshots' tests mostly
# one, which leaves the machine idle half the time when they run one after another. What runs beside the
# tests prints when it is done, after the tests' output, not inside it.
swift build --package-path Scripts/BookTool --build-tests
site_log="$(mktemp)"
snapshots_log="$(mktemp)"
trap 'rm -f "$site_log" "$snapshots_log"' EXIT
site_checks >"$site_log" 2>&1 &
site_pid=$!
if [ "$with_snapshots" -eq 1 ]; then
  Scripts/book tag --verify --workspace-tested >"$snapshots_log" 2>&1 &
  snapshots_pid=$!
fi
tool_status=0
swift test --package-path Scripts/BookTool --skip-build || tool_status=$?
site_status=0
wait "$site_pid" || site_status=$?
cat "$site_log"
snapshots_status=0
if [ "$with_snapshots" -eq 1 ]; then
  wait "$snapshots_pid" || snapshots_status=$?
  cat "$snapshots_log"
fi
if [ "$tool_status" -ne 0 ] || [ "$site_status" -ne 0 ] || [ "$snapshots_status" -ne 0 ]; then
  echo "test: the tool's tests (status $tool_status), the site's checks (status $site_status) or the" \
    "chapter snapshots (status $snapshots_status) failed" >&2
  exit 1
fi

# The house style (.swift-format), last so that a style finding never hides a failing test: the tool's
# code (Scripts/format.sh rewrites it), then the tangled code, whose findings `book lint` reports at the
# chapter lines of the listings that wrote them.
swift format lint --strict --recursive --parallel --configuration .swift-format \
  Scripts/BookTool/Package.swift Scripts/BookTool/Sources Scripts/BookTool/Tests
Scripts/book lint
