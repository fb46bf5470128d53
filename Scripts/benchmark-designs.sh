#!/usr/bin/env bash
# Prints the figures behind Chapter 20's comparison of the book's three store designs (a benchmark,
# not a test):
#  1. the machine and toolchain the figures were measured on, and the date;
#  2. nanoseconds per dispatch in each design, from the DesignsBenchmark executable (release build);
#  3. lines of code of each design's modules and of their own tests (non-blank lines that are not
#     comments or #sourceLocation directives, in the tangled files).
# Usage: Scripts/benchmark-designs.sh
set -euo pipefail
cd "$(dirname "$0")/.."

swift build -c release --product DesignsBenchmark >/dev/null
benchmark="$(swift build -c release --show-bin-path)/DesignsBenchmark"

echo "Measured $(date -u +%Y-%m-%d) on $(uname -sm), $(nproc) cores, $(swift --version 2>&1 | grep -o 'Swift version [0-9.]*')"
echo "Load average before the run (other work on the machine slows every figure): $(cut -d" " -f1-3 /proc/loadavg)"
echo ""
"$benchmark"
echo ""

# Code lines of the Swift files in a folder: blank lines, comment lines and the tangler's
# #sourceLocation directives do not count.
code_lines() {
  cat "$1"/*.swift | grep -Ev '^[[:space:]]*($|//|#sourceLocation)' | wc -l | tr -d ' '
}

echo "Lines of code (tangled files, without blank lines, comments and #sourceLocation):"
echo ""
echo "| module | role | lines | its own tests |"
echo "|---|---|---|---|"
for row in "ImmutableData:store:ImmutableDataTests" "ElmStyle:store:ElmStyleTests" "MiniRedux:store:MiniReduxTests" \
  "CounterData:Counter:CounterDataTests" "ElmCounter:Counter:-" "MiniCounter:Counter:-"; do
  IFS=: read -r module role tests <<<"$row"
  if [[ "$tests" == "-" ]]; then test_lines="(in CounterDesignsTests: $(code_lines Tests/CounterDesignsTests))"; else test_lines=$(code_lines "Tests/$tests"); fi
  echo "| $module | $role | $(code_lines "Sources/$module") | $test_lines |"
done
