#!/usr/bin/env bash
# Writes the result files behind Chapter 19's tables and charts (a benchmark, not a test):
#   Chapters/data/structures-{count,read,insert,update,delete,sort}.json   CPU time per operation
#   Chapters/data/structures-memory.json                                   peak memory the records add
#   Chapters/data/store-dispatch.json                                      the store against the bare reducer
# It builds the StructuresBenchmark executable in release mode, which runs every case (contender,
# operation, number of records) RUNS times, each in a process of its own, round by round, checks that the
# contenders agree, and writes each figure as the median with the fastest and slowest run, with the
# machine, toolchain, date and load. It takes several minutes; the machine's other work slows it.
# Usage: Scripts/benchmark-structures.sh [RUNS] [SIZES]   (5 runs; sizes 1024,2048,...,65536)
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/benchmark-common.sh

runs="${1:-5}"
sizes="${2:-1024,2048,4096,8192,16384,32768,65536}"
benchmark="$(release_benchmark StructuresBenchmark)"
toolchain="$(swift --version 2>&1 | grep -o 'Swift version [0-9.]*' | sed 's/ version//')"

print_measured_on
"$benchmark" all --runs "$runs" --sizes "$sizes" --output Chapters/data --toolchain "$toolchain" \
  --command "Scripts/benchmark-structures.sh $runs $sizes"
echo "Load average after the run: $(print_load)"
