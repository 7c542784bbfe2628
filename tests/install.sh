#!/usr/bin/env bash
# `make install` into a scratch PREFIX (and DESTDIR), then what an installed tree must do: the
# program runs and reports its version, `serve` finds the web app it serves, the manual page reads,
# the examples build with pkg-config against the installed header and library alone and run, and
# `make uninstall` leaves nothing behind.
# Usage: tests/install.sh BUILD_DIR [LDFLAGS]     (make check runs it; LDFLAGS as the build's)
set -u
if [ $# -lt 1 ]; then
  echo "usage: tests/install.sh BUILD_DIR [LDFLAGS]" >&2
  exit 2
fi
build=$1 ldflags=${2:-}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 2
tmp=$(mktemp -d)
server_pid=
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$tmp"' EXIT
passed=0 failed=0
check() {
  local what=$1
  shift
  if "$@" >"$tmp/check.out" 2>&1; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $what: $(head -c 400 "$tmp/check.out")"
  fi
}
echo "== install"

prefix=$tmp/prefix
make -s BUILD="$build" PREFIX="$prefix" install >"$tmp/install.log" 2>&1
check "make install PREFIX=..." test $? -eq 0
for f in bin/hexchess share/hexchess/web/index.html share/hexchess/web/locales/ca.json lib/libhexchess.a include/hexchess.h \
  lib/pkgconfig/hexchess.pc share/man/man1/hexchess.1 share/doc/hexchess/hexchess.service \
  share/doc/hexchess/examples/play.c; do
  check "installed: $f" test -s "$prefix/$f"
done
unit=$prefix/share/doc/hexchess/hexchess.service
check "the unit runs the installed program" grep -q "^ExecStart=$prefix/bin/hexchess serve " "$unit"
if command -v systemd-analyze >/dev/null; then
  check "systemd-analyze verify accepts the unit" systemd-analyze verify "$unit"
else
  echo "skipped: systemd-analyze verify (no systemd here)"
fi

# The version, the same from the program and from pkg-config.
version=$("$prefix/bin/hexchess" --version)
check "hexchess --version names a version" grep -qE '^hexchess [0-9]+\.[0-9]+' <<<"$version"
check "hexchess version is --version" test "$("$prefix/bin/hexchess" version)" = "$version"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
check "pkg-config gives the same version" test "hexchess $(pkg-config --modversion hexchess)" = "$version"

# The manual page has a section per command of the help; man, where it is installed, reads it.
if command -v man >/dev/null; then
  check "man -l reads the page" bash -c 'MANWIDTH=80 man -l "$1" 2>&1 | grep -q "hexchess perft"' _ \
    "$prefix/share/man/man1/hexchess.1"
else
  echo "skipped: man -l (no man here)"
fi
n_commands=$("$prefix/bin/hexchess" --help | awk '/^Commands:/ { on = 1; next } on && NF == 0 { exit } on { n++ } END { print n }')
check "the man page has each command ($n_commands)" \
  test "$(grep -c '^\.SS hexchess ' "$prefix/share/man/man1/hexchess.1")" -eq "$n_commands"

# serve, installed, finds its web app beside it (../share/hexchess/web), run from elsewhere.
(cd / && exec "$prefix/bin/hexchess" serve --listen 127.0.0.1:0 --db "$tmp/games.db" >"$tmp/serve.out" 2>"$tmp/serve.err") &
server_pid=$!
base=
for _ in $(seq 1 200); do
  base=$(grep -Eo 'http://127\.0\.0\.1:[0-9]+' "$tmp/serve.out" | head -n 1 || true)
  [ -n "$base" ] && break
  sleep 0.05
done
check "the installed serve starts: $(cat "$tmp/serve.err")" test -n "$base"
check "the installed serve serves the web app" bash -c 'curl -sf "$1/" | grep -q "<html"' _ "$base"
check "the installed serve answers its API" bash -c 'curl -sf "$1/api/health" | grep -q "\"ok\""' _ "$base"
kill -TERM "$server_pid"
wait "$server_pid"
check "the installed serve stops cleanly on SIGTERM" test $? -eq 0
server_pid=

# The example, built against the installed tree only (not the source's include/ or build/).
cp "$prefix/share/doc/hexchess/examples/"* "$tmp/"
make -s -C "$tmp" LDFLAGS="$ldflags" play >"$tmp/make.log" 2>&1
check "the example builds with pkg-config: $(head -c 300 "$tmp/make.log")" test -x "$tmp/play"
"$tmp/play" glinski f5f6 >"$tmp/play.out" 2>&1
check "the example runs" test $? -eq 0
check "the example lists Gliński's 51 opening moves" grep -q '^51 legal moves: ' "$tmp/play.out"
check "the example's engine answers f5f6 with a legal move" \
  bash -c '"$1" moves -v glinski -p "$2" | grep -qxF "$3"' _ "$prefix/bin/hexchess" \
  "$(build/hexchess apply -v glinski f5f6)" "$(sed -n 's/^engine: \([^ ]*\) .*/\1/p' "$tmp/play.out")"
check "the example's record replays to its position" bash -c \
  'sed -n "/^\[/,\$p" "$1" >"$2/game.pgn" && [ "$("$3" replay "$2/game.pgn" | cut -d" " -f4-)" = "$(sed -n "s/^position: //p" "$1")" ]' \
  _ "$tmp/play.out" "$tmp" "$prefix/bin/hexchess"
"$tmp/play" nosuchgame >"$tmp/play.out" 2>&1
check "the example reports an unknown variant" test $? -eq 1

# DESTDIR stages the same tree under another root; uninstall removes every file.
make -s BUILD="$build" PREFIX=/opt/hexchess DESTDIR="$tmp/stage" install >"$tmp/install.log" 2>&1
check "make install DESTDIR=... PREFIX=/opt/hexchess" test -x "$tmp/stage/opt/hexchess/bin/hexchess"
check "DESTDIR is not in the pkg-config file" grep -qx 'prefix=/opt/hexchess' "$tmp/stage/opt/hexchess/lib/pkgconfig/hexchess.pc"
make -s BUILD="$build" PREFIX="$prefix" uninstall >/dev/null 2>&1
check "make uninstall leaves no file" test -z "$(find "$prefix" -type f)"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
