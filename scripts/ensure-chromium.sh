#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium: its headless shell for most screens, the full
# browser for the recorded exam (camera and screen) and the size and phone benchmarks. They never
# download a browser and never skip.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
HEADLESS_SHELL="${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}"
if [ -x "$CHROMIUM" ] && [ -x "$HEADLESS_SHELL" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium not found at $CHROMIUM or $HEADLESS_SHELL: installing Debian's chromium and chromium-headless-shell packages..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  exit 0
fi
echo "The end-to-end tests need Chromium at $CHROMIUM and its headless shell at $HEADLESS_SHELL." >&2
echo "Install them with: sudo apt-get install -y chromium chromium-headless-shell   (or set CHROMIUM_PATH and CHROMIUM_HEADLESS_SHELL_PATH)" >&2
exit 1
