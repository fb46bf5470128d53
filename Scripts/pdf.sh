#!/usr/bin/env bash
# Prints the print edition, Site/print.html, to a PDF with headless Chromium, and checks it.
# Usage: Scripts/pdf.sh [--no-check] [OUT]   (OUT defaults to .build/immutable-swift.pdf)
#
# OUT is never inside Site/: Chromium stamps every PDF with the time it made it, so a PDF there would break
# the site's byte-for-byte determinism (`book check` would see drift, and no two builds would agree). Run
# `Scripts/book site` first: the PDF is made from the site as it is.
#
# Chromium's own --print-to-pdf rather than the DevTools protocol's Page.printToPDF (which the browser check
# speaks; it does not use Playwright): both print the same way, and the stylesheet's @page rule already
# gives the paper (A4), the margins and the page numbers in the foot, which Chromium draws once
# --no-pdf-header-footer has dropped its own date, title and URL. --generate-pdf-document-outline turns the
# headings into the PDF's bookmarks. Chromium writes a temporary file beside OUT, which is checked, then
# renamed to OUT: a PDF that fails its check is not kept, and an earlier OUT stays as it was.
#
# The check (Scripts/pdf_check.py; skipped with --no-check, or without pdftotext: Debian's poppler-utils,
# which Scripts/setup.sh installs): the text of the PDF has every chapter's title, in order, each at the
# top of a page, and a plausible amount of text per page. Printing takes about 20 s and the check 3 s on
# this 2-core machine at load 4 (841 pages, 23 MB): too long for Scripts/test.sh's budget, so it is not
# there. Prints the path, the page count and the size.
set -euo pipefail
cd "$(dirname "$0")/.."

check=yes
if [ "${1:-}" = "--no-check" ]; then
  check=no
  shift
fi
out="${1:-.build/immutable-swift.pdf}"
case "$out" in
  -*) echo "usage: Scripts/pdf.sh [--no-check] [OUT]" >&2; exit 2 ;;
esac
if [ "$(realpath -m "$out")" = "$(realpath -m Site)" ] || [[ "$(realpath -m "$out")" == "$(realpath -m Site)"/* ]]; then
  echo "pdf: $out is inside Site/, whose files must not change from build to build; write it elsewhere" >&2
  exit 1
fi

chromium="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$chromium" ]; then
  echo "pdf: chromium is not installed: run Scripts/setup.sh" >&2
  exit 1
fi
if [ ! -f Site/print.html ]; then
  echo "pdf: Site/print.html is missing: run Scripts/book site" >&2
  exit 1
fi

mkdir -p "$(dirname "$out")"
temporary="$(mktemp "$(dirname "$out")/.pdf-XXXXXX")"
profile="$(mktemp -d)"
log="$(mktemp)"
trap 'rm -rf "$temporary" "$profile" "$log"' EXIT

started=$SECONDS
if ! timeout 600 "$chromium" --headless --no-sandbox --disable-gpu --no-first-run --no-default-browser-check \
  --user-data-dir="$profile" --no-pdf-header-footer --generate-pdf-document-outline \
  --print-to-pdf="$temporary" "file://$PWD/Site/print.html" >"$log" 2>&1 \
  || [ "$(head -c 5 "$temporary")" != "%PDF-" ]; then
  cat "$log" >&2
  echo "pdf: Chromium did not print Site/print.html (its output is above)" >&2
  exit 1
fi
seconds=$((SECONDS - started))

if [ "$check" = yes ]; then
  if command -v pdftotext >/dev/null; then
    python3 Scripts/pdf_check.py Site/print.html "$temporary"
  else
    echo "pdf: pdftotext is not installed (Scripts/setup.sh installs poppler-utils); the PDF is not checked"
  fi
fi

chmod "$(printf '%o' $((0666 & ~$(umask))))" "$temporary"  # mktemp's file is private; the PDF is not
mv -f "$temporary" "$out"
pages="$(python3 Scripts/pdf_check.py --pages "$out")"
size="$(du -h "$out" | cut -f1)"
echo "pdf: $out: $pages pages, $size (printed in $seconds s)"
