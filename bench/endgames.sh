#!/usr/bin/env bash
# The engine in won Gliński endings, with and without the endgame tables (issues #13 and #15 §2).
# Start positions are drawn by `hexchess tb sample` (uniform among the won positions, White to move
# and winning, fixed seed) and played by `hexchess match --positions` at a fixed time a move.
#
#   conversion  the engine plays both sides of each start (`--once`), once with the tables and once
#               without; prints per ending the share White converts (mate) and how the others ended.
#   versus      the engine with the tables against the engine without, each start with both colours;
#               prints per ending the score of the engine with the tables and each side's win rate
#               when it has the won side.
#
# "start dtm" is the starts' mean distance to mate by the tables, in plies; "mate plies" the mean
# length of the converted games.
#
# Usage: bench/endgames.sh conversion|versus [HEXCHESS_BINARY]
# Environment: TABLES (tables directory; missing tables are generated, default /tmp/hexchess-tb),
# COUNT (starts per ending: 100 for conversion, 30 for versus), MOVETIME (ms, 100), SEED (1),
# CONCURRENCY (2), ENDINGS (default KRNK KNBK KQKR KNNK for conversion, KRKN KQKR KNBK for versus),
# KEEP (a directory to keep the starts, logs and game files in).
set -euo pipefail
part=${1:-}
bin=${2:-build/hexchess}
case $part in
  conversion) default_count=100 default_endings="KRNK KNBK KQKR KNNK" ;;
  versus) default_count=30 default_endings="KRKN KQKR KNBK" ;;
  *) echo "usage: bench/endgames.sh conversion|versus [HEXCHESS_BINARY]" >&2; exit 2 ;;
esac
[ -x "$bin" ] || { echo "endgames.sh: no hexchess binary at '$bin' (run make first)" >&2; exit 2; }
tables=${TABLES:-/tmp/hexchess-tb}
count=${COUNT:-$default_count}
movetime=${MOVETIME:-100}
seed=${SEED:-1}
concurrency=${CONCURRENCY:-2}
read -r -a endings <<<"${ENDINGS:-$default_endings}"
if [ -n "${KEEP:-}" ]; then
  work=$KEEP
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

"$bin" tb gen -v glinski --dir "$tables" "${endings[@]}" >/dev/null
engine="$bin uci"
with=(--option1 "TablebasePath=$tables")

# play NAME MATCH_OPTIONS...: one match from the starts of $ending; its per-game lines in NAME.log.
play() {
  local name=$1
  shift
  "$bin" match -v glinski --engine "$engine" --engine "$engine" --positions "$work/$ending.txt" \
    --movetime "$movetime" --concurrency "$concurrency" --pgn "$work/$name.pgn" "$@" \
    >"$work/$name.out" 2>"$work/$name.log"
}

# The starts' mean distance to mate by the tables, in plies.
mean_dtm() {
  while IFS= read -r pos; do "$bin" tb probe -v glinski --dir "$tables" -p "$pos"; done <"$work/$ending.txt" |
    awk '{ sum += $4 } END { printf "%.1f", sum / NR }'
}

# The per-game lines of a log, "GAME RESULT TERMINATION PLIES", by game number.
games() {
  sed -nE 's|^game ([0-9]+)/[0-9]+: .* ([0-9/]+-[0-9/]+) \((.*), ([0-9]+) plies\)  score .*|\1 \2 \3 \4|p' "$1" |
    tr -s ' ' | awk '{ t = $3; for (i = 4; i < NF; i++) t = t "_" $i; print $1, $2, t, $NF }' | sort -n
}

echo "# bench/endgames.sh $part: Gliński, $count starts per ending (tb sample --seed $seed --wdl win" \
  "--stm white), go movetime $movetime, concurrency $concurrency"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "$part" = conversion ]; then
  printf '%-6s %9s %-7s %9s %9s %6s %10s %6s %6s %12s\n' ending "start dtm" tables converted stalemate draws \
    "(move/rep)" lost cap "mate plies"
else
  printf '%-6s %9s %7s %17s %20s %20s\n' ending "start dtm" games "tables' score" "won by tables side" \
    "won by other side"
fi
for ending in "${endings[@]}"; do
  "$bin" tb sample -v glinski --dir "$tables" --seed "$seed" --count "$count" --wdl win --stm white "$ending" \
    >"$work/$ending.txt"
  dtm=$(mean_dtm)
  if [ "$part" = conversion ]; then
    for mode in with without; do
      if [ $mode = with ]; then
        play "$ending-$mode" --once "${with[@]}" --option2 "TablebasePath=$tables"
      else
        play "$ending-$mode" --once
      fi
      # White, to move, holds the won side in every start: 1-0 is the conversion.
      games "$work/$ending-$mode.log" | awk -v e="$ending" -v d="$dtm" -v m="$mode" '
        { n++ }
        $2 == "1-0" { won++; plies += $4 }
        $2 == "3/4-1/4" { stale++ }
        $2 ~ /^1\/2|^1-1/ { draws++; if ($3 ~ /move/) moverule++; else if ($3 ~ /repetition/) rep++; if ($3 ~ /too_long/) cap++ }
        $2 == "0-1" || $2 == "1/4-3/4" { lost++ }
        END {
          printf "%-6s %9s %-7s %5d/%-3d %9d %6d %10s %6d %6d %12s\n", e, d, m, won, n, stale, draws,
            sprintf("%d/%d", moverule, rep), lost, cap, won ? sprintf("%.1f", plies / won) : "-"
        }'
    done
  else
    play "$ending-versus" "${with[@]}"
    # Odd games: engine 1 (the tables) has White, the won side; even games: engine 2 has it.
    games "$work/$ending-versus.log" | awk -v e="$ending" -v d="$dtm" '
      { n++; odd = $1 % 2 == 1; white = $2 == "1-0" ? 1 : $2 == "0-1" ? 0 : $2 == "3/4-1/4" ? 0.75 : $2 == "1/4-3/4" ? 0.25 : 0.5 }
      { score += odd ? white : 1 - white }
      odd { tn++; tw += $2 == "1-0" }
      !odd { on++; ow += $2 == "1-0" }
      END {
        printf "%-6s %9s %7d %9.1f (%5.1f%%) %12d/%-3d %5.1f%% %12d/%-3d %5.1f%%\n", e, d, n, score, 100 * score / n,
          tw, tn, 100 * tw / tn, ow, on, 100 * ow / on
      }'
  fi
done
