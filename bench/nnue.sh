#!/usr/bin/env bash
# The evaluation network's speed cost: nodes/second of a fixed-node search from the network's game's
# start position with UseNNUE false and true, alternated, three runs each (one thread, 16 MB).
# Usage: bench/nnue.sh NETWORK [HEXCHESS_BINARY [NODES]]    e.g. bench/nnue.sh nets/glinski.nnue
set -euo pipefail
net=${1:?usage: bench/nnue.sh NETWORK [HEXCHESS_BINARY [NODES]]}
bin=${2:-build/hexchess}
nodes=${3:-2000000}
[ -x "$bin" ] || { echo "nnue.sh: no hexchess binary at '$bin' (run make first)" >&2; exit 2; }
[ -r "$net" ] || { echo "nnue.sh: cannot read the network '$net'" >&2; exit 2; }
# The variant's name is the network file's bytes 8-23 (docs/nnue.md).
variant=$(dd if="$net" bs=1 skip=8 count=16 2>/dev/null | tr -d '\0')

# use_nnue -> "nodes nps" of the search's last report; the input stays open until bestmove.
run() {
  coproc ENGINE { "$bin" uci; }
  printf 'uci\nsetoption name UCI_Variant value %s\nsetoption name EvalFile value %s\n' "$variant" "$net" >&"${ENGINE[1]}"
  printf 'setoption name UseNNUE value %s\nposition startpos\ngo nodes %s\n' "$1" "$nodes" >&"${ENGINE[1]}"
  local w i n=0 s=0
  while read -ra w <&"${ENGINE[0]}"; do
    case ${w[0]:-} in
      info) for ((i = 1; i < ${#w[@]}; i++)); do
              case ${w[i - 1]} in nodes) n=${w[i]} ;; nps) s=${w[i]} ;; esac
            done ;;
      bestmove) break ;;
      *) ;;
    esac
  done
  printf 'quit\n' >&"${ENGINE[1]}"
  wait "$ENGINE_PID"
  echo "$n $s"
}

echo "$variant, go nodes $nodes from the start position, $net:"
for r in 1 2 3; do
  for use in false true; do
    read -r n s <<<"$(run "$use")"
    printf '  run %d  UseNNUE %-5s  %9d nodes  %8d nps\n' "$r" "$use" "$n" "$s"
  done
done
