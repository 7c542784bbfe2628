#!/usr/bin/env bash
# Load test of `hexchess serve` on the loopback: wrk for SECONDS (default 60) with CONNECTIONS
# (default 64) against a server built with AddressSanitizer, then a clean shutdown (no leaks).
# Usage: tests/web/load.sh BUILD_DIR [SECONDS] [CONNECTIONS]      (BUILD_DIR: an ASan build)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd)
seconds=${2:-60}
conns=${3:-64}
tmp=$(mktemp -d)
. "$root/tests/web/server.sh"
trap 'kill "$server_pid" 2>/dev/null || true; rm -rf "$tmp"' EXIT
start_server "$build/hexchess" "$tmp/games.db" --threads 4
games=20
for i in $(seq 1 $games); do
  v=$([ $((i % 2)) -eq 0 ] && echo glinski || echo cescacs)
  curl -s -o /dev/null -X POST "$base/api/games" -d "{\"variant\":\"$v\"}"
  m=$([ "$v" = glinski ] && echo f5f6 || echo E7-E13)
  curl -s -o /dev/null -X POST "$base/api/games/$i/moves" -d "{\"move\":\"$m\"}"
done
echo "load: $conns connections for ${seconds}s against $base ($build/hexchess)"
HEXCHESS_LOAD_GAMES=$games wrk -t2 -c"$conns" -d"${seconds}s" --timeout 10s --latency -s "$root/tests/web/load.lua" "$base/" \
  | tee "$tmp/wrk.txt"
stop_server
echo "load: server exit status $server_rc (0: clean shutdown, no leak reports)"
grep -q ' 0 errors' "$tmp/wrk.txt" && [ "$server_rc" -eq 0 ]
