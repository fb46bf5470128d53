#!/usr/bin/env bash
# Reads the built site in headless Chromium: pages load without console errors, search finds a word of
# the last chapter, dark mode applies, print.html holds every chapter; screenshots go to
# .build-screenshots/ (git-ignored) for review. Usage: Scripts/browser-check.sh [SITE_FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."

site="${1:-Site}"
chromium="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$chromium" ]; then
  echo "browser-check: Chromium is not installed (Scripts/setup.sh installs it); skipped"
  exit 0
fi
python3 Scripts/browser_check.py "$site" .build-screenshots "$chromium"
