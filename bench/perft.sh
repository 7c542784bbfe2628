#!/usr/bin/env bash
# Perft speed of hexchess against Stockfish's orthodox-chess perft, one core, one run each.
# Usage: bench/perft.sh [HEXCHESS_BINARY]      (make bench runs it)
# Prints leaves/second of each run and our ratios to Stockfish's; targets from issue 2:
# Glinski >= 0.5x, C'escacs >= 0.3x.
set -euo pipefail
bin=${1:-build/hexchess}
[ -x "$bin" ] || { echo "perft.sh: no hexchess binary at '$bin' (run make first)" >&2; exit 2; }
command -v stockfish >/dev/null || [ -x /usr/games/stockfish ] || { echo "perft.sh: stockfish is not installed (scripts/install-deps.sh bench)" >&2; exit 2; }
sf=$(command -v stockfish || echo /usr/games/stockfish)

pin=()
command -v taskset >/dev/null && pin=(taskset -c 0)

now() { date +%s.%N; }

hex_run() { # variant depth
  echo "running: hexchess perft -v $1 $2" >&2
  "${pin[@]}" "$bin" perft -v "$1" "$2" | tail -n 1
}

sf_start=$(now)
sf_nodes=$(printf 'setoption name Threads value 1\nposition startpos\ngo perft 6\nquit\n' | "${pin[@]}" "$sf" 2>/dev/null |
  awk '/Nodes searched/ {print $3}')
sf_end=$(now)
sf_nps=$(awk -v n="$sf_nodes" -v a="$sf_start" -v b="$sf_end" 'BEGIN {printf "%.0f", n / (b - a)}')

gl=$(hex_run glinski 5)
ce=$(hex_run cescacs 4)
gl_nps=$(awk '{print $6}' <<<"$gl")
ce_nps=$(awk '{print $6}' <<<"$ce")

printf '%-34s %12s %14s %8s\n' "run" "leaves" "leaves/s" "ratio"
printf '%-34s %12s %14s %8s\n' "stockfish go perft 6 (chess)" "$sf_nodes" "$sf_nps" "1.00"
printf '%-34s %12s %14s %8.2f\n' "hexchess perft -v glinski 5" "$(awk '{print $2}' <<<"$gl")" "$gl_nps" \
  "$(awk -v a="$gl_nps" -v b="$sf_nps" 'BEGIN {print a / b}')"
printf '%-34s %12s %14s %8.2f\n' "hexchess perft -v cescacs 4" "$(awk '{print $2}' <<<"$ce")" "$ce_nps" \
  "$(awk -v a="$ce_nps" -v b="$sf_nps" 'BEGIN {print a / b}')"
