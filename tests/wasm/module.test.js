// The page module's JavaScript API (web/hexchess-wasm.js over build-wasm/hexchess-module.js) under
// Node: games of every variant, records in and out, the engine in a worker (worker_threads standing
// in for a Web Worker) with each module, one thread (stopped by ending the worker) and threads
// (stopped in place). Run by tests/wasm.sh: node --test tests/wasm/module.test.js
"use strict";
const test = require("node:test");
const assert = require("node:assert");
const fs = require("node:fs");
const path = require("node:path");
const { Worker } = require("node:worker_threads");

const root = path.join(__dirname, "..", "..");
const built = path.join(root, process.env.HEXCHESS_WASM_BUILD || "build-wasm");
const facade = path.join(built, "hexchess-wasm.js");
const moduleFile = path.join(built, "hexchess-module.js");
const threadedModuleFile = path.join(built, "hexchess-module-mt.js");
const HexchessWasm = require(facade);

// A worker_threads worker serving the engine as engine-worker.js does in a page.
function createWorker(moduleFile) {
  const code = `
    const { parentPort, workerData } = require("node:worker_threads");
    const scope = { postMessage: (m) => parentPort.postMessage(m) };
    parentPort.on("message", (data) => scope.onmessage({ data }));
    require(workerData.facade).serveEngine(scope, require(workerData.moduleFile));`;
  const w = new Worker(code, { eval: true, workerData: { facade, moduleFile } });
  const port = { postMessage: (m) => w.postMessage(m), terminate: () => w.terminate() };
  w.on("message", (data) => port.onmessage({ data }));
  return port;
}

let hx;
test.before(async () => {
  hx = await HexchessWasm.load({ createModule: require(moduleFile), createWorker: () => createWorker(moduleFile) });
});

test("variants: every game with its hexes, the default first", () => {
  const v = hx.variants();
  assert.deepStrictEqual(v.map((x) => x.name), ["cescacs", "glinski", "mccooey"]);
  assert.deepStrictEqual(v.map((x) => x.cells.length), [169, 91, 91]);
  assert.strictEqual(v[0].record_extension, "ctl-pgn");
  assert.strictEqual(v[1].pieces.Q.name, "queen");
  // The letter sets the page writes moves with, as the server sends them: Russian for Gliński's
  // game, none but the figurines for C'escacs (no language's set names its wyvern).
  assert.strictEqual(v[1].letters.ru.N, "К");
  assert.deepStrictEqual(Object.keys(v[0].letters), ["fan"]);
});

test("a few moves of each variant, as the legal list writes them", () => {
  const starts = { cescacs: 68, glinski: 51, mccooey: null };
  for (const v of hx.variants()) {
    const g = hx.newGame(v.name);
    if (starts[v.name] !== null) assert.strictEqual(g.legalMoves().length, starts[v.name], v.name);
    for (let i = 0; i < 6; i++) {
      const before = g.state();
      const move = before.legal[before.legal.length >> 1];
      const after = g.play(move.text);
      assert.strictEqual(after.moves.length, i + 1);
      assert.strictEqual(after.moves[i].text, move.text);
      assert.strictEqual(after.moves[i].from, move.from);
      assert.notStrictEqual(after.turn, before.turn);
      assert.strictEqual(after.moves[i].position, g.positionText());
      assert.strictEqual(after.board.length, v.cells.length);
    }
    assert.strictEqual(g.status().status, "ongoing");
  }
});

test("Gliński: the position text after f5f6, an illegal move refused with 422", () => {
  const g = hx.newGame("glinski");
  g.play("f5f6");
  assert.strictEqual(g.positionText(), "b/qbk/n1b1n/r5r/ppppppppp/5P5/11/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b - 0 1");
  assert.strictEqual(g.state().moves[0].display, "f6");
  assert.throws(() => g.play("f6f8"), (e) => e.status === 422 && /illegal move 'f6f8'/.test(e.message));
  assert.strictEqual(g.state().moves.length, 1);
});

test("undo against the engine goes back to the human's turn", () => {
  const g = hx.newGame("cescacs", { black: "engine", moves: ["E7-E13", "E21-E15"] });
  g.play(g.legalMoves()[0].text);
  assert.strictEqual(g.state().turn, "black");
  g.undo();
  assert.strictEqual(g.state().moves.length, 2);
  assert.strictEqual(g.state().turn, "white");
  assert.throws(() => hx.newGame("cescacs").undo(), (e) => e.status === 409);
});

test("ends: resignation, draw offered and accepted, a claim refused", () => {
  const g = hx.newGame("glinski", { moves: ["f5f6"] });
  assert.strictEqual(g.resign("white").result_text, "Black wins by resignation");
  assert.throws(() => g.play("e7e6"), (e) => e.status === 409);
  const d = hx.newGame("cescacs");
  assert.strictEqual(d.draw("offer", "white").draw_offer, "white");
  assert.strictEqual(d.draw("accept", "black").result_text, "Draw by agreement");
  assert.strictEqual(d.status().result, "1-1");
  assert.throws(() => hx.newGame("cescacs").draw("claim", "white"), (e) => e.status === 409);
  const m = hx.newGame("glinski", { position: "1/k2/5/1R5/p8/3B7/3P1p5/5p5/Q10/5K5/B10 w - 0 37" });
  assert.strictEqual(m.play("a3d9").result, "1-0");
  assert.strictEqual(m.status().reason, "checkmate");
});

test("saved() and restore(): the same game back, its result and a standing offer kept; the engine answers an offer", () => {
  const g = hx.newGame("glinski", { black: "engine", level: 3, movetime: 500 });
  g.play("f5f6");
  g.draw("offer", "white");
  const back = hx.restore(JSON.parse(JSON.stringify(g.saved())));
  assert.deepStrictEqual(back.state(), g.state());
  assert.strictEqual(back.state().draw_offer, "white");
  assert.strictEqual(back.answerDrawOffer(false).draw_offer, null);
  assert.throws(() => back.answerDrawOffer(true), (e) => e.status === 409);
  g.resign("white");
  const over = hx.restore(g.saved()).state();
  assert.deepStrictEqual([over.status, over.result, over.reason], ["over", g.state().result, g.state().reason]);
  const agreed = hx.restore(back.saved());
  agreed.draw("offer", "white");
  assert.strictEqual(agreed.answerDrawOffer(true).status, "over");
});

test("records: a C'escacs game read, written and read back", () => {
  const file = path.join(root, "tests/data/cescacs/games/game01.ctl-pgn");
  const g = hx.importRecord(fs.readFileSync(file, "utf8"));
  const s = g.state();
  assert.strictEqual(s.variant, "cescacs");
  assert.strictEqual(s.moves.length, 133);
  assert.strictEqual(s.result, "3-0");
  const out = g.exportRecord();
  assert.strictEqual(out.extension, "ctl-pgn");
  const again = hx.importRecord(out.text).state();
  assert.deepStrictEqual(again.moves.map((m) => m.text), s.moves.map((m) => m.text));
  assert.strictEqual(again.position, s.position);
  assert.throws(() => hx.importRecord('[Variant "Glinski"]\n\n1. f5f7 *\n'), (e) => e.status === 422);
  assert.deepStrictEqual(g.warnings, []);
  // What the reader passes over is told, as POST /api/games/import tells it.
  const warned = hx.importRecord('[variant "Glinski"]\n\n1. f5f6 e7e6 (1-0)\n');
  assert.deepStrictEqual(warned.warnings, [
    "line 1: the label 'variant' is read as 'Variant'",
    "line 3: the result (1-0) is written in parentheses: read as the game's result",
  ]);
  assert.strictEqual(warned.state().result, "1-0");
});

for (const [kind, file] of [["one thread", moduleFile], ["threads", threadedModuleFile]]) {
  const engineOf = async () => {
    const h = await HexchessWasm.load({ createModule: require(moduleFile), createWorker: () => createWorker(file) });
    return h.engine();
  };

  test(`engine (${kind}): a depth-limited MultiPV search in the worker`, async () => {
    const engine = await engineOf();
    const g = hx.newGame("glinski", { moves: ["f5f6"] });
    const infos = [];
    const r = await engine.go(g, { depth: 4, multipv: 2, threads: 2 }, (i) => infos.push(i));
    assert.strictEqual(engine.threaded, file === threadedModuleFile);
    assert.strictEqual(r.stopped, false);
    assert.ok(g.legalMoves().some((m) => m.text === r.best), r.best);
    for (const line of [1, 2]) assert.ok(infos.some((i) => i.depth === 4 && i.multipv === line), `line ${line}`);
    const last = infos.filter((i) => i.multipv === 1).pop();
    assert.strictEqual(last.best, r.best);
    assert.strictEqual(last.pv.split(" ")[0], r.best);
    assert.ok(last.pv_display.length > 0);
    engine.terminate();
  });

  test(`engine (${kind}): stop ends an unlimited search with its best move, and the engine searches on`, async () => {
    const engine = await engineOf();
    const g = hx.newGame("cescacs");
    let first;
    const seen = new Promise((resolve) => (first = resolve));
    const search = engine.go(g, { threads: 2 }, (i) => i.depth >= 3 && first());
    await seen;
    engine.stop();
    const r = await search;
    assert.strictEqual(r.stopped, true);
    assert.ok(g.legalMoves().some((m) => m.text === r.best), r.best);
    const next = await engine.go(g, { depth: 2 });
    assert.ok(g.legalMoves().some((m) => m.text === next.best), next.best);
    engine.terminate();
  });
}
