// hexchess without a server: the rules, the records and the engine of the C core, compiled to
// WebAssembly (make wasm), behind the shapes the server's HTTP API answers with (src/server/api.c),
// so that the web app can run on either back end. The page loads the module for the rules; the
// engine runs in a Web Worker (engine-worker.js) so that a search never freezes the page.
//
//   const hx = await HexchessWasm.load();                  // base: where the built files are
//   hx.variants()                                          // as GET /api/variants
//   const game = hx.newGame("glinski", { black: "engine" });
//   game.play("f5f6"); game.state();                       // as GET /api/games/ID
//   const engine = hx.engine();
//   await engine.go(game, { movetime: 1000, multipv: 2 }, info => ...);   // { best, ... }
//
// A classic script: a <script> tag or importScripts() defines HexchessWasm; Node's require() returns it.
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.HexchessWasm = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // What the server would answer with an error: its message and HTTP status (400, 409, 422).
  class HexchessError extends Error {
    constructor(message, status) {
      super(message);
      this.status = status;
    }
  }

  // Calls one of the module's hx_ functions (src/wasm/api.c): strings and numbers in, JSON out.
  function callJson(M, name, args) {
    const types = args.map((a) => (typeof a === "number" ? "number" : "string"));
    const ptr = M.ccall(name, "number", types, args);
    const text = M.UTF8ToString(ptr);
    M.ccall("hx_free", null, ["number"], [ptr]);
    const value = JSON.parse(text);
    if (value && !Array.isArray(value) && value.error !== undefined) throw new HexchessError(value.error, value.status);
    return value;
  }

  // What describes a game to the module: the rest (players, draw offers) is the front end's.
  function describe(d) {
    return [d.variant, d.start, d.castling ? 1 : 0, d.moves.join(" "), d.result, d.reason];
  }

  const COLORS = ["white", "black"];
  const PLAYERS = ["human", "engine"];

  function checkChoice(what, value, allowed) {
    if (!allowed.includes(value)) throw new HexchessError(`${what} must be one of ${allowed.join(", ")}`, 400);
  }

  // A game in play. Every change replays it in the module, which judges it; state() is the game
  // object of the server's API.
  class Game {
    constructor(M, d, players) {
      this._M = M;
      this._d = d; // variant, start, castling, moves, result, reason, tags
      this._players = players; // white, black, level, movetime
      this._draw_offer = null;
      this._apply("");
    }

    // Runs an action of the module (hx_game) and keeps the game it gives.
    _apply(action) {
      const s = callJson(this._M, "hx_game", [...describe(this._d), action]);
      this._d.start = s.start;
      this._d.moves = s.moves.map((m) => m.text);
      this._d.result = s.result;
      this._d.reason = s.reason;
      this._s = s;
      return this.state();
    }

    // The game as GET /api/games/ID gives it (less what only a server has: id, times, queues).
    state() {
      const p = this._players;
      return Object.assign({}, this._s, {
        white: p.white,
        black: p.black,
        level: p.level,
        movetime: p.movetime,
        draw_offer: this._draw_offer,
      });
    }

    legalMoves() {
      return this._s.legal;
    }

    positionText() {
      return this._s.position;
    }

    // The arbiter's verdict and what the side to move may do about it.
    status() {
      const s = this._s;
      return { turn: s.turn, check: s.check, status: s.status, result: s.result, reason: s.reason,
               result_text: s.result_text, claimable: s.claimable };
    }

    // The description the engine searches from (moves included, for repetitions).
    description() {
      const d = this._d;
      return { variant: d.variant, start: d.start, castling: d.castling, moves: d.moves.slice() };
    }

    // A move written as legalMoves() writes it; a draw offer stands until its receiver moves.
    play(move) {
      const mover = this._s.turn;
      const state = this._apply(`move ${move}`);
      if (this._draw_offer && this._draw_offer !== mover) this._draw_offer = null;
      return state;
    }

    // Takes back the last move, and against the engine back to the human's turn.
    undo() {
      if (!this._d.moves.length) throw new HexchessError("there is no move to take back", 409);
      const p = this._players;
      const humans = p.white === "human" || p.black === "human";
      this._d.result = "*";
      this._d.reason = "";
      this._d.moves = this._d.moves.slice(0, -1);
      this._apply("");
      while (humans && this._d.moves.length && p[this._s.turn] === "engine") {
        this._d.moves = this._d.moves.slice(0, -1);
        this._apply("");
      }
      this._draw_offer = null;
      return this.state();
    }

    resign(side) {
      side = side || this._humanSide();
      checkChoice("side", side, COLORS);
      if (this._players[side] === "engine" && this._players[side === "white" ? "black" : "white"] === "human")
        throw new HexchessError("only a human player resigns", 409);
      this._draw_offer = null;
      return this._apply(`resign ${side}`);
    }

    // offer, accept, decline or claim, as POST /api/games/ID/draw.
    draw(action, side) {
      side = side || this._humanSide();
      checkChoice("action", action, ["offer", "accept", "decline", "claim"]);
      checkChoice("side", side, COLORS);
      if (this._s.status === "over") throw new HexchessError("the game is over", 409);
      if (this._players[side] === "engine") throw new HexchessError("that side is played by the engine", 409);
      const other = side === "white" ? "black" : "white";
      if (action === "offer") {
        if (this._draw_offer === other) return this.draw("accept", side);
        this._draw_offer = side;
        return this.state();
      }
      if ((action === "accept" || action === "decline") && this._draw_offer !== other)
        throw new HexchessError(`there is no draw offer to ${action}`, 409);
      this._draw_offer = null;
      if (action === "decline") return this.state();
      return this._apply(action === "accept" ? "agree" : "claim");
    }

    // The record as GET /api/games/ID/record: CTL-PGN for C'escacs, PGN for Gliński.
    exportRecord() {
      const d = this._d;
      const p = this._players;
      let tags = d.tags || "";
      for (const side of COLORS) {
        const name = side === "white" ? "White" : "Black";
        if (tags.includes(`${name}=`)) continue;
        tags += p[side] === "engine" ? `${name}=hexchess (level ${p.level})\n` : `${name}=${name}\n`;
      }
      const r = callJson(this._M, "hx_export", [d.variant, d.start, d.castling ? 1 : 0, d.moves.join(" "), d.result, tags]);
      return { text: r.text, extension: r.extension, filename: `hexchess.${r.extension}` };
    }

    // The engine's answer to the draw its opponent offers: the front end weighs it (a search).
    answerDrawOffer(accept) {
      const offer = this._draw_offer;
      if (!offer || this._players[offer === "white" ? "black" : "white"] !== "engine")
        throw new HexchessError("there is no draw offer to the engine", 409);
      this._draw_offer = null;
      return accept ? this._apply("agree") : this.state();
    }

    // What restore() needs to bring the game back, as plain data (for storage).
    saved() {
      const d = this._d;
      return { variant: d.variant, start: d.start, castling: d.castling, moves: d.moves.slice(), result: d.result,
               reason: d.reason, tags: d.tags, players: Object.assign({}, this._players),
               draw_offer: this._draw_offer };
    }

    // The side a resignation or draw action is for: the one human, else the side to move.
    _humanSide() {
      const p = this._players;
      if (p.white !== p.black) return p.white === "engine" ? "black" : "white";
      return this._s.turn;
    }
  }

  function players(options) {
    const p = {
      white: options.white || "human",
      black: options.black || "human",
      level: options.level === undefined ? 20 : options.level,
      movetime: options.movetime === undefined ? 1000 : options.movetime,
    };
    checkChoice("white", p.white, PLAYERS);
    checkChoice("black", p.black, PLAYERS);
    return p;
  }

  // The engine, in a worker of its own. With the threaded module (a cross-origin isolated page) the
  // search runs on a thread of the worker's, which stays free to pass on a stop. With one thread,
  // the worker is busy while it searches and no message reaches the search: stop() ends the worker
  // instead, answers with the best move of the last finished iteration, and starts a fresh worker
  // (its hash table empty).
  class Engine {
    constructor(createWorker) {
      this._createWorker = createWorker;
      this._next = 1;
      this._pending = null;
      this._start();
    }

    _start() {
      this._threaded = false; // until the worker says otherwise
      this._worker = this._createWorker();
      this._worker.onmessage = (e) => this._receive(e.data);
    }

    // Whether searches can use several threads and stop in place (known once the worker is ready).
    get threaded() {
      return this._threaded;
    }

    _receive(msg) {
      if (msg.type === "ready") {
        this._threaded = msg.threads;
        return;
      }
      const p = this._pending;
      if (!p || msg.id !== p.id) return;
      if (msg.type === "info") {
        if (msg.info.multipv === 1) p.last = msg.info;
        if (p.onInfo) p.onInfo(msg.info);
      } else {
        this._pending = null;
        if (msg.type === "error") p.reject(new HexchessError(msg.error, msg.status));
        else p.resolve(Object.assign({ stopped: p.stopped }, msg.result));
      }
    }

    // Searches the game (a Game or its description()) within limits: depth, nodes, movetime (ms;
    // none of them: until stop()), multipv (lines, 1-16), level (Skill Level 0-20), hash (MB),
    // threads (with the threaded module; else 1).
    // onInfo gets every finished iteration of every line: depth, seldepth, score and mate (White's
    // view), nodes, nps, time_ms, hashfull, pv (bare moves), pv_display (the game's notation), best.
    // Resolves with { best, best_from, best_to, nodes, stopped }; one search at a time.
    go(game, limits, onInfo) {
      if (this._pending) return Promise.reject(new HexchessError("the engine is already searching", 409));
      const d = game instanceof Game ? game.description() : game;
      const l = limits || {};
      const id = this._next++;
      return new Promise((resolve, reject) => {
        this._pending = { id, resolve, reject, onInfo, last: null, stopped: false };
        this._worker.postMessage({
          type: "go", id, variant: d.variant, start: d.start || "", castling: d.castling !== false,
          moves: (d.moves || []).join(" "), depth: l.depth || 0, nodes: l.nodes || 0, movetime: l.movetime || 0,
          level: l.level === undefined ? 20 : l.level, multipv: l.multipv || 1, hash: l.hash || 16,
          threads: l.threads || 1,
        });
      });
    }

    // Ends the running search now; its promise resolves with the last finished iteration's move
    // (best "" when none had finished).
    stop() {
      if (!this._pending) return;
      if (this._threaded) {
        this._pending.stopped = true;
        this._worker.postMessage({ type: "stop" });
        return;
      }
      this._end();
      this._start();
    }

    // Ends the worker, and the running search with the move it had found.
    _end() {
      const p = this._pending;
      this._pending = null;
      this._worker.terminate();
      if (!p) return;
      const last = p.last;
      p.resolve({
        best: last ? last.best : "", best_from: last ? last.best_from : undefined,
        best_to: last ? last.best_to : undefined, nodes: last ? last.nodes : 0, stopped: true,
      });
    }

    // A new game: the engine forgets what it learned (between searches).
    newGame() {
      this._worker.postMessage({ type: "newgame" });
    }

    // Ends the worker for good.
    terminate() {
      this._end();
    }
  }

  // The worker's side (engine-worker.js): runs each search the page's Engine sends. moduleArgs go
  // to the module's factory.
  function serveEngine(scope, createModule, moduleArgs) {
    const ready = createModule(moduleArgs || {}).then((M) => {
      scope.postMessage({ type: "ready", threads: Boolean(M._hx_engine_start) });
      return M;
    });
    scope.onmessage = async (e) => {
      const M = await ready;
      const m = e.data;
      if (m.type === "newgame" || m.type === "stop") {
        M.ccall(m.type === "stop" ? "hx_engine_stop" : "hx_engine_new_game", null, [], []);
        return;
      }
      M.onInfo = (text) => scope.postMessage({ type: "info", id: m.id, info: JSON.parse(text) });
      const threaded = Boolean(M._hx_engine_start);
      const args = [m.variant, m.start, m.castling ? 1 : 0, m.moves, m.depth, m.nodes, m.movetime, m.level, m.multipv,
        threaded ? m.threads : 1, m.hash];
      try {
        if (threaded) {
          M.onDone = (text) => scope.postMessage({ type: "done", id: m.id, result: JSON.parse(text) });
          callJson(M, "hx_engine_start", args);
        } else {
          scope.postMessage({ type: "done", id: m.id, result: callJson(M, "hx_engine_search", args) });
        }
      } catch (err) {
        scope.postMessage({ type: "error", id: m.id, error: err.message, status: err.status || 500 });
      }
    };
  }

  // The page's side: the module for the rules and records, and engines in workers.
  class Hexchess {
    constructor(M, base, createWorker) {
      this._M = M;
      this._variants = callJson(M, "hx_variants", []);
      this._createWorker = createWorker || (() => new Worker(base + "engine-worker.js"));
    }

    variants() {
      return this._variants;
    }

    // options as POST /api/games: position, castling, moves (array), white, black, level, movetime.
    newGame(variant, options) {
      const o = options || {};
      const d = {
        variant: variant || this._variants[0].name, start: o.position || "", castling: o.castling !== false,
        moves: o.moves || [], result: "*", reason: "", tags: "",
      };
      return new Game(this._M, d, players(o));
    }

    // The first game of a CTL-PGN or PGN text, as POST /api/games/import (options: the players);
    // its warnings are what the reader passed over, as that answer's.
    importRecord(text, options) {
      const r = callJson(this._M, "hx_import", [text]);
      const d = { variant: r.variant, start: r.start, castling: r.castling, moves: r.moves, result: r.result,
                  reason: r.reason, tags: r.tags };
      const game = new Game(this._M, d, players(options || {}));
      game.warnings = r.warnings;
      return game;
    }

    // A game from what its saved() gave.
    restore(saved) {
      const { players: p, draw_offer: offer, ...d } = saved;
      const game = new Game(this._M, d, players(p));
      game._draw_offer = offer;
      return game;
    }

    engine() {
      return new Engine(this._createWorker);
    }
  }

  // Loads the module. options: base (the URL of the built files, default ""), createModule (the
  // module's factory; in a page, hexchess-module.js is loaded from base when it is not there yet),
  // createWorker (a function returning the engine's worker).
  async function load(options) {
    const o = options || {};
    const base = o.base || "";
    let create = o.createModule || (typeof createHexchess === "function" ? createHexchess : null);
    if (!create) {
      await new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = base + "hexchess-module.js";
        script.onload = resolve;
        script.onerror = () => reject(new Error(`cannot load ${script.src}`));
        document.head.appendChild(script);
      });
      create = createHexchess;
    }
    return new Hexchess(await create(), base, o.createWorker);
  }

  return { load, serveEngine, HexchessError };
});
