#!/usr/bin/env bash
# The API suite (tests/web/api.sh) against `hexchess serve --db postgresql://...`, on a throwaway
# PostgreSQL cluster: initdb in a temporary folder (as the user nobody when run as root, since
# PostgreSQL refuses to run as root), listening on a Unix socket there only, removed afterwards.
# Usage: tests/web/pg.sh BUILD_DIR        Ends with api.sh's "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd) || exit 2
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "pg.sh: PostgreSQL's server is not installed (scripts/install-deps.sh test installs it)" >&2
  exit 1
fi
tmp=$(mktemp -d)
as_owner=()
if [ "$(id -u)" -eq 0 ]; then
  chown nobody "$tmp"
  as_owner=(runuser -u nobody --)
fi
stop() {
  "${as_owner[@]}" "$bin/pg_ctl" -D "$tmp/data" -m immediate stop >/dev/null 2>&1
  rm -rf "$tmp"
}
trap stop EXIT

"${as_owner[@]}" "$bin/initdb" -D "$tmp/data" -U hexchess --auth=trust -E UTF8 --no-locale >"$tmp/initdb.log" 2>&1 ||
  { cat "$tmp/initdb.log" >&2; exit 1; }
# No TCP port: only the socket in $tmp, which nobody else uses.
"${as_owner[@]}" "$bin/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w \
  -o "-c listen_addresses='' -k $tmp -c fsync=off" start >/dev/null ||
  { cat "$tmp/server.log" >&2; exit 1; }

export PGHOST=$tmp PGUSER=hexchess HEXCHESS_TEST_PG=1 PATH="$bin:$PATH"
"$root/tests/web/api.sh" "$build" || exit 1
# The suite's games went to PostgreSQL, not to a file beside it.
games=$(psql -qAt -d games -c "SELECT count(*) FROM games")
[ "${games:-0}" -gt 0 ] || { echo "FAIL: no game in the PostgreSQL database games" >&2; exit 1; }
echo "PostgreSQL: $games games in the database games"

# serve --db-copy: the suite's databases into SQLite files, and those into new PostgreSQL databases,
# keep every row of every table (games with their seats' hashes and clocks, players, sessions, ratings).
failed=0
for db in games players; do
  "$build/hexchess" serve --db-copy "postgresql:///$db" --db "$tmp/$db.db" >/dev/null &&
    psql -q -d postgres -c "CREATE DATABASE ${db}_copy" &&
    "$build/hexchess" serve --db-copy "$tmp/$db.db" --db "postgresql:///${db}_copy" >/dev/null ||
    { echo "FAIL: copying $db"; failed=$((failed + 1)); continue; }
  for table in players sessions ratings rating_history games server_state; do
    rows() { psql -qAt -d "$1" -c "SELECT * FROM $table ORDER BY 1, 2"; }
    if [ "$(rows "$db")" != "$(rows "${db}_copy")" ]; then
      echo "FAIL: $db.$table changed in the copy through SQLite"
      failed=$((failed + 1))
    fi
  done
done
[ "$(psql -qAt -d players_copy -c "SELECT count(*) FROM players")" -gt 0 ] || { echo "FAIL: no player copied"; failed=$((failed + 1)); }
"$build/hexchess" serve --db-copy "$tmp/games.db" --db "postgresql:///games_copy" >/dev/null 2>"$tmp/err"
grep -q "not empty" "$tmp/err" || { echo "FAIL: a copy into a database with games is refused"; failed=$((failed + 1)); }
echo "--db-copy: $failed failed"
[ "$failed" -eq 0 ]
