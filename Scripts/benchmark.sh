#!/usr/bin/env bash
# Prints the figures behind the workspace's performance goals (a benchmark, not a test). Everything runs
# in scratch copies; the real workspace is never written.
#  1. A reader's fast path: a fresh clone's cold `swift build --build-tests` + `swift test` of the book's
#     package at the root (goal: ≤ 45 s on 2 cores, and no swift-syntax built), in wall time and in CPU time
#     (user + sys, which other work on a shared machine barely changes), split into build and tests, with
#     the floor the two package dependencies set: GRDB and swift-argument-parser each built cold and alone.
#  2. `book tangle` + `book check` over the whole book, release build (goal: under 0.3 s together;
#     `book check` includes rendering the site in memory and checking links).
#  3. Which targets an edit to one chapter's prose rebuilds (goal: only that chapter's targets and the
#     targets that depend on them).
#  4. `book tag --verify` in the fresh clone: wall time per snapshot (goal: ≤ 30 s on average) and an
#     estimate for a book of 22 chapters.
# Usage: Scripts/benchmark.sh [CHAPTER_NUMBER_TO_EDIT]   (default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
chapter="${1:-1}"
runs=20
planned_chapters=22

# The tool in release mode by default; BENCHMARK_TOOL=debug reuses the everyday debug build (a first
# release build of swift-syntax takes a long time on 2 cores). The figures say which one ran.
tool_config="${BENCHMARK_TOOL:-release}"
swift build -c "$tool_config" --package-path Scripts/BookTool --product book >/dev/null
book="$PWD/Scripts/BookTool/.build/$tool_config/book"
now_ns() { date +%s%N; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Runs a command in the fresh clone with its output in LOG; sets `wall` and `cpu` (user + sys of the command
# and its children, from bash's `time`) in seconds.
timed() {
  local log=$1 TIMEFORMAT='%R %U %S' measured user sys
  shift
  measured=$( { time { (cd "$scratch/clone" && "$@") >"$log" 2>&1; }; } 2>&1 ) || return 1
  read -r wall user sys <<<"$measured"
  wall=$(awk -v w="$wall" 'BEGIN { printf "%.1f", w }')
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
}
sum() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a + b }'; }

# 1. A fresh clone of the committed HEAD, as a reader gets it.
git clone -q "$PWD" "$scratch/clone"
load=$(uptime | sed -E 's/.*load averages?: //')
if ! timed "$scratch/build.log" swift build --build-tests; then
  tail -n 20 "$scratch/build.log"; echo "benchmark: the fresh clone did not build"; exit 1
fi
build_wall=$wall build_cpu=$cpu
if ! timed "$scratch/test.log" swift test --skip-build; then
  tail -n 20 "$scratch/test.log"; echo "benchmark: the fresh clone's tests did not pass"; exit 1
fi
test_wall=$wall test_cpu=$cpu
tests=$(grep -oE 'Executed [0-9]+ tests' "$scratch/test.log" | tail -n1 || echo "no test summary")
xctest=$(grep -oE 'Executed [0-9]+ tests, .* in [0-9.]+' "$scratch/test.log" | tail -n1 | awk '{ print $NF }')
syntax=$(grep -c 'Compiling SwiftSyntax' "$scratch/build.log" || true)
echo "fresh clone, book package: swift build --build-tests + swift test: $(sum "$build_wall" "$test_wall") s wall," \
  "$(sum "$build_cpu" "$test_cpu") s CPU ($tests; swift-syntax files compiled: $syntax) (goal: ≤ 45 s wall on 2 cores, none)"
echo "  build $build_wall s wall, $build_cpu s CPU; tests $test_wall s wall (XCTest's own count: ${xctest:-?} s), $test_cpu s CPU;" \
  "load average at the start: $load"
# The floor: each dependency built cold on its own, in a build folder of its own (resolution from the cache).
(cd "$scratch/clone" && swift package resolve --scratch-path "$scratch/deps" >/dev/null 2>&1)
timed "$scratch/parser.log" swift build --scratch-path "$scratch/deps" --target ArgumentParser || { tail -n 20 "$scratch/parser.log"; exit 1; }
parser_cpu=$cpu
timed "$scratch/grdb.log" swift build --scratch-path "$scratch/deps" --target GRDB || { tail -n 20 "$scratch/grdb.log"; exit 1; }
grdb_cpu=$cpu
echo "  the dependencies alone, cold: GRDB $grdb_cpu s CPU, swift-argument-parser $parser_cpu s CPU (with its two" \
  "command plugins, which SwiftPM compiles on every cold build, and SwiftPM's own start): at best $(awk -v a="$grdb_cpu" -v b="$parser_cpu" 'BEGIN { printf "%.1f", (a + b) / 2 }') s" \
  "of the wall time on 2 cores; the book's own modules and tests are the rest"

# 2. Tangle + check, in a copy of the committed workspace plus the current chapters.
mkdir "$scratch/work"
git ls-files -z | xargs -0 -I{} cp -P --parents {} "$scratch/work/"
cp Chapters/*.md "$scratch/work/Chapters/"
"$book" tangle --root "$scratch/work" >/dev/null
"$book" site --root "$scratch/work" >/dev/null
timings=()
for _ in $(seq "$runs"); do
  start=$(now_ns)
  "$book" tangle --root "$scratch/work" >/dev/null
  "$book" check --root "$scratch/work" >/dev/null 2>&1
  timings+=($(( ($(now_ns) - start) / 1000 )))
done
sorted=($(printf '%s\n' "${timings[@]}" | sort -n))
chapters=$(ls Chapters/*.md | wc -l)
bytes=$(cat Chapters/*.md | wc -c)
echo "book tangle + book check, $tool_config build of the tool, $chapters chapters, $bytes bytes of Markdown, $runs runs:"
echo "  min $(( sorted[0] / 1000 )) ms, median $(( sorted[runs / 2] / 1000 )) ms, max $(( sorted[runs - 1] / 1000 )) ms (goal: < 300 ms)"

# 3. Rebuild scope after a prose edit, in the copy with its own build folder.
(
  cd "$scratch/work"
  targets=$( (ls -d Sources/*/ Tests/*/ 2>/dev/null) | xargs -n1 basename)
  build_book_targets() { for target in $targets; do swift build --target "$target" 2>&1; done; }
  echo "warming a scratch build of the book's targets ($(echo $targets | wc -w) targets)…"
  build_book_targets >/dev/null
  file=$(ls Chapters/ | grep -E "^0*${chapter}-" | head -n1)
  [ -n "$file" ] || { echo "no chapter numbered $chapter"; exit 1; }
  # A prose line after the title shifts every listing below it, so the chapter's files really change.
  sed -i '1a\
\
A new sentence of prose, added by the benchmark.' "Chapters/$file"
  "$book" tangle --root "$scratch/work" | grep -E '^wrote' | sed 's/^/  /' || true
  start=$(now_ns)
  rebuilt=$(build_book_targets | grep -oE 'Compiling [A-Za-z0-9_]+' | awk '{print $2}' | sort -u | tr '\n' ' ')
  echo "after a prose edit to Chapters/$file: rebuilt modules: ${rebuilt:-none} ($(( ($(now_ns) - start) / 1000000 )) ms)"
)

# 4. Chapter snapshots in the fresh clone (its tags only), checked, built and tested one by one.
start=$(now_ns)
"$book" tag --verify --root "$scratch/clone" >"$scratch/verify.log" 2>&1 || { cat "$scratch/verify.log"; exit 1; }
verify_s=$(( ($(now_ns) - start) / 1000000000 ))
table=$(grep -E '^chapter-[0-9]+ +(yes|NO) ' "$scratch/verify.log")
printf '%s\n' "$table" | sed 's/^/  /'
snapshots=$(printf '%s\n' "$table" | wc -l)
per=$(printf '%s\n' "$table" | grep -oE '[0-9]+\.[0-9] s' | awk '{ sum += $1 } END { printf "%.1f", sum / NR }')
echo "book tag --verify: $snapshots snapshots in $verify_s s wall (tagging included), $per s per snapshot on average (goal: ≤ 30 s)"
echo "estimate for $planned_chapters chapters at that average: $(awk -v p="$per" -v n="$planned_chapters" 'BEGIN { printf "%.0f", p * n }') s" \
  "(later chapters add targets and dependencies such as GRDB and Hummingbird: the first snapshot that needs one pays its cold build once)"
