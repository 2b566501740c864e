#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a fresh, unlocked gnome-keyring, so the
# keychain code talks to a real Secret Service and never touches the user's own keyring.
# Usage: tests/harness/with-keyring.sh <command> [args...]
#
# macOS and Windows (Git Bash) have one keychain per user, the one a person's real keys live in,
# and nothing like a private session of it. There the command runs against the OS's keychain with
# every test entry under a per-run service name (CRM_KEYCHAIN_SERVICE, kept when CI sets one), and
# those entries are deleted afterwards (scripts/keychain-cleanup.mjs); the app's own service,
# "crm-console", is never used.
set -euo pipefail

if [ "$(uname -s)" != "Linux" ]; then
  export CRM_TEST_KEYRING=1
  export CRM_KEYCHAIN_SERVICE="${CRM_KEYCHAIN_SERVICE:-crm-console-test-run-$$-$RANDOM}"
  case "$CRM_KEYCHAIN_SERVICE" in
    crm-console-test-?* | crm-console-ci-?*) ;;
    *)
      echo "with-keyring: refusing CRM_KEYCHAIN_SERVICE=\"$CRM_KEYCHAIN_SERVICE\": tests here write to your own keychain," \
        "so it must start with crm-console-test- or crm-console-ci-" >&2
      exit 1
      ;;
  esac
  echo "keychain: the OS's own; test entries under ${CRM_KEYCHAIN_SERVICE}*, deleted after the run" >&2
  status=0
  "$@" || status=$?
  node "$(dirname "$0")/../../scripts/keychain-cleanup.mjs" "$CRM_KEYCHAIN_SERVICE" || status=$((status == 0 ? 1 : status))
  exit "$status"
fi

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
