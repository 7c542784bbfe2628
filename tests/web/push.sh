#!/usr/bin/env bash
# Push test of `hexchess serve` on the loopback: GAMES games in play and STREAMS event streams open
# for SECONDS (default 60, 50, 500), then a clean shutdown (no leak reports under ASan). Prints the
# delay from a move to its event (median, p99) and fails on any error.
# Usage: tests/web/push.sh BUILD_DIR [SECONDS] [GAMES] [STREAMS] [PAUSE_MS]   (BUILD_DIR: an ASan build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
seconds=${2:-60}
games=${3:-50}
streams=${4:-500}
pause=${5:-200}
tmp=$(mktemp -d)
. "$root/tests/web/server.sh"
trap 'kill "$server_pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
# Every stream and game comes from 127.0.0.1: the per-address limit must allow them all.
start_server "$build/hexchess" "$tmp/games.db" --max-connections 2000 --max-per-client 2000
echo "push: $games games, $streams streams for ${seconds}s against $base ($build/hexchess)"
rc=0
node "$root/tests/web/push.mjs" "$base" "$seconds" "$games" "$streams" "$pause" || rc=$?
stop_server
echo "push: server exit status $server_rc (0: clean shutdown, no leak reports)"
[ "$rc" -eq 0 ] && [ "$server_rc" -eq 0 ]
