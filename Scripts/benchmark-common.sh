# Shared by the book's benchmark scripts (sourced, not run): builds a benchmark executable in release mode
# and prints the lines that say where its figures were measured.

# Builds PRODUCT in release mode (quietly) and prints the path of its executable.
release_benchmark() {
  swift build -c release --product "$1" >/dev/null
  echo "$(swift build -c release --show-bin-path)/$1"
}

# The machine (cores, CPU model), the toolchain, the date, and the load before the run.
print_measured_on() {
  local cpu
  cpu="$(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//' || true)"
  echo "Measured $(date -u '+%Y-%m-%d %H:%M UTC') on $(uname -sm), $(nproc) cores (${cpu:-CPU model unknown})," \
    "$(swift --version 2>&1 | grep -o 'Swift version [0-9.]*')"
  echo "Load average before the run (other work on the machine slows every figure): $(print_load)"
}

# The load averages over 1, 5 and 15 minutes.
print_load() {
  cut -d" " -f1-3 /proc/loadavg
}
