// Keeps the game shown in step with the server. The event stream only says that something changed;
// the truth is the game fetched again, so the page refetches on every event, on every (re)connection
// of the stream, when the browser comes back online or the page back into view, and after a failed
// fetch (with back-off), until one succeeds. While it cannot, it says so (onHealth(false)).

const RETRY_FIRST_MS = 500, RETRY_MAX_MS = 8000;
// EventSource.readyState when the browser has given up on the stream (it reconnects by itself
// otherwise).
const CLOSED = 2;

// id: the game; backend: events(id) opens its stream; load(): a promise of the game; show(game) shows it; hooks:
// { analysis(data, refresh), deleted(), health(ok) }. Returns { close(), refresh() }.
export function followGame(id, backend, load, show, hooks) {
  let es = null, closed = false;
  let busy = false, again = false;
  let retryMs = RETRY_FIRST_MS, retryTimer = null, reopenTimer = null;
  let streamOk = true, fetchOk = true;

  const health = () => hooks.health(streamOk && fetchOk);

  async function refresh() {
    if (closed) return;
    if (busy) { again = true; return; }
    busy = true;
    clearTimeout(retryTimer);
    try {
      const g = await load();
      if (!closed) show(g);
      fetchOk = true;
      retryMs = RETRY_FIRST_MS;
    } catch (e) {
      // No answer, or a server failing (restarting): tried again. A refusal (4xx) is the answer.
      if (!e.status || e.status >= 500) {
        fetchOk = false;
        if (!closed) retryTimer = setTimeout(refresh, retryMs);
        retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
      }
    }
    busy = false;
    health();
    if (again) { again = false; refresh(); }
  }

  function open() {
    if (closed) return;
    if (es) es.close();
    es = backend.events(id);
    // The first message of every connection is the game's state: whatever happened while the
    // stream was down is fetched then.
    es.addEventListener('open', () => { streamOk = true; health(); });
    es.addEventListener('state', refresh);
    for (const name of ['move', 'takeback', 'draw', 'end', 'rematch']) es.addEventListener(name, refresh);
    es.addEventListener('analysis', (e) => hooks.analysis(JSON.parse(e.data), refresh));
    es.addEventListener('error', () => {
      streamOk = false;
      health();
      // A stream refused (the server stopping, say) is not retried by the browser: reopen it.
      if (es.readyState === CLOSED) {
        clearTimeout(reopenTimer);
        reopenTimer = setTimeout(open, retryMs);
      }
    });
    // The game's last event: its stream ends, and reconnecting would find no game.
    es.addEventListener('deleted', () => { close(); hooks.deleted(); });
  }

  // Back online or into view: a stream the browser gave up on is reopened, and the game fetched.
  function wake() {
    if (closed || document.visibilityState === 'hidden') return;
    if (es && es.readyState === CLOSED) open();
    refresh();
  }

  function close() {
    closed = true;
    clearTimeout(retryTimer);
    clearTimeout(reopenTimer);
    window.removeEventListener('online', wake);
    document.removeEventListener('visibilitychange', wake);
    if (es) es.close();
    hooks.health(true);
  }

  window.addEventListener('online', wake);
  document.addEventListener('visibilitychange', wake);
  open();
  return { close, refresh };
}
