#!/usr/bin/env bash
# Runs every example command line that `hexchess --help` and `hexchess COMMAND --help` show, so that
# no example the user is told to type is broken (tests/doc-examples.sh does the same for the
# documents).
# Usage: tests/help-examples.sh [--no-processes] HEXCHESS     (tests/run.sh calls it)
# HEXCHESS is the program, e.g. build/hexchess; --no-processes skips the examples of `match`, which
# starts engine processes (for a build that cannot, the WebAssembly one).
# Prints "FAIL: ..." per broken example, then "N passed, N failed"; exit status 1 on a failure.
set -u
processes=true
if [ "${1:-}" = --no-processes ]; then
  processes=false
  shift
fi
if [ $# -ne 1 ]; then
  echo "usage: tests/help-examples.sh [--no-processes] HEXCHESS" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
hex=$(cd "$(dirname "$1")" 2>/dev/null && pwd)/$(basename "$1")
[ -x "$hex" ] || { echo "help-examples.sh: no $hex" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The examples name files of the reader's own; these stand in for them. Paths under tests/ are
# relative to the repository, and 'old.hexchess' is "any earlier build".
ln -s "$root/tests" "$work/tests"
cp "$root/tests/data/cescacs/games/game01.ctl-pgn" "$work/game.ctl-pgn"
cp "$root/tests/data/glinski/games/hungarian-tournaments-1980-87.pgn" "$work/tournament.pgn"
cp "$root/tests/data/glinski/games/hungarian-tournaments-1980-87.pgn" "$work/hungarian.pgn"
mkdir "$work/bin"
ln -s "$hex" "$work/bin/old.hexchess"

# Example lines, a continued line ("\" at the end) joined to the next: after "Example(s):" in each
# help.
extract_help() { awk '/^Examples?:$/ { on = 1; next } on && NF == 0 { on = 0 } on { print }'; }
join_lines() { sed -e ':a' -e '/\\$/N; s/\\\n//; ta'; }
{
  "$hex" --help | extract_help
  for c in $("$hex" --help | awk '/^Commands:/ { on = 1; next } on && NF == 0 { exit } on { print $1 }'); do
    "$hex" "$c" --help | extract_help
  done
} | join_lines | sed -E 's/^ +//' | awk 'NF && !seen[$0]++' >"$work/examples"

# Named skips: serve listens on a fixed port until stopped (tests/web/api.sh covers it).
skip='^(build/)?hexchess serve '
$processes || skip="$skip|( match )"
# Runs of many seconds: they pass when they are still running after a few seconds or end well.
long='(^(build/)?hexchess bench *($|#))|( match )|(perft -v glinski 4)'
# Examples that show a failure: the status they imply.
status_for() { case $1 in *game15.ctl-pgn*) echo 1 ;; *) echo 0 ;; esac; }

passed=0 failed=0 count=0
while IFS= read -r example; do
  count=$((count + 1))
  if [[ $example =~ $skip ]]; then continue; fi
  cmd=$(sed -E -e "s#build/hexchess#$hex#g" -e "s#(^|\| )hexchess #\1$hex #g" <<<"$example")
  want=$(status_for "$example") seconds=60
  if [[ $example =~ $long ]]; then seconds=3; fi
  (cd "$work" && PATH="$work/bin:$PATH" timeout "$seconds" bash -c "$cmd" <<<"quit" >out 2>err)
  rc=$?
  if [ "$rc" -eq "$want" ] || { [ "$seconds" -eq 3 ] && [ "$rc" -eq 124 ]; }; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: example '$example': status $rc, expected $want: $(head -c 300 "$work/err")"
  fi
done <"$work/examples"
if [ "$count" -lt 20 ]; then
  failed=$((failed + 1))
  echo "FAIL: only $count examples found in the helps"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
