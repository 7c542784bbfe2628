// The page module in Debian's chromium (playwright-core, as tests/e2e): the facade and the engine's
// Web Worker as a page uses them, on a plain host (one thread) and on one that sends the
// cross-origin isolation headers (threads), and the bench in the browser against the native program
// in the same run (its node count must be the native signature; both speeds are printed).
// Run by tests/wasm.sh: HEXCHESS=build/hexchess node --test tests/wasm/chromium.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { root, startBrowser, serveFiles } from '../e2e/harness.mjs';

const built = join(root, process.env.HEXCHESS_WASM_BUILD || 'build-wasm');
const PAGE = '<!doctype html><meta charset="utf-8"><title>hexchess wasm</title><script src="hexchess-wasm.js"></script>';

// The built files as a static host serves them; isolated: with the headers that give a page shared
// memory.
const ISOLATION = { 'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp' };
const serve = (isolated) => serveFiles(built, { headers: isolated ? ISOLATION : {}, pages: { 'index.html': PAGE } });

let servers, browser, page, isolatedPage;
before(async () => {
  servers = [await serve(false), await serve(true)];
  browser = await startBrowser();
  page = await browser.context.newPage();
  await page.goto(servers[0].url);
  isolatedPage = await browser.context.newPage();
  await isolatedPage.goto(servers[1].url);
});
after(async () => {
  await browser?.close();
  for (const s of servers || []) s.close();
});

// A game, a MultiPV search in the worker, and a search stopped.
function play(p) {
  return p.evaluate(async () => {
    const hx = await HexchessWasm.load();
    const game = hx.newGame('glinski');
    game.play('f5f6');
    const engine = hx.engine();
    const infos = [];
    const found = await engine.go(game, { depth: 5, multipv: 2, threads: 2 }, (i) => infos.push(i));
    let seen;
    const deep = new Promise((ok) => (seen = ok));
    const running = engine.go(hx.newGame('cescacs'), { threads: 2 }, (i) => i.depth >= 3 && seen());
    await deep;
    engine.stop();
    const stopped = await running;
    const again = await engine.go(game, { depth: 3 });
    engine.terminate();
    return { position: game.positionText(), legal: game.legalMoves().map((m) => m.text), found, infos,
             stopped, again, threaded: engine.threaded, isolated: self.crossOriginIsolated,
             cescacs: hx.newGame('cescacs').legalMoves().map((m) => m.text) };
  });
}

function checkPlay(r) {
  assert.strictEqual(r.position, 'b/qbk/n1b1n/r5r/ppppppppp/5P5/11/4P1P4/3P1B1P3/2P2B2P2/1PRNQBKNRP1 b - 0 1');
  assert.ok(r.legal.includes(r.found.best), r.found.best);
  assert.ok(r.infos.some((i) => i.depth === 5 && i.multipv === 2));
  assert.strictEqual(r.stopped.stopped, true);
  assert.ok(r.cescacs.includes(r.stopped.best), r.stopped.best);
  assert.ok(r.legal.includes(r.again.best), r.again.best);
}

test('a plain host: one thread, a stop ends the worker', async () => {
  const r = await play(page);
  checkPlay(r);
  assert.deepStrictEqual([r.isolated, r.threaded], [false, false]);
});

test('a cross-origin isolated host: threads, a stop reaches the search', async () => {
  const r = await play(isolatedPage);
  checkPlay(r);
  assert.deepStrictEqual([r.isolated, r.threaded], [true, true]);
});

test('bench in chromium: the native signature, and both speeds', async () => {
  const native = execFileSync(process.env.HEXCHESS || join(root, 'build/hexchess'), ['bench'],
    { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  const browserLine = await page.evaluate(async () => {
    let line = '';
    await HexchessWasm.load();
    const M = await createHexchess({ print: (text) => (line = text), printErr: () => {} });
    M.ccall('hx_bench', 'number', [], []);
    return line;
  });
  console.log(`bench native:   ${native}`);
  console.log(`bench chromium: ${browserLine}`);
  assert.strictEqual(browserLine.split(' ')[0], native.split(' ')[0]);
});
