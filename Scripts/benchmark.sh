#!/usr/bin/env bash
# Prints the figures behind the workspace's performance goals (a benchmark, not a test: it takes long).
# Everything runs in scratch copies; the real workspace is never written.
#  1. Every chapter tag and the whole book, built and tested cold as a reader's fresh checkout is: goal, a
#     package builds (`swift build --build-tests`) and tests (`swift test`) cold in at most the cold build of
#     its own package dependencies alone plus 30 s. For each, the dependencies alone are a scratch package
#     with one empty target that uses exactly the products the package uses; tags that need the same
#     dependencies share one such build. Wall time decides (2 cores, shared); CPU time (user + sys) is
#     printed beside it, since other work on the machine changes it less.
#  2. `book tangle` + `book check` over the whole book, release build (goal: under 0.3 s together;
#     `book check` includes rendering the site in memory and checking links).
#  3. Which targets an edit to one chapter's prose rebuilds (goal: only that chapter's targets and the
#     targets that depend on them).
#  4. `book tag --verify` in the fresh clone, as CI runs it after the book's own build: wall time per
#     snapshot, the package dependencies each snapshot compiled (goal: none, they are the book's builds),
#     and an estimate for a book of 22 chapters.
# Usage: Scripts/benchmark.sh [CHAPTER_NUMBER_TO_EDIT]   (default 1)
# Environment:
#   BENCHMARK_TAGS="chapter-05 chapter-06"  only these tags, as the repository has them (for a busy machine);
#                                           by default `book tag` makes every tag afresh in the scratch clone
#   BENCHMARK_PARTS="1 4"                   only these parts (default: 1 2 3 4)
#   BENCHMARK_TOOL=debug                    the everyday debug build of the tool instead of a release build
set -euo pipefail
cd "$(dirname "$0")/.."
chapter="${1:-1}"
runs=20
planned_chapters=22
budget=30
parts=" ${BENCHMARK_PARTS:-1 2 3 4} "
part() { [[ "$parts" == *" $1 "* ]]; }

# The tool in release mode by default; BENCHMARK_TOOL=debug reuses the everyday debug build (a first
# release build of swift-syntax takes a long time on 2 cores). The figures say which one ran.
tool_config="${BENCHMARK_TOOL:-release}"
swift build -c "$tool_config" --package-path Scripts/BookTool --product book >/dev/null
book="$PWD/Scripts/BookTool/.build/$tool_config/book"
dependencies_of="$PWD/Scripts/package_dependencies.py"
now_ns() { date +%s%N; }
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed -E 's/.*load averages?: //'; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Runs a command in FOLDER with its output in LOG; sets `wall` and `cpu` (user + sys of the command and its
# children, from bash's `time`) in seconds.
timed_in() {
  local folder=$1 log=$2 TIMEFORMAT='%R %U %S' measured user sys
  shift 2
  measured=$( { time { (cd "$folder" && "$@") >"$log" 2>&1; }; } 2>&1 ) || return 1
  read -r wall user sys <<<"$measured"
  wall=$(awk -v w="$wall" 'BEGIN { printf "%.1f", w }')
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
}
timed() { timed_in "$scratch/clone" "$@"; }
sum() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a + b }'; }
failed() { tail -n 20 "$1"; echo "benchmark: $2"; exit 1; }

# A fresh clone of the committed HEAD, as a reader gets it.
git clone -q "$PWD" "$scratch/clone"
if [ -n "${BENCHMARK_TAGS:-}" ]; then
  tags=($BENCHMARK_TAGS)
  for tag in "${tags[@]}"; do git -C "$scratch/clone" rev-parse -q --verify "refs/tags/$tag" >/dev/null || { echo "benchmark: no tag $tag"; exit 1; }; done
  tag_origin="as the repository has them"
elif part 1; then
  "$book" tag --root "$scratch/clone" >"$scratch/tag.log" 2>&1 || failed "$scratch/tag.log" "book tag failed in the clone"
  tags=($(git -C "$scratch/clone" tag -l 'chapter-*'))
  tag_origin="made afresh from HEAD by book tag"
fi

# 1. Each package (a tag's tree, or the clone for the whole book) against its budget.
declare -A alone_wall alone_cpu  # the dependencies alone, cold, by package_dependencies.py's key
rows=()

# Builds the dependencies that the package in FOLDER uses, alone and cold, once per set of dependencies;
# sets `deps_wall` and `deps_cpu`.
dependencies_alone() {
  local folder=$1 key alone
  key=$(python3 "$dependencies_of" key <"$folder.json")
  if [ -z "${alone_wall[$key]+set}" ]; then
    if [ "$key" = none ]; then
      alone_wall[$key]=0.0 alone_cpu[$key]=0.0
    else
      alone="$scratch/alone-${#alone_wall[@]}"
      mkdir -p "$alone/Sources/DependenciesAlone"
      python3 "$dependencies_of" manifest <"$folder.json" >"$alone/Package.swift"
      echo '// Nothing: the package exists to build its dependencies.' >"$alone/Sources/DependenciesAlone/Empty.swift"
      (cd "$alone" && swift package resolve >/dev/null 2>&1) || failed "$alone/Package.swift" "cannot resolve $key"
      timed_in "$alone" "$alone.log" swift build || failed "$alone.log" "the dependencies alone did not build ($key)"
      alone_wall[$key]=$wall alone_cpu[$key]=$cpu
      rm -rf "$alone"
    fi
  fi
  deps_wall=${alone_wall[$key]} deps_cpu=${alone_cpu[$key]}
}

# Builds and tests the package in FOLDER cold (dependencies resolved first, untimed, from SwiftPM's cache)
# and adds its row to the table.
measure_package() {
  local name=$1 folder=$2 build_wall build_cpu total limit margin verdict tests
  (cd "$folder" && swift package dump-package) >"$folder.json" 2>"$folder.dump.log" ||
    failed "$folder.dump.log" "cannot read $name's manifest"
  dependencies_alone "$folder"
  (cd "$folder" && swift package resolve >/dev/null 2>&1) || failed "$folder.dump.log" "cannot resolve $name"
  timed_in "$folder" "$folder.build.log" swift build --build-tests || failed "$folder.build.log" "$name did not build"
  build_wall=$wall build_cpu=$cpu
  timed_in "$folder" "$folder.test.log" swift test --skip-build || failed "$folder.test.log" "$name's tests did not pass"
  total=$(sum "$build_wall" "$wall")
  limit=$(sum "$deps_wall" "$budget")
  margin=$(awk -v l="$limit" -v t="$total" 'BEGIN { printf "%+.1f", l - t }')
  verdict=$(awk -v l="$limit" -v t="$total" 'BEGIN { print (t <= l) ? "met" : "NOT met" }')
  tests=$(grep -oE 'Executed [0-9]+ tests' "$folder.test.log" | tail -n1 | grep -oE '[0-9]+' || echo "?")
  rows+=("$(printf '%-12s %-34s %7s s %7s s = %5s + %5s %7s s %7s s  %-7s %5s  %7s / %7s s  %s' \
    "$name" "$(python3 "$dependencies_of" names <"$folder.json")" "$deps_wall" "$total" "$build_wall" "$wall" \
    "$limit" "$margin" "$verdict" "$tests" "$deps_cpu" "$(sum "$build_cpu" "$cpu")" "$(load | cut -d' ' -f1)")")
  echo "${rows[-1]}"
}

if part 1; then
  echo "1. cold build + test of each chapter tag ($tag_origin) and of the whole book, against the cold build of"
  echo "   its package dependencies alone + $budget s; $(nproc) cores, load $(load) at the start"
  header=$(printf '%-12s %-34s %9s %25s %9s %9s  %-7s %5s  %19s  %s' package dependencies "deps" \
    "build+test = build + test" budget margin goal tests "CPU: deps / pkg" load)
  echo "$header"
  for tag in "${tags[@]}"; do
    mkdir -p "$scratch/tags/$tag"
    git -C "$scratch/clone" archive "$tag" | tar -x -C "$scratch/tags/$tag"
    if [ -f "$scratch/tags/$tag/Package.swift" ]; then
      measure_package "$tag" "$scratch/tags/$tag"
    else
      echo "$tag: no Package.swift yet (nothing to build)"
    fi
    rm -rf "$scratch/tags/$tag"
  done
  # The whole book, in the fresh clone itself; its .build is then the one part 4's snapshots reuse.
  measure_package "book (HEAD)" "$scratch/clone"
  syntax=$(grep -c 'Compiling SwiftSyntax' "$scratch/clone.build.log" || true)
  echo "   (seconds of wall time; a negative margin is over budget; swift-syntax files compiled for the book: $syntax, goal none)"
  echo
  echo "summary (for the README):"
  echo "$header"
  printf '%s\n' "${rows[@]}"
fi

# 2. Tangle + check, in a copy of the committed workspace plus the current chapters.
if part 2; then
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
fi

# 3. Rebuild scope after a prose edit, in part 2's copy with its own build folder.
if part 2 && part 3; then (
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
) fi

# 4. Chapter snapshots in the fresh clone, as CI runs them: after the book's own build (part 1), in its
#    .build, checked, built and tested one by one; each row names the package dependencies it compiled.
if part 4; then
  start=$(now_ns)
  "$book" tag --verify --root "$scratch/clone" >"$scratch/verify.log" 2>&1 || { cat "$scratch/verify.log"; exit 1; }
  verify_s=$(( ($(now_ns) - start) / 1000000000 ))
  table=$(grep -E '^chapter-[0-9]+ +(yes|NO) ' "$scratch/verify.log")
  printf '%s\n' "$table" | sed 's/^/  /'
  snapshots=$(printf '%s\n' "$table" | wc -l)
  per=$(printf '%s\n' "$table" | grep -oE '[0-9]+\.[0-9] s' | awk '{ sum += $1 } END { printf "%.1f", sum / NR }')
  echo "book tag --verify: $snapshots snapshots in $verify_s s wall (tagging included), $per s per snapshot on average (goal: ≤ 30 s)"
  recompiled=$(printf '%s\n' "$table" | grep -cv '; none$' || true)
  echo "snapshots that compiled a package dependency or plugin again: $recompiled (goal: 0 dependencies; the" \
    "argument parser's two plugins are compiled again when the dependency graph changes)"
  echo "estimate for $planned_chapters chapters at that average: $(awk -v p="$per" -v n="$planned_chapters" 'BEGIN { printf "%.0f", p * n }') s" \
    "(the snapshots reuse the book's own dependency builds: a later chapter's new dependency is built once, by the book)"
fi
