#!/usr/bin/env bash
# Times `book site` (release build) on a synthetic book of about 20 chapters and 500 KB of Markdown with
# many Swift listings: a cold render into an empty folder, a render when nothing changed, a forced full
# render when nothing changed (--full), and a render after editing one chapter. Prints min and median of
# several runs, then where the time goes (`book site --timings`). Targets: cold < 300 ms, no change < 50 ms.
# Usage: Scripts/benchmark-site.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-7}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
chapters="$work/chapters"
site="$work/site"

python3 Scripts/synthetic_book.py "$chapters" 20 25000
echo "benchmark: building the book tool (release)"
swift build -c release --package-path Scripts/BookTool --product book >/dev/null
book=Scripts/BookTool/.build/release/book

# Wall time of one command in milliseconds, with one decimal.
milliseconds() {
  local start end
  start=$(date +%s%N)
  "$@" >/dev/null
  end=$(date +%s%N)
  echo "$(( (end - start) / 100000 ))" | sed -E 's/([0-9])$/.\1/; s/^\./0./'
}

# Prints "name: min X ms, median Y ms (N runs)" from the timings on standard input.
summarize() {
  sort -g | awk -v name="$1" '{ t[NR] = $1 } END {
    median = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
    printf "%-28s min %7.1f ms   median %7.1f ms   (%d runs)\n", name ":", t[1], median, NR }'
}

cold() { rm -rf "$site"; milliseconds "$book" site --chapters "$chapters" --output "$site"; }
unchanged() { milliseconds "$book" site --chapters "$chapters" --output "$site"; }
unchanged_full() { milliseconds "$book" site --chapters "$chapters" --output "$site" --full; }
edited() {
  printf '\nOne more sentence, run %s.\n' "$1" >>"$chapters/chapter-10.md"
  milliseconds "$book" site --chapters "$chapters" --output "$site"
}

echo "benchmark: $(( $(cat "$chapters"/*.md | wc -c) / 1024 )) KB of Markdown, $(grep -c '^```swift' "$chapters"/*.md | awk -F: '{ s += $2 } END { print s }') Swift listings"
for _ in $(seq "$runs"); do cold; done | summarize "cold render"
"$book" site --chapters "$chapters" --output "$site" >/dev/null
for _ in $(seq "$runs"); do unchanged; done | summarize "no change"
for _ in $(seq "$runs"); do unchanged_full; done | summarize "no change, full render"
for run in $(seq "$runs"); do edited "$run"; done | summarize "one chapter edited"
echo "benchmark: site of $(du -sk "$site" | cut -f1) KB, $(find "$site" -type f | wc -l) files"

echo
echo "where the time goes, cold:"
rm -rf "$site"
"$book" site --chapters "$chapters" --output "$site" --timings | tail -n 6
echo
echo "where the time goes, no change:"
"$book" site --chapters "$chapters" --output "$site" --timings | tail -n 6
echo
echo "where the time goes, no change, full render:"
"$book" site --chapters "$chapters" --output "$site" --timings --full | tail -n 6
