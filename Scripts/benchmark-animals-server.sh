#!/usr/bin/env bash
# Prints the figures behind Chapter 17's "How fast" (a benchmark, not a test):
#  1. the machine (cores, CPU model), the toolchain, the date and the load on the machine;
#  2. from the AnimalsServerBenchmark executable (release build), which runs a CatalogueServer on a new
#     SQLite file in its own process on 127.0.0.1: for 1, 8 and 32 clients sending ROUNDS batches each at
#     once, requests per second and the median and 99th-percentile latency of a read batch (both lists)
#     and of a mutation (a rename of the client's own animal, with an idempotency key).
# Usage: Scripts/benchmark-animals-server.sh [ROUNDS]   (200 rounds per client by default)
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${1:-200}"
source Scripts/benchmark-common.sh
benchmark="$(release_benchmark AnimalsServerBenchmark)"
print_measured_on
echo ""
"$benchmark" "$rounds"
echo ""
echo "Load average after the run: $(print_load)"
