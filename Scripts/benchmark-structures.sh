#!/usr/bin/env bash
# Writes the result files behind Chapter 19's tables and charts (a benchmark, not a test):
#   Chapters/data/structures-{count,read,insert,update,delete,sort}.json   CPU time per operation
#   Chapters/data/structures-memory.json                                   peak memory the records add
#   Chapters/data/store-dispatch.json                                      the store against the bare reducer
# It builds the StructuresBenchmark executable in release mode, asks it for the plan (every contender,
# operation and number of records, RUNS times, round by round), runs each case as a process of its own
# (started from this shell, as a command one can also run alone; Chapter 19 says why), and hands the
# cases' answers to its report, which checks that the contenders agree and writes each figure as the median with the
# fastest and slowest run, with the machine, toolchain, date and load. It takes a few minutes.
# Usage: Scripts/benchmark-structures.sh [RUNS] [SIZES]   (5 runs; sizes 1024,2048,...,65536)
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/benchmark-common.sh

runs="${1:-5}"
sizes="${2:-1024,2048,4096,8192,16384,32768,65536}"
benchmark="$(release_benchmark StructuresBenchmark)"
toolchain="$(swift --version 2>&1 | grep -o 'Swift version [0-9.]*' | sed 's/ version//')"
plan="$(mktemp)"
answers="$(mktemp)"
trap 'rm -f "$plan" "$answers"' EXIT

print_measured_on
"$benchmark" cases --runs "$runs" --sizes "$sizes" >"$plan"
total="$(wc -l <"$plan")"
done_cases=0
while read -r contender operation size; do
  "$benchmark" case "$contender" "$operation" "$size" >>"$answers"
  done_cases=$((done_cases + 1))
  if ((done_cases % 100 == 0 || done_cases == total)); then
    echo "$done_cases of $total cases measured (load $(print_load))" >&2
  fi
done <"$plan"
mkdir -p Chapters/data
"$benchmark" report "$answers" --sizes "$sizes" --output Chapters/data --toolchain "$toolchain" \
  --command "Scripts/benchmark-structures.sh $runs $sizes"
echo "Load average after the run: $(print_load)"
