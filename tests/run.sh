#!/usr/bin/env bash
# Runs the test suite against one build: every test program of BUILD_DIR/tests (one per tests/*.c),
# then black-box tests of BUILD_DIR/hexchess through its command-line contract.
# With --program, only the command-line contract, of PROGRAM: another build of hexchess, such as
# build-wasm/hexchess (the WebAssembly build under Node, make check-wasm); what such a build does
# not have (the server, other processes for `match`) is skipped, each skip named.
# Usage: tests/run.sh BUILD_DIR             (make check does this)
#        tests/run.sh --program PROGRAM
# Ends with the line "N passed, N failed[, N skipped]" and a non-zero exit status when anything failed.
set -u

if [ $# -eq 2 ] && [ "$1" = --program ]; then
  native=false
elif [ $# -eq 1 ]; then
  native=true
else
  echo "usage: tests/run.sh BUILD_DIR | tests/run.sh --program PROGRAM" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
if $native; then
  build=$(cd "$1" 2>/dev/null && pwd) || { echo "run.sh: no build directory '$1'" >&2; exit 2; }
  hex="$build/hexchess"
else
  hex=$(cd "$(dirname "$2")" 2>/dev/null && pwd)/$(basename "$2") || { echo "run.sh: no program '$2'" >&2; exit 2; }
fi
cd "$root" || exit 2
export HEXCHESS_TEST_DATA="$root/tests/data"
export LC_ALL=C
unset CMOCKA_MESSAGE_OUTPUT CMOCKA_TEST_ABORT
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A test program that runs longer than this is hung, not slow.
limit=${HEXCHESS_TEST_TIMEOUT:-900}

passed=0
failed=0
skipped=0
failures=()

pass() { passed=$((passed + 1)); }
fail() {
  failed=$((failed + 1))
  failures+=("$1")
  echo "FAIL: $1"
}

# Exit status in words, for the failure messages (>= 128: killed by a signal, i.e. a crash).
describe_rc() {
  case $1 in
    0) echo "success" ;;
    124) echo "timed out after ${limit}s" ;;
    *) if [ "$1" -ge 128 ]; then echo "crashed (status $1, signal $(($1 - 128)))"; else echo "status $1"; fi ;;
  esac
}

# native_only WHY: false (and the test counted as skipped, saying why) for a program given with --program.
native_only() {
  $native && return 0
  skipped=$((skipped + 1))
  echo "skipped: $1"
  return 1
}
no_server="serve is not part of this build (no sockets, no SQLite)"
no_processes="match starts engine processes, which this build cannot"

# ---------------------------------------------------------------- the test programs
$native && echo "== test programs ($build/tests)"
$native && for src in tests/*.c; do
  name=$(basename "$src" .c)
  bin="$build/tests/$name"
  if [ ! -x "$bin" ]; then
    fail "$name: not built ($bin)"
    continue
  fi
  start=$(date +%s)
  timeout "$limit" "$bin" >"$tmp/log" 2>&1 </dev/null
  rc=$?
  seconds=$(($(date +%s) - start))
  cat "$tmp/log"
  ok=$(grep -Eo '\[  PASSED  \] [0-9]+ test' "$tmp/log" | grep -Eo '[0-9]+' | tail -n 1)
  bad=$(grep -Eo '\[  FAILED  \] [0-9]+ test' "$tmp/log" | grep -Eo '[0-9]+' | tail -n 1)
  ok=${ok:-0}
  bad=${bad:-0}
  passed=$((passed + ok))
  failed=$((failed + bad))
  if [ "$bad" -gt 0 ]; then
    for t in $(grep -Eo '^\[  FAILED  \] [A-Za-z_][A-Za-z0-9_]*$' "$tmp/log" | awk '{print $NF}' | sort -u); do
      failures+=("$name: $t")
    done
  fi
  if [ "$rc" -ne 0 ] && [ "$bad" -eq 0 ]; then
    fail "$name: $(describe_rc "$rc") without a test report"
  elif [ "$rc" -eq 0 ] && [ "$ok" -eq 0 ]; then
    fail "$name: ran no tests"
  fi
  echo "-- $name: $ok passed, $bad failed, $(describe_rc "$rc"), ${seconds}s"
done

# ---------------------------------------------------------------- the command-line contract
echo "== command line ($hex)"
if [ ! -x "$hex" ]; then
  fail "hexchess: not built ($hex)"
  echo "$passed passed, $failed failed"
  exit 1
fi

# Runs hexchess with no input; leaves $rc, $tmp/out and $tmp/err.
cli() {
  timeout 120 "$hex" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
  rc=$?
}

lines() { awk 'END { print NR }' "$1"; }

# expect_ok NAME ARGS...: status 0, nothing on stderr, something on stdout.
expect_ok() {
  local name=$1
  shift
  cli "$@"
  if [ "$rc" -ne 0 ]; then
    fail "$name: $(describe_rc "$rc"): $(head -c 300 "$tmp/err")"
  elif [ -s "$tmp/err" ]; then
    fail "$name: wrote to stderr: $(head -c 300 "$tmp/err")"
  elif [ ! -s "$tmp/out" ]; then
    fail "$name: printed nothing"
  else
    pass
  fi
}

# expect_error NAME STATUS ARGS...: that exit status, no output, one non-empty line on stderr.
expect_error() {
  local name=$1 want=$2
  shift 2
  cli "$@"
  if [ "$rc" -ne "$want" ]; then
    fail "$name: $(describe_rc "$rc"), expected status $want; stderr: $(head -c 300 "$tmp/err")"
  elif [ "$(lines "$tmp/err")" -ne 1 ] || [ -z "$(tr -d '[:space:]' <"$tmp/err")" ]; then
    fail "$name: expected one error line on stderr, got $(lines "$tmp/err"): $(head -c 300 "$tmp/err")"
  elif [ -s "$tmp/out" ]; then
    fail "$name: printed to stdout on error: $(head -c 300 "$tmp/out")"
  else
    pass
  fi
}

# check NAME COMMAND...: passes when the shell command succeeds.
check() {
  local name=$1
  shift
  if "$@"; then pass; else fail "$name"; fi
}

nodes_line='^nodes [0-9]+ time [0-9]+(\.[0-9]+)? nps [0-9]+(\.[0-9]+)?$'
start_pdtl='/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1'
start_fen='b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1'

# --help, and COMMAND --help for every command the main help lists.
expect_ok "hexchess --help" --help
commands=$(awk '/^Commands:/ { on = 1; next } on && NF == 0 { exit } on { print $1 }' "$tmp/out")
check "hexchess --help lists moves, perft, apply and status" \
  bash -c 'for c in moves perft apply status; do grep -qx "$c" <<<"$1" || exit 1; done' _ "$commands"
for c in $commands; do
  expect_ok "hexchess $c --help" "$c" --help
  expect_ok "hexchess $c -h" "$c" -h
done

# moves: one per line, sorted by byte order, no duplicates.
sorted_unique() { sort -c -u "$tmp/out" 2>/dev/null; }
expect_ok "moves (C'escacs start)" moves
check "moves: 68 from the C'escacs start" test "$(lines "$tmp/out")" -eq 68
check "moves: C'escacs start sorted and unique" sorted_unique
check "moves: JF6-A21 among them" grep -qx 'JF6-A21' "$tmp/out"
expect_ok "moves -v glinski" moves -v glinski
check "moves: 51 from the Glinski start" test "$(lines "$tmp/out")" -eq 51
check "moves: Glinski start sorted and unique" sorted_unique
check "moves: f5f6 among them" grep -qx 'f5f6' "$tmp/out"
expect_ok "moves -p startpos" moves -p startpos
check "moves -p startpos: 68" test "$(lines "$tmp/out")" -eq 68

# Every perft.txt position: `moves` gives D1 sorted lines, `perft 2` gives D2.
for variant in cescacs glinski mccooey; do
  n=0
  while IFS= read -r line; do
    case $line in '#'* | '') continue ;; esac
    n=$((n + 1))
    pos=${line%% ;D1 *}
    [[ $line =~ \;D1\ ([0-9]+)\ \;D2\ ([0-9]+) ]] || { fail "$variant/perft.txt: unreadable line $n"; continue; }
    d1=${BASH_REMATCH[1]} d2=${BASH_REMATCH[2]}
    cli moves -v "$variant" -p "$pos"
    if [ "$rc" -ne 0 ] || [ "$(lines "$tmp/out")" -ne "$d1" ] || ! sorted_unique; then
      fail "$variant perft.txt position $n: moves gave $(lines "$tmp/out") lines ($(describe_rc "$rc")), expected $d1 sorted"
    else
      pass
    fi
    cli perft -v "$variant" -p "$pos" 2
    if [ "$rc" -ne 0 ] || [ "$(lines "$tmp/out")" -ne 1 ] || ! grep -Eq "$nodes_line" "$tmp/out" ||
      [ "$(awk '{print $2}' "$tmp/out")" != "$d2" ]; then
      fail "$variant perft.txt position $n: perft 2 printed '$(head -c 200 "$tmp/out")' ($(describe_rc "$rc")), expected nodes $d2"
    else
      pass
    fi
  done <"tests/data/$variant/perft.txt"
  check "$variant perft.txt: positions read by the CLI tests" test "$n" -gt 0
done
expect_ok "perft -v mccooey 4" perft -v mccooey 4
check "perft -v mccooey 4: 1157852 nodes (tests/data/mccooey/perft.txt)" grep -q '^nodes 1157852 ' "$tmp/out"

# perft --divide: "MOVE COUNT" per legal move in `moves` order, then the nodes line with their sum.
divide() {
  local name=$1 total=$2
  shift 2
  cli moves "$@"
  cp "$tmp/out" "$tmp/moves"
  expect_ok "$name" perft --divide "$@" 2
  local body_lines=$(($(lines "$tmp/out") - 1))
  check "$name: one line per legal move" test "$body_lines" -eq "$(lines "$tmp/moves")"
  check "$name: MOVE COUNT lines in moves order" \
    bash -c 'head -n -1 "$1" | awk "NF != 2 || \$2 !~ /^[0-9]+\$/ { exit 1 } { print \$1 }" | cmp -s - "$2"' \
    _ "$tmp/out" "$tmp/moves"
  check "$name: last line is the nodes line" bash -c 'tail -n 1 "$1" | grep -Eq "$2"' _ "$tmp/out" "$nodes_line"
  check "$name: counts sum to $total" \
    test "$(head -n -1 "$tmp/out" | awk '{ s += $2 } END { print s }')" = "$total"
  check "$name: nodes $total" test "$(tail -n 1 "$tmp/out" | awk '{print $2}')" = "$total"
}
divide "perft --divide 2 (C'escacs)" 4612
divide "perft --divide 2 (Glinski)" 2586 -v glinski
expect_ok "perft 3" perft 3
check "perft 3: one nodes line" bash -c '[ "$(wc -l <"$1")" -eq 1 ] && grep -Eq "$2" "$1"' _ "$tmp/out" "$nodes_line"
check "perft 3: 340385" test "$(awk '{print $2}' "$tmp/out")" = 340385

# apply: the canonical position after the moves; no moves gives the canonical start.
expect_ok "apply (no moves)" apply
check "apply: start PDTL" test "$(cat "$tmp/out")" = "$start_pdtl"
expect_ok "apply -v glinski (no moves)" apply -v glinski
check "apply: start FEN" test "$(cat "$tmp/out")" = "$start_fen"
expect_ok "apply -v glinski f5f6" apply -v glinski f5f6
check "apply f5f6" test "$(cat "$tmp/out")" = \
  'b/qbk/n1b1n/r5r/ppppppppp/5P5/11/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b - 0 1'
# Every 50th make-move vector of the data, through the CLI.
n=0
while IFS= read -r line; do
  n=$((n + 1))
  [ $((n % 50)) -eq 1 ] || continue
  [[ $line =~ \"pdtl_before\":\ \"([^\"]*)\" ]] && before=${BASH_REMATCH[1]}
  [[ $line =~ \"move\":\ \"([^\"]*)\" ]] && move=${BASH_REMATCH[1]}
  [[ $line =~ \"pdtl_after\":\ \"([^\"]*)\" ]] && after=${BASH_REMATCH[1]}
  cli apply -p "$before" "$move"
  if grep -q 'side not to move (.*) is in check' "$tmp/err"; then
    # A starting position that leaves a king capturable (see tests/test_transitions.c): refused.
    check "apply transitions.jsonl:$n: a capturable king is refused with status 1" test "$rc" -eq 1
  elif [ "$rc" -ne 0 ] || [ "$(cat "$tmp/out")" != "$after" ]; then
    fail "apply transitions.jsonl:$n $move: printed '$(head -c 300 "$tmp/out")' ($(describe_rc "$rc")), expected '$after'"
  else
    pass
  fi
done <tests/data/cescacs/transitions.jsonl

# status: the first record of each kind in the data.
status_of() { # VARIANT FILE FIELD PATTERN EXPECTED-LINE...
  local variant=$1 file=$2 field=$3 pattern=$4
  shift 4
  local record pos
  record=$(grep -m 1 -e "$pattern" "tests/data/$file")
  [[ $record =~ \"$field\":\ \"([^\"]*)\" ]] || { fail "status: no record matching $pattern in $file"; return; }
  pos=${BASH_REMATCH[1]}
  expect_ok "status ($file: $pattern)" status -v "$variant" -p "$pos"
  for want in "$@"; do
    check "status ($file: $pattern) says '$want'" grep -qxF "$want" "$tmp/out"
  done
}
status_of cescacs cescacs/positions.jsonl pdtl '"mate": true' "status checkmate"
status_of cescacs cescacs/positions.jsonl pdtl '"stalemate": true' "status stalemate" "moves 0"
status_of cescacs cescacs/positions.jsonl pdtl '"draw": "75-move"' "status draw" "draw 75-move" "result 1-1"
status_of cescacs cescacs/positions.jsonl pdtl '"draw": "insufficient-material"' "draw insufficient-material"
status_of cescacs cescacs/positions.jsonl pdtl '"claimable": "50-move"' "claimable 50-move"
status_of cescacs cescacs/positions.jsonl pdtl '"check": "++"' "check ++"
status_of glinski glinski/positions.jsonl fen '"status": "checkmate"' "status checkmate"
status_of glinski glinski/positions.jsonl fen '"status": "stalemate"' "status stalemate"
status_of mccooey mccooey/positions.jsonl fen '"status": "stalemate"' "status stalemate" "result 1/2-1/2"
expect_ok "status (start)" status
check "status (start): ongoing" grep -qx "status ongoing" "$tmp/out"

# Errors: one line on stderr, the documented status (1: rejected move or position, 2: usage), no crash.
long=$(head -c 100000 /dev/zero | tr '\0' 'p')
expect_error "moves: bad piece letter" 1 moves -p '/28:x/27:dk/1:DK/ w -- - 0 1'
expect_error "moves: line off the board" 1 moves -p '/29:v/27:dk/1:DK/ w -- - 0 1'
expect_error "moves: bad turn" 1 moves -p "${start_pdtl/ w / x }"
expect_error "moves: kings missing" 1 moves -p '/27:d1/1:D1/ w -- - 0 1'
expect_error "moves: empty position" 1 moves -p ''
# Positions the rules cannot reach: every reader refuses them with the validator's reason.
capturable='/24:G4/3:3k/2:K2/ w -- - 0 81' # White's pegasus could take the king on I3
for command in moves "apply GB24-B22" status "perft 1" play; do
  read -r name args <<<"$command"
  expect_error "$command: the side not to move in check" 1 "$name" -p "$capturable" $args
  check "$command: names the side not to move in check" grep -q 'side not to move (Black) is in check' "$tmp/err"
done
expect_error "moves: Glinski pawn on its promotion hex" 1 moves -v glinski -p 'P/2k/5/7/9/11/11/11/11/11/6K4 w - 0 1'
check "moves: names the pawn on its promotion hex" grep -q 'White pawn on f11, its promotion hex' "$tmp/err"
expect_error "moves: en passant no step made" 1 moves -p '/27:1k/10:3P3/1:1K/ b -- F10@8 0 1'
check "moves: names the impossible step" grep -q 'the pawn on F10 cannot have stepped from F6' "$tmp/err"
expect_error "moves: two bishops on one colour" 1 moves -p '/27:1k/8:3J3/2:1J1/1:1K/ w -- - 0 1'
check "moves: names the bishops" grep -q "2 bishops 'J' on hexes of one colour" "$tmp/err"
printf '[Variant "C\x27escacs"]\n[PDTL "%s"]\n\n81. GB24-B22 *\n' "$capturable" >"$tmp/capturable.ctl-pgn"
cli replay "$tmp/capturable.ctl-pgn"
check "replay: a start position the rules cannot reach is the game's error, status 1" test "$rc" -eq 1
check "replay: the error line names the reason" grep -q "^1 error ply 1 'PDTL': .*side not to move (Black) is in check" \
  "$tmp/out"
cli convert "$tmp/capturable.ctl-pgn"
check "convert: refuses the start position, status 1" test "$rc" -eq 1
check "convert: names the reason" grep -q 'side not to move (Black) is in check' "$tmp/err"
expect_error "moves: 100000-character position" 1 moves -p "$long"
expect_error "moves: bad FEN" 1 moves -v glinski -p 'b/qbk/n1b1n w - 0 1'
expect_error "moves: C'escacs PDTL as Glinski" 1 moves -v glinski -p "$start_pdtl"
expect_error "perft: bad position" 1 perft -p 'nonsense' 1
expect_error "status: bad position" 1 status -p "$start_pdtl extra fields here"
expect_error "apply: illegal move" 1 apply E7-E15
expect_error "apply: second move illegal" 1 apply E7-E13 E7-E13
expect_error "apply: Glinski illegal move" 1 apply -v glinski f5f7
expect_error "apply: not a move" 1 apply "$long"
expect_error "apply: bad position" 1 apply -p "/28:v/ w" E7-E13
expect_error "moves: unknown option" 2 moves --frobnicate
expect_error "perft: unknown option" 2 perft -x 2
expect_error "moves: unknown variant" 2 moves -v chess
expect_error "moves: -p without a value" 2 moves -p
expect_error "moves: unexpected argument" 2 moves extra
expect_error "perft: no depth" 2 perft
expect_error "perft: depth 0" 2 perft 0
expect_error "perft: depth x" 2 perft x
expect_error "perft: depth 99" 2 perft 99
expect_error "unknown command" 2 frobnicate
cli
check "no command: usage status 2, not a crash" test "$rc" -eq 2

# Game records: replay's line format and exit status, its warnings, convert's round trip.
games=tests/data
cli replay "$games/cescacs/games/game01.ctl-pgn"
check "replay: GAME_NUMBER PLIES RESULT FINAL_POSITION" test "$rc" -eq 0 -a \
  "$(cat "$tmp/out")" = "1 133 3-0 /27:1d/26:2k/24:1N2p/23:4pp/22:3V3/20:2jpen1/19:4p3/16:4p2/7:4P3/6:4P2/5:3EPP/4:3EP/3:2K1/2:1J1/1:G1/0:R/ b -- - 9 67"
cli replay "$games/cescacs/games/game15.ctl-pgn"
check "replay: an illegal move is reported and the status is 1" grep -Eq \
  "^1 error ply 3 'EE5-E11': .*game15.ctl-pgn:14: " "$tmp/out"
check "replay: status 1 after an illegal move" test "$rc" -eq 1
cli replay "$games/cescacs/games/game07.ctl-pgn"
check "replay: a result the rules contradict is a warning naming the game" grep -q "game 1 is recorded as 0-3" "$tmp/err"
cli replay "$games/glinski/games/hungarian-tournaments-1980-87.pgn"
check "replay: 197 tournament games, all legal" test "$rc" -eq 0 -a "$(lines "$tmp/out")" -eq 197
cp "$tmp/out" "$tmp/replayed"
# Issue 40: Gliński's K+B v K+N is not dead (either side may still mate or stalemate): played on.
cli replay "$games/glinski/kb-kn-played-out.pgn"
check "replay: K+B v K+N games go on to their mate and stalemate" test "$rc" -eq 0 -a \
  "$(cut -d' ' -f1-3 "$tmp/out" | tr '\n' ' ')" = "1 3 1-0 2 3 3/4-1/4 "
cli convert --to san --letters en "$games/glinski/games/hungarian-tournaments-1980-87.pgn"
cp "$tmp/out" "$tmp/english.pgn"
cli replay "$tmp/english.pgn"
check "convert: Hungarian SAN to English SAN replays the same" cmp -s "$tmp/out" "$tmp/replayed"
# A stop indicator in PGN stands apart from its move (glued, ':' reads as a Hungarian capture sign).
printf '[Variant "Glinski"]\n\n1. f5f6 : e7e6 *\n' >"$tmp/stop.pgn"
cli convert --to san "$tmp/stop.pgn"
cp "$tmp/out" "$tmp/stop-san.pgn"
cli convert --to san "$tmp/stop-san.pgn"
check "convert: a PGN stop indicator is written apart and reads back the same" \
  bash -c 'grep -q "^1. f6 : e6" "$1" && cmp -s "$1" "$2"' _ "$tmp/out" "$tmp/stop-san.pgn"
# Review: one line per ply and an accuracy line per game; the hung queen is a blunder; mates as
# #N; the same output at a fixed depth; errors as replay and convert give them.
ply_line='^[0-9]+ [^ ]+ ([+-][0-9]+\.[0-9]{2}|0\.00|#-?[0-9]+) [^ ]+ (best|good|inaccuracy|mistake|blunder)$'
accuracy_line='^accuracy white ([0-9]+\.[0-9]%|-) black ([0-9]+\.[0-9]%|-)$'
review_format() { # FILE PLIES GAMES: every line in the format, PLIES ply lines and GAMES accuracy lines
  [ "$(grep -Ec "$ply_line" "$1")" -eq "$2" ] && [ "$(grep -Ec "$accuracy_line" "$1")" -eq "$3" ] &&
    [ "$(lines "$1")" -eq $(($2 + $3)) ]
}
expect_ok "review: the hung queen" review -v glinski --depth 6 "$games/glinski/review/hung-queen.pgn"
check "review: six plies and the accuracy line" review_format "$tmp/out" 6 1
check "review: White's 2. Qc3 leaves the queen to the bishop: a blunder, Bxc3 best instead of it" \
  grep -Eq '^3 Qc3 -[0-9]+\.[0-9]{2} [^ ]+ blunder$' "$tmp/out"
check "review: Black's Bxc3 is the engine's move" grep -Eq '^4 Bxc3 -[0-9.]+ Bxc3 best$' "$tmp/out"
check "review: White's accuracy is below Black's" \
  awk '/^accuracy/ { w = $3 + 0; b = $5 + 0; exit !(w < b) }' "$tmp/out"
cp "$tmp/out" "$tmp/review1"
cli review -v glinski --depth 6 "$games/glinski/review/hung-queen.pgn"
check "review --depth: the same output twice" cmp -s "$tmp/out" "$tmp/review1"
expect_ok "review: Gliński's fool's mate" review --depth 4 "$games/glinski/games/FoolsMate.pgn"
check "review: the move that allows mate in one shows #1 and is a blunder" grep -Eq '^6 e6 #1 [^ ]+ blunder$' "$tmp/out"
check "review: the mate on the board shows #0" grep -Eq '^7 Qxf9# #0 Qxf9# best$' "$tmp/out"
expect_ok "review: a C'escacs game" review --depth 2 "$games/cescacs/games/game01.ctl-pgn"
check "review: 133 plies, one game" review_format "$tmp/out" 133 1
check "review: the last move mates" grep -Eq '^133 [^ ]+# #0 ' "$tmp/out"
cli review --depth 2 "$games/cescacs/games/game15.ctl-pgn"
check "review: an illegal move ends the game's review, status 1, the error as convert gives it" \
  bash -c '[ "$1" -eq 1 ] && grep -q "^hexchess review: .*game15.ctl-pgn: stopped at ply 3 '"'"'EE5-E11'"'"': " "$2"' \
  _ "$rc" "$tmp/err"
check "review: the plies before it are reviewed" review_format "$tmp/out" 2 1
expect_error "review: no such file" 1 review "$tmp/none.pgn"
expect_error "review: no FILE" 2 review --depth 3
expect_error "review: two FILEs" 2 review a.pgn b.pgn
expect_error "review: --depth 0" 2 review --depth 0 "$games/glinski/review/hung-queen.pgn"
expect_error "review: --movetime and --depth" 2 review --movetime 10 --depth 3 "$games/glinski/review/hung-queen.pgn"
expect_error "review: unknown option" 2 review --nodes 5 "$games/glinski/review/hung-queen.pgn"
expect_error "review: unknown variant" 2 review -v chess "$games/glinski/review/hung-queen.pgn"
# Puzzles: a record's given-away queen is one; self-play's puzzles are the same from the same seed,
# their lines legal from their positions and their mates mates; errors as review's.
puzzle_line='^(cescacs|glinski|mccooey);(mate[123]|material);[^;]+;[^;]+;[^;]+ game [0-9]+ ply [0-9]+$'
expect_ok "puzzles: a recorded game" puzzles --depth 6 "$games/glinski/review/queen-trade.pgn"
check "puzzles: the queen given away, taken by Black's queen" test "$(cat "$tmp/out")" = \
  "glinski;material;$($hex apply -v glinski b1b2 h7h6 e1b4);e10b4;$games/glinski/review/queen-trade.pgn game 1 ply 3"
puzzle_lines_play() { # FILE: every line in the format, its solution legal, a mate theme ending in mate
  local variant theme position line
  while IFS=';' read -r variant theme position line _; do
    grep -Eq "$puzzle_line" <<<"$variant;$theme;$position;$line;x game 1 ply 1" || return 1
    # shellcheck disable=SC2086
    "$hex" apply -v "$variant" -p "$position" $line >"$tmp/after" 2>/dev/null || return 1
    case $theme in mate[123])
      "$hex" status -v "$variant" -p "$(cat "$tmp/after")" | grep -qx 'status checkmate' || return 1 ;;
    esac
  done <"$1"
}
for variant in glinski cescacs; do
  cli puzzles -v "$variant" --games 3 --depth 4 --seed 5
  cp "$tmp/out" "$tmp/puzzles1"
  check "puzzles -v $variant: status 0, nothing on stderr" \
    bash -c '[ "$1" -eq 0 ] && ! [ -s "$2" ]' _ "$rc" "$tmp/err"
  check "puzzles -v $variant: lines legal, mates mate" puzzle_lines_play "$tmp/puzzles1"
  cli puzzles -v "$variant" --games 3 --depth 4 --seed 5
  check "puzzles -v $variant --depth --seed: the same puzzles twice" cmp -s "$tmp/out" "$tmp/puzzles1"
done
cli puzzles -v glinski --games 3 --depth 4 --seed 5 --count 1
check "puzzles --count 1: at most one" test "$(lines "$tmp/out")" -le 1
expect_error "puzzles: no such file" 1 puzzles "$tmp/none.pgn"
expect_error "puzzles: --games -1" 2 puzzles --games -1
expect_error "puzzles: --count 0" 2 puzzles --count 0
expect_error "puzzles: --seed x" 2 puzzles --seed x
expect_error "puzzles: --depth and --movetime" 2 puzzles --depth 3 --movetime 10
expect_error "puzzles: unknown option" 2 puzzles --nodes 5
# Long games: convert and play's save write every move of a 1000-ply game, and it replays to
# the position apply reaches; a game past the engine's room is refused, not overrun. The game
# has no repetitions (a shuffle is drawn on the fifth).
long_game() { tr -s ' \n' '\n' <"$games/cescacs/long-game.txt" | head -n "$1"; }
long_record() { # long_record PLIES FILE
  # shellcheck disable=SC2046
  cli convert $(long_game "$1")
  printf '[Variant "C%sescacs"]\n\n' "'" | cat - "$tmp/out" >"$2"
}
# shellcheck disable=SC2046
cli apply $(long_game 1000)
final=$(cat "$tmp/out")
long_record 1000 "$tmp/long.ctl-pgn"
cli replay "$tmp/long.ctl-pgn"
check "convert: a 1000-ply game replays to its final position" test "$(cut -d' ' -f2,4- "$tmp/out")" = "1000 $final"
printf 'save %s\nquit\n' "$tmp/saved.ctl-pgn" |
  timeout 120 "$hex" play --no-color --engine none --load "$tmp/long.ctl-pgn" >"$tmp/out" 2>&1
cli replay "$tmp/saved.ctl-pgn"
check "play: save writes a 1000-ply game whole" test "$(cut -d' ' -f2,4- "$tmp/out")" = "1000 $final"
long_record 3840 "$tmp/longest.ctl-pgn"
next_move=$(long_game 3841 | tail -n 1)
printf 'hint\n%s\nquit\n' "$next_move" |
  timeout 120 "$hex" play --no-color --engine none --load "$tmp/longest.ctl-pgn" >"$tmp/out" 2>&1
check "play: a hint at the longest game, then no room for another move" \
  bash -c 'grep -q "Hint: " "$1" && grep -q "The game is too long: 3840 plies at most." "$1"' _ "$tmp/out"
long_record 4000 "$tmp/longer.ctl-pgn"
printf 'hint\nquit\n' | timeout 120 "$hex" play --no-color --engine none --load "$tmp/longer.ctl-pgn" >"$tmp/out" 2>&1
check "play: a 4000-ply game is refused, no engine search" \
  bash -c 'grep -q "longer than 3840 plies" "$1" && ! grep -q "Hint: " "$1"' _ "$tmp/out"
# The hint is written as the move list writes moves (short algebraic here), not as coordinates.
printf 'hint\nquit\n' | timeout 120 "$hex" play --no-color -v glinski --engine none --level 1 >"$tmp/out" 2>&1
check "play: the hint is written in the game's notation" \
  bash -c 'grep -Eq "Hint: [A-Za-z0-9=+#]+$" "$1" && ! grep -Eq "Hint: [a-l][0-9]+[a-l][0-9]+" "$1"' _ "$tmp/out"
expect_error "match: --max-plies past the longest game" 2 match --engine "$hex uci" --engine "$hex uci" --max-plies 100000
deep="$tmp/$(printf 'd%.0s' $(seq 250))/$(printf 'e%.0s' $(seq 250))"
mkdir -p "$deep"
printf '[Variant "Glinski"]\n\n1. f5f6 ) *\n' >"$deep/bad.pgn"
cli replay "$deep/bad.pgn"
check "replay: a file name of 500 bytes leaves the error its room" grep -q "bad.pgn:3: ')' closes no variation" "$tmp/out"
# Records as people write them: replay reads past each defect with warnings naming FILE:LINE on
# stderr, its stdout keeps the format and the games their numbers.
defects=$games/records-defects
# replay_defects FILE WARNINGS EXPECTED...: status 0, "NUMBER PLIES RESULT" of each game, that many
# warnings, each naming the file and a line.
replay_defects() {
  local name=$1 file=$defects/$1 warnings=$2
  shift 2
  cli replay "$file"
  check "replay $name: status 0, games read past the defects: $*" \
    test "$rc" -eq 0 -a "$(awk '{ printf "%s%s %s %s", (NR > 1 ? "; " : ""), $1, $2, $3 }' "$tmp/out")" = "$*"
  check "replay $name: $warnings warnings naming $file:LINE" test "$(lines "$tmp/err")" -eq "$warnings" -a \
    "$(grep -c "^hexchess replay: warning: $file:[0-9][0-9]*: " "$tmp/err")" -eq "$warnings"
}
replay_defects separators.pgn 6 "1 7 1-0; 2 3 *; 3 2 *"
check "replay: a separator line is named in its warning" grep -q "separators.pgn:12: skipped a line .*=====" "$tmp/err"
replay_defects damaged-results.pgn 4 "1 4 *; 2 2 *; 3 2 1/2-1/2; 4 4 *; 5 7 1-0"
check "replay: a damaged result is a warning" grep -q "damaged-results.pgn:3: .*is not a result" "$tmp/err"
replay_defects comments.ctl-pgn 0 "1 10 *"
replay_defects windows.ctl-pgn 1 "1 10 *"
replay_defects old-mac.pgn 0 "1 7 1-0; 2 1 *"
replay_defects labels.pgn 4 "1 7 1-0"
replay_defects nul.pgn 1 "1 7 1-0"
# A start position of 512 characters or more: refused in one line by every reader (it crashed them).
for rec in long-fen.pgn long-pdtl.ctl-pgn; do
  cli replay "$defects/$rec"
  check "replay $rec: status 1, one error line naming the file and the length" test "$rc" -eq 1 -a \
    "$(grep -c "^1 error ply 1 '[A-Z]*': $defects/$rec:1: bad start position: position: longer than 511 characters$" "$tmp/out")" -eq 1
  cli convert "$defects/$rec"
  check "convert $rec: status 1, one error line" test "$rc" -eq 1 -a "$(lines "$tmp/err")" -eq 1
  native_only "play is interactive" || continue
  printf 'quit\n' | timeout 60 "$hex" play --no-color --engine none --load "$defects/$rec" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  check "play --load $rec: one error line naming line 1" test "$rc" -eq 1 -a \
    "$(grep -c "^load: '$defects/$rec': line 1, move 1 .*longer than 511 characters$" "$tmp/err")" -eq 1
done
expect_error "convert -p of 600 characters: one error line" 1 convert -p "$(printf 'x%.0s' $(seq 600))" E7-E13
cli replay "$defects/utf16.pgn"
check "replay: a UTF-16 file is one error naming file, line and why, status 1" test "$rc" -eq 1 -a \
  "$(cat "$tmp/out")" = "1 error ply 1 'UTF-16': $defects/utf16.pgn:1: the text is UTF-16 (its byte-order mark says so): save it as UTF-8"
cli replay "$games/cescacs/games/game17.ctl-pgn"
cp "$tmp/out" "$tmp/game17"
cli replay "$defects/windows.ctl-pgn"
check "replay: a Windows-1252 CRLF copy of game 17 ends where game 17 does" cmp -s "$tmp/out" "$tmp/game17"
expect_error "replay: no file" 2 replay
expect_error "replay: missing file" 1 replay /nonexistent.pgn
expect_error "convert: digital notation for C'escacs" 2 convert --to digital E7-E13

# The argument contract, the same for every command: a missing, extra or empty argument, an
# option the command does not take and a number out of range are usage errors (status 2).
expect_error "status: extra arguments" 2 status foo bar
expect_error "moves: extra argument" 2 moves E7-E13
expect_error "bench: two depths" 2 bench 2 3
expect_error "bench: -v is no bench option" 2 bench -v glinski
expect_error "bench: depth abc" 2 bench abc
expect_error "perft: depth 1000000000" 2 perft 1000000000
expect_error "perft: depth -1" 2 perft -1
expect_error "perft: depth 99999999999999999999" 2 perft 99999999999999999999
expect_error "perft: empty depth" 2 perft ''
expect_error "perft: two depths" 2 perft 1 2
expect_error "perft: depth ' 2'" 2 perft ' 2'
expect_error "moves: --divide is a perft option" 2 moves --divide
expect_error "apply: empty move" 2 apply ''
expect_error "replay: -p is no replay option" 2 replay -p startpos x.pgn
expect_error "uci: -v is no uci option" 2 uci -v glinski
expect_error "serve: -p is no serve option" 2 serve -p startpos
native_only "$no_server" && expect_error "serve: --threads abc" 2 serve --threads abc
native_only "$no_server" && expect_error "serve: --hash -1" 2 serve --hash -1
native_only "$no_server" && expect_error "serve: --listen without a value" 2 serve --listen
native_only "$no_server" && expect_error "serve: empty --db" 2 serve --db ''
native_only "$no_server" && expect_error "serve: --public-url that is no http(s) URL" 2 serve --public-url ftp://hex.example.org
native_only "$no_server" && expect_error "serve: an argument" 2 serve extra
# A malformed --listen is a usage error, named with its value, before anything starts.
for listen in 127.0.0.1 127.0.0.1: :8080 127.0.0.1:99999 127.0.0.1:80x 300.1.2.3:80 '[::1:80' localhost; do
  native_only "$no_server" || continue
  expect_error "serve: --listen $listen" 2 serve --listen "$listen" --db "$tmp/listen.db"
  check "serve: --listen $listen: the error names the option and the value" \
    grep -qF -- "--listen: '$listen'" "$tmp/err"
done
expect_error "match: --games -1" 2 match --games -1
expect_error "match: --movetime abc" 2 match --engine "$hex uci" --engine "$hex uci" --movetime abc
expect_error "match: --movetime 0" 2 match --engine "$hex uci" --engine "$hex uci" --movetime 0
expect_error "match: --tc with trailing text" 2 match --engine "$hex uci" --engine "$hex uci" --tc 10+0.1x
expect_error "match: --tc nan" 2 match --engine "$hex uci" --engine "$hex uci" --tc nan
expect_error "match: third --engine" 2 match --engine a --engine b --engine c
expect_error "match: --depth 1000" 2 match --engine a --engine b --depth 1000
expect_error "match: --games without a value" 2 match --games
expect_error "match: unknown option" 2 match --frobnicate 1
native_only "$no_processes" && expect_error "match: --pgn is a directory" 1 match --engine "$hex uci" --engine "$hex uci" --games 1 --pgn "$tmp"
for c in $commands; do
  cli "$c" --help
  check "$c --help ends with the exit statuses" bash -c 'tail -n 1 "$1" | grep -q "^Exit status: 0 on success, 1 when .*, 2 on a usage error\.$"' _ "$tmp/out"
done

# Files: a missing file, a directory and an empty file are named as such (status 1).
expect_error "replay: a directory" 1 replay "$tmp"
check "replay: a directory is named as one" grep -q "is a directory" "$tmp/err"
: >"$tmp/empty.pgn"
expect_error "replay: a file with no game" 1 replay "$tmp/empty.pgn"
expect_error "convert: missing file" 1 convert /nonexistent.pgn
check "convert: a missing file is not read as a move" grep -q "cannot read '/nonexistent.pgn'" "$tmp/err"
expect_error "convert: a directory" 1 convert "$tmp"
expect_error "convert: empty argument" 2 convert ''
expect_error "convert: no move in the arguments" 1 convert ' '
expect_error "convert: two files" 2 convert a.pgn b.pgn
expect_error "convert: -p with a FILE" 2 convert -p startpos_not "$games/glinski/games/FoolsMate.pgn"

# replay and convert at the end of a game: a move after mate is "already over"; moves after an
# automatic draw keep the rules' result and are counted in a warning; convert warns like replay.
sed 's/^35\. DC19-E25#$/35. DC19-E25#, DK20-K21/' "$games/cescacs/games/game07.ctl-pgn" >"$tmp/after-mate.ctl-pgn"
cli replay "$tmp/after-mate.ctl-pgn"
check "replay: a move after mate: the game was already over" test "$rc" -eq 1 -a "$(cat "$tmp/out")" = \
  "1 error ply 70 'DK20-K21': $tmp/after-mate.ctl-pgn:41: the game was already over (checkmate at ply 69)"
printf '[Variant "Glinski"]\n\n1. Nd1f4 Nd9c6 2. Nf4d1 Nc6d9 3. Nd1f4 Nd9c6 4. Nf4d1 Nc6d9 5. f5f6 e7e6 1-0\n' >"$tmp/after-draw.pgn"
cli replay "$tmp/after-draw.pgn"
check "replay: after a repetition draw the rules' result, at the draw" test "$rc" -eq 0 -a "$(cat "$tmp/out")" = \
  "1 8 1/2-1/2 ${start_fen% 0 1} 8 5"
check "replay: moves after the draw counted in a warning" grep -q "game 1 ended at ply 8 (repetition, 1/2-1/2), but 2 more plies are recorded" "$tmp/err"
cli convert "$tmp/after-draw.pgn"
check "convert: writes the whole record" grep -q '5\. f6 e6 1-0' "$tmp/out"
check "convert: warns like replay about the result" grep -q "game 1 is recorded as 1-0, but the rules give 1/2-1/2 (repetition)" "$tmp/err"
check "convert: warns about the moves after the draw" grep -q "2 more plies are recorded" "$tmp/err"

# play: flags and in-game commands take the same values; errors on stderr; lines of any length.
play_session() { # INPUT ARGS...: leaves $rc, $tmp/out, $tmp/err
  local input=$1
  shift
  printf '%s' "$input" | timeout 60 "$hex" play --no-color "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
}
for bad in 'level 99' 'level abc' 'level -1' 'time 0' 'time -5' 'time abc' 'engine sideways'; do
  set -- $bad
  flag=--$1
  [ "$1" = time ] && flag=--movetime
  play_session "$bad"$'\nquit\n' --engine none
  check "play: '$bad' refused on stderr" bash -c '[ "$(wc -l <"$1")" -eq 1 ] && grep -qF -- "$2" "$1"' _ "$tmp/err" "'$2'"
  expect_error "play $flag $2" 2 play "$flag" "$2"
done
play_session $'level 5\ntime 100\nengine both\nengine none\nquit\n' --engine none
check "play: good values accepted" test "$rc" -eq 0 -a ! -s "$tmp/err"
play_session "$(head -c 5000 /dev/zero | tr '\0' E)"$'\nquit\n' --engine none
check "play: a 5000-byte line is one error" test "$rc" -eq 0 -a "$(lines "$tmp/err")" -eq 1
check "play: ... saying it is too long" grep -q "too long" "$tmp/err"
play_session "$(printf 'x%.0s' {1..600}) E7-E13"$'\nquit\n' --engine none
check "play: a long line is not split into commands" bash -c '[ "$(wc -l <"$1")" -eq 1 ] && ! grep -q "E7-E13 " "$2"' _ "$tmp/err" "$tmp/out"
play_session $'E7-E13 E21-E15\nlevel\nlevel 5 6\nmoves x\nquit\n' --engine none
check "play: two moves, a missing and an extra value: four errors" test "$(lines "$tmp/err")" -eq 4
play_session $'E7-E13\nsave '"$tmp"$'/saved.ctl-pgn\nquit\n' --engine none
play_session $'quit\n' --engine none --load "$tmp/saved.ctl-pgn"
check "play --load: the saved game, 1 move" bash -c '[ "$2" -eq 0 ] && grep -q "^Loaded .*, 1 moves\.$" "$1"' _ "$tmp/out" "$rc"
# What the reader passes over is told on stderr, a line each, by --load and by the load command.
printf '[variant "Glinski"]\n\n1. f5f6 e7e6 (1-0)\n' >"$tmp/warned.pgn"
for how in --load command; do
  if [ $how = --load ]; then
    play_session $'quit\n' --engine none --load "$tmp/warned.pgn"
  else
    play_session "load $tmp/warned.pgn"$'\nquit\n' --engine none
  fi
  check "play $how: the reader's two warnings, a line each" test "$rc" -eq 0 -a "$(lines "$tmp/err")" -eq 2
  check "play $how: a warning names the file and the line" \
    grep -qxF "load: '$tmp/warned.pgn': warning: line 3: the result (1-0) is written in parentheses: read as the game's result" "$tmp/err"
  check "play $how: the game is loaded" grep -q "Loaded .*, 2 moves\.$" "$tmp/out"
done
# Where a record and the rules part, loading tells it as replay does, and the rules decide.
play_session $'quit\n' --engine none --load "$tmp/after-draw.pgn"
check "play --load: the moves after a repetition draw are left out, with a warning" \
  grep -qxF "load: '$tmp/after-draw.pgn': warning: line 1: the game ended at ply 8 (repetition, 1/2-1/2), but 2 more plies are recorded: they are left out" "$tmp/err"
check "play --load: a recorded result the rules contradict, with a warning" \
  grep -qxF "load: '$tmp/after-draw.pgn': warning: line 1: the game is recorded as 1-0, but the rules give 1/2-1/2 (repetition)" "$tmp/err"
check "play --load: the game up to the draw is loaded" grep -q "Loaded .*, 8 moves\.$" "$tmp/out"
expect_error "play --load of a missing file" 1 play --load /nonexistent.ctl-pgn
expect_error "play --load of a directory" 1 play --load "$tmp"
expect_error "play: an argument" 2 play extra
expect_error "play: --engine without a value" 2 play --engine

# tune: a directory or an empty file is no set of games (status 1, one line).
if native_only "the tuner is a native tool"; then
  timeout 60 "$build/tune" "$tmp" >"$tmp/out" 2>"$tmp/err"
  check "tune: a directory holds no game" bash -c '[ "$1" -eq 1 ] && [ "$(wc -l <"$2")" -eq 1 ] && grep -q "holds no game" "$2"' _ "$?" "$tmp/err"
fi

# Every example in every --help runs as shown (tests/doc-examples.sh runs the documents' commands).
if native_only "the examples of match ($no_processes)"; then
  tests/help-examples.sh "$hex" >"$tmp/examples" 2>&1
else
  tests/help-examples.sh --no-processes "$hex" >"$tmp/examples" 2>&1
fi
cat "$tmp/examples"
n=$(tail -n 1 "$tmp/examples" | awk '{ print $1 }')
passed=$((passed + ${n:-0}))
check "help examples all run" grep -q '^[0-9]* passed, 0 failed$' "$tmp/examples"

# ---------------------------------------------------------------- the UCI protocol
echo "== uci"
# uci_session NAME LINES...: feeds the lines to `hexchess uci` one at a time; leaves $rc and
# $tmp/out. The end of input stops a search, so a line WAIT is not sent but waits (up to 30 s)
# until every go sent so far has had its bestmove; a search that never ends fails there.
uci_session() {
  local name=$1 line gos=0 tries
  shift
  rm -f "$tmp/uci.in"
  mkfifo "$tmp/uci.in"
  timeout 60 "$hex" uci <"$tmp/uci.in" >"$tmp/out" 2>"$tmp/err" &
  local pid=$!
  exec 9>"$tmp/uci.in"
  for line in "$@"; do
    if [ "$line" = WAIT ]; then
      for ((tries = 0; tries < 600; tries++)); do
        [ "$(grep -c '^bestmove' "$tmp/out")" -ge "$gos" ] && break
        sleep 0.05
      done
      [ "$tries" -lt 600 ] || fail "uci $name: no bestmove within 30 s of the go"
      continue
    fi
    case $line in go | go[[:space:]]*) gos=$((gos + 1)) ;; esac
    (printf '%s\n' "$line" >&9) 2>/dev/null
  done
  exec 9>&-
  wait "$pid"
  rc=$?
  if [ "$rc" -ne 0 ]; then fail "uci $name: $(describe_rc "$rc"): $(head -c 300 "$tmp/err")"; fi
}
has_line() { grep -Eq "$1" "$tmp/out"; }

uci_session handshake uci isready quit
check "uci: id name, then uciok" bash -c 'grep -q "^id name hexchess" "$1" && grep -qx uciok "$1"' _ "$tmp/out"
for option in 'UCI_Variant type combo default cescacs var cescacs var glinski' 'Hash type spin' \
  'Threads type spin' 'MultiPV type spin' 'Skill Level type spin default 20 min 0 max 20' \
  'Move Overhead type spin' 'Contempt type spin default 0 min -200 max 200' 'Clear Hash type button' 'CescacsCastling type check default true' \
  'UseNNUE type check default false' 'EvalFile type string default <empty>'; do
  check "uci: declares option $option" has_line "^option name $option"
done
check "uci: readyok after isready" has_line '^readyok$'

# ucinewgame + go nodes N twice: the same lines, apart from the clock-dependent fields (and
# readyok, which isready gets at once, even mid-search).
strip_clock() { grep -v '^id \|^option \|^readyok$' "$tmp/out" | sed -E 's/ (time|nps|hashfull) [0-9]+//g'; }
for variant in cescacs glinski; do
  uci_session "go nodes twice ($variant)" "setoption name UCI_Variant value $variant" ucinewgame \
    'position startpos' 'go nodes 20000' WAIT isready
  strip_clock >"$tmp/first"
  uci_session "go nodes again ($variant)" "setoption name UCI_Variant value $variant" ucinewgame \
    'position startpos' 'go nodes 20000' WAIT isready
  strip_clock >"$tmp/second"
  check "uci $variant: ucinewgame + go nodes 20000 twice gives identical output" cmp -s "$tmp/first" "$tmp/second"
  check "uci $variant: info lines carry depth seldepth score nodes nps time pv hashfull" has_line \
    '^info depth [0-9]+ seldepth [0-9]+ (multipv 1 )?score (cp|mate) -?[0-9]+ .*nodes [0-9]+ nps [0-9]+ .*time [0-9]+ .*pv '
  check "uci $variant: one bestmove" test "$(grep -c '^bestmove ' "$tmp/first")" -eq 1
done
# With the Glinski network of nets/ the search is as reproducible, and evaluates otherwise.
nnue_go=('setoption name UCI_Variant value glinski' "setoption name EvalFile value $root/nets/glinski.nnue" \
  'setoption name UseNNUE value true' ucinewgame 'position startpos' 'go nodes 20000' WAIT isready)
uci_session "go nodes with UseNNUE" "${nnue_go[@]}"
strip_clock >"$tmp/nnue1"
uci_session "go nodes with UseNNUE again" "${nnue_go[@]}"
strip_clock >"$tmp/nnue2"
check "uci: UseNNUE true with EvalFile: no error" bash -c '! grep -q "info string error" "$1"' _ "$tmp/nnue1"
check "uci: UseNNUE true: go nodes 20000 twice gives identical output" cmp -s "$tmp/nnue1" "$tmp/nnue2"
check "uci: UseNNUE true searches otherwise than the hand-written evaluation" \
  bash -c '! cmp -s "$1" "$2"' _ "$tmp/nnue1" "$tmp/second"
best=$(awk '/^bestmove/ { print $2 }' "$tmp/first")
cli moves -v glinski
check "uci: bestmove is in the notation 'hexchess moves' prints" grep -qx -- "$best" "$tmp/out"

uci_session "position with moves" 'position startpos moves E7-E13 E21-E15' d
check "uci: position startpos moves ... is applied" has_line '^info string position .* w '
uci_session "go depth" 'setoption name UCI_Variant value glinski' 'position startpos moves f5f6' 'go depth 3' WAIT
check "uci: go depth 3 ends with a bestmove" has_line '^bestmove [a-l][0-9]+[a-l][0-9]+'
check "uci: go depth 3 reports depth 3" has_line '^info depth 3 '
uci_session "go infinite + stop" 'position startpos' 'go infinite' isready stop quit
check "uci: go infinite answers only at stop, with a bestmove" has_line '^bestmove '
uci_session "go wtime" 'position startpos' 'go wtime 2000 btime 2000 winc 100 binc 100 movestogo 10' isready
check "uci: go with clock limits gives a bestmove" has_line '^bestmove '
uci_session "go mate" 'setoption name UCI_Variant value glinski' \
  'position fen 1/k2/5/1R5/p8/3B7/3P1p5/5p5/Q10/5K5/B10 w - 0 37' 'go mate 1' WAIT
check "uci: go mate 1 finds a mate in 1" has_line '^info .*score mate 1 .* pv (a3d9|d8f10)$'
uci_session "multipv" 'setoption name MultiPV value 3' 'position startpos' 'go depth 3' WAIT
check "uci: MultiPV 3 reports three lines" test "$(grep -c '^info depth 3 .*multipv [123] ' "$tmp/out")" -eq 3
uci_session "stalemate position" 'setoption name UCI_Variant value glinski' \
  'position fen 1/3/r4/7/9/11/11/11/8k1K/11/11 w - 66 78' 'go depth 2' isready
check "uci: no legal move answers bestmove (none)" has_line '^bestmove \(none\)$'

# Malformed input: one 'info string error' line each, and the engine keeps answering.
for bad in 'position fen nonsense' 'position startpos moves E7-E13 E7-E13' 'position sideways' 'position' \
  'position fen' 'position startpos mvoes E7-E13' 'position startpos E7-E13' 'go depth x' 'go depth' \
  'go wtime' 'go movetime 1e5' 'go nodes 12abc' 'go frobnicate' 'go searchmoves E7-E19' \
  'setoption name Hash value lots' 'setoption name Nope value 1' 'setoption name UCI_Variant value chess' \
  'setoption' 'setoption name' 'setoption name Hash value' 'setoption Hash value 16' 'debug maybe' \
  'isready now' 'frobnicate' 'setoption name UseNNUE value 1' 'setoption name EvalFile value /nonexistent/net.nnue' \
  "setoption name EvalFile value $root/README.md" "$(printf 'x%.0s' {1..70000})"; do
  uci_session "malformed '${bad:0:40}'" "$bad" isready
  check "uci: '${bad:0:40}' gets an info string error and the engine answers on" \
    bash -c 'grep -q "^info string error: " "$1" && grep -qx readyok "$1"' _ "$tmp/out"
done
# A position the rules cannot reach is refused, and the position stays as it was.
uci_session "illegal position" 'position startpos moves E7-E13' 'position fen /24:G4/3:3k/2:K2/ w -- - 0 81' d isready
check "uci: an unreachable position gets an info string error with the reason" \
  has_line '^info string error: .*side not to move \(Black\) is in check'
check "uci: the refused position is not set" has_line '^info string position /28:v/.*/13:3P4/.* b RKRrkr E13@9-11 0 1$'
uci_session "no castling" 'setoption name CescacsCastling value false' 'position fen /6:4k2/1:1K/ w K- - 0 1' d
check "uci: without castling an unmoved king's leap attacks nothing, so the position is set" \
  has_line '^info string position /6:4k2/1:1K/ w K- - 0 1$'
uci_session "option name in another case" 'setoption name uci_variant value glinski' d
check "uci: an option named in another case takes effect, and the new game starts from its start position" \
  has_line '^info string position b/qbk/n1b1n/r5r/ppppppppp/11/5P5/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 w - 0 1$'
# A token not understood leaves the position as it was, and the error names it.
after_e7e13='^info string position .*/13:3P4/.* b '
for bad in 'position startpos mvoes E7-E13' 'position startpos E7-E13' 'position startpos moves E21-E15 E7-E13 Q1-Q2' \
  'position fen /28:v/ w - 0 1' 'position frobnicate'; do
  uci_session "position unchanged by '$bad'" 'position startpos moves E7-E13' "$bad" d
  token=$(awk '{ print $NF }' <<<"$bad")
  check "uci: '$bad' is refused naming what was wrong, the position stays" \
    bash -c 'grep -q "^info string error: .*position unchanged" "$1" && grep -Eq "$2" "$1"' _ "$tmp/out" "$after_e7e13"
done
uci_session "position error names the token" 'position startpos mvoes E7-E13' 'position startpos moves E7-E13 Q1-Q2'
check "uci: a position error names the token not understood" \
  bash -c "grep -q \"'mvoes'\" \"\$1\" && grep -q \"move 2 'Q1-Q2'\" \"\$1\"" _ "$tmp/out"

# Every go ends when input ends: the search stops, one bestmove, the program exits. Clocks at the
# edges of int (an overflow there is caught by UBSan in the sanitizer build) and limits past what the
# engine can do are clamped, and a malformed go is still answered.
for go in 'go' 'go infinite' 'go ponder' 'go movestogo 5' 'go wtime -1000 btime -1000' 'go depth 1000000000' \
  'go movetime 1000000000' 'go wtime 1000000000 btime 1000000000 winc 1000000000 binc 1000000000 movestogo 1' \
  'go wtime 2147483647 btime 2147483647 winc 2147483647 binc 2147483647 movestogo 1' \
  'go wtime 1000 btime 1000 winc -2147483648 binc -1000000000' 'go wtime 99999999999999999999 btime -99999999999999999999' \
  'go nodes 99999999999999999999' 'go nodes -5' 'go depth 0' 'go mate 1000000000' 'go movetime -1' 'go depth x' \
  'go searchmoves E7-E13 infinite'; do
  printf 'position startpos\n%s\n' "$go" | timeout 10 "$hex" uci >"$tmp/out" 2>"$tmp/err"
  rc=$?
  check "uci: '$go' at the end of input: exit 0 ($(describe_rc "$rc")), one bestmove" \
    test "$rc" -eq 0 -a "$(grep -c '^bestmove [A-Z]' "$tmp/out")" -eq 1
done
uci_session "empty clock" 'position startpos' 'go wtime -1000 btime -1000' WAIT 'go wtime 0 btime 0 winc 0 binc 0' WAIT
check "uci: an empty or negative clock moves at once (input still open)" test "$(grep -c '^bestmove ' "$tmp/out")" -eq 2
uci_session "huge clock" 'position startpos' 'go wtime 2147483647 btime 2147483647 winc 2147483647 binc 2147483647 movestogo 1 nodes 3000' WAIT
check "uci: a huge clock with a node limit searches to the node limit" has_line '^bestmove '
uci_session "go depth clamped" 'setoption name UCI_Variant value glinski' 'go depth -3' WAIT 'go depth 1000000000 nodes 2000' WAIT
check "uci: go depth below 1 searches depth 1; above the limit is clamped" \
  bash -c 'test "$(grep -c "^bestmove " "$1")" -eq 2 && ! grep -q "^info string error" "$1"' _ "$tmp/out"
uci_session "malformed go answered" 'position startpos' 'go depth x' WAIT
check "uci: a go that cannot be read names the token and is answered at depth 1" \
  bash -c "grep -q \"^info string error: go depth needs a number, got 'x'; answered at depth 1\" \"\$1\" && grep -q \"^bestmove \" \"\$1\"" _ "$tmp/out"

# Pondering and stopping: no bestmove before ponderhit or stop; ponderhit only ends a ponder search;
# stop and quit with nothing running are harmless; a new go ends the last one first.
uci_session "ponder" 'position startpos' 'go ponder depth 1' isready ponderhit WAIT
check "uci: go ponder answers only after ponderhit" bash -c 'grep -E "^(readyok|bestmove)" "$1" | head -1 | grep -qx readyok && test "$(grep -c "^bestmove " "$1")" -eq 1' _ "$tmp/out"
uci_session "ponderhit outside pondering" 'setoption name UCI_Variant value glinski' 'go depth 4' ponderhit WAIT
check "uci: ponderhit does not cut a normal search short" has_line '^info depth 4 '
uci_session "infinite depth" 'position startpos' 'go infinite depth 1' isready stop
check "uci: go infinite depth 1 waits for stop" bash -c 'grep -E "^(readyok|bestmove)" "$1" | head -1 | grep -qx readyok' _ "$tmp/out"
uci_session "stop and quit idle" stop stop 'go depth 2' WAIT stop 'go depth 2' 'go depth 2' WAIT quit isready
check "uci: stray stops do nothing, each go gets one bestmove, nothing after quit" \
  bash -c 'test "$(grep -c "^bestmove " "$1")" -eq 3 && ! grep -q readyok "$1"' _ "$tmp/out"
uci_session "searchmoves" 'position startpos' 'go searchmoves E7-E13 E7-E9 depth 2' WAIT
check "uci: searchmoves is read (moves checked) and said to be unsupported" \
  bash -c 'grep -q "^info string searchmoves is not supported" "$1" && ! grep -q "^info string error" "$1"' _ "$tmp/out"
uci_session "setoption spacing" 'setoption  name  MultiPV  value  3 ' 'setoption name skill level value 20' 'debug on' \
  'position startpos' 'go depth 2' WAIT
check "uci: setoption reads names and values whatever the spacing or case" \
  bash -c 'test "$(grep -c "^info depth 2 .*multipv [123] " "$1")" -eq 3 && ! grep -q "^info string error" "$1"' _ "$tmp/out"

# A line longer than the reader's buffer is dropped whole: no part of it is taken for a command,
# even after a NUL byte; a shorter line with a NUL byte is refused.
{ printf '\0'; head -c 65534 /dev/zero | tr '\0' x; printf 'isready\n'; } | timeout 10 "$hex" uci >"$tmp/out" 2>&1
check "uci: the tail of an over-long line is not a command" \
  bash -c 'grep -q "^info string error: a command of 65542 bytes" "$1" && ! grep -q readyok "$1"' _ "$tmp/out"
printf 'isready\0 quit\nisready\n' | timeout 10 "$hex" uci >"$tmp/out" 2>&1
check "uci: a line with a NUL byte is refused whole" \
  bash -c 'grep -q "^info string error: command .isready.x00 quit. holds a NUL byte" "$1" && test "$(grep -c readyok "$1")" -eq 1' _ "$tmp/out"
# Issue 40: the tables are read before the clock (at position and setoption), so a stop right
# after the first go still answers with a move that keeps the tables' mate.
if native_only "$no_processes"; then
  mkdir -p "$tmp/tbstop"
  "$hex" tb gen -v glinski --dir "$tmp/tbstop" KRK >/dev/null 2>&1
  krk='1/3/5/7/9/11/11/11/11/3k7/1R3K5 w - 0 1'
  uci_session "stop at once with tables" 'setoption name UCI_Variant value glinski' \
    "setoption name TablebasePath value $tmp/tbstop" "position fen $krk" 'go infinite' stop WAIT quit
  krk_best=$(sed -n 's/^bestmove //p' "$tmp/out")
  krk_after=$("$hex" apply -v glinski -p "$krk" "$krk_best" 2>/dev/null)
  check "uci: a stop right after the first go with tables keeps the tables' mate in 39 plies" \
    bash -c '"$1" tb probe -v glinski --dir "$2" -p "$3" | grep -q "^wdl loss dtm 38 "' _ "$hex" "$tmp/tbstop" "$krk_after"
fi
uci_session "baseline" 'setoption name UCI_Variant value glinski' 'position startpos' 'go depth 1' isready
expect_error "uci: unknown argument" 2 uci --frobnicate
printf 'setoption name UCI_Variant value glinski\nposition startpos\ngo\n' | timeout 60 "$hex" uci --baseline >"$tmp/out" 2>&1
check "uci --baseline: plays a legal move" has_line '^bestmove [a-l][0-9]+[a-l][0-9]+'

# An argument of 100 KB (or of bytes that are not UTF-8) comes back in an error cut short, as one
# line of valid UTF-8.
big=$(head -c 100000 /dev/zero | tr '\0' 'x')
short_error() {
  local name=$1 want=$2
  shift 2
  expect_error "$name" "$want" "$@"
  check "$name: the error is short" test "$(wc -c <"$tmp/err")" -le 400
  check "$name: the error is UTF-8" iconv -f UTF-8 -t UTF-8 "$tmp/err" -o /dev/null
}
short_error "huge move for apply" 1 apply "$big"
short_error "huge move for convert" 1 convert "$big"
short_error "huge Glinski move with bytes not UTF-8" 1 convert -v glinski "$(printf '\xc3\xff')$big"
short_error "huge variant" 2 moves -v "$big"
short_error "huge option" 2 moves "--$big"
short_error "huge argument to moves" 2 moves "$big"
short_error "huge command" 2 "$big"
short_error "huge notation for convert --to" 2 convert --to "$big" E7-E13
short_error "huge letter set" 2 convert --letters "$big" E7-E13
short_error "huge perft depth" 2 perft "$big"
short_error "huge record file name" 1 replay "$big"

# tb: generating the small tables (KQK and what it needs), probing and summarising them; errors.
tbdir="$tmp/tb"
cli tb gen -v glinski --dir "$tbdir" KQK
check "tb gen -v glinski KQK: status 0" test "$rc" -eq 0
check "tb gen: one line per table made (KK, KQK) and the memory line" \
  test "$(grep -c '^glinski K.*positions .* verified in ' "$tmp/out")" -eq 2 -a "$(grep -c '^memory: ' "$tmp/out")" -eq 1
check "tb gen: the files" test -s "$tbdir/glinski-KQK.hxtb" -a -s "$tbdir/glinski-KK.hxtb"
expect_ok "tb gen again reads the tables" tb gen -v glinski --dir "$tbdir" KQK
check "tb gen again makes nothing" test "$(grep -c 'positions' "$tmp/out")" -eq 0
cli tb probe -v glinski --dir "$tbdir" -p '1/3/5/7/9/11/11/11/11/1Q9/3k1K5 w - 0 1'
check "tb probe: a mate in one and its move" grep -Eqx 'wdl win dtm 1 best [a-l][0-9]+[a-l][0-9]+' "$tmp/out"
cli tb probe -v glinski --dir "$tbdir" -p '1/3/5/7/9/11/11/11/11/11/3k1KQ4 b - 0 1'
check "tb probe: the longest loss, Black to move" grep -Eqx 'wdl loss dtm 18 best [a-l][0-9]+[a-l][0-9]+' "$tmp/out"
cli tb stats -v glinski --dir "$tbdir" KQK
check "tb stats: two lines, wtm all won, longest mate 17 plies" \
  test "$(grep -c '^KQK [wb]tm win ' "$tmp/out")" -eq 2 -a "$(grep -c '^KQK wtm win 100.0000% .* longest 17 ' "$tmp/out")" -eq 1
uci_session "TablebasePath" uci 'setoption name UCI_Variant value glinski' "setoption name TablebasePath value $tbdir" \
  'position fen 1/3/5/7/9/11/11/11/11/1Q9/3k1K5 w - 0 1' 'go depth 3' WAIT
check "uci TablebasePath: the option is listed" grep -q '^option name TablebasePath type string default <empty>$' "$tmp/out"
check "uci TablebasePath: the tables' mate in one" grep -q 'score mate 1 .* pv b2e2$' "$tmp/out"
printf 'hint\nquit\n' | timeout 60 "$hex" play -v glinski --no-color --engine none --tablebases "$tbdir" \
  -p '1/3/5/7/9/11/11/11/11/1Q9/3k1K5 w - 0 1' >"$tmp/out" 2>&1
check "play --tablebases: the hint says the tables' mate" grep -Eq 'Hint: [^ ]+ \(tablebase: mate in 1\)' "$tmp/out"
# Review with tables: their verdicts (mates as #N, exact) and their moves are best.
kqk_loss='1/3/5/7/9/11/11/11/11/11/3k1KQ4 b - 0 1'
cli tb probe -v glinski --dir "$tbdir" --line -p "$kqk_loss"
read -r -a kqk_line <<<"$(sed -n 's/^line //p' "$tmp/out")"
printf '[Variant "Glinski"]\n[FEN "%s"]\n\n1... %s 2. %s %s *\n' "$kqk_loss" "${kqk_line[@]:0:3}" >"$tmp/kqk.pgn"
expect_ok "review --tablebases" review --depth 1 --tablebases "$tbdir" "$tmp/kqk.pgn"
check "review --tablebases: the tables' mates, each move the tables' best" \
  bash -c 'awk "{ print \$3, \$5 }" "$1" | head -3 | tr "\n" " " | grep -qx "#9 best #8 best #8 best "' _ "$tmp/out"
# A game of another variant loaded: Gliński's tables say nothing of its C'escacs king and queen.
printf 'save %s\nquit\n' "$tmp/kdk.ctl-pgn" | "$hex" play -v cescacs --no-color --engine none \
  -p '/24:2D2/3:3k/2:K2/ w -- - 0 81' >/dev/null 2>&1
printf 'hint\nload %s\nhint\nquit\n' "$tmp/kdk.ctl-pgn" | timeout 60 "$hex" play -v glinski --no-color --engine none \
  --movetime 100 --tablebases "$tbdir" -p '1/3/5/7/9/11/11/11/11/1Q9/3k1K5 w - 0 1' >"$tmp/out" 2>&1
check "play --tablebases: after a C'escacs game is loaded, no Gliński verdict" \
  test "$(grep -c 'Hint: ' "$tmp/out") $(grep -c 'tablebase: ' "$tmp/out")" = "2 1"
cli tb gen -v glinski --dir "$tbdir" KPK
check "tb gen KPK: the promotions' endings first (KRK, KNK, KBK; KQK is there), then KPK" \
  test "$rc" -eq 0 -a "$(grep -c '^glinski K[RNBP]K: .* verified in ' "$tmp/out")" -eq 4
cli tb probe -v glinski --dir "$tbdir" -p '1/1P1/5/7/9/11/11/11/11/11/K3k6 w - 0 1'
check "tb probe KPK: the pawn queens at once" grep -Eqx 'wdl win dtm 17 best f10f11q' "$tmp/out"
expect_error "tb: two pawns" 1 tb gen -v glinski --dir "$tbdir" KPKP
expect_error "tb: unknown ending" 1 tb gen -v glinski --dir "$tbdir" KXK
expect_error "tb: unknown action" 2 tb make KQK
expect_error "tb: no action" 2 tb
expect_error "tb: --threads out of range" 2 tb gen --threads 0 KRK
expect_error "tb stats: no table" 1 tb stats -v glinski --dir "$tbdir" KRKN
expect_error "tb probe: too many men" 1 tb probe -v glinski --dir "$tbdir"
# A probe whose ending's table is missing or damaged says which file, and why.
expect_error "tb probe: the ending's table missing" 1 tb probe -v glinski --dir "$tbdir" -p '1/3/5/7/9/11/11/11/11/1R7n1/3k1K5 w - 0 1'
check "tb probe: the missing table named" grep -q "glinski-KRKN.hxtb.*tb gen -v glinski --dir .* KRKN)$" "$tmp/err"
mkdir -p "$tmp/tbcut" && head -c "$(($(wc -c <"$tbdir/glinski-KQK.hxtb") / 2))" "$tbdir/glinski-KQK.hxtb" >"$tmp/tbcut/glinski-KQK.hxtb"
expect_error "tb probe: a truncated table" 1 tb probe -v glinski --dir "$tmp/tbcut" -p '1/3/5/7/9/11/11/11/11/1Q9/3k1K5 w - 0 1'
check "tb probe: the truncated table called corrupt" grep -q "glinski-KQK.hxtb is corrupt" "$tmp/err"
# A folder that is missing, or holds a damaged table or a FIFO, is said at once, never waited on.
uci_session "TablebasePath missing" uci "setoption name TablebasePath value $tmp/no-tables" isready
check "uci TablebasePath missing: said in an info string" \
  grep -q "^info string warning: TablebasePath: cannot open the tablebase folder $tmp/no-tables: " "$tmp/out"
uci_session "TablebasePath damaged" uci "setoption name TablebasePath value $tmp/tbcut" isready
check "uci TablebasePath damaged: said in an info string" \
  grep -q "^info string warning: TablebasePath: .*glinski-KQK.hxtb is corrupt (wrong length)$" "$tmp/out"
printf 'quit\n' | timeout 20 "$hex" play -v glinski --no-color --engine none --tablebases "$tmp/tbcut" >"$tmp/out" 2>&1
check "play --tablebases damaged: said on stderr" \
  grep -q "^hexchess play: warning: --tablebases: .*glinski-KQK.hxtb is corrupt" "$tmp/out"
mkdir -p "$tmp/tbfifo" && mkfifo "$tmp/tbfifo/glinski-KQK.hxtb"
expect_error "tb probe: a FIFO named as a table" 1 tb probe -v glinski --dir "$tmp/tbfifo" -p '1/3/5/7/9/11/11/11/11/1Q9/3k1K5 w - 0 1'
check "tb probe: the FIFO is no regular file" grep -q "glinski-KQK.hxtb is not a regular file" "$tmp/err"
: >"$tmp/file"
expect_error "tb gen: the directory is a file" 1 tb gen -v glinski --dir "$tmp/file" KRK
# tb sample: reproducible draws of the asked value and side to move, each a position the table holds so.
cli tb sample -v glinski --dir "$tbdir" --count 6 --seed 3 --wdl win --stm white KQK
cp "$tmp/out" "$tmp/sample"
check "tb sample: status 0, six White-to-move lines" \
  test "$rc" -eq 0 -a "$(lines "$tmp/sample")" -eq 6 -a "$(grep -c ' w - 0 1$' "$tmp/sample")" -eq 6
expect_ok "tb sample again" tb sample -v glinski --dir "$tbdir" --count 6 --seed 3 --wdl win --stm white KQK
check "tb sample: the same seed draws the same positions" cmp -s "$tmp/out" "$tmp/sample"
expect_ok "tb sample, another seed" tb sample -v glinski --dir "$tbdir" --count 6 --seed 4 --wdl win --stm white KQK
check "tb sample: another seed draws others" bash -c '! cmp -s "$1" "$2"' _ "$tmp/out" "$tmp/sample"
sample_values() { # the tb probe value of every line of $tmp/sample, one a line, counted
  while IFS= read -r pos; do "$hex" tb probe -v glinski --dir "$tbdir" -p "$pos" | cut -d' ' -f1-2; done <"$tmp/sample" |
    sort | uniq -c | tr -s ' ' | sed 's/^ //'
}
check "tb sample --wdl win: every position a win" test "$(sample_values)" = "6 wdl win"
cli tb sample -v glinski --dir "$tbdir" --count 4 --seed 5 --wdl loss --stm black KQK
cp "$tmp/out" "$tmp/sample"
check "tb sample --wdl loss --stm black: Black to move, lost" \
  test "$(grep -c ' b - 0 1$' "$tmp/sample")" -eq 4 -a "$(sample_values)" = "4 wdl loss"
cli tb sample -v glinski --dir "$tbdir" --count 3 --stm white --wdl loss KKQ
cp "$tmp/out" "$tmp/sample"
check "tb sample KKQ: the colours exchanged (Black's queen, White to move and lost)" \
  test "$(grep -c 'q.* w - 0 1$' "$tmp/sample")" -eq 3 -a "$(sample_values)" = "3 wdl loss"
expect_error "tb sample: unknown ending" 1 tb sample -v glinski --dir "$tbdir" KXK
expect_error "tb sample: missing table" 1 tb sample -v glinski --dir "$tbdir" KRKN
check "tb sample: the missing table's error says how to make it, in its variant" \
  grep -qF "(generate it with hexchess tb gen -v glinski --dir $tbdir KRKN)" "$tmp/err"
expect_error "tb sample: no position has the value" 1 tb sample -v glinski --dir "$tbdir" --wdl draw --stm white KQK
expect_error "tb sample: no ENDING" 2 tb sample -v glinski --dir "$tbdir"
expect_error "tb sample: --count 0" 2 tb sample -v glinski --dir "$tbdir" --count 0 KQK
expect_error "tb sample: --count abc" 2 tb sample -v glinski --dir "$tbdir" --count abc KQK
expect_error "tb sample: --count past the limit" 2 tb sample -v glinski --dir "$tbdir" --count 1000001 KQK
expect_error "tb sample: --wdl maybe" 2 tb sample -v glinski --dir "$tbdir" --wdl maybe KQK
expect_error "tb sample: --stm red" 2 tb sample -v glinski --dir "$tbdir" --stm red KQK
expect_error "tb sample: --seed without a value" 2 tb sample -v glinski --dir "$tbdir" KQK --seed
expect_error "tb: --count is tb sample's" 2 tb stats -v glinski --dir "$tbdir" --count 3 KQK

# match --positions: games from a file's positions (tb sample's), --once and per-engine options.
if native_only "$no_processes"; then
  { echo "# two won KQK starts"; echo; "$hex" tb sample -v glinski --dir "$tbdir" --count 2 --seed 1 --wdl win --stm white KQK; } \
    >"$tmp/starts.txt"
  cli match -v glinski --engine "$hex uci" --engine "$hex uci" --option1 "TablebasePath=$tbdir" \
    --option2 "TablebasePath=$tbdir" --positions "$tmp/starts.txt" --once --depth 2 --pgn "$tmp/starts.pgn"
  check "match --positions --once: two games, both White's mates" \
    test "$rc" -eq 0 -a "$(grep -c '^game [12]/2: .* 1-0 (checkmate, ' "$tmp/err")" -eq 2
  check "match --positions: each game starts from its line" \
    test "$(grep -c '^\[FEN ' "$tmp/starts.pgn")" -eq 2 -a "$(grep -Fxf <(sed -n 's/^\[FEN "\(.*\)"\]$/\1/p' "$tmp/starts.pgn") "$tmp/starts.txt" | wc -l)" -eq 2
  cli match -v glinski --engine "$hex uci" --engine "$hex uci" --positions "$tmp/starts.txt" --nodes 200 --max-plies 10
  check "match --positions: both colours by default (four games)" test "$rc" -eq 0 -a "$(grep -c '^game [1-4]/4: ' "$tmp/err")" -eq 4
  { printf '\357\273\277'; sed 's/$/\t\r/' "$tmp/starts.txt"; } >"$tmp/edited.txt"
  cli match -v glinski --engine "$hex uci" --engine "$hex uci" --positions "$tmp/edited.txt" --once --nodes 200 --max-plies 10
  check "match --positions: a byte-order mark, tabs and CRLF as editors save them" \
    test "$rc" -eq 0 -a "$(grep -c '^game [12]/2: ' "$tmp/err")" -eq 2
  tr '\n' '\r' <"$tmp/starts.txt" >"$tmp/old-mac.txt"
  cli match -v glinski --engine "$hex uci" --engine "$hex uci" --positions "$tmp/old-mac.txt" --once --nodes 200 --max-plies 10
  check "match --positions: lines ended by a lone CR (old Mac files)" \
    test "$rc" -eq 0 -a "$(grep -c '^game [12]/2: ' "$tmp/err")" -eq 2
  { sed -n 3p "$tmp/starts.txt" | tr -d '\n'; printf '\r\n\n\r'; sed -n 4p "$tmp/starts.txt" | tr -d '\n'; } >"$tmp/mixed.txt"
  cli match -v glinski --engine "$hex uci" --engine "$hex uci" --positions "$tmp/mixed.txt" --once --nodes 200 --max-plies 10
  check "match --positions: LF, CRLF and CR mixed, blank lines, no end at the last line" \
    test "$rc" -eq 0 -a "$(grep -c '^game [12]/2: ' "$tmp/err")" -eq 2
  { sed -n 3p "$tmp/starts.txt"; printf '\0\n'; sed -n 4p "$tmp/starts.txt"; } >"$tmp/nul.txt"
  expect_error "match --positions: a NUL byte" 1 match -v glinski --engine "$hex uci" --engine "$hex uci" --positions "$tmp/nul.txt"
  { head -n 3 "$tmp/starts.txt"; echo "1/3/5/7/9/11/11/11/11/1Q9/3k1K5 x - 0 1"; } >"$tmp/bad.txt"
  expect_error "match --positions: a bad position" 1 match -v glinski --engine "$hex uci" --engine "$hex uci" --positions "$tmp/bad.txt"
  check "match --positions: the error names the line" grep -q "bad.txt:4: " "$tmp/err"
  echo "1/3/5/7/9/11/11/11/11/11/11 w - 0 1" >"$tmp/bad.txt"
  expect_error "match --positions: no kings" 1 match -v glinski --engine "$hex uci" --engine "$hex uci" --positions "$tmp/bad.txt"
  # Bare kings: dead in McCooey (in Gliński one may still stalemate the other).
  echo "1/3/5/7/9/11/11/11/11/11/3k1K5 w - 0 1" >"$tmp/bad.txt"
  expect_error "match --positions: a game already over" 1 match -v mccooey --engine "$hex uci" --engine "$hex uci" --positions "$tmp/bad.txt"
  check "match --positions: the over game's line and why" grep -q "bad.txt:1: the game is already over (insufficient" "$tmp/err"
  printf '# nothing\n\n' >"$tmp/bad.txt"
  expect_error "match --positions: no position" 1 match -v glinski --engine "$hex uci" --engine "$hex uci" --positions "$tmp/bad.txt"
  expect_error "match --positions: no file" 1 match -v glinski --engine "$hex uci" --engine "$hex uci" --positions "$tmp/none.txt"
fi
expect_error "match: --option1 without NAME=VALUE" 2 match --engine a --engine b --option1 TablebasePath
expect_error "match: --option2 with an empty name" 2 match --engine a --engine b --option2 =x
expect_error "match: --positions with --opening-plies" 2 match --engine a --engine b --positions x --opening-plies 2
# Issue 40: tables are written compressed in blocks (zstd); tb pack rewrites them raw or compressed,
# and either form is read. The WebAssembly build has no zstd: it writes raw tables only.
if native_only "no zstd in the WebAssembly build"; then
  raw_kqk=$((64 + 2 * 57603)) # the header and a byte a position
  check "tb gen: KQK compressed to under a third of its raw size" test "$(stat -c %s "$tbdir/glinski-KQK.hxtb")" -lt $((raw_kqk / 3))
  mkdir -p "$tmp/tbz" && cp "$tbdir"/glinski-*.hxtb "$tmp/tbz/"
  cli tb pack --raw -v glinski --dir "$tbdir" KQK
  check "tb pack --raw: one line, the raw size (a byte a position and the header)" \
    grep -qx "glinski KQK: $raw_kqk bytes in $tbdir/glinski-KQK.hxtb" "$tmp/out"
  cli tb probe -v glinski --dir "$tbdir" -p '1/3/5/7/9/11/11/11/11/1Q9/3k1K5 w - 0 1'
  cp "$tmp/out" "$tmp/probe-raw"
  cli tb probe -v glinski --dir "$tmp/tbz" -p '1/3/5/7/9/11/11/11/11/1Q9/3k1K5 w - 0 1'
  check "tb probe: the raw and the compressed table agree" cmp -s "$tmp/out" "$tmp/probe-raw"
  cli tb stats -v glinski --dir "$tbdir" KQK
  cp "$tmp/out" "$tmp/stats-raw"
  cli tb stats -v glinski --dir "$tmp/tbz" KQK
  check "tb stats: the raw and the compressed table agree" cmp -s "$tmp/out" "$tmp/stats-raw"
  # One byte changed near the end of the compressed file: its last block no longer unpacks.
  printf 'x' | dd of="$tmp/tbz/glinski-KQK.hxtb" bs=1 seek=$(($(stat -c %s "$tmp/tbz/glinski-KQK.hxtb") - 8)) conv=notrunc 2>/dev/null
  expect_error "tb stats: a damaged compressed table" 1 tb stats -v glinski --dir "$tmp/tbz" KQK
  check "tb: the damaged block said in one line" \
    test "$(grep -c "glinski-KQK.hxtb is corrupt (a block does not unpack)" "$tmp/err")" -eq 1 -a "$(lines "$tmp/err")" -eq 1
fi
printf 'x' | dd of="$tbdir/glinski-KQK.hxtb" bs=1 seek=100 conv=notrunc 2>/dev/null
expect_error "tb stats: a corrupt table (checksum)" 1 tb stats -v glinski --dir "$tbdir" KQK
check "tb: the corrupt table's message names the checksum" grep -q 'bad checksum' "$tmp/err"

# match: a short engine-vs-engine run writes a replayable game file and the score lines.
native_only "$no_processes" && cli match -v glinski --engine "$hex uci" --engine "$hex uci" --games 2 --nodes 300 --max-plies 30 \
  --resign 2,500 --pgn "$tmp/match.pgn"
if $native; then
  check "match: exit status 0" test "$rc" -eq 0
  check "match: score line" grep -Eq '^games 2  engine 1: \+[0-9]+ -[0-9]+ =[0-9]+  score ' "$tmp/out"
  check "match: Elo line" grep -Eq '^elo [-+][0-9.]+  95% interval ' "$tmp/out"
  check "match: a progress line per game on stderr" test "$(grep -c '^game [12]/2: ' "$tmp/err")" -eq 2
  cli replay "$tmp/match.pgn"
  check "match: its game file replays: two games" test "$rc" -eq 0 -a "$(lines "$tmp/out")" -eq 2
fi
expect_error "match: one engine only" 2 match --engine "$hex uci"
expect_error "match: bad --resign" 2 match --engine "$hex uci" --engine "$hex uci" --resign 3
expect_error "match: bad --tc" 2 match --engine "$hex uci" --engine "$hex uci" --tc fast
for tc in nan 1e300 10+inf 10+-1 0 86401; do
  expect_error "match: --tc $tc is refused (no clock past what an int holds)" 2 match --engine "$hex uci" --engine "$hex uci" --tc "$tc"
done

# docs/endgames.md: the figures and positions of its cheap tables (make check-endgames: all).
native_only "$no_processes" && check "docs/endgames.md: figures and positions recomputed" \
  bash -c 'tests/endgames-doc.sh "$1" >"$2" 2>&1 || { cat "$2" >&2; false; }' _ "$build" "$tmp/endgames"
# datagen: self-play training records (docs/nnue.md): 96 bytes each, whole games, resumable.
# records_ok FILE VARIANT_INDEX: every record has format 1, that variant, as many men as marked
# hexes, a result in permille, and the file ends with the last record of a game.
records_ok() {
  [ -s "$1" ] && [ $(($(wc -c <"$1") % 96)) -eq 0 ] &&
    od -An -v -tu1 -w96 "$1" | awk -v variant="$2" '
      { men = 0
        for (i = 17; i <= 38; i++) for (b = $i; b > 0; b = int(b / 2)) men += b % 2
        if ($1 != 1 || $2 != variant || $4 != men || $7 + 256 * $8 > 1000 || $3 > 3) bad = 1
        last = $3 }
      END { exit bad || int(last / 2) % 2 != 1 }'
}
data="$tmp/datagen"
cli datagen -v glinski --games 3 --nodes 300 --seed 5 --random-plies 4 --out "$data.a"
check "datagen: exit status 0, nothing on stdout" test "$rc" -eq 0 -a ! -s "$tmp/out"
check "datagen: a progress line on stderr" grep -q 'game 3/3, [0-9]* positions' "$tmp/err"
check "datagen: Glinski records of the documented layout" records_ok "$data.a" 1
check "datagen: no record before the random plies" \
  bash -c 'od -An -v -tu1 -w96 "$1" | awk "\$15 + 256 * \$16 < 4 { exit 1 }"' _ "$data.a"
cli datagen -v glinski --games 3 --nodes 300 --seed 5 --random-plies 4 --out "$data.b"
check "datagen: the same seed makes the same file" cmp -s "$data.a" "$data.b"
cli datagen -v glinski --games 3 --nodes 300 --seed 6 --random-plies 4 --out "$data.c"
check "datagen: another seed makes other games" bash -c '! cmp -s "$1" "$2"' _ "$data.a" "$data.c"
cat "$data.a" "$data.c" >"$data.cat"
check "datagen: two runs' files concatenate into records" records_ok "$data.cat" 1
rm -f "$data.b"
cli datagen -v glinski --games 1 --nodes 300 --seed 5 --random-plies 4 --out "$data.b"
cli datagen -v glinski --games 3 --nodes 300 --seed 5 --random-plies 4 --out "$data.b"
check "datagen: resumed at game 2" grep -q 'resuming .* at game 2' "$tmp/err"
check "datagen: a resumed run makes the uninterrupted run's file" cmp -s "$data.a" "$data.b"
head -c $(($(wc -c <"$data.a") - 150)) "$data.a" >"$data.b"
cli datagen -v glinski --games 3 --nodes 300 --seed 5 --random-plies 4 --out "$data.b"
check "datagen: a file cut mid-record is resumed to the uninterrupted run's" cmp -s "$data.a" "$data.b"
cli datagen -v glinski --games 3 --nodes 300 --seed 9 --random-plies 4 --out "$data.b"
check "datagen: another run's file is refused, untouched" test "$rc" -eq 1 -a "$(lines "$tmp/err")" -eq 1
check "datagen: ... untouched" cmp -s "$data.a" "$data.b"
cli datagen -v cescacs --games 1 --nodes 200 --out "$data.d"
check "datagen: C'escacs records" records_ok "$data.d" 0
cli datagen -v mccooey --games 1 --nodes 200 --out "$data.e"
check "datagen: McCooey records" records_ok "$data.e" 2
expect_error "datagen: no --out" 2 datagen --games 1
expect_error "datagen: no --games" 2 datagen --out "$data.f"
expect_error "datagen: --games 0" 2 datagen --games 0 --out "$data.f"
expect_error "datagen: --nodes x" 2 datagen --games 1 --nodes x --out "$data.f"
expect_error "datagen: --random-plies -1" 2 datagen --games 1 --random-plies -1 --out "$data.f"
expect_error "datagen: unknown option" 2 datagen --games 1 --out "$data.f" --fast
expect_error "datagen: option without its value" 2 datagen --games 1 --out
expect_error "datagen: unwritable FILE" 1 datagen --games 1 --out "$tmp/no/such/dir/f.bin"
check "datagen: nothing written on a usage error" test ! -e "$data.f"

echo
if [ "$failed" -gt 0 ]; then
  echo "Failures:"
  printf '  %s\n' "${failures[@]}"
fi
if [ "$skipped" -gt 0 ]; then
  echo "$passed passed, $failed failed, $skipped skipped"
else
  echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
