#!/usr/bin/env bash
# Runs the test suite against one build: every test program of BUILD_DIR/tests (one per tests/*.c),
# then black-box tests of BUILD_DIR/hexchess through its command-line contract.
# Usage: tests/run.sh BUILD_DIR        (make check does this)
# Ends with the line "N passed, N failed" and a non-zero exit status when anything failed.
set -u

if [ $# -ne 1 ]; then
  echo "usage: tests/run.sh BUILD_DIR" >&2
  exit 2
fi
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "$1" 2>/dev/null && pwd) || { echo "run.sh: no build directory '$1'" >&2; exit 2; }
cd "$root" || exit 2
export HEXCHESS_TEST_DATA="$root/tests/data"
export LC_ALL=C
unset CMOCKA_MESSAGE_OUTPUT CMOCKA_TEST_ABORT
hex="$build/hexchess"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# A test program that runs longer than this is hung, not slow.
limit=${HEXCHESS_TEST_TIMEOUT:-900}

passed=0
failed=0
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

# ---------------------------------------------------------------- the test programs
echo "== test programs ($build/tests)"
for src in tests/*.c; do
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
for variant in cescacs glinski; do
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
  if [ "$rc" -ne 0 ] || [ "$(cat "$tmp/out")" != "$after" ]; then
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
expect_ok "status (start)" status
check "status (start): ongoing" grep -qx "status ongoing" "$tmp/out"

# Errors: one line on stderr, the documented status (1: rejected move or position, 2: usage), no crash.
long=$(head -c 100000 /dev/zero | tr '\0' 'p')
expect_error "moves: bad piece letter" 1 moves -p '/28:x/27:dk/1:DK/ w -- - 0 1'
expect_error "moves: line off the board" 1 moves -p '/29:v/27:dk/1:DK/ w -- - 0 1'
expect_error "moves: bad turn" 1 moves -p "${start_pdtl/ w / x }"
expect_error "moves: kings missing" 1 moves -p '/27:d1/1:D1/ w -- - 0 1'
expect_error "moves: empty position" 1 moves -p ''
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
cli convert --to san --letters en "$games/glinski/games/hungarian-tournaments-1980-87.pgn"
cp "$tmp/out" "$tmp/english.pgn"
cli replay "$tmp/english.pgn"
check "convert: Hungarian SAN to English SAN replays the same" cmp -s "$tmp/out" "$tmp/replayed"
expect_error "replay: no file" 2 replay
expect_error "replay: missing file" 1 replay /nonexistent.pgn
expect_error "convert: digital notation for C'escacs" 2 convert --to digital E7-E13

# ---------------------------------------------------------------- the UCI protocol
echo "== uci"
# uci_session NAME LINES...: feeds the lines to `hexchess uci`; leaves $rc and $tmp/out.
uci_session() {
  local name=$1
  shift
  printf '%s\n' "$@" | timeout 60 "$hex" uci >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "$rc" -ne 0 ]; then fail "uci $name: $(describe_rc "$rc"): $(head -c 300 "$tmp/err")"; fi
}
has_line() { grep -Eq "$1" "$tmp/out"; }

uci_session handshake uci isready quit
check "uci: id name, then uciok" bash -c 'grep -q "^id name hexchess" "$1" && grep -qx uciok "$1"' _ "$tmp/out"
for option in 'UCI_Variant type combo default cescacs var cescacs var glinski' 'Hash type spin' \
  'Threads type spin' 'MultiPV type spin' 'Skill Level type spin default 20 min 0 max 20' \
  'Move Overhead type spin' 'Contempt type spin default 0 min -200 max 200' 'Clear Hash type button' 'CescacsCastling type check default true'; do
  check "uci: declares option $option" has_line "^option name $option"
done
check "uci: readyok after isready" has_line '^readyok$'

# ucinewgame + go nodes N twice: the same lines, apart from the clock-dependent fields (and
# readyok, which isready gets at once, even mid-search).
strip_clock() { grep -v '^id \|^option \|^readyok$' "$tmp/out" | sed -E 's/ (time|nps|hashfull) [0-9]+//g'; }
for variant in cescacs glinski; do
  uci_session "go nodes twice ($variant)" "setoption name UCI_Variant value $variant" ucinewgame \
    'position startpos' 'go nodes 20000' isready
  strip_clock >"$tmp/first"
  uci_session "go nodes again ($variant)" "setoption name UCI_Variant value $variant" ucinewgame \
    'position startpos' 'go nodes 20000' isready
  strip_clock >"$tmp/second"
  check "uci $variant: ucinewgame + go nodes 20000 twice gives identical output" cmp -s "$tmp/first" "$tmp/second"
  check "uci $variant: info lines carry depth seldepth score nodes nps time pv hashfull" has_line \
    '^info depth [0-9]+ seldepth [0-9]+ (multipv 1 )?score (cp|mate) -?[0-9]+ .*nodes [0-9]+ nps [0-9]+ .*time [0-9]+ .*pv '
  check "uci $variant: one bestmove" test "$(grep -c '^bestmove ' "$tmp/first")" -eq 1
done
best=$(awk '/^bestmove/ { print $2 }' "$tmp/first")
cli moves -v glinski
check "uci: bestmove is in the notation 'hexchess moves' prints" grep -qx -- "$best" "$tmp/out"

uci_session "position with moves" 'position startpos moves E7-E13 E21-E15' d
check "uci: position startpos moves ... is applied" has_line '^info string position .* w '
uci_session "go depth" 'setoption name UCI_Variant value glinski' 'position startpos moves f5f6' 'go depth 3' isready
check "uci: go depth 3 ends with a bestmove" has_line '^bestmove [a-l][0-9]+[a-l][0-9]+'
check "uci: go depth 3 reports depth 3" has_line '^info depth 3 '
uci_session "go infinite + stop" 'position startpos' 'go infinite' isready stop quit
check "uci: go infinite answers only at stop, with a bestmove" has_line '^bestmove '
uci_session "go wtime" 'position startpos' 'go wtime 2000 btime 2000 winc 100 binc 100 movestogo 10' isready
check "uci: go with clock limits gives a bestmove" has_line '^bestmove '
uci_session "go mate" 'setoption name UCI_Variant value glinski' \
  'position fen 1/k2/5/1R5/p8/3B7/3P1p5/5p5/Q10/5K5/B10 w - 0 37' 'go mate 1' isready
check "uci: go mate 1 finds a mate in 1" has_line '^info .*score mate 1 .* pv (a3d9|d8f10)$'
uci_session "multipv" 'setoption name MultiPV value 3' 'position startpos' 'go depth 3' isready
check "uci: MultiPV 3 reports three lines" test "$(grep -c '^info depth 3 .*multipv [123] ' "$tmp/out")" -eq 3
uci_session "stalemate position" 'setoption name UCI_Variant value glinski' \
  'position fen 1/3/r4/7/9/11/11/11/8k1K/11/11 w - 66 78' 'go depth 2' isready
check "uci: no legal move answers bestmove (none)" has_line '^bestmove \(none\)$'

# Malformed input: one 'info string error' line each, and the engine keeps answering.
for bad in 'position fen nonsense' 'position startpos moves E7-E13 E7-E13' 'position sideways' \
  'go depth x' 'go nodes -5' 'go frobnicate' 'setoption name Hash value lots' 'setoption name Nope value 1' \
  'setoption name UCI_Variant value chess' 'setoption' 'frobnicate' "$(printf 'x%.0s' {1..70000})"; do
  uci_session "malformed '${bad:0:40}'" "$bad" isready
  check "uci: '${bad:0:40}' gets an info string error and the engine answers on" \
    bash -c 'grep -q "^info string error: " "$1" && grep -qx readyok "$1"' _ "$tmp/out"
done
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

# match: a short engine-vs-engine run writes a replayable game file and the score lines.
cli match -v glinski --engine "$hex uci" --engine "$hex uci" --games 2 --nodes 300 --max-plies 30 \
  --resign 2,500 --pgn "$tmp/match.pgn"
check "match: exit status 0" test "$rc" -eq 0
check "match: score line" grep -Eq '^games 2  engine 1: \+[0-9]+ -[0-9]+ =[0-9]+  score ' "$tmp/out"
check "match: Elo line" grep -Eq '^elo [-+][0-9.]+  95% interval ' "$tmp/out"
check "match: a progress line per game on stderr" test "$(grep -c '^game [12]/2: ' "$tmp/err")" -eq 2
cli replay "$tmp/match.pgn"
check "match: its game file replays: two games" test "$rc" -eq 0 -a "$(lines "$tmp/out")" -eq 2
expect_error "match: one engine only" 2 match --engine "$hex uci"
expect_error "match: bad --resign" 2 match --engine "$hex uci" --engine "$hex uci" --resign 3
expect_error "match: bad --tc" 2 match --engine "$hex uci" --engine "$hex uci" --tc fast

echo
if [ "$failed" -gt 0 ]; then
  echo "Failures:"
  printf '  %s\n' "${failures[@]}"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
