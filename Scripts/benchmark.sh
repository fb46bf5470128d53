#!/usr/bin/env bash
# Prints the figures behind issue 2's performance goals (a benchmark, not a test):
#  1. `book tangle` + `book check` over the whole book, release build (goal: under 0.3 s together;
#     `book check` includes rendering the site in memory and checking links);
#  2. which targets an edit to one chapter's prose rebuilds (goal: only that chapter's targets and
#     the targets that depend on them), measured in a scratch copy so the real chapters are untouched.
# Usage: Scripts/benchmark.sh [CHAPTER_NUMBER_TO_EDIT]   (default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
chapter="${1:-1}"
runs=20

swift build -c release --product book >/dev/null
book="$PWD/.build/release/book"

# Everything runs in a scratch copy of the committed workspace plus the current chapters, so the
# benchmark never writes to the real one.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
git ls-files -z | xargs -0 -I{} cp --parents {} "$scratch/"
cp Chapters/*.md "$scratch/Chapters/"
"$book" tangle --root "$scratch" >/dev/null
"$book" site --root "$scratch" >/dev/null

now_ns() { date +%s%N; }
timings=()
for _ in $(seq "$runs"); do
  start=$(now_ns)
  "$book" tangle --root "$scratch" >/dev/null
  "$book" check --root "$scratch" >/dev/null
  timings+=($(( ($(now_ns) - start) / 1000 )))
done
sorted=($(printf '%s\n' "${timings[@]}" | sort -n))
chapters=$(ls Chapters/*.md | wc -l)
bytes=$(cat Chapters/*.md | wc -c)
echo "book tangle + book check, release, $chapters chapters, $bytes bytes of Markdown, $runs runs:"
echo "  min $(( sorted[0] / 1000 )) ms, median $(( sorted[runs / 2] / 1000 )) ms, max $(( sorted[runs - 1] / 1000 )) ms (goal: < 300 ms)"

# Rebuild scope after a prose edit, in the scratch copy with its own build folder.
cd "$scratch"
targets=$( (ls -d Sources/*/ Tests/*/ 2>/dev/null) | xargs -n1 basename \
  | grep -vxE 'book|BookKit|BookSite|CCmarkGFM|BookKitTests|BookSiteTests' || true)
build_book_targets() {
  for target in $targets; do swift build --target "$target" 2>&1; done
}
echo "warming a scratch build of the book's targets ($(echo $targets | wc -w) targets)…"
build_book_targets >/dev/null
file=$(ls Chapters/ | grep -E "^0*${chapter}-" | head -n1)
[ -n "$file" ] || { echo "no chapter numbered $chapter"; exit 1; }
# A prose line after the title shifts every listing below it, so the chapter's files really change.
sed -i '1a\
\
A new sentence of prose, added by the benchmark.' "Chapters/$file"
"$book" tangle --root "$scratch" | grep -E '^wrote' || true
start=$(now_ns)
rebuilt=$(build_book_targets | grep -oE 'Compiling [A-Za-z0-9_]+' | awk '{print $2}' | sort -u | tr '\n' ' ')
echo "after a prose edit to Chapters/$file: rebuilt modules: ${rebuilt:-none} ($(( ($(now_ns) - start) / 1000000 )) ms)"
