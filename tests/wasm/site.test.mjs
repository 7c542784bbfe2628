// The static site (make site) in Debian's chromium: build-site/ from a plain static host, no server
// API anywhere: games against the engine in the page's module and worker, kept in IndexedDB.
// Run by tests/wasm.sh: HEXCHESS=build/hexchess node --test tests/wasm/site.test.mjs
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, startBrowser, serveFiles, newGame, clickMove, moves, waitForMoves } from '../e2e/harness.mjs';

let site, browser, page;
const errors = [], apiRequests = [];
const tmp = mkdtempSync(join(tmpdir(), 'hexchess-site-'));

before(async () => {
  site = await serveFiles(join(root, 'build-site'));
  browser = await startBrowser();
  page = await browser.context.newPage();
  page.setDefaultTimeout(20000);
  page.on('pageerror', (e) => errors.push(e.stack));
  page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) apiRequests.push(r.url()); });
  await page.goto(site.url);
  await page.waitForSelector('#new-dialog[open]');
});

after(async () => {
  await browser?.close();
  site?.close();
  rmSync(tmp, { recursive: true, force: true });
  assert.deepEqual(errors, [], 'no script errors in the page');
  assert.deepEqual(apiRequests, [], 'no request to a server API');
});

// Plays the first move found for the side to move: its men in the board's order, the first of its
// destinations (the page shows them; the module made them).
async function playAnyMove(page, white) {
  const men = await page.locator('g.man:not(.ghost)').evaluateAll((gs, w) => gs
    .filter((g) => (g.dataset.piece === g.dataset.piece.toUpperCase()) === w).map((g) => g.dataset.cell), white);
  for (const c of men) {
    await page.locator(`polygon.hex[data-cell="${c}"]`).click();
    const dest = page.locator('circle.dest').first();
    if (await dest.count()) {
      const to = await dest.getAttribute('data-cell');
      await page.locator(`polygon.hex[data-cell="${to}"]`).click();
      return;
    }
  }
  throw new Error('no move found');
}

test("C'escacs against the engine: a reload resumes the game from IndexedDB, the record exports and imports", async () => {
  await newGame(page, { variant: 'cescacs', opponent: 'engine', colour: 'white', level: 1, movetime: 300 });
  await clickMove(page, 'E7', 'E13');
  await waitForMoves(page, 2);
  await playAnyMove(page, true);
  await waitForMoves(page, 4);
  const played = await moves(page).allTextContents();
  const hash = await page.evaluate(() => location.hash);

  await page.reload();
  await waitForMoves(page, 4);
  assert.equal(await page.evaluate(() => location.hash), hash);
  assert.deepEqual(await moves(page).allTextContents(), played);
  assert.match(await page.locator('#status').textContent(), /^White to move/);
  // The engine still answers after the reload.
  await playAnyMove(page, true);
  await waitForMoves(page, 6);

  await page.click('#nav-games');
  await page.waitForSelector('#games-body tr');
  const id = hash.split('/').pop();
  assert.equal(await page.locator(`#games-body a[href="#/game/${id}"]`).textContent(), 'Resume');
  await page.click(`#games-body a[href="#/game/${id}"]`);
  await waitForMoves(page, 6);

  await page.locator('#io-panel summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record-download')]);
  assert.match(download.suggestedFilename(), /\.ctl-pgn$/);
  const file = join(tmp, 'game.ctl-pgn');
  copyFileSync(await download.path(), file);
  const replay = execFileSync(process.env.HEXCHESS || join(root, 'build/hexchess'), ['replay', file]).toString();
  assert.match(replay, /^1 6 \* /, `the record reads back: ${replay}`);
  // The engine agrees to a take-back at once: back to White's last move.
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#movelist .mv[data-ply]').length === 4);
  // The record imports as a new game of the browser's.
  await page.setInputFiles('#record-upload', file);
  await page.waitForFunction((h) => location.hash !== h, hash);
  await waitForMoves(page, 6);
  assert.deepEqual((await moves(page).allTextContents()).slice(0, 4), played);
  // What the reader passed over is shown, as with a server.
  const warned = join(tmp, 'warned.pgn');
  writeFileSync(warned, '[variant "Glinski"]\n\n1. f5f6 e7e6 (1-0)\n');
  const imported = await page.evaluate(() => location.hash);
  await page.setInputFiles('#record-upload', warned);
  await page.waitForFunction((h) => location.hash !== h, imported);
  await page.locator('#error.info').waitFor();
  assert.match(await page.locator('#error').innerText(), /line 3: the result \(1-0\) is written in parentheses/);
});

test('Gliński against the engine, analysed (a line in the notation, Stop ends it), a draw offer declined', async () => {
  // Friend links and clocks are the server's: the site does not offer them.
  if (!(await page.locator('#new-dialog').evaluate((d) => d.open))) await page.click('#nav-new');
  assert.equal(await page.locator('input[name=opponent][value=friend]').isVisible(), false, 'no friend games');
  assert.equal(await page.locator('#time-control').isVisible(), false, 'no clocks');
  await newGame(page, { variant: 'glinski', opponent: 'engine', colour: 'white', level: 1, movetime: 300 });
  await clickMove(page, 'f5', 'f6');
  await waitForMoves(page, 2);
  await playAnyMove(page, true);
  await waitForMoves(page, 4);
  await page.locator('#analysis-panel summary').click();
  await page.click('#analyse');
  // Move numbers and the game's notation (pawn moves as a bare hex: "3. f7 …").
  await page.waitForFunction(() => /Best line: 3\. [a-l]/.test(document.getElementById('analysis').textContent));
  await page.waitForFunction(() => /depth \d+/.test(document.getElementById('analysis').textContent));
  assert.equal(await page.textContent('#analyse'), 'Stop');
  await page.click('#analyse');
  await page.waitForFunction(() => document.getElementById('analyse').textContent === 'Analyse');
  await page.waitForFunction(() => !document.getElementById('analysis').textContent.includes('…'),
    null, { timeout: 3000 });
  // A draw offer in the opening: the engine, weighing it from its side, declines.
  await page.click('#draw-offer');
  await page.waitForFunction(() => /draw offered, waiting for Black/.test(document.getElementById('status').textContent));
  await page.waitForFunction(() => document.getElementById('status').textContent === 'White to move');
});

test("a checkmate brings the result card, without a rematch (the server's), and its Analyse runs here", async () => {
  await newGame(page, { variant: 'glinski', opponent: 'engine', colour: 'white', level: 1, movetime: 300,
    position: 'k/3/5/7/9/11/11/4Q6/11/11/4R1K4 w - 0 1' });
  await clickMove(page, 'e4', 'e10');
  await page.locator('#result-card').waitFor();
  assert.equal(await page.textContent('#result-title'), 'You won by checkmate');
  assert.deepEqual(await page.locator('#result-card .btn-row button:visible').allTextContents(), ['New game', 'Analyse']);
  await page.click('#result-analyse');
  await page.waitForFunction(() => /depth \d+/.test(document.getElementById('analysis').textContent));
  await page.click('#analyse');
  await page.waitForFunction(() => document.getElementById('analyse').textContent === 'Analyse');
});
