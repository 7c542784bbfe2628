#!/usr/bin/env bash
# Tablebase files compressed in blocks (zstd) against raw, and probe speed either way (issue 40).
# For each variant, generates its endings compressed (the default of `hexchess tb gen`; tables
# already in the folder are kept), copies them and rewrites the copies raw (`tb pack --raw`), then
# prints per table the positions, the generation and verification seconds, the raw and compressed
# bytes and their ratio; then per variant the totals; then, for each table of at least
# PROBE_MIN positions, probes per second through tb_probe read raw (whole, in memory) and
# compressed (block by block), by bench/tb-probe.c.
#
# Usage: bench/tb-size.sh [HEXCHESS_BINARY]
# Environment: TABLES (folder, default /tmp/hexchess-tb-size; VARIANT/zstd and VARIANT/raw inside),
# THREADS (2), PROBES (probes per measure, 200000), PROBE_MIN (1000000), and the endings:
# GLINSKI, MCCOOEY, CESCACS (default: every pawnless ending of up to four men and KPK for Gliński
# and McCooey, the three-man endings for C'escacs; the Makefile's TB_GLINSKI list).
set -euo pipefail
bin=${1:-build/hexchess}
[ -x "$bin" ] || { echo "tb-size.sh: no hexchess binary at '$bin' (run make first)" >&2; exit 2; }
build=$(dirname "$bin")
[ -f "$build/libhexchess.a" ] && [ -f "$build/codec/tbzstd.o" ] || { echo "tb-size.sh: $build lacks libhexchess.a or codec/tbzstd.o (run make)" >&2; exit 2; }
tables=${TABLES:-/tmp/hexchess-tb-size}
threads=${THREADS:-2}
probes=${PROBES:-200000}
probe_min=${PROBE_MIN:-1000000}
four="KQK KRK KNK KBK KQQK KQRK KQNK KQBK KRRK KRNK KRBK KNNK KNBK KBBK KQKQ KQKR KQKN KQKB KRKR KRKN KRKB KNKN KNKB KBKB KPK"
declare -A endings=([glinski]=${GLINSKI-$four} [mccooey]=${MCCOOEY-$four} [cescacs]=${CESCACS-"KDK KVK KRK KGK KNK KJK KEK KPK"})

probe=$(mktemp)
trap 'rm -f "$probe"' EXIT
cc -std=c17 -D_POSIX_C_SOURCE=200809L -O2 -march=native -DNDEBUG -Isrc -o "$probe" bench/tb-probe.c \
  "$build/codec/tbzstd.o" "$build/libhexchess.a" -lzstd -lm

for v in glinski mccooey cescacs; do
  [ -n "${endings[$v]}" ] || continue
  z=$tables/$v/zstd r=$tables/$v/raw
  mkdir -p "$z" "$r"
  read -r -a list <<<"${endings[$v]}"
  echo "== $v: tb gen --threads $threads ${list[*]}"
  "$bin" tb gen -v "$v" --dir "$z" --threads "$threads" "${list[@]}" | tee "$z/gen.log"
  cp "$z"/*.hxtb "$r"/
  names=()
  for f in "$r"/*.hxtb; do
    n=${f##*/$v-}
    names+=("${n%.hxtb}")
  done
  "$bin" tb pack --raw -v "$v" --dir "$r" "${names[@]}" >/dev/null
  printf '%-8s %12s %9s %9s %14s %12s %7s\n' ending positions gen-s verify-s raw-bytes zstd-bytes ratio
  raw_total=0 zstd_total=0
  for n in "${names[@]}"; do
    rb=$(stat -c %s "$r/$v-$n.hxtb") zb=$(stat -c %s "$z/$v-$n.hxtb")
    raw_total=$((raw_total + rb)) zstd_total=$((zstd_total + zb))
    # Times from this run's gen line (none when the table was already there).
    read -r pos gs vs < <(awk -v n="$n:" '$2 == n { print $3, $(NF-9), $(NF-5) }' "$z/gen.log" | tr -d ',' ; echo "- - -") || true
    printf '%-8s %12s %9s %9s %14d %12d %7.1f\n' "$n" "$pos" "$gs" "$vs" "$rb" "$zb" "$(echo "$rb / $zb" | bc -l)"
  done
  printf '%-8s %12s %9s %9s %14d %12d %7.1f\n' total "" "" "" "$raw_total" "$zstd_total" "$(echo "$raw_total / $zstd_total" | bc -l)"
  for n in "${names[@]}"; do
    [ "$(stat -c %s "$r/$v-$n.hxtb")" -ge "$probe_min" ] || continue
    echo "probe $v raw  $("$probe" "$v" "$r" "$n" "$probes")"
    echo "probe $v zstd $("$probe" "$v" "$z" "$n" "$probes")"
  done
done
