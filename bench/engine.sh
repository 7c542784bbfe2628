#!/usr/bin/env bash
# Engine speed: the bench signature and nodes/second (three runs), and the time to reach depth 10
# from both start positions with 1 and 2 threads. Usage: bench/engine.sh [HEXCHESS_BINARY]
set -euo pipefail
bin=${1:-build/hexchess}
[ -x "$bin" ] || { echo "engine.sh: no hexchess binary at '$bin' (run make first)" >&2; exit 2; }

echo "bench (depth 9, 1 thread, 16 MB):"
for run in 1 2 3; do
  echo "  run $run: $("$bin" bench 2>/dev/null | tail -n 1)"
done

# The engine's input stays open until depth 10 is reported: the end of input would stop the search.
depth_time() { # variant threads -> "time_ms nodes" of the depth-10 iteration
  coproc ENGINE { "$bin" uci; }
  printf 'uci\nsetoption name UCI_Variant value %s\nsetoption name Threads value %s\n' "$1" "$2" >&"${ENGINE[1]}"
  printf 'setoption name Hash value 64\nposition startpos\ngo depth 10\n' >&"${ENGINE[1]}"
  local w i t=0 n=0
  while read -ra w <&"${ENGINE[0]}"; do
    [ "${w[0]:-}" = info ] && [ "${w[2]:-}" = 10 ] || continue
    for ((i = 1; i < ${#w[@]}; i++)); do
      case ${w[i - 1]} in time) t=${w[i]} ;; nodes) n=${w[i]} ;; esac
    done
    break
  done
  echo "$t $n"
  printf 'quit\n' >&"${ENGINE[1]}"
  wait "$ENGINE_PID"
}

echo "time to depth 10 from the start position (64 MB hash):"
for variant in cescacs glinski; do
  for threads in 1 2; do
    read -r ms nodes <<<"$(depth_time "$variant" "$threads")"
    printf '  %-8s threads %d: %6d ms, %9d nodes\n' "$variant" "$threads" "$ms" "$nodes"
  done
done
