#!/usr/bin/env bash
# Black-box tests of the JSON API of `hexchess serve`, with curl and jq.
# Usage: tests/web/api.sh BUILD_DIR        Ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd) || exit 2
hex="$build/hexchess"
tmp=$(mktemp -d)
. "$root/tests/web/server.sh"
trap 'kill "$server_pid" 2>/dev/null; rm -rf "$tmp"' EXIT

passed=0
failed=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
check() { local name=$1; shift; if "$@"; then ok; else bad "$name"; fi; }

# Seat tokens by "GAME:COLOUR", and watch keys by game, kept from every answer that creates a game.
declare -A TOK KEY
# keyed PATH: PATH with its game's watch key, as the page and watch links send it.
keyed() {
  local k=
  [[ $1 =~ ^/api/games/([0-9]+) ]] && k=${KEY[${BASH_REMATCH[1]}]:-}
  if [ -z "$k" ]; then echo "$1"; elif [[ $1 == *\?* ]]; then echo "$1&key=$k"; else echo "$1?key=$k"; fi
}
# req METHOD PATH [BODY]: leaves $code and the body in $tmp/body. With SEAT=white or SEAT=black
# (SEAT=white req ...) it sends that seat's token of the game in PATH; with AUTH=TOKEN, that token.
# The game's watch key goes with it, unless NOKEY=1. JAR=FILE keeps cookies (a browser's session) in
# FILE; ORIGIN=URL sends that Origin; FROM=127.0.0.N sends it from that address.
req() {
  local args=(-s -o "$tmp/body" -w '%{http_code}' -X "$1" --path-as-is) token=${AUTH:-}
  [ -n "${JAR:-}" ] && args+=(-b "$JAR" -c "$JAR")
  [ -n "${FROM:-}" ] && args+=(--interface "$FROM")
  [ -n "${ORIGIN:-}" ] && args+=(-H "Origin: $ORIGIN")
  [ $# -ge 3 ] && args+=(-H 'Content-Type: application/json' --data-binary "$3")
  if [ -n "${SEAT:-}" ] && [[ $2 =~ ^/api/games/([0-9]+) ]]; then token=${TOK[${BASH_REMATCH[1]}:$SEAT]:-}; fi
  [ -n "$token" ] && args+=(-H "Authorization: Bearer $token")
  local path=$2
  [ -z "${NOKEY:-}" ] && path=$(keyed "$2")
  code=$(curl "${args[@]}" "$base$path")
  if [ "$code" = 201 ]; then
    local gid_ white_ black_ key_
    read -r gid_ white_ black_ key_ < <(json '[.id, .tokens.white // "-", .tokens.black // "-", .watch_key // "-"] | @tsv')
    TOK[$gid_:white]=${white_#-}
    TOK[$gid_:black]=${black_#-}
    KEY[$gid_]=${key_#-}
  fi
}
json() { jq -r "$1" "$tmp/body" 2>/dev/null; }
# poll PATH JQ VALUE: GETs PATH until JQ gives VALUE (10 s at most); the last answer stays in $tmp/body.
poll() {
  for _ in $(seq 1 100); do
    req GET "$1"
    [ "$(json "$2")" = "$3" ] && return
    sleep 0.1
  done
}
# expect NAME STATUS: the status, a body of valid UTF-8, and a JSON error body for a 4xx, with its
# machine code (lower case and underscores).
expect() {
  if [ "$code" != "$2" ]; then
    bad "$1: status $code, expected $2: $(head -c 200 "$tmp/body")"
  elif ! iconv -f UTF-8 -t UTF-8 "$tmp/body" >/dev/null 2>&1; then
    bad "$1: the body is not valid UTF-8: $(head -c 200 "$tmp/body" | od -c | head -n 3)"
  elif [ "${2:0:1}" = 4 ] && [ -z "$(json '.error // empty')" ]; then
    bad "$1: status $2 without a JSON error: $(head -c 200 "$tmp/body")"
  elif [ "${2:0:1}" = 4 ] && ! [[ $(json '.code // empty') =~ ^[a-z_]+$ ]]; then
    bad "$1: status $2 without an error code: $(head -c 200 "$tmp/body")"
  else
    ok
  fi
}

start_server "$hex" "$tmp/games.db" || { echo "0 passed, 1 failed"; exit 1; }

req GET /api/health; expect "health" 200
req GET /api/variants; expect "variants" 200
check "variants: C'escacs has 169 hexes" test "$(json '.[] | select(.name=="cescacs") | .cells | length')" = 169
check "variants: Glinski has 91 hexes" test "$(json '.[] | select(.name=="glinski") | .cells | length')" = 91
req GET /; expect "index page" 200
check "index page is the web app" grep -q '<title>hexchess</title>' "$tmp/body"
req GET /app.js; expect "app.js" 200

# A game between two people.
req POST /api/games '{"variant":"cescacs","white":"human","black":"human"}'; expect "create C'escacs game" 201
id=$(json .id)
check "new game: 68 legal moves" test "$(json '.legal | length')" = 68
check "new game: White to move" test "$(json .turn)" = white
SEAT=white req POST "/api/games/$id/moves" '{"move":"E7-E13"}'; expect "play E7-E13" 200
check "after E7-E13: Black to move" test "$(json .turn)" = black
check "after E7-E13: the move is listed" test "$(json '.moves[0].display')" = E7-E13
SEAT=black req POST "/api/games/$id/moves" '{"move":"E7-E13"}'; expect "illegal move refused" 422
check "an illegal move's code" test "$(json .code)" = illegal_move
SEAT=black req POST "/api/games/$id/moves" '{"move":"E21-E15"}'; expect "play E21-E15" 200
SEAT=black req POST "/api/games/$id/undo" '{}'; expect "Black asks to take back" 200
check "take-back asked: the move stays" test "$(json '(.moves | length | tostring) + " " + .takeback_offer')" = "2 black"
SEAT=white req POST "/api/games/$id/undo" '{"action":"accept"}'; expect "White accepts the take-back" 200
check "undo: one move left" test "$(json '.moves | length')" = 1
req GET "/api/games/$id"; expect "read the game" 200
check "read: one move" test "$(json '.moves | length')" = 1
# HEAD answers every GET route as GET does, without the body: two on one connection both answer
# (a body sent after the first would be read as the second's answer).
for path in /api/health /api/variants /api/games "/api/games/$id" "/api/games/$id/record" "/api/games/$id/events" /; do
  heads=$(curl -s -I -o /dev/null -o /dev/null -w '%{http_code} ' --max-time 5 "$base$(keyed "$path")" "$base$(keyed "$path")")
  check "HEAD $path: 200 twice on one connection ($heads)" test "$heads" = "200 200 "
done
# The stream's HEAD broke the next answer on its connection about one time in three.
heads=$(for _ in $(seq 1 20); do
  curl -s -I -o /dev/null -o /dev/null -w '%{http_code} ' --max-time 5 "$base$(keyed /api/games/$id/events)" "$base$(keyed /api/games/$id/events)"
done)
check "HEAD of the event stream, 20 times two on one connection" test "$heads" = "$(printf '200 %.0s' {1..40})"
req GET /api/variants
length=$(curl -s -I --max-time 5 "$base/api/variants" | tr -d '\r' | awk 'tolower($1) == "content-length:" {print $2}')
check "HEAD /api/variants: GET's length ($length)" test "$length" = "$(wc -c <"$tmp/body")"
poll /api/health .streams 0
check "HEAD on the event stream leaves no stream open" test "$(json .streams)" = 0
code=$(curl -s -I -o /dev/null -w '%{http_code}' --max-time 5 "$base/api/games/import")
check "HEAD on a POST route: 405 ($code)" test "$code" = 405
# Any API path may end with one slash.
for path in /api/health/ /api/variants/ /api/games/ "/api/games/$id/record/" "/api/games/$id/"; do
  req GET "$path"; expect "GET $path" 200
done
check "GET /api/games/$id/ is the game" test "$(json .id)" = "$id"
req GET "/api/games/$id//"; expect "two slashes after a game" 404
req GET /api/health//; expect "two slashes after health" 404

# Doors: a request must name the server as it is served (Host); one that changes anything must not
# come from another site's page (Origin); a body is JSON sent as JSON (Content-Type).
port=${base##*:}
# raw TEXT: sends TEXT on a new connection; leaves the answer's status in $code and its body in $tmp/body.
raw() {
  local fd answer
  exec {fd}<>"/dev/tcp/127.0.0.1/$port"
  printf '%s' "$1" >&"$fd"
  answer=$(timeout 5 cat <&"$fd" | tr -d '\r')
  exec {fd}>&-
  code=$(head -n 1 <<<"$answer" | cut -d' ' -f2)
  sed '1,/^$/d' <<<"$answer" >"$tmp/body"
}
doors() { # doors NAME STATUS CURL-ARGS...: a request with those arguments answers STATUS
  local name=$1 status=$2
  shift 2
  code=$(curl -s -o "$tmp/body" -w '%{http_code}' "$@")
  expect "$name" "$status"
}
doors "a Host this server is not served at (DNS rebinding)" 403 -H 'Host: rebound.example' "$base/api/health"
check "the refused Host is named" grep -q "Host 'rebound.example' is not a name" "$tmp/body"
doors "a loopback name, listening on loopback" 200 -H "Host: localhost:$port" "$base/api/health"
doors "another port is another site" 403 -H "Host: 127.0.0.1:1" "$base/api/health"
raw $'GET /api/health HTTP/1.0\r\n\r\n'; expect "no Host at all" 400
doors "a new game from another site's page" 403 -X POST -H 'Origin: http://rebound.example' \
  -H 'Content-Type: application/json' --data-binary '{"variant":"glinski"}' "$base/api/games"
check "the other site is named" grep -q "Origin 'http://rebound.example'" "$tmp/body"
doors "a move from a sandboxed page (Origin null)" 403 -X POST -H 'Origin: null' \
  -H 'Content-Type: application/json' --data-binary '{"move":"E7-E13"}' "$base/api/games/$id/moves"
doors "a new game from the server's own page" 201 -X POST -H "Origin: $base" \
  -H 'Content-Type: application/json' --data-binary '{"variant":"glinski"}' "$base/api/games"
doors "another site's page may read" 200 -H 'Origin: http://rebound.example' "$base/api/health"
doors "a JSON body sent as text/plain" 415 -X POST -H 'Content-Type: text/plain' \
  --data-binary '{"variant":"glinski"}' "$base/api/games"
doors "a JSON body sent as a form" 415 -X POST --data-binary '{"variant":"glinski"}' "$base/api/games"
doors "JSON with a charset" 201 -X POST -H 'Content-Type: application/json; charset=utf-8' \
  --data-binary '{"variant":"glinski"}' "$base/api/games"
raw "POST /api/games HTTP/1.1"$'\r\n'"Host: 127.0.0.1:$port"$'\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 20\r\n\r\n{}'
expect "two Content-Length headers" 400
check "two Content-Length headers: said" grep -q "2 Content-Length headers" "$tmp/body"
long=$(head -c 9000 /dev/zero | tr '\0' a)
doors "a 9 000-byte target" 414 "$base/api/health?x=$long"
check "the target's bound is said" grep -q "at most 8192" "$tmp/body"
doors "17 000 bytes of headers" 431 -H "X-Long: $long" -H "X-Longer: $long" "$base/api/health"
check "the headers' bound is said" grep -q "at most 16384" "$tmp/body"
req GET /api/health; expect "served after the doors" 200

# Errors: malformed requests get a JSON 4xx.
req POST /api/games '{"variant":'; expect "malformed JSON" 400
req POST /api/games '[1,2]'; expect "JSON that is no object" 400
req POST /api/games '{"variant":"chess"}'; expect "unknown variant" 400
req POST /api/games '{"variant":"glinski","position":"b/qbk w"}'; expect "bad position" 400
req POST /api/games '{"variant":"glinski","black":"robot"}'; expect "bad player" 400
# Positions the rules cannot reach: 400 with the validator's reason (White's pegasus could take the king).
capturable='/24:G4/3:3k/2:K2/ w -- - 0 81'
req POST /api/games "{\"variant\":\"cescacs\",\"position\":\"$capturable\"}"; expect "king capturable" 400
check "king capturable: the error names it" grep -q 'side not to move (Black) is in check' "$tmp/body"
req POST /api/games '{"variant":"glinski","position":"P/2k/5/7/9/11/11/11/11/11/6K4 w - 0 1"}'
expect "pawn on its promotion hex" 400
check "pawn on its promotion hex: the error names it" grep -q 'White pawn on f11, its promotion hex' "$tmp/body"
req POST /api/games '{"variant":"glinski","position":"1/3/5/7/9/5k5/11/11/11/11/3K2R4 w - 101 60"}'
expect "a halfmove clock past the automatic draw (a game over before it starts)" 400
check "the automatic draw named" grep -q "the halfmove clock 101 is past the automatic draw at 100" "$tmp/body"
req POST /api/games '{"variant":"glinski","movetime":"fast"}'; expect "bad movetime type" 400
req POST /api/games '{"variant":"glinski","black":"engine","movetime":999999}'; expect "movetime over the cap" 400
req GET /api/games/999999; expect "unknown game" 404
req GET /api/games/abc; expect "game id not a number" 400
req POST "/api/games/$id/moves" '{}'; expect "move missing" 400
req POST "/api/games/$id/moves" '{"move":"E7-E13"'; expect "move body malformed" 400
req PUT "/api/games/$id"; expect "method not allowed" 405
req GET /api/nothing; expect "unknown API path" 404
req POST "/api/games/$id/draw" '{"action":"dance"}'; expect "unknown draw action" 400
SEAT=white req POST "/api/games/$id/draw" '{"action":"accept"}'; expect "accept without an offer" 409
# refused NAME METHOD PATH BODY WORD: a 400 whose one-line error names WORD (the field), in valid UTF-8.
refused() {
  req "$2" "$3" "$4"
  expect "$1" 400
  local err
  err=$(json .error)
  case "$err" in
    *"$5"*) [ "$(printf '%s' "$err" | wc -l)" = 0 ] && [ "${#err}" -le 300 ] && ok || bad "$1: long error: $err" ;;
    *) bad "$1: the error does not name $5: $err" ;;
  esac
}
# Wrong JSON types are refused, never replaced by defaults; the error names the field and its type.
refused "variant as a number" POST /api/games '{"variant":1}' "variant must be"
refused "white as a boolean" POST /api/games '{"white":true}' "white must be"
refused "position as a number" POST /api/games '{"position":5}' "position must be a string"
refused "moves as a number" POST /api/games '{"moves":5}' "moves must be an array"
refused "a move with a space" POST /api/games '{"variant":"glinski","moves":["f5f6 f7f6"]}' "moves[0]"
refused "level not an integer" POST /api/games '{"level":20.9}' "level must be an integer from 0 to 20"
refused "level out of range" POST /api/games '{"level":21}' "level must be an integer"
refused "level huge" POST /api/games '{"level":1e400}' "level must be an integer"
refused "castling as a string" POST /api/games '{"castling":"no"}' "castling must be true or false"
refused "movetime as a string" POST /api/games '{"variant":"glinski","movetime":"fast"}' "movetime must be"
refused "unknown field" POST /api/games '{"variant":"glinski","colour":"white"}' "unknown field 'colour'"
refused "field given twice" POST /api/games '{"variant":"glinski","variant":"cescacs"}' "'variant' is given twice"
refused "junk after the object" POST /api/games '{"variant":"glinski"} junk' "not valid JSON"
refused "JSON string, not an object" POST /api/games '"glinski"' "must be a JSON object"
refused "import text missing" POST /api/games/import '{"white":"human"}' "text is missing"
refused "import text as a number" POST /api/games/import '{"text":5}' "text must be a string"
refused "resign side null" POST "/api/games/$id/resign" '{"side":null}' "side must be"
refused "draw action a number" POST "/api/games/$id/draw" '{"action":5}' "action must be"
refused "analysis movetime a string" POST "/api/games/$id/analysis" '{"movetime":"x"}' "movetime must be"
refused "undo takes no field" POST "/api/games/$id/undo" '{"all":true}' "unknown field 'all'"
refused "move as an array" POST "/api/games/$id/moves" '{"move":["E21-E15"]}' "move must be a string"
# An error from the core reader of positions reaches the client as a 400 in valid UTF-8, cut short.
refused "unknown piece letter é" POST /api/games '{"position":"/28:é/ w RKRrkr - 0 1"}' "unknown piece letter 'é'"
refused "long position of é" POST /api/games "{\"position\":\"/28:$(printf 'é%.0s' {1..200})/ w RKRrkr - 0 1\"}" "placement"
req POST /api/games '{"variant":"glinski","moves":["f5f6","b7b5"]}'; expect "moves as an array of strings" 201
check "the moves were played" test "$(json '.moves | length')" = 2
# Moves after the board ended the game are refused: the third repetition draws, and the final
# position alone (played on) would not show it.
refused "a move after a repetition draw" POST /api/games \
  '{"variant":"glinski","moves":["d1c3","d9c6","c3d1","c6d9","d1c3","d9c6","c3d1","c6d9","f5f6"]}' \
  "move 9 'f5f6' comes after the end of the game (repetition)"
# A NUL cuts no string short: \u0000 and a raw NUL byte are refused.
refused "move with \\u0000" POST "/api/games/$id/moves" '{"move":"E21-E15\u0000junk"}' "\\u0000"
printf '{"move":"E21-E15\0junk"}' >"$tmp/nul"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -H 'Content-Type: application/json' --data-binary @"$tmp/nul" \
  "$base/api/games/$id/moves")
expect "move with a raw NUL byte" 400
req GET "/api/games/$id"
check "no move was played by the NUL requests" test "$(json '.moves | length')" = 1
refused "invalid UTF-8 in a string" POST "/api/games/$id/moves" $'{"move":"E21-E15\xff\xfe"}' "not UTF-8"
refused "a control byte in a string" POST "/api/games/$id/moves" $'{"move":"E21\x01"}' "control byte"
long=$(head -c 100000 /dev/zero | tr '\0' 'E')
SEAT=black req POST "/api/games/$id/moves" "{\"move\":\"$long\"}"; expect "a 100 KB illegal move" 422
check "a 100 KB move: the error is short" test "$(json .error | wc -c)" -le 300
# Paths and query arguments: a percent-encoded NUL, control byte or bad escape is a 400, and so are
# game ids and counts that are not plain numbers in range.
for path in '/index.html%00.js' '/app.js%00' '/api/games/1%00' '/api/health%0a' '/api/%ff' '/%zz' \
  '/api/games?limit=5%00' '/api/games?limit=5&limit=6' '/api/games/1/%2e%2e/1'; do
  req GET "$path"; expect "path $path" 400
done
for path in /api/games/-1 /api/games/0 /api/games/99999999999999999999999 /api/games/1e3 '/api/games/%2B1' \
  '/api/games?limit=abc' '/api/games?limit=-5' '/api/games?offset=99999999999999999999' '/api/games?limit=%2010'; do
  req GET "$path"; expect "number in $path" 400
done
head -c 1100000 /dev/zero | tr '\0' 'a' >"$tmp/big"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -H 'Content-Type: application/json' \
  --data-binary @"$tmp/big" "$base/api/games")
expect "body over 1 MiB" 413
for path in /../../etc/passwd /%2e%2e/%2e%2e/etc/passwd /..%2f..%2fetc%2fpasswd /.git/config '/web/../Makefile' \
  '/..%5c..%5cetc%5cpasswd' '/nothing.js'; do
  req GET "$path"
  if [ "${code:0:1}" = 4 ] && [ -n "$(json '.error // empty')" ] && ! grep -q 'root:' "$tmp/body"; then ok; else
    bad "static $path: status $code: $(head -c 120 "$tmp/body")"
  fi
done

# Draws and resignation.
SEAT=black req POST "/api/games/$id/draw" '{"action":"offer","side":"black"}'; expect "Black offers a draw" 200
check "offer recorded" test "$(json .draw_offer)" = black
SEAT=white req POST "/api/games/$id/draw" '{"action":"accept","side":"white"}'; expect "White accepts" 200
check "draw by agreement 1-1" test "$(json '.result + " " + .reason')" = "1-1 agreement"
check "result text" test "$(json .result_text)" = "Draw by agreement"
SEAT=black req POST "/api/games/$id/moves" '{"move":"E21-E15"}'; expect "no move after the end" 409
check "a move after the end: its code" test "$(json .code)" = game_over
req POST /api/games '{"variant":"glinski"}'; expect "create Glinski game" 201
gid=$(json .id)
SEAT=white req POST "/api/games/$gid/resign" '{"side":"white"}'; expect "White resigns" 200
check "Glinski resignation 0-1" test "$(json .result)" = 0-1

# Records: download, import, and an illegal record refused.
req GET "/api/games/$id/record"; expect "download record" 200
check "record names the variant" grep -q '\[Variant "C.escacs"\]' "$tmp/body"
check "record has the move" grep -q 'E7-E13' "$tmp/body"
record=$(jq -Rs '{text: .}' "$tmp/body")
req POST /api/games/import "$record"; expect "import the record" 201
check "imported: one move" test "$(json '.moves | length')" = 1
check "imported: the draw kept" test "$(json .result)" = 1-1
check "imported: no warnings" test "$(json '.warnings | length')" = 0
# What the reader passes over is told in the answer, a line each, placed as errors are.
req POST /api/games/import '{"text":"[variant \"Glinski\"]\n\n1. f5f6 e7e6 (1-0)\n"}'; expect "import a record with defects" 201
check "imported with defects: the reader's warnings" test "$(json '.warnings | join("|")')" = \
  "line 1: the label 'variant' is read as 'Variant'|line 3: the result (1-0) is written in parentheses: read as the game's result"
check "imported with defects: the result kept" test "$(json '.result + " " + (.moves | length | tostring)')" = "1-0 2"
# Where the record and the rules part, the rules decide and the answer says so.
req POST /api/games/import '{"text":"[Variant \"Glinski\"]\n\n1. Nd1f4 Nd9c6 2. Nf4d1 Nc6d9 3. Nd1f4 Nd9c6 4. Nf4d1 Nc6d9 5. f5f6 e7e6 1-0\n"}'
expect "import a record going on after a repetition draw" 201
check "imported past a draw: the rules' end and the two warnings" \
  test "$(json '.result + " " + (.moves | length | tostring) + " " + (.warnings | join("|"))')" = \
  "1/2-1/2 8 line 1: the game ended at ply 8 (repetition, 1/2-1/2), but 2 more plies are recorded: they are left out|line 1: the game is recorded as 1-0, but the rules give 1/2-1/2 (repetition)"
req POST /api/games/import '{"text":"[Variant \"Glinski\"]\n\n1. f5f6 f7f6 *"}'; expect "illegal record" 422
check "illegal record: names the move" bash -c "jq -r .error '$tmp/body' | grep -q f7f6"
check "illegal record: its place said once, as a line and a move" \
  test "$(json .error)" = "line 3, move 2 'f7f6': not a legal move of the pawn on f7 to f6"
record=$(printf '[Variant "C\x27escacs"]\n[PDTL "%s"]\n\n81. GB24-B22 *\n' "$capturable" | jq -Rs '{text: .}')
req POST /api/games/import "$record"; expect "record from an unreachable position" 422
check "record from an unreachable position: the error names it" grep -q 'side not to move (Black) is in check' "$tmp/body"

# A start position too long to be one (512 characters) is a 422 with one line, and the server
# answers the next request (it once read a half-made position and died).
for label in FEN PDTL; do
  record=$(jq -n --arg l "$label" --arg x "$(printf 'x%.0s' $(seq 512))" \
    '{text: ("[Variant \"Glinski\"]\n[" + $l + " \"" + $x + "\"]\n\n*")}')
  req POST /api/games/import "$record"; expect "import a 512-character $label" 422
  check "512-character $label: one line naming it" \
    bash -c '[ "$(jq -r .error "$1" | wc -l)" = 1 ] && jq -r .error "$1" | grep -q "longer than 511 characters"' _ "$tmp/body"
  req GET /api/health; expect "the server answers after a 512-character $label" 200
done
# The record bounds of docs/limits.md: past each, 422 naming it.
record=$(jq -n --arg e "$(printf 'e%.0s' $(seq 16385))" '{text: ("[Variant \"Glinski\"]\n[Event \"" + $e + "\"]\n\n1. f5f6 *")}')
req POST /api/games/import "$record"; expect "import a label over 16384 bytes" 422
check "a label over the bound: named" grep -q "the label 'Event' is longer than 16384 bytes" "$tmp/body"
record=$(jq -n --arg v "$(printf '(f5f6 %.0s' $(seq 64))$(printf ')%.0s' $(seq 64))" '{text: ("[Variant \"Glinski\"]\n\n1. f5f6 " + $v + " *")}')
req POST /api/games/import "$record"; expect "import variations nested 64 deep" 422
check "variations nested past the bound: named" grep -q "nested more than 63 deep" "$tmp/body"
# A record over 3840 plies is a 422 (the longest game the engine can search on).
record=$(tr -s ' \n' '\n' <"$root/tests/data/cescacs/long-game.txt" | head -n 3841 |
  awk '{printf "%s%s", (NR > 1 ? " " : ""), $0}' | jq -Rs '{text: ("[Variant \"C'"'"'escacs\"]\n\n" + .)}')
req POST /api/games/import "$record"; expect "import a 3841-ply record" 422
check "a 3841-ply record: the bound named" grep -q "longer than 3840 plies" "$tmp/body"
# A label value the game cannot keep as it is (a '=' inside) is kept with a space, and said.
req POST /api/games/import '{"text":"[Variant \"Glinski\"]\n[White \"A=B\"]\n\n1. f5f6 *"}'
expect "import a label with '='" 201
check "the rewritten label is said" test "$(json '.warnings | join("|")')" = \
  "line 2: the label 'White' is kept with spaces for its line breaks and '='"

# Long games: the record has no length limit, and it replays to the game's final position.
# The moves come from a game without repetitions (a shuffle is drawn on the fifth).
for plies in 128 1000; do
  moves=$(tr -s ' \n' '\n' <"$root/tests/data/cescacs/long-game.txt" | head -n "$plies" | jq -R . | jq -sc .)
  req POST /api/games "{\"variant\":\"cescacs\",\"white\":\"human\",\"black\":\"human\",\"moves\":$moves}"
  expect "create a $plies-ply game" 201
  lid=$(json .id)
  final=$(json '.moves[-1].position')
  check "$plies-ply game: every move kept" test "$(json '.moves | length')" = "$plies"
  req GET "/api/games/$lid/record"; expect "record of a $plies-ply game" 200
  cp "$tmp/body" "$tmp/long.ctl-pgn"
  check "$plies-ply record replays to the final position" \
    test "$("$hex" replay "$tmp/long.ctl-pgn" | cut -d' ' -f2,4-)" = "$plies $final"
done
# Labels of any length survive an import and the record written back.
event=$(printf 'Event %.0s' $(seq 300))
record=$(jq -n --arg e "$event" '{text: ("[Variant \"Glinski\"]\n[Event \"" + $e + "\"]\n\n1. f5f6 *")}')
req POST /api/games/import "$record"; expect "import a record with a 1800-byte label" 201
req GET "/api/games/$(json .id)/record"; expect "record with a 1800-byte label" 200
check "the long label is kept whole" grep -qF "[Event \"$event\"]" "$tmp/body"

# The engine answers, within the server's cap.
req POST /api/games '{"variant":"glinski","black":"engine","level":3,"movetime":200}'; expect "game against the engine" 201
eid=$(json .id)
SEAT=white req POST "/api/games/$eid/moves" '{"move":"f5f6"}'; expect "play f5f6 against the engine" 200
poll "/api/games/$eid" '.moves | length' 2
check "the engine replied" test "$(json '.moves | length')" = 2
check "White to move after the reply" test "$(json .turn)" = white
SEAT=white req POST "/api/games/$eid/analysis" '{"movetime":300}'; expect "analysis started" 200
poll "/api/games/$eid" .analysis.running false
check "analysis finished with a depth" test "$(json .analysis.depth)" -ge 1
check "analysis gives a best move" test -n "$(json .analysis.best)"
# Captures too: after the engine's 1... e6 the best move is fxe6.
check "the best move in the game's notation (algebraic, not coordinates)" \
  grep -qE '^([KQRBN][a-l]?[0-9]*x?|[a-l]x)?[a-l][0-9]+(=?[QRBN])?[+#]?$' <<<"$(json .analysis.best_display)"
check "the line in the game's notation, move for move" \
  test "$(json '.analysis.pv_display | split(" ") | length')" = "$(json '.analysis.pv | split(" ") | length')"
SEAT=white req POST "/api/games/$eid/analysis" '{"movetime":300,"ply":0}'; expect "analysis of the start position" 200
check "the analysed position is the one asked for" test "$(json .analysis.ply)" = 0
poll "/api/games/$eid" .analysis.running false
check "the start analysed: a move of White's" test "$(json '.start_board[.analysis.best_from:.analysis.best_from+1] | test("[A-Z]")')" = true
SEAT=white req POST "/api/games/$eid/analysis" '{"ply":3}'; expect "analysis past the game's end" 400
check "ply out of range named" grep -q 'ply must be an integer from 0 to 2' "$tmp/body"
# Stopping ends the analysis at once, for good: nothing keeps it running.
SEAT=white req POST "/api/games/$eid/analysis" '{"movetime":5000}'; expect "long analysis started" 200
sleep 0.3
SEAT=white req DELETE "/api/games/$eid/analysis"; expect "analysis stopped" 200
check "a stopped analysis is not running" test "$(json .analysis.running)" = false
sleep 0.5
req GET "/api/games/$eid"
check "a stopped analysis stays stopped" test "$(json .analysis.running)" = false
SEAT=white req POST "/api/games/$eid/undo" '{}'; expect "undo against the engine" 200
check "undo takes back to White's turn" test "$(json '.moves | length')" = 0

# The engine weighs a draw offer from its own side: it refuses in a position it wins (Black has a
# queen and a rook against a bare king) and accepts in one it loses (White has them).
lost='1/q1k/r4/7/9/11/11/11/11/11/6K4 w - 0 1'
won='1/2k/5/7/9/11/11/11/11/R10/5QK4 w - 0 1'
req POST /api/games "{\"variant\":\"glinski\",\"black\":\"engine\",\"position\":\"$lost\"}"; expect "engine game, White lost" 201
did=$(json .id)
SEAT=white req POST "/api/games/$did/draw" '{"action":"offer"}'; expect "White offers a draw in a lost position" 200
poll "/api/games/$did" .draw_offer null
check "the winning engine declines the draw" test "$(json '.draw_offer + " " + .status')" = " ongoing"
req POST /api/games "{\"variant\":\"glinski\",\"black\":\"engine\",\"position\":\"$won\"}"; expect "engine game, White won" 201
did=$(json .id)
SEAT=white req POST "/api/games/$did/draw" '{"action":"offer"}'; expect "White offers a draw in a won position" 200
poll "/api/games/$did" .status over
check "the losing engine accepts the draw" test "$(json '.result + " " + .reason')" = "1/2-1/2 agreement"

# The list, and resuming after a restart.
req GET /api/games; expect "list games" 200
check "list: no public game, all unlisted" test "$(json .total)" = 0
ids=$(for g in "${!KEY[@]}"; do printf '%s:%s,' "$g" "${KEY[$g]}"; done)
req GET "/api/games?ids=${ids%,}"; expect "list games by id and key" 200
check "list: every game by its key (${#KEY[@]} asked, $(json .total) listed)" test "$(json .total)" = "${#KEY[@]}"
req GET '/api/games?limit=0'; expect "bad limit" 400
SEAT=white req POST "/api/games/$eid/moves" '{"move":"f5f6"}'; expect "move before the restart" 200
# A game turned by hand in the database into one where an engine is to move with movetime 0: 0
# must not mean a search without end when the game is loaded.
req POST /api/games '{"variant":"glinski","white":"human","black":"human"}'; expect "game to edit in the database" 201
tid=$(json .id)
stop_server
check "server stopped cleanly (no leaks under ASan)" test "$server_rc" = 0
sql "$tmp/games.db" "UPDATE games SET white_engine = 1, level = 20, movetime = 0 WHERE id = $tid"
check "database edited: an engine to move with movetime 0" \
  test "$(sql "$tmp/games.db" "SELECT white_engine || ' ' || movetime || ' ' || plies FROM games WHERE id = $tid")" = "1 0 0"
start_server "$hex" "$tmp/games.db" || { bad "restart"; echo "$passed passed, $failed failed"; exit 1; }
req GET "/api/games/$id"; expect "game kept over a restart" 200
check "kept: one move and the result" test "$(json '(.moves | length | tostring) + " " + .result')" = "1 1-1"
poll "/api/games/$eid" '.moves | length' 2
check "the engine resumes its move after a restart" test "$(json '.moves | length')" = 2
poll "/api/games/$tid" '.moves | length' 1
check "an engine with movetime 0 in the database still moves after a restart" test "$(json '.moves | length')" = 1
req DELETE "/api/games/$gid"; expect "delete without a token" 403
SEAT=white req DELETE "/api/games/$gid"; expect "delete a game" 200
req GET "/api/games/$gid"; expect "deleted game gone" 404
stop_server
check "server stopped cleanly after the restart" test "$server_rc" = 0

# Limits on slow and greedy clients: a server that wants headers within 2 s, and 3 connections from
# one address.
now_ms() { echo $(($(date +%s%N) / 1000000)); }
rss_kb() { awk '/^VmRSS/ {print $2}' "/proc/$server_pid/status"; }
tasks() { ls "/proc/$server_pid/task" | wc -l; }
start_server "$hex" "$tmp/limits.db" --header-timeout 2 --max-per-client 3 --request-timeout 4 \
  --public-url https://hex.example.org \
  || { bad "start with limits"; echo "$passed passed, $failed failed"; exit 1; }
port=${base##*:}
exec {big}<>"/dev/tcp/127.0.0.1/$port"
t0=$(now_ms)
printf 'POST /api/games HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 2097152\r\n\r\n' >&"$big"
status_line=
IFS= read -r -t 2 status_line <&"$big"
check "2 MiB Content-Length: 413 before the body, within 2 s" \
  test "${status_line:0:12} $(($(now_ms) - t0 < 2000))" = "HTTP/1.1 413 1"
exec {big}>&-
head -c 1100000 /dev/zero | tr '\0' 'a' >"$tmp/big"
t0=$(now_ms)
code=$(curl -s -o "$tmp/body" -w '%{http_code}' -H 'Transfer-Encoding: chunked' -H 'Content-Type: application/json' \
  --data-binary @"$tmp/big" "$base/api/games")
check "a chunked body growing past 1 MiB is cut off (status $code)" \
  test "$((code < 200 || code == 413)) $(($(now_ms) - t0 < 2000))" = "1 1"
# One header byte every half second: the headers are never complete.
exec {slow}<>"/dev/tcp/127.0.0.1/$port"
(printf 'GET /api/health HTTP/1.1\r\nHost: a-slow-client\r\nX-Slow: ' | while IFS= read -r -n 1 -d '' c; do
  printf '%s' "$c" >&"$slow" 2>/dev/null || exit 0
  sleep 0.5
done) &
writer=$!
t0=$(now_ms)
IFS= read -r -t 6 line <&"$slow"; rc=$?
elapsed=$(($(now_ms) - t0))
kill "$writer" 2>/dev/null; wait "$writer" 2>/dev/null
exec {slow}>&-
check "slow headers: dropped after the 2 s deadline (${elapsed} ms, read status $rc)" \
  test "$rc $((elapsed >= 1500 && elapsed < 4000))" = "1 1"
# A body trickled at one byte every 3 s: each byte comes before the idle timeout, but the whole
# request must be in within --request-timeout (4 s).
exec {slow}<>"/dev/tcp/127.0.0.1/$port"
(printf 'POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:%s\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n' "$port"
  printf '{"variant":"glinski","white":"human"}xx' | while IFS= read -r -n 1 -d '' c; do
    sleep 3
    printf '%s' "$c"
  done) >&"$slow" 2>/dev/null &
writer=$!
t0=$(now_ms)
IFS= read -r -t 10 line <&"$slow"; rc=$?
elapsed=$(($(now_ms) - t0))
kill "$writer" 2>/dev/null; wait "$writer" 2>/dev/null
exec {slow}>&-
check "a trickled body: closed at the 4 s request deadline (${elapsed} ms, read status $rc)" \
  test "$rc $((elapsed >= 3000 && elapsed < 7000))" = "1 1"
# The public URL's name is served too, and its pages may act.
doors "the --public-url's name" 200 -H 'Host: hex.example.org' "$base/api/health"
doors "a new game from the public URL's page" 201 -X POST -H 'Host: hex.example.org' \
  -H 'Origin: https://hex.example.org' -H 'Content-Type: application/json' --data-binary '{"variant":"glinski"}' \
  "$base/api/games"
doors "the public name with another site's Origin" 403 -X POST -H 'Host: hex.example.org' \
  -H 'Origin: http://evil.example.org' -H 'Content-Type: application/json' --data-binary '{"variant":"glinski"}' \
  "$base/api/games"
# Three connections from 127.0.0.1 are held open; a fourth is closed at once, 127.0.0.2 still served.
exec {c1}<>"/dev/tcp/127.0.0.1/$port" {c2}<>"/dev/tcp/127.0.0.1/$port" {c3}<>"/dev/tcp/127.0.0.1/$port"
sleep 0.2
exec {c4}<>"/dev/tcp/127.0.0.1/$port"
IFS= read -r -t 1 line <&"$c4"; rc=$?
check "a fourth connection from one address is closed (read status $rc)" test "$rc" = 1
code=$(curl -s -o "$tmp/body" -w '%{http_code}' --interface 127.0.0.2 "$base/api/health")
expect "another address is served meanwhile" 200
exec {c1}>&- {c2}>&- {c3}>&- {c4}>&-
sleep 0.2
req GET /api/health; expect "served again once the connections closed" 200
stop_server
check "server with limits stopped cleanly" test "$server_rc" = 0

# One engine thread: three engine games started at once all get their moves, in turn, on the threads
# the server started with.
start_server "$hex" "$tmp/pool.db" --engine-threads 1 --engine-memory 4 --max-think 6000 \
  || { bad "start with one engine thread"; echo "$passed passed, $failed failed"; exit 1; }
idle_tasks=$(tasks)
pool_ids=()
waiting=
# 2.5 s each, so that the third is still queued after the time two creations take under ASan on a
# loaded machine.
for _ in 1 2 3; do
  req POST /api/games '{"variant":"glinski","white":"engine","black":"human","level":20,"movetime":2500}'
  expect "engine game on a busy pool" 201
  pool_ids+=("$(json .id)")
  waiting+="$(json .waiting) "
done
check "the third game waits for the engine ($waiting)" test "$(json '.waiting and .thinking')" = true
busy_tasks=$(tasks)
check "no thread per game ($idle_tasks threads idle, $busy_tasks busy)" test "$busy_tasks" = "$idle_tasks"
replied=0
for _ in $(seq 1 150); do
  replied=0
  for gid_ in "${pool_ids[@]}"; do
    req GET "/api/games/$gid_"
    [ "$(json '.moves | length')" = 1 ] && [ "$(json .waiting)" = false ] && replied=$((replied + 1))
  done
  [ "$replied" = 3 ] && break
  sleep 0.1
done
check "all three queued games got their moves ($replied)" test "$replied" = 3
# Work withdrawn while queued leaves the queue: a deleted game, a stopped analysis.
req POST /api/games '{"variant":"glinski","white":"engine","black":"engine","level":20,"movetime":400}'
busy_id=$(json .id)
req POST /api/games '{"variant":"glinski","white":"engine","black":"human","level":20,"movetime":400}'
queued_id=$(json .id)
check "queued behind the engine game" test "$(json .waiting)" = true
SEAT=black req DELETE "/api/games/$queued_id"; expect "delete a queued game" 200
SEAT=black req POST "/api/games/${pool_ids[0]}/analysis" '{"movetime":400}'; expect "analysis queued" 200
check "the analysis waits" test "$(json .waiting)" = true
SEAT=black req DELETE "/api/games/${pool_ids[0]}/analysis"; expect "queued analysis stopped" 200
check "a stopped analysis no longer waits" test "$(json .waiting)" = false
# Engine moves on a clock go before analyses, and their clock stands still while they wait for the
# engine; a client has analyses on two games at most. The first analysis keeps the one thread busy
# for 6 s, the second then runs 6 s more: the engine's move, seen done, must come between them.
for n in 1 2 3; do
  req POST /api/games '{"variant":"glinski"}'; expect "a game to analyse ($n)" 201
  eval "an$n=$(json .id)"
done
SEAT=white req POST "/api/games/$an1/analysis" '{"movetime":6000}'; expect "first analysis of a client" 200
SEAT=white req POST "/api/games/$an2/analysis" '{"movetime":6000}'; expect "second analysis of a client" 200
check "the second analysis waits" test "$(json .waiting)" = true
SEAT=white req POST "/api/games/$an3/analysis" '{"movetime":2000}'; expect "a third analysis at once" 409
check "the cap is said" grep -q "at most 2" "$tmp/body"
req POST /api/games '{"variant":"glinski","white":"human","black":"engine","level":20,"time_base":60000}'
expect "a timed game against the engine" 201
tid=$(json .id)
SEAT=white req POST "/api/games/$tid/moves" '{"move":"f5f6"}'; expect "White moves, the engine must wait" 200
check "the engine's move waits, its clock standing" \
  test "$(json '.waiting and .clock.running == null and .clock.black == 60000')" = true
poll "/api/games/$tid" '.moves | length' 2
check "the engine's clock ran only while it searched" test "$(json '.clock.black > 60000 - 2500')" = true
req GET "/api/games/$an2"
check "the timed engine move went before the analysis queued earlier (still to finish)" \
  test "$(json '.waiting or .analysis.running')" = true
req POST "/api/games/$busy_id/resign" '{"side":"white"}'; expect "an engine game given up" 200
check "a game over waits for nothing" test "$(json .waiting)" = false
stop_server
check "server with one engine thread stopped cleanly" test "$server_rc" = 0

# Seats: every state-changing request needs its seat's token; without it, or with the other seat's,
# 403 and nothing changes.
start_server "$hex" "$tmp/seats.db" || { bad "start for seats"; echo "$passed passed, $failed failed"; exit 1; }
req POST /api/games '{"variant":"glinski","white":"human","black":"human","time_base":300000,"time_increment":3000}'
expect "a 5+3 game between two people" 201
sid=$(json .id)
check "the answer holds both seats' tokens (64 hex digits)" \
  test "$(json '[.tokens.white, .tokens.black] | map(test("^[0-9a-f]{64}$")) | all')" = true
check "and a link per seat and one to watch" \
  test "$(json '.links.white + " " + .links.watch')" = "/#/game/$sid/white/${TOK[$sid:white]} /#/game/$sid/watch/${KEY[$sid]}"
check "the seats need tokens" test "$(json '.seats.white + " " + .seats.black')" = "token token"
check "the time control" test "$(json '(.time_control.base | tostring) + "+" + (.time_control.increment | tostring)')" = "300000+3000"
check "the clocks wait for the first move" test "$(json '(.clock.white | tostring) + " " + (.clock.running | tostring)')" = "300000 null"
req GET "/api/games/$sid"
check "the tokens are told only once" test "$(json '.tokens // "none"')" = none
version=$(json .version)
for who in none black other-game; do
  case $who in none) AUTH= ;; black) AUTH=${TOK[$sid:black]} ;; other-game) AUTH=${TOK[$eid:white]} ;; esac
  AUTH=$AUTH req POST "/api/games/$sid/moves" '{"move":"f5f6"}'; expect "White's move with token: $who" 403
  AUTH=$AUTH req POST "/api/games/$sid/resign" '{"side":"white"}'; expect "White's resignation with token: $who" 403
  AUTH=$AUTH req POST "/api/games/$sid/draw" '{"action":"offer","side":"white"}'; expect "White's draw offer with token: $who" 403
done
check "a 403 says what was wrong in one line" test "$(json .error)" = "the token opens no seat of this game"
AUTH=garbage req POST "/api/games/$sid/moves" '{"move":"f5f6"}'; expect "a token that is no token" 403
code=$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -H "Authorization: Basic ${TOK[$sid:white]}" \
  -H 'Content-Type: application/json' --data-binary '{"move":"f5f6"}' "$base$(keyed /api/games/$sid/moves)")
expect "the right token in a Basic header" 403
req POST "/api/games/$sid/analysis" '{"movetime":100}'; expect "an analysis without a token" 403
req POST "/api/games/$sid/rematch"; expect "a rematch without a token" 403
req GET "/api/games/$sid"
check "nothing changed after the refusals" \
  test "$(json '(.version | tostring) + " " + (.moves | length | tostring) + " " + .status + " " + (.draw_offer | tostring)')" \
  = "$version 0 ongoing null"
SEAT=black req POST "/api/games/$sid/resign" '{"side":"white"}'; expect "Black's token resigning for White" 403
check "the error names both seats" test "$(json .error)" = "the token is Black's seat's, not White's"
check "another seat's token: its code" test "$(json .code)" = not_your_seat
SEAT=black req POST "/api/games/$sid/moves" '{"move":"f5f6"}'; expect "Black's token moving for White" 403
check "a move out of turn: its code" test "$(json .code)" = not_your_turn
req POST /api/games '{"variant":'; expect "a body that is no JSON" 400
check "a body that is no JSON: its code" test "$(json .code)" = bad_json

# Unlisted: a game made here is seen with its watch key (32 hex digits) or a seat's token; to
# anyone else, whatever the route, it does not exist.
req GET "/api/games/$sid"
check "the watch key: 32 hex digits" test "$(json '.watch_key | test("^[0-9a-f]{32}$")')" = true
for path in "/api/games/$sid" "/api/games/$sid/events" "/api/games/$sid/record" "/api/games/$sid?key=" \
  "/api/games/$sid?key=$(printf '0%.0s' {1..32})" "/api/games/$sid?key=${KEY[$sid]}0"; do
  NOKEY=1 req GET "$path"; expect "GET $path without the key" 404
done
check "the 404 is the one of a game that is not there" test "$(json .error)" = "no such game: $sid"
check "no such game: its code" test "$(json .code)" = no_game
NOKEY=1 req POST "/api/games/$sid/moves" '{"move":"f5f6"}'; expect "a move without key or token" 404
NOKEY=1 req DELETE "/api/games/$sid"; expect "a deletion without key or token" 404
NOKEY=1 SEAT=black req GET "/api/games/$sid"; expect "a seat's token shows it" 200
NOKEY=1 req GET "/api/games/$sid?key=${KEY[$sid]}"; expect "the key shows it" 200
# Lists: the public games, or the games named (each unlisted one with its key).
req GET "/api/games?limit=500"; expect "the public games" 200
check "an unlisted game is not in the public list" test "$(json "[.games[] | select(.id == $sid)] | length")" = 0
req GET "/api/games?ids=$sid:${KEY[$sid]},999999"; expect "my games by id and key" 200
check "my games: the one named with its key" test "$(json '[.games[].id] | tostring')" = "[$sid]"
req GET "/api/games?ids=$sid"; expect "an unlisted game named without its key" 200
check "without its key: not listed" test "$(json '.games | length')" = 0
req GET "/api/games?ids=$sid:nokey"; expect "with a wrong key" 200
check "with a wrong key: not listed" test "$(json '.games | length')" = 0
req GET "/api/games?ids=x1"; expect "ids that are no ids" 400
req GET "/api/games?ids=$(seq -s, 1 201)"; expect "more than 200 ids" 400

# The event stream: a watcher with no token sees the other seat's move at once.
curl -sN "$base$(keyed /api/games/$sid/events)" >"$tmp/events" 2>/dev/null &
stream=$!
# wait_event WORD: waits (5 s at most) for an event line holding WORD in the stream.
wait_event() {
  for _ in $(seq 1 50); do
    grep -q "$1" "$tmp/events" && return 0
    sleep 0.1
  done
  return 1
}
check "the stream starts with the state" wait_event '^event: state'
SEAT=white req POST "/api/games/$sid/moves" '{"move":"f5f6"}'; expect "White moves with its token" 200
check "White's move, no clock yet" test "$(json '.clock.running')" = black
SEAT=black req POST "/api/games/$sid/moves" '{"move":"e7e6"}'; expect "Black moves with its token" 200
check "the stream delivers Black's move" wait_event '"text":"e7e6"'
check "the move event carries the clocks" \
  bash -c "grep '\"text\":\"e7e6\"' '$tmp/events' | grep -q '\"running\":\"white\"'"
check "Black got the increment" test "$(json '.clock.black > 300000 and .clock.black <= 303000')" = true
# Draw offers: declined, then accepted later; take-backs: declined.
SEAT=white req POST "/api/games/$sid/draw" '{"action":"offer"}'; expect "White offers a draw" 200
check "the stream delivers the offer" wait_event '^event: draw'
SEAT=white req POST "/api/games/$sid/draw" '{"action":"accept"}'; expect "White cannot accept its own offer" 409
SEAT=black req POST "/api/games/$sid/draw" '{"action":"decline"}'; expect "Black declines the draw" 200
check "declined: no offer, the game goes on" test "$(json '(.draw_offer | tostring) + " " + .status')" = "null ongoing"
check "the stream delivers the refusal" wait_event '"action":"decline"'
SEAT=black req POST "/api/games/$sid/undo" '{}'; expect "Black asks to take back e7e6" 200
check "the stream delivers the request" wait_event '"action":"request"'
SEAT=black req POST "/api/games/$sid/undo" '{"action":"accept"}'; expect "Black cannot accept its own request" 409
SEAT=white req POST "/api/games/$sid/undo" '{"action":"decline"}'; expect "White declines the take-back" 200
check "declined: both moves stay" test "$(json '(.moves | length | tostring) + " " + (.takeback_offer | tostring)')" = "2 null"
SEAT=white req POST "/api/games/$sid/undo" '{}'; expect "White asks to take back f5f6 (and the reply)" 200
SEAT=black req POST "/api/games/$sid/undo" '{"action":"accept"}'; expect "Black accepts" 200
check "accepted: both moves taken back, White to move" test "$(json '(.moves | length | tostring) + " " + .turn')" = "0 white"
check "the stream delivers the take-back" wait_event '"action":"done"'
SEAT=white req POST "/api/games/$sid/moves" '{"move":"f5f6"}'; expect "White moves again" 200
SEAT=black req POST "/api/games/$sid/draw" '{"action":"offer"}'; expect "Black offers a draw" 200
SEAT=white req POST "/api/games/$sid/draw" '{"action":"accept"}'; expect "White accepts the draw" 200
check "drawn by agreement" test "$(json '.result + " " + .reason')" = "1/2-1/2 agreement"
check "the stream delivers the end" wait_event '^event: end'
kill "$stream" 2>/dev/null; wait "$stream" 2>/dev/null
# Rematch: colours swapped, each token now opens the other colour.
SEAT=white req POST "/api/games/$sid/rematch"; expect "White asks for a rematch" 201
rid=$(json .id)
check "the rematch keeps the time control" test "$(json '.time_control.base')" = 300000
SEAT=black req POST "/api/games/$sid/rematch"; expect "the same rematch for Black" 200
check "one rematch per game" test "$(json .id)" = "$rid"
req GET "/api/games/$sid"
check "the game names its rematch" test "$(json .rematch)" = "$rid"
AUTH=${TOK[$sid:white]} req POST "/api/games/$rid/moves" '{"move":"f5f6"}'; expect "the old White's token moves White" 403
AUTH=${TOK[$sid:black]} req POST "/api/games/$rid/moves" '{"move":"f5f6"}'; expect "the old Black's token plays White" 200
req POST /api/games '{"variant":"glinski","black":"engine","level":1,"movetime":50}'; expect "a game against the engine" 201
xid=$(json .id)
check "the engine's seat has no token" test "$(json '(.tokens | keys | join(",")) + " " + .seats.black')" = "white engine"
SEAT=white req POST "/api/games/$xid/resign" '{}'; expect "resign against the engine" 200
SEAT=white req POST "/api/games/$xid/rematch"; expect "rematch against the engine" 201
check "the engine plays White in the rematch" test "$(json '.white + " " + .black')" = "engine human"
# Deleting a game ends its streams with a last event saying so: no watcher waits on a game that is gone.
req POST /api/games '{"variant":"glinski"}'; expect "a game to delete while watched" 201
wid=$(json .id)
curl -sN "$base$(keyed /api/games/$wid/events)" >"$tmp/events" 2>/dev/null &
stream=$!
check "a watcher of the game to delete" wait_event '^event: state'
SEAT=white req DELETE "/api/games/$wid"; expect "delete a watched game" 200
check "the watcher is told the game was deleted" wait_event '^event: deleted'
check "the deleted event names the game" grep -qx "data: {\"id\":$wid}" "$tmp/events"
for _ in $(seq 1 50); do kill -0 "$stream" 2>/dev/null || break; sleep 0.1; done
check "the stream of the deleted game ends" bash -c "! kill -0 $stream 2>/dev/null"
kill "$stream" 2>/dev/null; wait "$stream" 2>/dev/null
poll /api/health .streams 0
check "no stream is left open" test "$(json .streams)" = 0
# Time controls are checked.
# A take-back gives both clocks back as they were before the moves it removes: move and take back
# as often as you like, no increment is kept (60 s + 10 s, back to ply 2 five times).
req POST /api/games '{"variant":"glinski","time_base":60000,"time_increment":10000}'; expect "a 1+10 game" 201
bid=$(json .id)
SEAT=white req POST "/api/games/$bid/moves" '{"move":"f5f6"}'; expect "take-backs: White's first move" 200
SEAT=black req POST "/api/games/$bid/moves" '{"move":"e7e6"}'; expect "take-backs: Black's reply" 200
black_before=$(json .clock.black)
for n in 1 2 3 4 5; do
  SEAT=white req POST "/api/games/$bid/moves" '{"move":"e4e5"}'; expect "take-backs: White moves ($n)" 200
  SEAT=white req POST "/api/games/$bid/undo" '{}'; expect "take-backs: White asks ($n)" 200
  SEAT=black req POST "/api/games/$bid/undo" '{"action":"accept"}'; expect "take-backs: Black accepts ($n)" 200
done
check "after five take-backs: White's clock holds no increment, Black's is as it was" \
  test "$(json '(.moves | length | tostring) + " " + (.clock.white <= 60000 | tostring) + " " + (.clock.black | tostring)')" \
  = "2 true $black_before"
refused "a base under a second" POST /api/games '{"time_base":500}' "time_base must be 0 (no clock) or from 1000"
refused "an increment without a base" POST /api/games '{"time_increment":2000}' "time_increment needs a time_base"
refused "a base as a string" POST /api/games '{"time_base":"3+2"}' "time_base must be an integer"

# A flag falls with no request: base 2 s, White moves, Black waits and loses on time. When the side
# with time left has only its king, the fall is a draw.
req POST /api/games '{"variant":"glinski","time_base":2000}'; expect "a game of 2 s" 201
fid=$(json .id)
curl -sN "$base$(keyed /api/games/$fid/events)" >"$tmp/events" 2>/dev/null &
stream=$!
SEAT=white req POST "/api/games/$fid/moves" '{"move":"f5f6"}'; expect "White moves, Black's clock runs" 200
check "the flag falls by itself and the stream says so" wait_event '"reason":"time"'
kill "$stream" 2>/dev/null; wait "$stream" 2>/dev/null
req GET "/api/games/$fid"
check "Black lost on time" test "$(json '.result + " " + .result_text + " " + (.clock.black | tostring)')" = "1-0 White wins by time 0"
SEAT=black req POST "/api/games/$fid/moves" '{"move":"e7e6"}'; expect "no move after the flag" 409
# Black's flag falls against a bare king. In McCooey's game a bare king can never win: a draw. In
# Gliński's it can (take the queen, then stalemate the king, a win): White wins.
for game in mccooey:1/2-1/2 glinski:1-0; do
  req POST /api/games '{"variant":"'"${game%%:*}"'","time_base":2000,"position":"1/q1k/5/7/9/11/11/11/11/11/6K4 w - 0 1"}'
  expect "${game%%:*}: a bare king against a queen, 2 s" 201
  fid=$(json .id)
  SEAT=white req POST "/api/games/$fid/moves" '{"move":"g1f1"}'; expect "${game%%:*}: White's king steps" 200
  poll "/api/games/$fid" .status over
  check "${game%%:*}: Black's flag falls against a bare king: ${game#*:}" test "$(json '.result + " " + .reason')" = "${game#*:} time"
done

# The engine plays on the clock from its time manager and does not lose on time at 3 s + 0.1 s.
req POST /api/games '{"variant":"glinski","white":"engine","black":"engine","time_base":3000,"time_increment":100}'
expect "engine against engine at 3+0.1 s" 201
cid=$(json .id)
poll "/api/games/$cid" '(.moves | length) >= 30 or .status == "over"' true
poll "/api/games/$cid" '(.moves | length) >= 30 or .status == "over"' true
check "30 moves on the clock without a flag ($(json '(.moves | length | tostring) + " " + .reason'))" \
  test "$(json '.reason != "time" and ((.moves | length) >= 30 or .status == "over")')" = true

# Tokens, clocks and offers survive a restart; the store keeps only the tokens' hashes.
req POST /api/games '{"variant":"glinski","time_base":60000,"time_increment":1000}'; expect "a 1+1 game" 201
kid=$(json .id)
SEAT=white req POST "/api/games/$kid/moves" '{"move":"f5f6"}'; expect "White moves" 200
SEAT=black req POST "/api/games/$kid/moves" '{"move":"e7e6"}'; expect "Black moves" 200
SEAT=black req POST "/api/games/$kid/draw" '{"action":"offer"}'; expect "Black offers a draw" 200
SEAT=white req POST "/api/games/$kid/undo" '{}'; expect "White asks to take back" 200
before=$(json '.clock.black')
version=$(json .version)
sleep 1
t_read=$(now_ms)
req GET "/api/games/$kid"
t_read_done=$(now_ms)
white_at_stop=$(json .clock.white)
curl -sN "$base$(keyed /api/games/$kid/events)" >"$tmp/events" 2>/dev/null &
stream=$!
check "a stream is open" wait_event '^event: state'
t_stop=$(now_ms)
stop_server
t_stopped=$(now_ms)
check "server stopped cleanly with a stream open" test "$server_rc" = 0
for _ in $(seq 1 20); do kill -0 "$stream" 2>/dev/null || break; sleep 0.1; done
check "the stream ended with the server" bash -c "! kill -0 $stream 2>/dev/null"
kill "$stream" 2>/dev/null; wait "$stream" 2>/dev/null
white_hash=$(printf %s "${TOK[$kid:white]}" | sha256sum | cut -d' ' -f1)
check "the store holds the token's SHA-256, not the token" \
  test "$(sql "$tmp/seats.db" "SELECT count(*) FROM games WHERE id = $kid AND white_seat = '$white_hash' AND white_seat NOT LIKE '%${TOK[$kid:white]}%'")" = 1
sleep 3
t_start=$(now_ms)
start_server "$hex" "$tmp/seats.db" || { bad "restart for seats"; echo "$passed passed, $failed failed"; exit 1; }
req GET "/api/games/$kid"
t_again=$(now_ms)
# White is charged at least up to the SIGTERM, at most while a server ran: never the 3 s between.
# The server read White's clock between t_read and t_read_done, so the bounds hold on a loaded machine.
charged=$((white_at_stop - $(json .clock.white)))
check "after the restart: the offers stand" test "$(json '.draw_offer + " " + .takeback_offer')" = "black white"
check "after the restart: the version goes on from $version" test "$(json .version)" = "$version"
check "after the restart: Black's clock stopped as it was ($before)" test "$(json .clock.black)" = "$before"
check "after the restart: White's clock runs, charged ${charged} ms: up to the stop, not the 3 s of downtime" \
  test "$(json .clock.running) $((charged >= t_stop - t_read_done - 50)) $((charged <= t_stopped - t_read + t_again - t_start + 100))" \
  = "white 1 1"
req POST "/api/games/$kid/moves" '{"move":"e4e5"}'; expect "after the restart: no token, no move" 403
SEAT=black req POST "/api/games/$kid/undo" '{"action":"accept"}'; expect "after the restart: Black's token accepts" 200
check "the take-back was done" test "$(json '.moves | length')" = 0
check "the take-back is the next version" test "$(json .version)" = "$((version + 1))"
# After a kill -9 the running clock is charged up to the server's last heartbeat (one every 2 s):
# White used 3.5 s, at least 1.5 s of it before the last heartbeat; the 3 s of downtime cost no one.
req POST /api/games '{"variant":"glinski","time_base":60000}'; expect "a game for a kill -9" 201
kid=$(json .id)
SEAT=white req POST "/api/games/$kid/moves" '{"move":"f5f6"}'; expect "kill -9: White moves" 200
SEAT=black req POST "/api/games/$kid/moves" '{"move":"e7e6"}'; expect "kill -9: Black moves" 200
sleep 3.5
t_read=$(now_ms)
req GET "/api/games/$kid"
white_at_kill=$(json .clock.white)
{ kill -KILL "$server_pid"; wait "$server_pid"; } 2>/dev/null
t_killed=$(now_ms)
rm -f "$server_log" "$server_log.err"
sleep 3
t_start=$(now_ms)
start_server "$hex" "$tmp/seats.db" || { bad "restart after kill -9"; echo "$passed passed, $failed failed"; exit 1; }
req GET "/api/games/$kid"
t_again=$(now_ms)
charged=$((white_at_kill - $(json .clock.white)))
check "after a kill -9: White's 3.5 s charged up to the last heartbeat ($(json .clock.white)), the downtime not" \
  test "$(json ".clock.running == \"white\" and .clock.white <= 60000 - 1500") $((charged <= t_killed - t_read + t_again - t_start + 100))" \
  = "true 1"
stop_server

# A game dropped from the cache and loaded again keeps its version too.
start_server "$hex" "$tmp/cache.db" --cache 1 || bad "start with a cache of one game"
req POST /api/games '{"variant":"glinski"}'; expect "a game in a cache of one" 201
first=$(json .id)
SEAT=white req POST "/api/games/$first/moves" '{"move":"f5f6"}'; expect "the game's move" 200
version=$(json .version)
req POST /api/games '{"variant":"glinski"}'; expect "a second game takes its place in the cache" 201
req GET "/api/games/$first"; expect "the first game loaded again" 200
check "loaded again: the version goes on from $version" test "$(json .version)" = "$version"
stop_server

# A database made before seats and clocks opens; its games keep open seats and no clock. (An SQLite
# file of an earlier hexchess: a PostgreSQL database starts at the latest schema.)
if [ -z "${HEXCHESS_TEST_PG:-}" ]; then
sqlite3 "$tmp/old.db" "CREATE TABLE games (id INTEGER PRIMARY KEY AUTOINCREMENT, variant TEXT NOT NULL,
  start TEXT NOT NULL, castling INTEGER NOT NULL DEFAULT 1, white_engine INTEGER NOT NULL DEFAULT 0,
  black_engine INTEGER NOT NULL DEFAULT 0, level INTEGER NOT NULL DEFAULT 20, movetime INTEGER NOT NULL DEFAULT 1000,
  moves TEXT NOT NULL DEFAULT '', plies INTEGER NOT NULL DEFAULT 0, result TEXT NOT NULL DEFAULT '*',
  reason TEXT NOT NULL DEFAULT '', draw_offer INTEGER NOT NULL DEFAULT -1, tags TEXT NOT NULL DEFAULT '',
  created INTEGER NOT NULL, updated INTEGER NOT NULL);
  CREATE INDEX games_updated ON games(updated);
  INSERT INTO games (variant, start, moves, plies, created, updated) VALUES ('glinski', 'startpos', 'f5f6', 1, 1, 1);
  INSERT INTO games (variant, start, moves, plies, created, updated) VALUES ('glinski', 'startpos',
    'd1c3 d9c6 c3d1 c6d9 d1c3 d9c6 c3d1 c6d9 f5f6  e7e6 ', 10, 1, 1);"
start_server "$hex" "$tmp/old.db" || { bad "start on an old database"; echo "$passed passed, $failed failed"; exit 1; }
req GET /api/games/1; expect "a game of an old database" 200
check "an old game is public: no watch key" test "$(json '.watch_key // "none"')" = none
check "old game: open seats, no clock" test "$(json '.seats.white + " " + .seats.black + " " + (.clock | tostring)')" = "open open null"
req POST /api/games/1/moves '{"move":"e7e6"}'; expect "old game: a move without a token" 200
check "old game: its versions start at the upgrade" test "$(json .version)" = 1
# Saved before moves after a repetition draw were refused, a game loads up to the draw.
req GET /api/games/2; expect "a game saved with moves after its end" 200
check "moves after the end left out, the draw kept" \
  test "$(json '"\(.moves | length) \(.result) \(.reason)"')" = "8 1/2-1/2 repetition"
check "the server's log tells it" \
  grep -q "game 2: its last 2 moves come after the end of the game and are left out" "$server_log.err"
stop_server
check "loading changed nothing stored" \
  test "$(sqlite3 "$tmp/old.db" 'SELECT plies FROM games WHERE id = 2')" = 10
check "migrated: schema version 6" test "$(sqlite3 "$tmp/old.db" 'PRAGMA user_version')" = 6
fi

# Endgame tables (issue #13 §3): the analysis of a position the tables hold carries their verdict,
# as `hexchess tb probe` gives it; positions they do not hold, or a corrupt table, give none.
"$hex" tb gen -v glinski --dir "$tmp/tb" KQK >/dev/null 2>&1
kqk='1/3/5/7/9/5k5/11/11/11/11/3K2Q4 w - 0 1'
read -r _ wdl _ dtm _ tb_best < <("$hex" tb probe -v glinski --dir "$tmp/tb" -p "$kqk")
check "tb probe: White mates ($wdl $dtm $tb_best)" test "$wdl" = win -a "$dtm" -gt 1
printf 'not a table' >"$tmp/tb/glinski-KRK.hxtb"
start_server "$hex" "$tmp/tb.db" --tablebases "$tmp/tb" || bad "start with tablebases"
# analysed NAME POSITION: a game from POSITION, analysed; the game stays in $tmp/body.
analysed() {
  req POST /api/games "{\"variant\":\"glinski\",\"position\":\"$2\"}"; expect "$1: created" 201
  local gid
  gid=$(json .id)
  SEAT=white req POST "/api/games/$gid/analysis" '{"movetime":200}'; expect "$1: analysis started" 200
  poll "/api/games/$gid" .analysis.running false
}
analysed "KQK" "$kqk"
check "KQK: the tables' verdict and move are tb probe's" \
  test "$(json '.analysis.tablebase | "\(.wdl) \(.dtm) \(.best)"')" = "$wdl $dtm $tb_best"
check "KQK: the verdict in words" test "$(json .analysis.tablebase.text)" = "mate in $(((dtm + 1) / 2))"
check "KQK: the engine searched with the tables" test "$(json .analysis.mate)" = "$(((dtm + 1) / 2))"
check "KQK: the move in the game's notation" grep -qE '^K[a-l][0-9]+$' <<<"$(json .analysis.tablebase.best_display)"
analysed "KQK, Black to move" '1/3/5/7/9/11/11/11/11/11/3k1KQ4 b - 0 1'
check "KQK, Black to move: mated" test "$(json .analysis.tablebase.text)" = "mated in 9"
analysed "KRK, its table corrupt" '1/3/5/7/9/5k5/11/11/11/11/3K2R4 w - 0 1'
check "a corrupt table gives no verdict" test "$(json '.analysis | has("tablebase")')" = false
check "a corrupt table: the engine still analyses" test -n "$(json .analysis.best)"
analysed "the start" startpos
check "more men: no verdict" test "$(json '.analysis | has("tablebase")')" = false
stop_server
check "server with tablebases stopped cleanly" test "$server_rc" = 0
"$hex" serve --listen 127.0.0.1:0 --db "$tmp/tb.db" --tablebases "$tmp/none" 2>"$tmp/err" >/dev/null
check "a missing tablebase directory is refused in one line" \
  test "$(cat "$tmp/err")" = "hexchess serve: --tablebases $tmp/none: No such file or directory"

# The engines' hash tables share --engine-memory: 4 threads in 32 MB hold about 28 MB more than in 4 MB.
start_server "$hex" "$tmp/mem.db" --engine-threads 4 --engine-memory 4 || bad "start with 4 MB"
small=$(rss_kb)
stop_server
start_server "$hex" "$tmp/mem.db" --engine-threads 4 --engine-memory 32 || bad "start with 32 MB"
large=$(rss_kb)
stop_server
grown=$(((large - small) / 1024))
check "32 MB of engine memory for 4 threads: ${grown} MB more than 4 MB" test "$grown" -ge 20 -a "$grown" -le 36
# Players (issue #39 §1): accounts, sessions in a cookie, seats bound to players.
start_server "$hex" "$tmp/players.db" || bad "start for players"
AUTH=
a="$tmp/a.jar" b="$tmp/b.jar" c="$tmp/c.jar"
JAR=$a req POST /api/accounts '{"name":"hexfan","password":"correct horse"}'; expect "an account" 201
check "the account's name" test "$(json .name)" = hexfan
check "the session cookie: HttpOnly, for the whole site" \
  grep -q $'^#HttpOnly_127.0.0.1\tFALSE\t/\tFALSE\t[0-9]*\thexchess_session\t[0-9a-f]\{64\}$' "$a"
session=$(awk '$6 == "hexchess_session" {print $7}' "$a")
check "the store keeps the session's SHA-256, not the session" \
  test "$(sql "$tmp/players.db" "SELECT hash FROM sessions")" = "$(printf %s "$session" | sha256sum | cut -d' ' -f1)"
check "the password is kept as an Argon2id hash" \
  test "$(sql "$tmp/players.db" "SELECT count(*) FROM players WHERE password LIKE '\$argon2id\$%' AND password NOT LIKE '%horse%'")" = 1
JAR=$a req GET /api/session; expect "signed in" 200
check "the session's player" test "$(json .name)" = hexfan
req GET /api/session; expect "no cookie: not signed in" 401
for name in HexFan hexfan; do
  req POST /api/accounts "{\"name\":\"$name\",\"password\":\"another one\"}"; expect "the name $name again" 409
done
for body in '{"name":"x","password":"long enough"}' '{"name":"has space","password":"long enough"}' \
  '{"name":"abcdefghijklmnopqrstu","password":"long enough"}' '{"name":"short","password":"1234567"}' \
  '{"name":"nopass"}' '{"name":"été","password":"long enough"}'; do
  req POST /api/accounts "$body"; expect "refused: $body" 400
done
JAR=$b req POST /api/accounts '{"name":"rival_2","password":"rival password"}'; expect "a second account" 201
req GET /api/players/HEXFAN; expect "a player's page, any case" 200
check "the player: name as registered, when, no rating yet" \
  test "$(json '"\(.name) \(.created > 0) \(.ratings | length)"')" = "hexfan true 0"
req GET /api/players/nobody; expect "no such player" 404
# Seats bound to players: the session opens its seat on any device, without the token.
JAR=$a req POST /api/games '{"variant":"glinski","seat":"white","time_base":180000,"time_increment":2000}'
expect "hexfan's game for a friend, hexfan White" 201
pid=$(json .id)
check "the seats' players" test "$(json '"\(.players.white) \(.players.black)"')" = "hexfan null"
NOKEY=1 JAR=$a req GET "/api/games/$pid"; expect "hexfan sees the game without its key" 200
NOKEY=1 JAR=$b req GET "/api/games/$pid"; expect "another player does not" 404
JAR=$a req POST "/api/games/$pid/moves" '{"move":"f5f6"}'; expect "hexfan moves by the session alone" 200
JAR=$b req POST "/api/games/$pid/moves" '{"move":"e7e6"}'; expect "another player's session opens no seat" 403
JAR=$a req POST "/api/games/$pid/moves" '{"move":"e7e6"}'; expect "hexfan cannot play Black" 403
check "it says whose seat is whose ($(json .error))" test "$(json .error)" = "hexfan plays White, not Black"
SEAT=black req POST "/api/games/$pid/moves" '{"move":"e7e6"}'; expect "the friend's seat link still plays" 200
# A signed-in player has analyses on two games at most, from any address (issue 38).
for n in 1 2 3; do
  JAR=$a req POST /api/games '{"variant":"glinski","seat":"white"}'; expect "hexfan's game to analyse ($n)" 201
  eval "pan$n=$(json .id)"
done
for n in 1 2; do
  JAR=$a FROM=127.0.0.$((n + 20)) req POST "/api/games/$(eval echo \$pan$n)/analysis" '{"movetime":3000}'
  expect "hexfan's analysis $n, from 127.0.0.$((n + 20))" 200
done
JAR=$a FROM=127.0.0.23 req POST "/api/games/$pan3/analysis" '{"movetime":3000}'
expect "hexfan's third analysis, from a third address" 409
SEAT=white FROM=127.0.0.23 req POST "/api/games/$pan3/analysis" '{"movetime":50}'
expect "the same address and token, without the session: a guest there has none running" 200
for n in 1 2 3; do JAR=$a req DELETE "/api/games/$(eval echo \$pan$n)/analysis"; expect "analysis $n stopped" 200; done
# Cross-site: a request that changes something, with the session cookie, from another site's page.
JAR=$a ORIGIN=https://evil.example req POST "/api/games/$pid/moves" '{"move":"c2c3"}'
expect "a cross-site move with the session" 403
JAR=$a ORIGIN=https://evil.example req DELETE /api/session; expect "a cross-site sign-out" 403
JAR=$a ORIGIN=$base req POST "/api/games/$pid/resign" '{}'; expect "a same-site resignation" 200
ORIGIN=https://evil.example req POST /api/games '{"variant":"glinski"}'; expect "cross-site without a session, refused all the same" 403
JAR=$a ORIGIN=https://evil.example req GET /api/session; expect "a cross-site read" 200
# Signing out ends the session: the cookie is cleared and its hash gone.
JAR=$a req DELETE /api/session; expect "sign out" 204
check "no session left for hexfan" \
  test "$(sql "$tmp/players.db" "SELECT count(*) FROM sessions WHERE player = 'hexfan'")" = 0
JAR=$a req GET /api/session; expect "signed out" 401
code=$(curl -s -o "$tmp/body" -b "hexchess_session=$session" -w '%{http_code}' "$base/api/session")
expect "the old cookie opens nothing" 401
JAR=$c req POST /api/session '{"name":"HEXFAN","password":"correct horse"}'; expect "sign in, any case" 200
check "signed in as registered" test "$(json .name)" = hexfan
JAR=$c req GET /api/session; expect "the new session" 200
# A session unused for 30 days is over, its row gone; the player's other sessions go on.
e="$tmp/e.jar"
JAR=$e req POST /api/session '{"name":"hexfan","password":"correct horse"}'; expect "a second session" 200
stale=$(printf %s "$(awk '$6 == "hexchess_session" {print $7}' "$e")" | sha256sum | cut -d' ' -f1)
sql "$tmp/players.db" "UPDATE sessions SET used = used - 31 * 86400 WHERE hash = '$stale'"
JAR=$e req GET /api/session; expect "a session unused for 31 days" 401
check "the expired session's row is gone" \
  test "$(sql "$tmp/players.db" "SELECT count(*) FROM sessions WHERE hash = '$stale'")" = 0
JAR=$c req GET /api/session; expect "the other session goes on" 200
# A wrong name and a wrong password get one answer; past 5 failures a minute, 429.
req POST /api/session '{"name":"nobody","password":"correct horse"}'; expect "an unknown name" 401
unknown=$(json .error)
req POST /api/session '{"name":"hexfan","password":"wrong horse"}'; expect "a wrong password" 401
check "one message for both" test "$(json .error)" = "$unknown"
# sign_in_from ADDRESS NAME PASSWORD: a sign-in from another loopback address.
sign_in_from() {
  code=$(curl -s -o "$tmp/body" -w '%{http_code}' --interface "$1" -X POST \
    -H 'Content-Type: application/json' --data-binary "{\"name\":\"$2\",\"password\":\"$3\"}" "$base/api/session")
}
for i in 1 2 3 4 5; do
  sign_in_from 127.0.0.$((i + 1)) rival_2 "guess $i"; expect "failure $i for a name" 401
done
sign_in_from 127.0.0.9 rival_2 "rival password"; expect "the sixth try for the name, even right" 429
req POST /api/session '{"name":"nobody2","password":"x"}'; expect "127.0.0.1's third failure" 401
req POST /api/session '{"name":"nobody3","password":"x"}'; expect "127.0.0.1's fourth failure" 401
req POST /api/session '{"name":"nobody4","password":"x"}'; expect "127.0.0.1's fifth failure" 401
req POST /api/session '{"name":"hexfan","password":"correct horse"}'; expect "the address's sixth try, even right" 429
sign_in_from 127.0.0.10 hexfan "correct horse"; expect "hexfan from another address" 200
# The lobby (issue #39 §2): seeks by signed-in players, accepted into a public game.
req POST /api/seeks '{"variant":"glinski"}'; expect "a guest's seek" 401
curl -sN "$base/api/lobby/events" >"$tmp/lobby" 2>/dev/null &
lobby_stream=$!
for _ in $(seq 1 50); do grep -q '^event: state' "$tmp/lobby" && break; sleep 0.1; done
JAR=$c req POST /api/seeks '{"variant":"glinski","time_base":180000,"time_increment":2000,"rated":true,"color":"white"}'
expect "hexfan seeks a rated 3+2" 201
seek=$(json .id)
check "the seek: its player, clock, speed" \
  test "$(json '"\(.player) \(.time_base)+\(.time_increment) \(.speed) \(.rated) \(.color)"')" = "hexfan 180000+2000 blitz true white"
req GET /api/seeks; expect "the seeks" 200
check "the seek is listed" test "$(json "[.seeks[] | select(.id == $seek)] | length")" = 1
JAR=$c req POST /api/seeks '{"variant":"glinski","time_base":10}'; expect "a seek on a 10 ms clock" 400
JAR=$c req POST /api/seeks '{"variant":"glinski","color":"green"}'; expect "a seek for green" 400
JAR=$b req DELETE "/api/seeks/$seek"; expect "withdrawing another player's seek" 404
JAR=$c req POST "/api/seeks/$seek/accept"; expect "accepting one's own seek" 409
req GET /api/seeks
seek=$(json '.seeks[0].id')
req POST "/api/seeks/$seek/accept"; expect "a guest accepting" 401
JAR=$b req POST "/api/seeks/$seek/accept"; expect "rival_2 accepts" 201
lid=$(json .id)
check "the game: hexfan White, rival_2 Black, 3+2" \
  test "$(json '"\(.players.white) \(.players.black) \(.time_control.base)+\(.time_control.increment)"')" = "hexfan rival_2 180000+2000"
check "a lobby game is public" test "$(json '.watch_key // "none"')" = none
JAR=$b req POST "/api/seeks/$seek/accept"; expect "accepting it again" 404
NOKEY=1 req GET "/api/games/$lid"; expect "anyone watches a lobby game" 200
JAR=$b req POST "/api/games/$lid/moves" '{"move":"f5f6"}'; expect "rival_2 cannot play White" 403
JAR=$c req POST "/api/games/$lid/moves" '{"move":"f5f6"}'; expect "hexfan plays White by the session" 200
JAR=$b req POST "/api/games/$lid/moves" '{"move":"e7e6"}'; expect "rival_2 plays Black by the session" 200
for _ in $(seq 1 50); do grep -q "\"game\":$lid" "$tmp/lobby" && break; sleep 0.1; done
check "the lobby's stream: its state, the seek, then its game" \
  test "$(grep -o '^event: [a-z]*' "$tmp/lobby" | tr '\n' ' ')" = "event: state event: seek event: unseek event: seek event: unseek "
check "the last unseek names the game" grep -q "^data: {\"id\":$seek,\"game\":$lid}" "$tmp/lobby"
kill "$lobby_stream" 2>/dev/null
# Ratings (issue #39 §3): the rated game's end moves both players' Glicko-2 ratings once.
check "the lobby game is rated" test "$(json .rated)" = true
JAR=$b req POST "/api/games/$lid/resign" '{}'; expect "rival_2 resigns" 200
check "White wins" test "$(json .result)" = 1-0
req GET /api/players/hexfan; expect "hexfan's profile" 200
check "hexfan's blitz rating rose, provisional, one game and its history" \
  test "$(json '.ratings.glinski.blitz | "\(.rating > 1500) \(.rd < 350) \(.games) \(.provisional) \(.history | length) \(.history[0].game)"')" = "true true 1 true 1 $lid"
won=$(json .ratings.glinski.blitz.rating)
check "only what was played" test "$(json '.ratings | keys | tostring') $(json '.ratings.glinski | keys | tostring')" = '["glinski"] ["blitz"]'
req GET /api/players/rival_2
check "rival_2 lost as much as hexfan won (both new)" \
  test "$(jq -n "$won + $(json .ratings.glinski.blitz.rating)")" = 3000
JAR=$c req POST "/api/games/$lid/resign" '{}'; expect "resigning a finished game" 409
req GET /api/players/hexfan
check "a game is rated once" test "$(json .ratings.glinski.blitz.games)" = 1
req GET '/api/leaderboard?variant=glinski&speed=blitz'; expect "the leaderboard" 200
check "provisional ratings are not on it" test "$(json '.players | length')" = 0
for q in 'variant=chess&speed=blitz' 'variant=glinski&speed=slow' 'variant=glinski'; do
  req GET "/api/leaderboard?$q"; expect "leaderboard $q" 400
done
for i in 1 2 3 4 5; do JAR=$c req POST /api/seeks '{"variant":"cescacs"}'; expect "open seek $i" 201; done
JAR=$c req POST /api/seeks '{"variant":"cescacs"}'; expect "a sixth open seek" 409
JAR=$c req DELETE /api/seeks/abc; expect "a seek id that is no number" 400
req GET /api/seeks
JAR=$c req DELETE "/api/seeks/$(json '.seeks[-1].id')"; expect "hexfan withdraws a seek" 204
req GET /api/seeks
check "four seeks left" test "$(json '.seeks | length')" = 4
# Every new door attacked (issue 38 §4): bodies of the wrong shape or size, another player's ids, and
# races, each counted.
tried=0
d="$tmp/d.jar"
JAR=$d req POST /api/accounts '{"name":"third","password":"third password"}'; expect "a third account" 201
big=$(head -c 5000 /dev/zero | tr '\0' a)
for body in '' '[]' '"x"' '{"name":5,"password":"long enough"}' '{"name":"n1","password":5}' \
  '{"name":"n1","password":"long enough","extra":1}' '{"name":"n\u0000x","password":"long enough"}' \
  "{\"name\":\"n1\",\"password\":\"${big:0:5000}\"}"; do
  req POST /api/accounts "$body"; expect "an account from $(head -c 40 <<<"$body")" 400; tried=$((tried + 1))
  req POST /api/session "$body"
  check "a sign-in from $(head -c 40 <<<"$body"): refused ($code)" grep -qx '400\|401\|429' <<<"$code"
  tried=$((tried + 1))
done
{ printf '{"name":"'; head -c 1100000 /dev/zero | tr '\0' a; printf '"}'; } >"$tmp/huge.json"
code=$(curl -s -o "$tmp/body" -w '%{http_code}' -H 'Content-Type: application/json' --data-binary @"$tmp/huge.json" \
  "$base/api/accounts")
expect "an account body over 1 MB" 413; tried=$((tried + 1))
for body in '{"variant":5}' '{"variant":"glinski","rated":"yes"}' '{"variant":"glinski","time_base":"5"}' \
  '{"variant":"glinski","time_increment":-1}' '{"variant":"glinski","color":5}' '{"variant":"nope"}' '[1]'; do
  JAR=$c req POST /api/seeks "$body"; expect "a seek from $body" 400; tried=$((tried + 1))
done
JAR=$c req POST "/api/seeks/99999999/accept"; expect "accepting a seek that never was" 404; tried=$((tried + 1))
JAR=$c req POST "/api/seeks/-1/accept"; expect "a negative seek id" 400; tried=$((tried + 1))
for cookie in "" "x" "$(printf '0%.0s' {1..64})" "${session}0" "$big"; do
  code=$(curl -s -o "$tmp/body" -b "hexchess_session=$cookie" -w '%{http_code}' "$base/api/session")
  expect "a forged session cookie (${#cookie} characters)" 401; tried=$((tried + 1))
done
# Races: two accepts of one seek at once (one game), two resignations of one rated game at once
# (one result, rated once), repeated.
for round in 1 2 3 4 5; do
  JAR=$c req POST /api/seeks '{"variant":"glinski","rated":true,"time_base":300000}'; expect "race $round: a seek" 201
  rseek=$(json .id)
  curl -s -o "$tmp/acc1" -w '%{http_code}\n' -b "$b" -X POST "$base/api/seeks/$rseek/accept" >"$tmp/code1" &
  one=$!
  curl -s -o "$tmp/acc2" -w '%{http_code}\n' -b "$d" -X POST "$base/api/seeks/$rseek/accept" >"$tmp/code2" &
  wait "$one" $!
  check "race $round: one accept of two wins ($(cat "$tmp/code1") $(cat "$tmp/code2"))" \
    test "$(sort "$tmp/code1" "$tmp/code2" | tr '\n' ' ')" = "201 404 "
  rgame=$(jq -r '.id // empty' "$tmp/acc1" "$tmp/acc2" 2>/dev/null)
  if grep -q 201 "$tmp/code1"; then black=$b; else black=$d; fi
  req GET /api/players/hexfan; before=$(json '.ratings.glinski.blitz.games // 0')
  curl -s -o /dev/null -w '%{http_code}\n' -b "$c" -X POST -H 'Content-Type: application/json' -d '{}' \
    "$base/api/games/$rgame/resign" >"$tmp/code1" &
  one=$!
  curl -s -o /dev/null -w '%{http_code}\n' -b "$black" -X POST -H 'Content-Type: application/json' -d '{}' \
    "$base/api/games/$rgame/resign" >"$tmp/code2" &
  wait "$one" $!
  check "race $round: one resignation of two ends it ($(cat "$tmp/code1" "$tmp/code2" | tr '\n' ' '))" \
    test "$(sort "$tmp/code1" "$tmp/code2" | tr '\n' ' ')" = "200 409 "
  req GET /api/players/hexfan
  check "race $round: rated once" test "$(json '.ratings.glinski.blitz.games')" = $((before + 1))
  tried=$((tried + 2))
done
echo "community doors tried: $tried" >&2
# Abort (issue 39 §2): until each side has moved either player may call a game off; it is never rated.
JAR=$c req POST /api/seeks '{"variant":"glinski","rated":true,"time_base":300000,"color":"white"}'; expect "a seek to abort" 201
JAR=$b req POST "/api/seeks/$(json .id)/accept"; expect "accepted, to abort" 201
aid=$(json .id)
req GET /api/players/hexfan; before=$(json '.ratings.glinski.blitz.games')
JAR=$c req POST "/api/games/$aid/moves" '{"move":"f5f6"}'; expect "White's first move" 200
JAR=$b req POST "/api/games/$aid/abort" '{}'; expect "Black aborts before moving" 200
check "aborted: over, no result, said so" \
  test "$(json '"\(.status) \(.result) \(.reason) \(.result_text)"')" = "over * aborted Game aborted"
req GET /api/players/hexfan
check "an aborted game is not rated" test "$(json '.ratings.glinski.blitz.games')" = "$before"
JAR=$c req POST "/api/games/$aid/abort" '{}'; expect "aborting an aborted game" 409
JAR=$c req POST /api/games '{"variant":"glinski","seat":"white"}'; expect "a game to play on" 201
gid2=$(json .id)
JAR=$c req POST "/api/games/$gid2/moves" '{"move":"f5f6"}'; expect "White moves" 200
SEAT=black req POST "/api/games/$gid2/moves" '{"move":"e7e6"}'; expect "Black moves" 200
SEAT=black req POST "/api/games/$gid2/abort" '{}'; expect "aborting once both have moved" 409
check "it says why" grep -q "can no longer be aborted" "$tmp/body"
req POST "/api/games/$gid2/abort" '{}'; expect "aborting without a seat" 403
check "no password in the server's output" test "$(grep -c horse "$server_log" "$server_log.err" | grep -vc ':0$')" = 0
stop_server
check "server stopped cleanly" test "$server_rc" = 0
# A kill -9 in the middle of the community's writes (issue 38 §4), three times: accounts being made,
# and a rated game's result with its ratings. After the restart every acknowledged account signs in,
# any other is whole or absent, and a game is over exactly when its rating counted it.
for round in 1 2 3; do
  start_server "$hex" "$tmp/players.db" || bad "kill -9 round $round: start"
  JAR=$c req POST /api/seeks '{"variant":"glinski","rated":true,"time_base":300000,"color":"white"}'
  JAR=$b req POST "/api/seeks/$(json .id)/accept"; expect "kill -9 round $round: a rated game" 201
  kgame=$(json .id)
  req GET /api/players/hexfan; rated_before=$(json '.ratings.glinski.blitz.games')
  kpids=()
  for i in $(seq 1 8); do
    curl -s -o /dev/null -w '%{http_code}\n' -H 'Content-Type: application/json' \
      --data-binary "{\"name\":\"k${round}_$i\",\"password\":\"kill password\"}" "$base/api/accounts" >"$tmp/k$i" &
    kpids+=($!)
  done
  curl -s -o /dev/null -w '%{http_code}\n' -b "$b" -X POST -H 'Content-Type: application/json' -d '{}' \
    "$base/api/games/$kgame/resign" >"$tmp/kresign" &
  kpids+=($!)
  sleep "0.$((round * 3))"
  { kill -KILL "$server_pid"; wait "$server_pid"; } 2>/dev/null
  wait "${kpids[@]}" 2>/dev/null
  start_server "$hex" "$tmp/players.db" || { bad "kill -9 round $round: restart"; break; }
  acknowledged=0 whole=0
  for i in $(seq 1 8); do
    # From an address each, so that the absent ones' 401s do not add up to the sign-in throttle.
    code=$(curl -s -o "$tmp/body" -w '%{http_code}' --interface "127.0.0.$((30 + i))" -H 'Content-Type: application/json' \
      --data-binary "{\"name\":\"k${round}_$i\",\"password\":\"kill password\"}" "$base/api/session")
    if grep -qx 201 "$tmp/k$i"; then
      acknowledged=$((acknowledged + 1))
      [ "$code" = 200 ] && whole=$((whole + 1))
    elif [ "$code" = 200 ] || [ "$code" = 401 ]; then
      whole=$((whole + 1))
    fi
  done
  check "kill -9 round $round: the $acknowledged acknowledged accounts sign in, the others whole or absent" \
    test "$whole" = 8
  NOKEY=1 req GET "/api/games/$kgame"; over=$(json .status)
  req GET /api/players/hexfan; rated_after=$(json '.ratings.glinski.blitz.games')
  if grep -qx 200 "$tmp/kresign"; then
    check "kill -9 round $round: the acknowledged resignation stands" test "$over" = over
  fi
  check "kill -9 round $round: over ($over) exactly when rated ($rated_before → $rated_after)" \
    test "$([ "$over" = over ] && echo $((rated_before + 1)) || echo "$rated_before")" = "$rated_after"
  stop_server
done
"$hex" serve --listen 127.0.0.1:0 --db "$tmp/mem.db" --engine-threads 8 --engine-memory 4 2>"$tmp/err" >/dev/null
check "less than 1 MB an engine is refused" grep -q 'engine-memory 4 leaves less than 1 MB for each of 8 engine threads' "$tmp/err"

# Served over https (behind a proxy that holds the certificate), the session cookie is Secure.
start_server "$hex" "$tmp/players.db" --public-url https://hex.example || bad "start with an https public URL"
code=$(curl -s -o "$tmp/body" -D "$tmp/headers" -w '%{http_code}' -H 'Content-Type: application/json' \
  --data-binary '{"name":"secure1","password":"secure password"}' "$base/api/accounts")
expect "an account on the https site" 201
NOKEY=1 req GET "/api/games/$aid"; expect "the aborted game after a restart" 200
check "still aborted after a restart" test "$(json '"\(.status) \(.result) \(.reason)"')" = "over * aborted"
check "its cookie is Secure" grep -qi '^set-cookie: hexchess_session=[0-9a-f]*; HttpOnly; SameSite=Lax; Path=/; Max-Age=[0-9]*; Secure' "$tmp/headers"
stop_server

# Two servers on one database (several processes behind one address): a change made from a copy of
# a game older than the stored one is refused, and the next request reads the stored game.
start_server "$hex" "$tmp/two.db" || bad "start the first of two servers"
first_pid=$server_pid first_log=$server_log first_base=$base
start_server "$hex" "$tmp/two.db" || bad "start the second of two servers"
second_base=$base
base=$first_base req POST /api/games '{"variant":"glinski","white":"human","black":"human"}'
expect "two servers: a game made on the first" 201
two=$(json .id)
base=$second_base req GET "/api/games/$two"; expect "two servers: the second reads it" 200
base=$first_base SEAT=white req POST "/api/games/$two/moves" '{"move":"f5f6"}'; expect "two servers: a move on the first" 200
base=$second_base SEAT=white req POST "/api/games/$two/moves" '{"move":"f5f6"}'
# On PostgreSQL the first's event may have made the second read the game again already: then it is
# Black's turn there (403).
[ -n "${HEXCHESS_TEST_PG:-}" ] && [ "$code" = 403 ] && code=409
expect "two servers: the same move on the second, from its older copy, refused" 409
base=$second_base req GET "/api/games/$two"; expect "two servers: the second reads the game again" 200
check "two servers: the second now has the first's move" test "$(json '[(.moves | length), .version] | @tsv')" = "1	1"
base=$second_base SEAT=black req POST "/api/games/$two/moves" '{"move":"e7e6"}'; expect "two servers: a reply on the second" 200
# On PostgreSQL each server's events reach the streams of the others (LISTEN/NOTIFY).
if [ -n "${HEXCHESS_TEST_PG:-}" ]; then
  curl -sN "$second_base$(keyed "/api/games/$two/events")" >"$tmp/events" 2>/dev/null &
  stream=$!
  check "two servers: a stream on the second" wait_event '^event: state'
  base=$first_base SEAT=white req POST "/api/games/$two/moves" '{"move":"d1c3"}'; expect "two servers: a move on the first" 200
  check "two servers: the first's move reaches the second's stream" wait_event '"text":"d1c3"'
  kill "$stream" 2>/dev/null; wait "$stream" 2>/dev/null
  base=$second_base req GET "/api/games/$two"
  check "two servers: the second serves the move it heard of" test "$(json '.moves | length')" = 3
fi
stop_server
server_pid=$first_pid server_log=$first_log
stop_server

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
