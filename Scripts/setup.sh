#!/usr/bin/env bash
# First command of the README: install what is missing, build the `book` tool, tangle and render the book.
# Safe to run again: it installs nothing that is already there and rewrites only changed files.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_packages=(libcmark-gfm-dev libcmark-gfm-extensions-dev pkg-config libsqlite3-dev)
apt_packages+=(libgraphviz-dev graphviz)  # graphviz's library lays out the diagrams; tests compare `dot`

install_debian() {
  local missing=()
  for package in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing+=("$package")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "setup: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
}

install_macos() {
  for formula in cmark-gfm graphviz; do
    brew list "$formula" >/dev/null 2>&1 || brew install "$formula"
  done
}

# Chromium is optional: Scripts/test.sh reads the built site in it when it is there (browser-check.sh).
install_chromium() {
  command -v chromium >/dev/null && return 0
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "setup: installing chromium (for the site's browser check)"
  $sudo apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null \
    || echo "setup: chromium is not available from apt; the browser check will be skipped"
}

case "$(uname -s)" in
  Linux) command -v apt-get >/dev/null && install_debian && install_chromium ;;
  Darwin) install_macos ;;
esac

echo "setup: building the book tool (Scripts/BookTool)"
swift build --package-path Scripts/BookTool  # `book`, and `book-serve`, the preview server `book serve` runs
echo "setup: rendering the book"
Scripts/book tangle
Scripts/book site
