#!/usr/bin/env bash
# Runs the tool's fuzz tests (Scripts/BookTool/Tests/BookSiteTests/Fuzz) longer than the test suite does:
# random books from SEED (default: the current time) for about SECONDS (default 60) in process, and a
# quarter of that through the built `book` executable. A failure names the seed of its book;
# `Scripts/fuzz.sh SEED 0` replays it (the run starts with that book). BOOK_FUZZ_KEEP=DIR keeps a copy of
# every in-process book in DIR/<seed>.
set -euo pipefail
seed="${1:-$(date +%s)}"
seconds="${2:-60}"
tool="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/BookTool"
echo "fuzz: seed $seed, $seconds s" >&2
swift build --package-path "$tool" --build-tests >&2
BOOK_FUZZ_SEED="$seed" BOOK_FUZZ_SECONDS="$seconds" \
  swift test --package-path "$tool" --skip-build --filter 'BookSiteTests\.FuzzTests'
