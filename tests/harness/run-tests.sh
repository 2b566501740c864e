#!/usr/bin/env bash
# `npm test`, after scripts/bootstrap.mjs has put the system packages and node_modules in place:
# runs typecheck, lint, unit, integration and end-to-end tests inside a private keyring session
# (with-keyring.sh), and closes with one line counting every test of the run.
set -uo pipefail
cd "$(dirname "$0")/../.."

log=$(mktemp)
trap 'rm -f "$log"' EXIT
tests/harness/with-keyring.sh npm run test:inner 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
node tests/harness/summarize.mjs "$log" "$status"
exit "$status"
