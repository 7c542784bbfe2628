// Push test of `hexchess serve`: GAMES games between two seats play random legal moves while
// STREAMS event streams (the two players and watchers, spread over the games) listen, for SECONDS.
// Measures the delay from a move's request being sent to its `move` event arriving on each stream
// (the opponent's stream and all streams), and counts errors: any refused request, any stream that
// ends or misses an event. Loopback only, no dependencies beyond node.
// Usage: node tests/web/push.mjs BASE_URL SECONDS GAMES STREAMS [PAUSE_MS]
import http from 'node:http';

const [base, seconds, gameCount, streamCount, pauseArg] = process.argv.slice(2);
const SECONDS = Number(seconds), GAMES = Number(gameCount), STREAMS = Number(streamCount);
const PAUSE = Number(pauseArg ?? 200); // between a move's answer and the next move of the game
const url = new URL(base);
// The server drops a kept-alive connection whose next request's headers are 5 s late: an idle socket
// is closed before that, never reused as the server closes it.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, timeout: 3000 });
const stats = { moves: 0, games: 0, errors: 0, opponent: [], all: [], notes: [] };
const error = (what) => { stats.errors++; if (stats.notes.length < 10) stats.notes.push(what); };
let stopping = false; // the test is over: streams may end

function request(method, path, body, token) {
  return new Promise((resolve, reject) => {
    const headers = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const req = http.request({ host: url.hostname, port: url.port, path, method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        try { resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) }); } catch (e) { reject(e); }
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(JSON.stringify(body));
    req.end();
  });
}

// An event stream of a game; onEvent(name, data) for each event. close() ends it on purpose.
function subscribe(id, key, onEvent) {
  let closed = false;
  const req = http.get({ host: url.hostname, port: url.port, path: `/api/games/${id}/events?key=${key}`, agent: false,
    headers: { Accept: 'text/event-stream' } }, (res) => {
    if (res.statusCode !== 200) { error(`stream ${id}: status ${res.statusCode}`); return; }
    let buf = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      buf += chunk;
      let end;
      while ((end = buf.indexOf('\n\n')) >= 0) {
        const frame = buf.slice(0, end);
        buf = buf.slice(end + 2);
        let name = 'message', data = '';
        for (const line of frame.split('\n')) {
          if (line.startsWith('event: ')) name = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (data) onEvent(name, JSON.parse(data));
      }
    });
    res.on('end', () => { if (!closed) error(`stream ${id} ended`); });
  });
  req.on('error', (e) => { if (!closed) error(`stream ${id}: ${e.message}`); });
  return { close() { closed = true; req.destroy(); } };
}

// One game: its two seats take turns; its streams time each move's event.
async function playGame(slot, streamsHere) {
  const variant = slot % 2 ? 'cescacs' : 'glinski';
  const spec = { variant, white: 'human', black: 'human' };
  if (slot % 3 === 0) Object.assign(spec, { time_base: 300000, time_increment: 3000 });
  let created = await request('POST', '/api/games', spec);
  while (!stopping) {
    if (created.status !== 201) { error(`create: ${created.status}`); return; }
    let g = created.body;
    const tokens = g.tokens;
    stats.games++;
    const sent = new Map(); // moves count after the move -> time its request was sent
    const seen = new Map(); // moves count -> streams that saw it
    const streams = [];
    for (let k = 0; k < streamsHere; k++) {
      const viewer = k < 2 ? ['white', 'black'][k] : 'watcher';
      streams.push(subscribe(g.id, g.watch_key, (name, data) => {
        if (name !== 'move') return;
        const t0 = sent.get(data.moves);
        if (t0 === undefined) return;
        const ms = performance.now() - t0;
        stats.all.push(ms);
        if (viewer !== 'watcher' && viewer !== data.side) stats.opponent.push(ms);
        seen.set(data.moves, (seen.get(data.moves) || 0) + 1);
      }));
    }
    await new Promise((r) => setTimeout(r, 300)); // the streams are open
    while (!stopping && g.status === 'ongoing' && g.legal.length) {
      const m = g.legal[Math.floor(Math.random() * g.legal.length)];
      const n = g.moves.length + 1;
      sent.set(n, performance.now());
      const res = await request('POST', `/api/games/${g.id}/moves`, { move: m.text }, tokens[g.turn]);
      if (res.status !== 200) { error(`move ${m.text} in game ${g.id}: ${res.status} ${res.body.error}`); break; }
      stats.moves++;
      g = res.body;
      await new Promise((r) => setTimeout(r, PAUSE));
    }
    // Late is not lost: every stream must have every move within 10 s.
    const missing = () => [...sent.keys()].filter((n) => (seen.get(n) || 0) < streamsHere);
    for (let waited = 0; missing().length && waited < 10000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    for (const n of missing()) error(`game ${g.id} move ${n}: on ${seen.get(n) || 0} of ${streamsHere} streams`);
    if (stopping) { for (const s of streams) s.close(); return; }
    // Over: the rematch, colours swapped (each token opens the other colour there).
    const r = await request('POST', `/api/games/${g.id}/rematch`, undefined, tokens.white);
    for (const s of streams) s.close();
    if (r.status !== 201) { error(`rematch: ${r.status}`); return; }
    created = { status: 201, body: { ...r.body, tokens: { white: tokens.black, black: tokens.white } } };
  }
}

const pct = (a, p) => (a.length ? a[Math.min(a.length - 1, Math.floor(a.length * p))] : NaN);
const games = [];
for (let i = 0; i < GAMES; i++) {
  const here = Math.floor(STREAMS / GAMES) + (i < STREAMS % GAMES ? 1 : 0);
  games.push(playGame(i, here).catch((e) => error(`game ${i}: ${e.message}`)));
}
await new Promise((r) => setTimeout(r, 2000));
const open = (await request('GET', '/api/health')).body.streams;
await new Promise((r) => setTimeout(r, SECONDS * 1000 - 2000));
stopping = true;
await Promise.all(games);
for (const a of [stats.opponent, stats.all]) a.sort((x, y) => x - y);
const f = (x) => x.toFixed(1);
console.log(`push: ${GAMES} games, ${open} event streams open, ${SECONDS} s: ${stats.moves} moves in ${stats.games} games, ` +
  `${stats.all.length} events timed`);
console.log(`push: delay move -> opponent's event: median ${f(pct(stats.opponent, 0.5))} ms, p99 ${f(pct(stats.opponent, 0.99))} ms; ` +
  `all streams: median ${f(pct(stats.all, 0.5))} ms, p99 ${f(pct(stats.all, 0.99))} ms, max ${f(stats.all.at(-1) ?? NaN)} ms`);
console.log(`push: ${stats.errors} errors${stats.notes.length ? ': ' + stats.notes.join('; ') : ''}`);
agent.destroy();
process.exit(stats.errors || open < STREAMS ? 1 : 0);
