#!/usr/bin/env bash
# The bench fingerprint across builds: builds hexchess four ways (gcc release, gcc -O0 debug, clang
# release, gcc with ASan+UBSan), each in its own build directory, runs `hexchess bench DEPTH` with
# each and checks that the node count N of the last line "N nodes M nps" is the same for all. A
# difference means the search depends on something the language does not fix: uninitialised
# memory, undefined behaviour, or floating point that the compilers evaluate differently.
#
# Usage: tests/bench-builds.sh [DEPTH]   (make check-bench; DEPTH defaults to $BENCH_DEPTH, else bench's own)
# The sources are copied once to build-bench/tree first, so that all four builds compile the same
# code even while the working tree changes; builds go to build-bench/NAME, logs beside them.
# CC_GCC / CC_CLANG name the compilers (gcc, clang).
# Ends with "N passed, N failed" and a non-zero status when the fingerprints differ.
set -u
# Called from make or not, the builds take only the flags given here.
unset MAKEFLAGS MFLAGS MAKELEVEL

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
depth=${1:-${BENCH_DEPTH:-}}
gcc=${CC_GCC:-gcc}
clang=${CC_CLANG:-clang}
jobs=${BENCH_JOBS:-2}
san="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"

# name | compiler | OPT | LDFLAGS
builds=(
  "gcc-release|$gcc|-O2 -march=native -DNDEBUG|"
  "gcc-debug|$gcc|-O0 -g|"
  "clang-release|$clang|-O2 -march=native -DNDEBUG|"
  "gcc-asan-ubsan|$gcc|$san|-fsanitize=address,undefined"
)

out_dir="$root/build-bench"
tree="$out_dir/tree"
mkdir -p "$tree" || exit 2
rm -rf "$tree/src" "$tree/include" "$tree/scripts"
cp -a src include scripts Makefile "$tree/" || exit 2

passed=0
failed=0
first=""
start=$(date +%s)
for b in "${builds[@]}"; do
  IFS='|' read -r name cc opt ldflags <<<"$b"
  dir="$out_dir/$name"
  if ! command -v "$cc" >/dev/null; then
    echo "FAIL: $name: no compiler '$cc'"
    failed=$((failed + 1))
    continue
  fi
  t0=$(date +%s)
  if ! make -s -C "$tree" -j"$jobs" BUILD="$dir" CC="$cc" OPT="$opt" LDFLAGS="$ldflags" "$dir/hexchess" \
    >"$dir.log" 2>&1; then
    echo "FAIL: $name: build failed (see $dir.log)"
    failed=$((failed + 1))
    continue
  fi
  t1=$(date +%s)
  out=$("$dir/hexchess" bench ${depth:+"$depth"} 2>"$dir.bench.log")
  rc=$?
  last=$(printf '%s\n' "$out" | tail -n 1)
  t2=$(date +%s)
  if [ $rc -ne 0 ] || ! [[ $last =~ ^([0-9]+)\ nodes\ [0-9]+\ nps$ ]]; then
    echo "FAIL: $name: bench exited with status $rc, last line '$last' (see $dir.bench.log)"
    failed=$((failed + 1))
    continue
  fi
  nodes=${BASH_REMATCH[1]}
  printf '%-15s %12s nodes  (build %ds, bench depth %s %ds)\n' "$name" "$nodes" $((t1 - t0)) "${depth:-default}" $((t2 - t1))
  if [ -z "$first" ]; then
    first=$nodes
    first_name=$name
    passed=$((passed + 1))
  elif [ "$nodes" = "$first" ]; then
    passed=$((passed + 1))
  else
    echo "FAIL: $name gives $nodes nodes, $first_name $first"
    # The positions where the builds part, for the report.
    diff "$out_dir/$first_name.bench.log" "$dir.bench.log" | sed 's/^/  /'
    failed=$((failed + 1))
  fi
done
echo "bench fingerprint at depth ${depth:-default}: $(($(date +%s) - start))s in all"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
