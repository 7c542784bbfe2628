#!/usr/bin/env bash
# docs/endgames.md against the program: each figure checked here is computed again and must be
# both in the document and in the program's output; each position cited is probed or played.
# Usage: tests/endgames-doc.sh BUILD_DIR [full]. Without 'full' only what takes seconds (three-man
# tables, the three-man dead-material pass); 'full' (make check-endgames, several minutes) adds the
# four-man tables and passes. Tables go to a temporary directory, removed at the end.
set -u
build=${1:?usage: tests/endgames-doc.sh BUILD_DIR [full]}
full=${2:-}
hx="$build/hexchess"
doc=docs/endgames.md
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

# The document cites the text.
in_doc() {
  grep -qF -- "$1" "$doc" || { echo "FAIL: docs/endgames.md does not cite '$1'"; fails=$((fails + 1)); }
}

# The command's output has a line with every one of the words (in that order).
says() {
  local pattern=$1
  shift
  if ! "$@" 2>&1 | grep -Eq -- "$pattern"; then
    echo "FAIL: '$*' does not match '$pattern'"
    fails=$((fails + 1))
  fi
}

commas() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }

# A 'positions N to-mate M to-stalemate S' line of tb dead, and the document's row (with commas).
dead_row() {
  local out=$1 material=$2 positions=$3 mate=$4 stalemate=$5
  grep -q "^$material positions $positions to-mate $mate to-stalemate $stalemate " "$out" ||
    { echo "FAIL: tb dead: no '$material positions $positions to-mate $mate to-stalemate $stalemate'"; fails=$((fails + 1)); }
  grep -qE "^\| [^|]*$material[^|]* \| $(commas "$positions")( each)? \| $(commas "$mate") \| $(commas "$stalemate") \|$" "$doc" ||
    { echo "FAIL: docs/endgames.md has no row '$material | $positions | $mate | $stalemate'"; fails=$((fails + 1)); }
}

# Insufficient material, decided: the three-man pass of each game.
for v in glinski mccooey cescacs; do
  "$hx" tb dead -v "$v" 3 >"$tmp/dead-$v" 2>&1
done
says '^no-win $' cat "$tmp/dead-glinski"
for m in "K-K 14568 0 14568" "KN-K 1240614 132 1240614" "KBl-K 399747 57 399747" "KBm-K 412596 0 412596"; do
  # shellcheck disable=SC2086
  dead_row "$tmp/dead-glinski" $m
done
for m in "K-K 53244 0 53244" "KN-K 8656902 246 8656902" "KJl-K 2846208 126 2846208" \
  "KJm-K 2749488 0 2749488" "KE-K 8758846 8758800 8758846"; do
  # shellcheck disable=SC2086
  dead_row "$tmp/dead-cescacs" $m
done
says '^KBm-K positions [0-9]+ to-mate 0 .* white-can-win no' cat "$tmp/dead-mccooey"
says '^KBl-K positions [0-9]+ to-mate 57 .* white-can-win yes' cat "$tmp/dead-mccooey"

# The positions the section cites.
in_doc "k/3/2K2/B6/9/11/11/11/11/11/11 w - 0 1"
says '^status ongoing' "$hx" status -v glinski -p "k/3/2K2/B6/9/11/11/11/11/11/11 w - 0 1"
for m in c8d7 c8e9 c8g9; do
  after=$("$hx" apply -v glinski -p "k/3/2K2/B6/9/11/11/11/11/11/11 w - 0 1" "$m")
  says '^status checkmate' "$hx" status -v glinski -p "$after"
done
in_doc "1/3/5/7/9/11/11/11/5k5/11/5K5 w - 0 1"
says '^status stalemate' "$hx" status -v glinski -p "1/3/5/7/9/11/11/11/5k5/11/5K5 w - 0 1"
says '^draw insufficient-material' "$hx" status -v mccooey -p '1/3/5/7/9/11/11/11/5B5/11/6K1k2 w - 0 1'
says '^status ongoing' "$hx" status -v mccooey -p '1/3/5/7/9/11/11/11/11/5B5/6K1k2 w - 0 1'
says '^1 3 1-0 ' "$hx" replay -v glinski tests/data/glinski/kb-kn-played-out.pgn
says '^2 3 3/4-1/4 ' "$hx" replay -v glinski tests/data/glinski/kb-kn-played-out.pgn

# Gliński's pure KBK and KNK, by the bishop's colour, and their forced mates and stalemates.
"$hx" tb gen -v glinski --dir "$tmp" KBK KNK >/dev/null 2>&1
"$hx" tb stats -v glinski --dir "$tmp" KBK >"$tmp/kbk"
"$hx" tb stats -v glinski --dir "$tmp" KNK >"$tmp/knk"
for f in "KBl-K wtm win 0.0306% stalemate-win 0.5967% draw 99.3727%" "KBm-K wtm win 0.0000% stalemate-win 1.2078% draw 98.7922%" \
  "KBl-K btm win 0.0140% stalemate-win 0.0687%" "KBm-K btm win 0.0000% stalemate-win 0.1683%" \
  "KNK wtm win 0.0223% stalemate-win 0.8134% draw 99.1643%" "KNK btm win 0.0037% stalemate-win 0.0971%"; do
  says "$f" cat "$tmp/kbk" "$tmp/knk"
  for x in $(echo "$f" | grep -oE '[0-9]+\.[0-9]+%' | grep -v '^0\.0000%$'); do
    grep -qF "$x" "$doc" || { echo "FAIL: docs/endgames.md lacks $x ($f)"; fails=$((fails + 1)); }
  done
done
probe() { "$hx" tb probe -v glinski --dir "$tmp" -p "$1"; }
says 'wdl win dtm 1 best c1e2' probe '1/3/5/7/9/11/11/11/5K5/11/2B2k5 w - 0 1'
says 'wdl stalemate-win dtm 1 best g3f3' probe '1/3/5/7/9/11/11/11/6K4/11/4Bk5 w - 0 1'
says 'wdl stalemate-win dtm 1 best h2f3' probe '1/3/5/7/9/11/11/11/9N1/7K3/5k5 w - 0 1'

# C'escacs: the KGK example (legal, its 71-ply stalemate) and KRKN's 37 moves.
says '^status ongoing' "$hx" status -p '/20:5G1/4:1k3/0:K/ w -- - 0 1'
"$hx" tb gen -v cescacs --dir "$tmp" KGK >/dev/null 2>&1
says 'wdl stalemate-win dtm 71 best KF0-F2' "$hx" tb probe -v cescacs --dir "$tmp" -p '/20:5G1/4:1k3/0:K/ w -- - 0 1'
n=$("$hx" moves -p '/17:4k3/16:2n4/15:R7/6:4K2/ w -- - 0 1' | wc -l)
grep -qF "every one of White's $n legal moves" "$doc" || { echo "FAIL: KRKN: $n moves, not as cited"; fails=$((fails + 1)); }

if [ "$full" = full ]; then
  # Four men: the McCooey list, and Gliński's KBBK and KNBK by colour with their cited positions.
  "$hx" tb dead -v mccooey 4 >"$tmp/dead4" 2>&1 || { echo "FAIL: tb dead -v mccooey 4"; fails=$((fails + 1)); }
  list=$(sed -n 's/^no-win //p' "$tmp/dead4")
  grep -qF "$(echo "$list" | cut -d' ' -f1-13)" "$doc" || { echo "FAIL: the McCooey list is not as cited"; fails=$((fails + 1)); }
  "$hx" tb dead -v glinski 4 >"$tmp/deadg4" 2>&1 || { echo "FAIL: tb dead -v glinski 4"; fails=$((fails + 1)); }
  "$hx" tb gen -v glinski --dir "$tmp" KQK KRK KNNK KRKB KRKN KBBK KNBK KQKR >/dev/null 2>&1
  # The Gliński section's table, row by row ("0" for 0.0000%).
  for e in KQK KRK KNNK KRKB KRKN KBBK KNBK KQKR; do
    "$hx" tb stats -v glinski --dir "$tmp" "$e" | awk -v e="$e" '$1 == e {
      for (i = 4; i <= 12; i += 2) if ($i == "0.0000%") $i = "0"
      printf "%s | %s | %s | %s | %s | %s | %s | %s |\n", e, $2, $4, $6, $8, $10, $12, $14 }' >"$tmp/row"
    sed -E 's/ \(= [A-Z]+\)//; s/ +\|/ |/g' "$doc" >"$tmp/docrows"
    while read -r row; do
      grep -qxF "| $row" "$tmp/docrows" || { echo "FAIL: docs/endgames.md lacks the row '$row'"; fails=$((fails + 1)); }
    done <"$tmp/row"
  done
  "$hx" tb stats -v glinski --dir "$tmp" KBBK >"$tmp/kbbk"
  "$hx" tb stats -v glinski --dir "$tmp" KNBK >"$tmp/knbk"
  grep -E '^K(B|N)[lmd]?B[lmd]-K (w|b)tm' "$tmp/kbbk" "$tmp/knbk" | cut -d: -f2 >"$tmp/rows"
  while read -r name stm _ win _ stale _ draw _; do
    for x in "$win" "$stale" "$draw"; do
      [ "$x" = 0.0000% ] || grep -qF "$x" "$doc" || { echo "FAIL: docs/endgames.md lacks $name $stm $x"; fails=$((fails + 1)); }
    done
  done <"$tmp/rows"
  says 'wdl win dtm 11' probe '1/3/5/7/9/11/4B6/11/2B8/11/3K1k5 w - 0 1'
  says 'wdl win dtm 39' probe '1/3/5/7/4N4/11/11/11/11/4K6/1k4B4 w - 0 1'
  says 'wdl stalemate-win dtm 7 best f2g3' probe '1/3/5/7/9/11/11/6B1B2/11/5K5/9k1 w - 0 1'
fi

if [ "$fails" -gt 0 ]; then
  echo "endgames-doc: $fails failures"
  exit 1
fi
echo "endgames-doc: every checked figure and position agrees"
