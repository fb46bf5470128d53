#!/usr/bin/env bash
# Re-runs every benchmark that writes result files (Chapters/data/*.json, from which the book draws its
# tables and charts), one after another, and then re-renders the site, so that only the figures change.
# A benchmark script takes part when it writes into Chapters/data (Chapter 18's and Chapter 19's do);
# the benchmarks that only print (Quakes, the designs, the Animals server, the site) are left out.
# Usage: Scripts/benchmark-results.sh   (extra arguments go to every script, such as a number of runs)
set -euo pipefail
cd "$(dirname "$0")/.."

for script in Scripts/benchmark-*.sh; do
  case "$script" in
    Scripts/benchmark-results.sh | Scripts/benchmark-common.sh) continue ;;
  esac
  if grep -q 'Chapters/data' "$script"; then
    echo "== $script"
    "$script" "$@"
  fi
done
Scripts/book site
git status --short Chapters/data
