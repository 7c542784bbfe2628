#!/usr/bin/env bash
# Browser tests of the web app: installs playwright-core (npm) on first use and drives Debian's
# chromium headless against BUILD_DIR/hexchess.
# Usage: tests/e2e/run.sh BUILD_DIR [TEST_FILE...]   (default: every *.test.mjs here)
# E2E_FILTER=REGEX runs only the tests whose names match, e.g. E2E_FILTER='castling|Stop'.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
shift
export HEXCHESS="$build/hexchess"
[ -x "$HEXCHESS" ] || { echo "e2e: no $HEXCHESS" >&2; exit 2; }
command -v chromium >/dev/null || { echo "e2e: chromium is missing (scripts/install-deps.sh test)" >&2; exit 2; }
cd "$here"
if [ ! -d node_modules/playwright-core ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(*.test.mjs)
filter=()
[ -n "${E2E_FILTER:-}" ] && filter=(--test-name-pattern="$E2E_FILTER")
# The files live here: tests/e2e/phone.test.mjs and phone.test.mjs name the same one.
node --test --test-concurrency=1 --test-reporter=spec "${filter[@]}" "${files[@]##*/}"
