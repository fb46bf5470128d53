#!/usr/bin/env bash
# Prints the figures behind Chapter 20's comparison of the book's three store designs (a benchmark,
# not a test):
#  1. the machine and toolchain the figures were measured on, and the date;
#  2. nanoseconds per dispatch in each design, from the DesignsBenchmark executable (release build);
#  3. lines of code of each design's modules, its Counter and its Animals, and of their own tests
#     (non-blank lines that are not comments or #sourceLocation directives, in the tangled files).
# Usage: Scripts/benchmark-designs.sh
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/benchmark-common.sh
benchmark="$(release_benchmark DesignsBenchmark)"
print_measured_on
echo ""
"$benchmark"
echo ""

# Code lines of the given Swift files: blank lines, comment lines and the tangler's #sourceLocation
# directives do not count.
code_lines() {
  cat "$@" | grep -Ev '^[[:space:]]*($|//|#sourceLocation)' | wc -l | tr -d ' '
}

# One row of the table: module, role, its lines, the lines of its tests.
row() {
  echo "| $1 | $2 | $3 | $4 |"
}

echo "Lines of code (tangled files, without blank lines, comments and #sourceLocation):"
echo ""
echo "| module | role | lines | its own tests |"
echo "|---|---|---|---|"
for module in ImmutableData ElmStyle MiniRedux; do
  row "$module" store "$(code_lines Sources/$module/*.swift)" "$(code_lines Tests/${module}Tests/*.swift)"
done
counter_tests="(in CounterDesignsTests: $(code_lines Tests/CounterDesignsTests/*.swift))"
row CounterData Counter "$(code_lines Sources/CounterData/*.swift)" "$(code_lines Tests/CounterDataTests/*.swift)"
row ElmCounter Counter "$(code_lines Sources/ElmCounter/*.swift)" "$counter_tests"
row MiniCounter Counter "$(code_lines Sources/MiniCounter/*.swift)" "$counter_tests"
animals_tests="(in AnimalsDesignsTests: $(code_lines Tests/AnimalsDesignsTests/*.swift))"
row "AnimalsData: reducer, listener's rules and work" "Animals, shared by all three" \
  "$(code_lines Sources/AnimalsData/AnimalsReducer.swift Sources/AnimalsData/Listener+Work.swift)" \
  "$(code_lines Tests/AnimalsDataTests/AnimalsReducerTests.swift Tests/AnimalsDataTests/ListenerWorkTests.swift \
    Tests/AnimalsDataTests/WorkOutcomeTests.swift)"
row "AnimalsData: listener" "Animals' effects" \
  "$(code_lines Sources/AnimalsData/Listener.swift)" "$(code_lines Tests/AnimalsDataTests/ListenerTests.swift)"
row ElmAnimals "Animals' effects" "$(code_lines Sources/ElmAnimals/*.swift)" "$animals_tests"
row MiniAnimals "Animals' effects" "$(code_lines Sources/MiniAnimals/*.swift)" "$animals_tests"
