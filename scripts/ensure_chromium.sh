#!/usr/bin/env bash
# The browser tests (tests/web) drive Debian's Chromium at /usr/bin/chromium with Playwright (never a
# browser Playwright downloads). `make test` runs this first, and so does CI through `make test`:
#   - Chromium present: nothing to do;
#   - absent and root: install Debian's `chromium` and `chromium-driver` with apt-get;
#   - absent and not root: stop, saying what to install (the browser tests are never skipped silently).
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=/usr/bin/chromium

[ -f tests/.needs-chromium ] || exit 0   # no browser tests in this tree
[ -x "$CHROMIUM" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  cat >&2 <<MSG
make test: $CHROMIUM is missing, and the browser tests (tests/web) need it.
  Install Debian's Chromium once, as root, then run make test again:
      sudo apt-get update && sudo apt-get install -y chromium chromium-driver
  (Another distribution: install its Chromium so that $CHROMIUM exists. See docs/services.md.)
MSG
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "make test: $CHROMIUM is missing and there is no apt-get here; install Chromium so that $CHROMIUM exists (docs/services.md)." >&2
  exit 1
fi

echo "make test: $CHROMIUM is missing; installing Debian's chromium and chromium-driver (apt-get, as root)..."
export DEBIAN_FRONTEND=noninteractive
# Wait for another apt-get or dpkg instead of failing at once on its lock.
apt-get -o DPkg::Lock::Timeout=600 update -qq
apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium chromium-driver >/dev/null
if [ ! -x "$CHROMIUM" ]; then
  echo "make test: apt-get finished but $CHROMIUM is still missing." >&2
  exit 1
fi
echo "make test: $("$CHROMIUM" --version 2>/dev/null || echo chromium) installed."
