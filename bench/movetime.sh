#!/usr/bin/env bash
# Share of a fixed move time the engine uses: `go movetime T` from each bench position of both
# games, timed from sending `go` to reading `bestmove` (bash's microsecond clock, no forks in the
# loop). Prints per move time the mean, least and greatest share and the greatest overrun, and
# exits non-zero when a move used under 95% or overran by more than the move overhead.
# Usage: bench/movetime.sh [HEXCHESS_BINARY] [MOVETIMES_MS...]   (default 30 100 300)
set -euo pipefail
bin=${1:-build/hexchess}
shift || true
times=("$@")
[ ${#times[@]} -gt 0 ] || times=(30 100 300)
[ -x "$bin" ] || { echo "movetime.sh: no hexchess binary at '$bin' (run make first)" >&2; exit 2; }
overhead=30 # the engine's default Move Overhead
positions=(
  "cescacs startpos"
  "cescacs /25:3k/23:p5/21:3e4/18:2g4/11:2P5/10:2P1P2/7:3r4/6:2P4/5:3EP1/4:R4/2:N2/1:1K/ w K- - 0 54"
  "glinski startpos"
  "glinski b/2k/n4/4b2/ppp1pp2p/5P2p2/3b1PPp3/5N5/1P1r7/7QBP1/3K1B1N3 w - 0 22"
  "glinski 1/n1k/5/7/p2pp4/9p1/2R2PpP3/6P1P2/n2P1B3P1/1N9/5BKNR2 w g6 0 16"
)
usec() { local t=${EPOCHREALTIME/[.,]/}; echo "$t"; }

coproc ENGINE { "$bin" uci; }
exec 3>&"${ENGINE[1]}" 4<&"${ENGINE[0]}"
printf 'uci\nisready\n' >&3
while read -r line <&4; do [ "$line" = readyok ] && break; done

status=0
for t in "${times[@]}"; do
  n=0 sum=0 least=999999 most=0
  for entry in "${positions[@]}"; do
    variant=${entry%% *} pos=${entry#* }
    [ "$pos" = startpos ] && spec=startpos || spec="fen $pos"
    printf 'setoption name UCI_Variant value %s\nucinewgame\nposition %s\nisready\n' "$variant" "$spec" >&3
    while read -r line <&4; do [ "$line" = readyok ] && break; done
    for rep in 1 2 3 4; do
      start=${EPOCHREALTIME/[.,]/}
      printf 'go movetime %d\n' "$t" >&3
      while read -r line <&4; do [[ $line == bestmove* ]] && break; done
      end=${EPOCHREALTIME/[.,]/}
      used=$((end - start)) # microseconds
      n=$((n + 1)) sum=$((sum + used))
      ((used < least)) && least=$used
      ((used > most)) && most=$used
    done
  done
  mean=$((sum / n))
  printf 'movetime %4d ms: %2d moves, mean %5.1f%%, least %5.1f%%, most %5.1f%%, worst overrun %+.1f ms\n' \
    "$t" "$n" "$((mean * 100 / t))e-3" "$((least * 100 / t))e-3" "$((most * 100 / t))e-3" "$(((most - t * 1000)))e-3"
  ((least * 100 >= t * 95000)) || status=1
  ((most <= (t + overhead) * 1000)) || status=1
done
printf 'quit\n' >&3
wait "$ENGINE_PID" || true
exit $status
