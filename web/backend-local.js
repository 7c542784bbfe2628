// The app's back end without a server (the static site, make site): the routes of the server's API
// answered in the page by the WebAssembly module (hexchess-wasm.js), the games kept in the browser's
// IndexedDB, the engine in Web Workers, and each game's events sent in the page as the server's
// stream would send them. The rules, records and engine are the module's: nothing here judges a move.
import './hexchess-wasm.js';

const { HexchessError } = self.HexchessWasm;

// No other browser can reach these games: no seat links, no watching.
export const capabilities = { server: false };

// The server's answer to a draw offer to its engine: a short search, then it accepts when it judges
// itself 1.5 pawns worse.
const DRAW_REPLY_MS = 300, DRAW_ACCEPT_CP = -150;

let started = null;
function start() {
  if (!started) started = Promise.all([self.HexchessWasm.load(), openStore()]).then(([hx, db]) => new Local(hx, db));
  return started;
}

export async function request(method, path, body) {
  return (await start()).request(method, path, body || {});
}

// The game's events (addEventListener, close), like an EventSource of the server's stream.
export function events(id) {
  const stream = new EventTarget();
  stream.close = () => { stream.closed = true; };
  start().then((local) => local.watch(id, stream)).catch(() => {});
  return stream;
}

// None: the record is made in the page (GET games/ID/record answers { text, filename }).
export function recordUrl() {
  return null;
}

// ---- storage ----

function openStore() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('hexchess', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('games', { keyPath: 'id', autoIncrement: true });
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

function stored(db, mode, act) {
  return new Promise((resolve, reject) => {
    const req = act(db.transaction('games', mode).objectStore('games'));
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

// ---- the games ----

class Local {
  constructor(hx, db) {
    this.hx = hx;
    this.db = db;
    this.live = new Map();      // id → the game in play and what only a running page has
    this.player = hx.engine();  // plays the engine's moves and weighs draw offers, one search at a time
    this.analyst = hx.engine();
    this.analysed = null;       // the game the analyst works for
    this.queue = Promise.resolve();
  }

  async request(method, path, body) {
    const parts = path.split('?')[0].split('/');
    if (path === 'variants' && method === 'GET') return this.hx.variants();
    if (parts[0] !== 'games') throw new HexchessError('no such path', 404);
    if (parts.length === 1 && method === 'GET') return this.list();
    if (parts.length === 1 && method === 'POST') return this.create(this.hx.newGame(body.variant, body));
    if (parts[1] === 'import' && method === 'POST') {
      const game = this.hx.importRecord(body.text, body);
      return { ...(await this.create(game)), warnings: game.warnings };
    }
    const live = await this.load(Number(parts[1]));
    const route = `${method} ${parts.slice(2).join('/')}`;
    switch (route) {
      case 'GET ': return this.state(live);
      case 'DELETE ': return this.remove(live);
      case 'GET record': return live.game.exportRecord();
      case 'POST moves': return this.move(live, body.move);
      case 'POST undo': return this.takeBack(live);
      case 'POST resign': return this.change(live, 'end', () => live.game.resign(body.side), body.side);
      case 'POST draw': return this.draw(live, body.action, body.side);
      case 'POST analysis': return this.analyse(live, body);
      case 'DELETE analysis': return this.stopAnalysis(live);
    }
    throw new HexchessError('no such path', 404);
  }

  async list() {
    const all = await stored(this.db, 'readonly', (s) => s.getAll());
    const titles = Object.fromEntries(this.hx.variants().map((v) => [v.name, v.title]));
    const games = all.sort((a, b) => b.updated - a.updated).map((r) => ({
      id: r.id, title: titles[r.variant], white: r.players.white, black: r.players.black, plies: r.moves.length,
      result: r.result, reason: r.reason, updated: r.updated,
    }));
    return { games, total: games.length };
  }

  async create(game) {
    const r = { ...game.saved(), version: 0, created: now(), updated: now() };
    const id = await stored(this.db, 'readwrite', (s) => s.add(r));
    return this.state(this.track(id, game, r));
  }

  async load(id) {
    if (this.live.has(id)) return this.live.get(id);
    const r = await stored(this.db, 'readonly', (s) => s.get(id));
    if (!r) throw new HexchessError(`no game ${id}`, 404);
    return this.track(id, this.hx.restore(r), r);
  }

  // The game in play, with what only a running page has; r: its stored record.
  track(id, game, r) {
    const live = { id, game, created: r.created, updated: r.updated, version: r.version, thinking: false,
                   analysis: null, analysing: null, run: 0, analysisRun: 0, streams: new Set() };
    this.live.set(id, live);
    // A new game, or a reload, while the engine is to move: it moves now.
    this.engineTurn(live);
    return live;
  }

  // The game as GET /api/games/ID answers; what needs a server (seats, clocks, rematches) is empty.
  state(live) {
    const s = live.game.state();
    const seats = Object.fromEntries(['white', 'black'].map((c) => [c, s[c] === 'engine' ? 'engine' : 'open']));
    return { ...s, id: live.id, version: live.version, created: live.created, updated: live.updated,
             thinking: live.thinking, waiting: false, analysis: live.analysis, takeback_offer: null, seats,
             time_control: null, clock: null, rematch: null };
  }

  async save(live) {
    live.version++;
    live.updated = now();
    await stored(this.db, 'readwrite', (s) => s.put({ ...live.game.saved(), id: live.id, version: live.version,
                                                          created: live.created, updated: live.updated }));
  }

  // Makes a change of the game (act throws when it is refused), keeps it and tells the watchers;
  // extra: what the event carries besides, from the changed game.
  async change(live, event, act, side, extra = () => ({})) {
    act();
    await this.save(live);
    const s = this.state(live);
    this.emit(live, event, { side: side || null, ...extra() });
    if (event !== 'end' && s.status === 'over') this.emit(live, 'end', { side: null });
    return s;
  }

  async remove(live) {
    live.run++;
    this.stopAnalysis(live);
    this.live.delete(live.id);
    await stored(this.db, 'readwrite', (s) => s.delete(live.id));
    return { ok: true };
  }

  async move(live, text) {
    const s = live.game.state();
    if (s.status === 'ongoing' && s[s.turn] === 'engine') throw new HexchessError('it is the engine\'s move', 409);
    const state = await this.change(live, 'move', () => live.game.play(text), s.turn, () => ({ move: lastMove(live) }));
    this.engineTurn(live);
    return live.thinking ? this.state(live) : state;
  }

  // Against the engine it agrees at once, and on one screen the asker is the other player too:
  // the moves go back now (hexchess-wasm.js takes back to the human's turn).
  async takeBack(live) {
    live.run++;
    if (live.thinking) this.player.stop();
    live.thinking = false;
    const state = await this.change(live, 'takeback', () => live.game.undo(), null, () => ({ action: 'done' }));
    this.engineTurn(live);
    return state;
  }

  async draw(live, action, side) {
    const before = live.game.state();
    const state = await this.change(live, 'draw', () => live.game.draw(action, side), side, () => ({ action }));
    const offered = state.draw_offer && state.draw_offer !== before.draw_offer;
    if (offered && state[state.draw_offer === 'white' ? 'black' : 'white'] === 'engine') this.weighDraw(live);
    return state;
  }

  // The engine's view of the offer: a short search from its side.
  weighDraw(live) {
    const run = live.run;
    this.searching(async () => {
      let last = null;
      await this.player.go(live.game, { movetime: DRAW_REPLY_MS }, (info) => { if (info.multipv === 1) last = info; });
      const s = live.game.state();
      if (run !== live.run || !s.draw_offer || s.status !== 'ongoing' || !last) return;
      const engine = s.draw_offer === 'white' ? 'black' : 'white';
      const score = last.mate !== null ? Math.sign(last.mate) * 100000 : last.score; // White's view
      const accept = (engine === 'white' ? score : -score) <= DRAW_ACCEPT_CP;
      await this.change(live, accept ? 'end' : 'draw', () => live.game.answerDrawOffer(accept),
        accept ? null : engine, () => (accept ? {} : { action: 'decline' }));
    });
  }

  // When the engine is to move it searches with the game's level and time, then plays.
  engineTurn(live) {
    const s = live.game.state();
    if (s.status !== 'ongoing' || s[s.turn] !== 'engine' || live.thinking) return;
    live.thinking = true;
    const run = live.run;
    this.searching(async () => {
      if (run !== live.run) return;
      const r = await this.player.go(live.game, { movetime: s.movetime, level: s.level });
      if (run !== live.run || !this.live.has(live.id)) return;
      live.thinking = false;
      if (r.best) await this.change(live, 'move', () => live.game.play(r.best), s.turn,
          () => ({ move: lastMove(live) }));
      this.engineTurn(live);
    });
  }

  // One search of the playing engine at a time, in the order asked.
  searching(job) {
    this.queue = this.queue.then(job).catch((e) => console.error(e));
  }

  // As POST /api/games/ID/analysis: the position after ply plies, searched for movetime ms, each
  // finished iteration sent as an analysis event.
  async analyse(live, { movetime, ply }) {
    if (live.thinking) throw new HexchessError('the engine is thinking of its move', 409);
    const d = live.game.description();
    if (ply === undefined) ply = d.moves.length;
    if (!Number.isInteger(ply) || ply < 0 || ply > d.moves.length) throw new HexchessError('ply out of range', 400);
    // One analysis at a time, of whichever game.
    if (this.analysed) await this.stopAnalysis(this.analysed, true);
    this.analysed = live;
    d.moves = d.moves.slice(0, ply);
    const run = ++live.analysisRun;
    live.analysis = { running: true, ply, depth: 0, seldepth: 0, score: 0, mate: null, nodes: 0, time_ms: 0, pv: '',
                      pv_display: '', best: '', best_display: '' };
    live.analysing = this.analyst.go(d, { movetime: movetime || 2000 }, (info) => {
      if (run !== live.analysisRun || info.multipv !== 1) return;
      const { depth, seldepth, score, mate, nodes, time_ms, pv, pv_display, best, best_from, best_to } = info;
      live.analysis = { running: true, ply, depth, seldepth, score, mate, nodes, time_ms, pv, pv_display, best,
                        best_display: pv_display.split(' ')[0], best_from, best_to };
      this.emitAnalysis(live);
    }).catch(() => {}).then(() => {
      if (run !== live.analysisRun) return;
      live.analysis = { ...live.analysis, running: false };
      this.emitAnalysis(live);
    });
    return this.state(live);
  }

  async stopAnalysis(live, quiet) {
    if (!live.analysing) return this.state(live);
    if (quiet) live.analysisRun++;
    this.analyst.stop();
    await live.analysing;
    live.analysing = null;
    return this.state(live);
  }

  // ---- events ----

  watch(id, stream) {
    if (stream.closed) return;
    this.load(id).then((live) => {
      live.streams.add(stream);
      const s = this.state(live);
      this.send(live, stream, 'state', { ...base(live, s), side: null, id, result: s.result, reason: s.reason,
                                          result_text: s.result_text, rematch: null });
    }).catch(() => {});
  }

  emit(live, name, extra) {
    const s = this.state(live);
    const data = { ...base(live, s), ...extra };
    if (name === 'end') Object.assign(data, { result: s.result, reason: s.reason, result_text: s.result_text });
    for (const stream of live.streams) this.send(live, stream, name, data);
  }

  emitAnalysis(live) {
    const data = { version: live.version, analysis: live.analysis };
    for (const stream of live.streams) this.send(live, stream, 'analysis', data);
  }

  send(live, stream, name, data) {
    if (stream.closed) { live.streams.delete(stream); return; }
    // After the answer of the request that caused it, as from the server.
    setTimeout(() => stream.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) })));
  }
}

// What every event but the analysis carries.
function base(live, s) {
  return { version: live.version, moves: s.moves.length, turn: s.turn, status: s.status, draw_offer: s.draw_offer,
           takeback_offer: null, clock: null };
}

function lastMove(live) {
  const moves = live.game.state().moves;
  return moves[moves.length - 1];
}

const now = () => Math.floor(Date.now() / 1000);
