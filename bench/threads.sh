#!/usr/bin/env bash
# Does a second thread pay in Gliński (issue #15 §4)? The time and nodes to reach DEPTH with one and
# with two threads, from the Gliński start and bench's three Gliński positions, each searched REPS
# times (two threads do not search the same tree twice). Needs a quiet machine: a second thread
# without a core of its own measures nothing.
# Usage: bench/threads.sh [HEXCHESS_BINARY] [DEPTH] [REPS]     (defaults: build/hexchess 12 3)
set -euo pipefail
bin=${1:-build/hexchess}
depth=${2:-12}
reps=${3:-3}
[ -x "$bin" ] || { echo "threads.sh: no hexchess binary at '$bin' (run make first)" >&2; exit 2; }
positions=("startpos"
  "fen b/2k/n4/4b2/ppp1pp2p/5P2p2/3b1PPp3/5N5/1P1r7/7QBP1/3K1B1N3 w - 0 22"
  "fen 1/n1k/5/7/p2pp4/9p1/2R2PpP3/6P1P2/n2P1B3P1/1N9/5BKNR2 w g6 0 16"
  "fen b/3/nP3/B4k1/pp2bP2p/3pp2p3/8p2/11/11/1P9/3N2K2B1 w - 1 22")

# search THREADS POSITION -> "time_ms nodes" of the DEPTH iteration
search() {
  coproc ENGINE { "$bin" uci; }
  printf 'uci\nsetoption name UCI_Variant value glinski\nsetoption name Threads value %s\n' "$1" >&"${ENGINE[1]}"
  printf 'setoption name Hash value 64\nposition %s\ngo depth %s\n' "$2" "$depth" >&"${ENGINE[1]}"
  local w k t=0 n=0
  while read -ra w <&"${ENGINE[0]}"; do
    [ "${w[0]:-}" = bestmove ] && break
    [ "${w[0]:-}" = info ] && [ "${w[1]:-}" = depth ] && [ "${w[2]:-}" = "$depth" ] || continue
    for ((k = 1; k < ${#w[@]}; k++)); do
      case ${w[k - 1]} in time) t=${w[k]} ;; nodes) n=${w[k]} ;; esac
    done
  done
  echo "$t $n"
  printf 'quit\n' >&"${ENGINE[1]}"
  wait "$ENGINE_PID"
}

echo "# bench/threads.sh: Gliński, depth $depth, $reps runs each, $(date -u '+%Y-%m-%d %H:%M UTC')," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 0; r < reps; r++)); do
  for threads in 1 2; do
    for i in "${!positions[@]}"; do echo "$threads $i $(search "$threads" "${positions[$i]}")"; done
  done
done | awk -v reps="$reps" '
  { time[$1 " " $2] += $3; total[$1] += $3; nodes[$1] += $4 }
  END {
    printf "%-9s %12s %12s\n", "position", "1 thread ms", "2 threads ms"
    for (i = 0; i < 4; i++) printf "%-9d %12.0f %12.0f\n", i, time["1 " i] / reps, time["2 " i] / reps
    printf "all: %d ms against %d ms (x%.2f), nodes %d against %d (x%.2f)\n", total[1], total[2],
      total[1] / total[2], nodes[1], nodes[2], nodes[2] / nodes[1]
  }'
