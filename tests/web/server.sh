# Starting and stopping `hexchess serve` for the web tests (sourced, bash).
# With HEXCHESS_TEST_PG=1 (tests/web/pg.sh), each database file the tests name is instead a database
# of that name in the PostgreSQL server that PGHOST and PGUSER say, created on first use.

# db_where FILE: what serve's --db is for FILE.
db_where() {
  if [ -z "${HEXCHESS_TEST_PG:-}" ]; then
    echo "$1"
    return
  fi
  local name
  name=$(basename "$1" .db)
  [ "$(psql -qAt -d postgres -c "SELECT count(*) FROM pg_database WHERE datname = '$name'")" = 1 ] ||
    psql -q -d postgres -c "CREATE DATABASE \"$name\"" >/dev/null
  echo "postgresql:///$name"
}

# sql FILE QUERY: the query's rows, one a line, columns separated by '|', from the database of FILE.
sql() {
  if [ -n "${HEXCHESS_TEST_PG:-}" ]; then
    psql -qAt -v ON_ERROR_STOP=1 -d "$(basename "$1" .db)" -c "$2"
  else
    sqlite3 "$1" "$2"
  fi
}

# start_server HEXCHESS DB [ARGS...]: sets server_pid and base (http://127.0.0.1:PORT).
start_server() {
  local hex=$1 db log
  db=$(db_where "$2")
  shift 2
  log=$(mktemp)
  "$hex" serve --listen 127.0.0.1:0 --db "$db" --web "$root/web" --max-think 2000 "$@" >"$log" 2>"$log.err" &
  server_pid=$!
  server_log=$log
  base=
  for _ in $(seq 1 200); do
    base=$(grep -Eo 'http://127\.0\.0\.1:[0-9]+' "$log" | head -n 1 || true)
    [ -n "$base" ] && return 0
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.05
  done
  echo "server did not start: $(cat "$log" "$log.err")" >&2
  return 1
}

# stop_server: SIGTERM, wait; leaves server_rc (0 for a clean exit, also no leaks under ASan).
stop_server() {
  kill -TERM "$server_pid" 2>/dev/null
  local i
  for i in $(seq 1 300); do
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.05
  done
  if kill -0 "$server_pid" 2>/dev/null; then
    kill -KILL "$server_pid" 2>/dev/null
  fi
  wait "$server_pid" 2>/dev/null
  server_rc=$?
  [ "$server_rc" -ne 0 ] && cat "$server_log.err" >&2
  rm -f "$server_log" "$server_log.err"
  return 0
}
