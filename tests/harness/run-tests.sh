#!/usr/bin/env bash
# `npm test`: runs the whole suite inside a private D-Bus session with a fresh, unlocked
# gnome-keyring, so keychain tests talk to a real Secret Service and never touch the
# user's own keyring.
set -euo pipefail
cd "$(dirname "$0")/../.."

missing=()
command -v dbus-run-session >/dev/null 2>&1 || missing+=("dbus (provides dbus-run-session)")
command -v gnome-keyring-daemon >/dev/null 2>&1 || missing+=("gnome-keyring (provides gnome-keyring-daemon)")
command -v curl >/dev/null 2>&1 || missing+=("curl (the cURL export tests run the exported commands)")
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=("chromium (end-to-end tests drive /usr/bin/chromium; set CHROMIUM_PATH to use another)")
pkg-config --exists libsecret-1 2>/dev/null || missing+=("libsecret-1-dev (keytar is compiled against it during npm ci)")
if [ ${#missing[@]} -gt 0 ]; then
  echo "npm test: missing system packages:" >&2
  for m in "${missing[@]}"; do echo "  - $m" >&2; done
  echo "On Debian/Ubuntu: sudo apt-get install -y libsecret-1-dev gnome-keyring dbus chromium curl" >&2
  exit 1
fi

keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
export XDG_DATA_HOME="$keyring_home"
export CRM_TEST_KEYRING=1
# The unlock password is irrelevant (the directory is new every run); --replace makes sure no
# auto-started, locked daemon answers instead of ours.
exec dbus-run-session -- bash -c '
  echo -n test-keyring | gnome-keyring-daemon --replace --unlock --components=secrets >/dev/null 2>&1
  npm run test:inner -- "$@"
' bash "$@" 2> >(grep -v "Failed to set fd limit" >&2)
