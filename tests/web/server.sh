# Starting and stopping `hexchess serve` for the web tests (sourced, bash).
# start_server HEXCHESS DB [ARGS...]: sets server_pid and base (http://127.0.0.1:PORT).
start_server() {
  local hex=$1 db=$2 log
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
