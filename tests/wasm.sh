#!/usr/bin/env bash
# The WebAssembly build (make wasm) against the native one in BUILD_DIR: the Node build of hexchess
# through the command-line contract (tests/run.sh --program), its bench signature (the node count
# must equal the native one; both speeds are printed), and the page module's JavaScript API under
# Node (tests/wasm/module.test.js) and in chromium (tests/wasm/chromium.test.mjs, with the bench in
# the browser), and the static site build-site/ (make site) in chromium (tests/wasm/site.test.mjs).
# Usage: tests/wasm.sh BUILD_DIR     (make check-wasm does this)
# Ends with the line "N passed, N failed[, N skipped]"; a non-zero exit status when anything failed.
set -u
if [ $# -ne 1 ]; then
  echo "usage: tests/wasm.sh BUILD_DIR" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
native=$(cd "$1" 2>/dev/null && pwd)/hexchess
wasm=$root/build-wasm/hexchess
cd "$root" || exit 2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0 skipped=0

# count LOG: adds the "N passed, N failed[, N skipped]" closing line of a run's log.
count() {
  local line
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
  if [ -z "$line" ]; then
    failed=$((failed + 1))
    echo "FAIL: $2 printed no closing count"
    return
  fi
  read -r p _ f _ s _ <<<"${line//,/}"
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + ${s:-0}))
}

echo "== the Node build through the command-line tests ($wasm)"
tests/run.sh --program "$wasm" | tee "$tmp/cli"
count "$tmp/cli" "tests/run.sh --program"

echo "== bench: the signature of the Node build equals the native one"
"$native" bench 2>/dev/null >"$tmp/native"
"$wasm" bench 2>/dev/null >"$tmp/wasm"
echo "native:      $(cat "$tmp/native")"
echo "WebAssembly: $(cat "$tmp/wasm")"
if [ -s "$tmp/native" ] && [ "$(awk '{ print $1 }' "$tmp/native")" = "$(awk '{ print $1 }' "$tmp/wasm")" ]; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
  echo "FAIL: the bench signatures differ"
fi

# node_tests FILE: runs node's test runner on FILE and adds its counts.
node_tests() {
  node --test "$1" >"$tmp/node" 2>&1
  local rc=$? p f
  grep -E '^(not )?ok |^# (bench|pass|fail)' "$tmp/node"
  p=$(awk '/^# pass / { print $3 }' "$tmp/node") f=$(awk '/^# fail / { print $3 }' "$tmp/node")
  passed=$((passed + ${p:-0})) failed=$((failed + ${f:-0}))
  if [ "$rc" -ne 0 ] && [ "${f:-0}" -eq 0 ]; then
    failed=$((failed + 1))
    echo "FAIL: node --test $1 exited with status $rc"
    tail -n 20 "$tmp/node"
  fi
}

echo "== the page module's JavaScript API under Node"
node_tests tests/wasm/module.test.js

echo "== the page module in chromium (the engine's Web Worker, bench)"
if command -v chromium >/dev/null; then
  # playwright-core, as the browser tests of the web app install it.
  [ -d tests/e2e/node_modules/playwright-core ] || (cd tests/e2e && npm ci --no-audit --no-fund --loglevel=error)
  HEXCHESS=$native node_tests tests/wasm/chromium.test.mjs
  echo "== the static site (make site) in chromium: games against the engine, no server"
  HEXCHESS=$native node_tests tests/wasm/site.test.mjs
else
  skipped=$((skipped + 2))
  echo "skipped: chromium is missing (scripts/install-deps.sh test installs it)"
fi

echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
