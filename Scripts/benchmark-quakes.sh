#!/usr/bin/env bash
# Prints the figures behind Chapter 13's "How fast: a month of quakes" (a benchmark, not a test):
#  1. the machine (cores, CPU model), the toolchain, the date and the load on the machine;
#  2. from the QuakesBenchmark executable (release build), on the fixture's seeded month feed of 10,000
#     quakes, fetched from a fixture server in the same process on 127.0.0.1: the fetch; the decode,
#     reduce, plan and cache-write times of the first load into an empty cache; the same for a refresh
#     to the feed's revision 2, which changes about 1% of the quakes, with the rows written; the time of a
#     key press that edits the search or changes the order of the list; peak memory; and each goal with
#     PASS or MISS. Every figure is the median of RUNS runs.
# Usage: Scripts/benchmark-quakes.sh [RUNS]   (7 runs by default)
set -euo pipefail
cd "$(dirname "$0")/.."

runs="${1:-7}"
source Scripts/benchmark-common.sh
benchmark="$(release_benchmark QuakesBenchmark)"
print_measured_on
echo ""
"$benchmark" "$runs"
echo ""
echo "Load average after the run: $(print_load)"
