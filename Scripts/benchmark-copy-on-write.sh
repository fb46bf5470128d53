#!/usr/bin/env bash
# Writes Chapters/data/copy-on-write.json, the result file behind Chapter 18's figures (a benchmark, not a
# test): CopyOnWriteBenchmark (release build) times one change of a scoreboard of 10 to 64,000 players
# kept three ways (a Dictionary in a store, a TreeDictionary in a store, a Dictionary changed in place),
# each case in a process of its own, and records CPU and wall time per change (median, fastest, slowest of
# RUNS runs of 200 changes) and peak memory, with the machine, toolchain, date and load.
# Usage: Scripts/benchmark-copy-on-write.sh [RUNS]   (7 runs by default)
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-7}"
source Scripts/benchmark-common.sh
benchmark="$(release_benchmark CopyOnWriteBenchmark)"
toolchain="$(swift --version 2>&1 | grep -o 'Swift version [0-9.]*' | sed 's/ version//')"
mkdir -p Chapters/data
"$benchmark" --output Chapters/data/copy-on-write.json --toolchain "$toolchain" \
  --command "Scripts/benchmark-copy-on-write.sh $runs" --repetitions "$runs"
echo "Load average after the run: $(print_load)"
