#!/usr/bin/env bash
# Runs epubcheck (the W3C's EPUB validator) on the e-book `book site` writes into Site/, and fails unless it
# reports no error and no warning. Prints a skip line when epubcheck is not installed (Scripts/setup.sh
# installs Debian's `epubcheck`). Takes about 20 s, most of it the JVM starting.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian's /usr/bin/epubcheck is the jar itself, which runs only where binfmt_misc knows jars: call java.
jar=/usr/share/java/epubcheck.jar
if [ -f "$jar" ] && command -v java >/dev/null; then
  epubcheck=(java -jar "$jar")
elif command -v epubcheck >/dev/null && ! head -c 2 "$(command -v epubcheck)" | grep -q PK; then
  epubcheck=(epubcheck)
else
  echo "epub-check: skipped (epubcheck is not installed; Scripts/setup.sh installs it)"
  exit 0
fi

shopt -s nullglob
books=(Site/*.epub)
if [ ${#books[@]} -eq 0 ]; then
  echo "epub-check: no e-book in Site/; run Scripts/book site" >&2
  exit 1
fi
for book in "${books[@]}"; do
  started=$SECONDS
  if ! report=$("${epubcheck[@]}" "$book" 2>&1) || ! grep -q "No errors or warnings detected" <<<"$report"; then
    echo "$report" >&2
    echo "epub-check: $book has errors or warnings" >&2
    exit 1
  fi
  echo "epub-check: $book: no errors or warnings ($((SECONDS - started)) s)"
done
