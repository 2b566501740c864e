#!/usr/bin/env bash
# `npm test`: checks the system packages the suite needs, then runs typecheck, lint, unit,
# integration and end-to-end tests inside a private keyring session (with-keyring.sh), and
# closes with one line counting every test of the run.
set -uo pipefail
cd "$(dirname "$0")/../.."

missing=()
command -v curl >/dev/null 2>&1 || missing+=("curl (the cURL export tests run the exported commands)")
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=("chromium (end-to-end tests drive /usr/bin/chromium; set CHROMIUM_PATH to use another)")
command -v Xvfb >/dev/null 2>&1 || missing+=("xvfb (the Chromium host test opens a real window on a private X server)")
command -v xdotool >/dev/null 2>&1 || missing+=("xdotool (the Chromium host test types into that window)")
node -e "require('keytar')" >/dev/null 2>&1 || missing+=("libsecret-1-dev (keytar is compiled against it: install it, then run npm ci again)")
if [ ${#missing[@]} -gt 0 ]; then
  echo "npm test: missing system packages:" >&2
  for m in "${missing[@]}"; do echo "  - $m" >&2; done
  echo "On Debian/Ubuntu: sudo apt-get install -y libsecret-1-dev gnome-keyring dbus chromium curl xvfb xauth xdotool" >&2
  exit 1
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
tests/harness/with-keyring.sh npm run test:inner 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
node tests/harness/summarize.mjs "$log" "$status"
exit "$status"
