#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a fresh, unlocked gnome-keyring, so the
# keychain code talks to a real Secret Service and never touches the user's own keyring.
# Usage: tests/harness/with-keyring.sh <command> [args...]
set -euo pipefail

missing=()
command -v dbus-run-session >/dev/null 2>&1 || missing+=("dbus (provides dbus-run-session)")
command -v gnome-keyring-daemon >/dev/null 2>&1 || missing+=("gnome-keyring (provides gnome-keyring-daemon)")
if [ ${#missing[@]} -gt 0 ]; then
  echo "missing system packages:" >&2
  for m in "${missing[@]}"; do echo "  - $m" >&2; done
  echo "On Debian/Ubuntu: sudo apt-get install -y gnome-keyring dbus" >&2
  exit 1
fi

keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
export XDG_DATA_HOME="$keyring_home"
export CRM_TEST_KEYRING=1
# The directory is new every run, so any unlock password works; --replace makes sure no
# auto-started, locked daemon answers instead of ours.
dbus-run-session -- bash -c '
  echo -n test-keyring | gnome-keyring-daemon --replace --unlock --components=secrets >/dev/null 2>&1
  exec "$@"
' bash "$@" 2> >(grep --line-buffered -v "Failed to set fd limit\|org.a11y.Bus" >&2)
