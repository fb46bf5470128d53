#!/usr/bin/env bash
# Second command of the README: check the book against its chapters, then run every test
# (the tool's own tests and every chapter's tests).
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --build-tests
.build/debug/book check
swift test --skip-build
# The book's pictures of its programs match what the programs print now.
.build/debug/book capture --check
# The built site, read in headless Chromium when it is installed (Scripts/setup.sh installs it).
if command -v chromium >/dev/null; then Scripts/browser-check.sh; fi
