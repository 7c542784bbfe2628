#!/usr/bin/env bash
# Bench speed of several builds compared fairly on a machine whose speed drifts: the builds' bench
# runs are interleaved, round after round, pinned to one core, and each build's median and best
# nodes/s are printed with its ratio to the first build's median.
# Usage: bench/compare.sh [-c CORE] [-r ROUNDS] BINARY...   (defaults: the last core, 15 rounds)
set -euo pipefail
usage() { sed -n '2,5p' "$0" | cut -c3-; }
core=$(($(nproc) - 1)) rounds=15
while getopts c:r:h opt; do
  case $opt in
    c) core=$OPTARG ;;
    r) rounds=$OPTARG ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "compare.sh: name at least one hexchess binary" >&2; exit 2; }
for bin in "$@"; do
  [ -x "$bin" ] || { echo "compare.sh: no hexchess binary at '$bin'" >&2; exit 2; }
done
command -v taskset >/dev/null || { echo "compare.sh: taskset (util-linux) is needed to pin the runs" >&2; exit 2; }

declare -A runs
signature=
for ((r = 1; r <= rounds; r++)); do
  for bin in "$@"; do
    read -r nodes _ nps _ < <(taskset -c "$core" "$bin" bench 2>/dev/null | tail -n 1) || true
    [[ ${nps:-} =~ ^[0-9]+$ ]] || { echo "compare.sh: '$bin bench' on core $core printed no speed" >&2; exit 1; }
    # Builds that search different trees are not compared by nodes/s alone: say so once.
    if [ -n "$signature" ] && [ "$nodes" != "$signature" ] && [ "$r" = 1 ]; then
      echo "note: $bin searches $nodes nodes, not $signature: another tree" >&2
    fi
    signature=${signature:-$nodes}
    runs[$bin]+="$nps "
  done
  printf 'round %d of %d done\r' "$r" "$rounds" >&2
done
echo >&2
base=
for bin in "$@"; do
  read -r median best < <(tr ' ' '\n' <<<"${runs[$bin]}" | grep . | sort -n |
    awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)], v[NR]}')
  base=${base:-$median}
  awk -v b="$bin" -v m="$median" -v x="$best" -v base="$base" \
    'BEGIN {printf "%-40s median %8d  best %8d  x%.3f\n", b, m, x, m / base}'
done
