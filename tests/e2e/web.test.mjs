// End-to-end tests of the web app: real games in headless chromium against `hexchess serve`.
// Run by tests/e2e/run.sh BUILD_DIR (HEXCHESS points to the program).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, startBrowser, newGame, cell, moves, clickMove, waitForMoves } from './harness.mjs';

let server, browser, page;
const errors = [];
// Gliński's KQK tables (made in under a second): the analysis and the hint give their verdict.
const tables = mkdtempSync(join(tmpdir(), 'hexchess-tb-'));

before(async () => {
  execFileSync(process.env.HEXCHESS, ['tb', 'gen', '-v', 'glinski', '--dir', tables, 'KQK']);
  server = await startServer(process.env.HEXCHESS, ['--tablebases', tables]);
  browser = await startBrowser();
  page = await browser.context.newPage();
  page.setDefaultTimeout(15000);
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForSelector('#new-dialog[open]');
});

after(async () => {
  await browser?.close();
  const code = await server?.stop();
  rmSync(tables, { recursive: true, force: true });
  assert.equal(code, 0, 'the server stops cleanly');
  assert.deepEqual(errors, [], 'no script errors in the page');
});

// White: king and both rooks unmoved, a pawn one step from promotion; Black: a bare king.
const CASTLE_AND_PROMOTE = '/25:1P2/15:k7/3:R2R/1:1K/ w RKR- - 0 1';

test("C'escacs against the engine: a castling chosen among the rook placements, then a promotion", async () => {
  await newGame(page, { variant: 'cescacs', opponent: 'engine', colour: 'white', level: 1, movetime: 300,
    position: CASTLE_AND_PROMOTE });
  await clickMove(page, 'G1', 'H6');
  const chooser = page.locator('#chooser');
  await chooser.waitFor();
  const offered = await chooser.locator('button[data-move]').evaluateAll((bs) => bs.map((b) => b.dataset.move));
  for (const c of ['KRK-HIO', 'KRK-HIOO', 'KRK-HH', 'KRK-HG', 'KRD-HH', 'KRD-HG', 'KRR-HIH', 'KRR-HGG', 'KG1-H6'])
    assert.ok(offered.includes(c), `castling chooser offers ${c}: ${offered}`);
  // Hovering previews the rooks' places as ghost men.
  await chooser.locator('button[data-move="KRK-HIO"]').hover();
  assert.ok(await page.locator('g.man.ghost').count() >= 2, 'castling preview drawn');
  await chooser.locator('button[data-move="KRK-HIO"]').click();
  await waitForMoves(page, 2);
  assert.equal(await moves(page).first().textContent(), 'KRK-HIO');
  // Promotion: only the captured (regainable) pieces are offered; no rook, both are on the board.
  await clickMove(page, 'E25', 'E27');
  await chooser.waitFor();
  const promos = await chooser.locator('button[data-move]').evaluateAll((bs) => bs.map((b) => b.dataset.move).sort());
  assert.deepEqual(promos, ['E25-E27=D', 'E25-E27=G', 'E25-E27=J', 'E25-E27=N', 'E25-E27=V']);
  await chooser.locator('button[data-move="E25-E27=D"]').click();
  await waitForMoves(page, 4);
  assert.match(await moves(page).nth(2).textContent(), /^E25-E27=D/);
  assert.equal(await page.locator('g.man[data-piece="D"]').count(), 1, 'the new queen stands on the board');
});

test('Gliński against the engine, played to checkmate', async () => {
  await newGame(page, { variant: 'glinski', opponent: 'engine', colour: 'white', level: 1, movetime: 300,
    position: 'k/3/5/7/9/11/11/4Q6/11/11/4R1K4 w - 0 1' });
  await clickMove(page, 'e4', 'e10');
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('checkmate'));
  assert.equal(await page.locator('#status').textContent(), 'White wins by checkmate, 1-0');
  assert.equal(await moves(page).first().textContent(), 'Qe10#');
});

// McCooey's game comes to the page from the variant table alone (GET /api/variants).
test('McCooey against the engine: the centre pawn steps once, the engine answers', async () => {
  await newGame(page, { variant: 'mccooey', opponent: 'engine', colour: 'white', level: 1, movetime: 300 });
  assert.equal(await page.locator('polygon.hex').count(), 91, 'the 91-hex board');
  await cell(page, 'f4').click();
  const dests = await page.locator('circle.dest').evaluateAll((cs) => cs.map((c) => c.dataset.cell));
  assert.equal(dests.length, 1, `the centre pawn has one step, no double step: ${dests}`);
  await cell(page, 'f5').click();
  await waitForMoves(page, 2);
  assert.equal(await moves(page).first().textContent(), 'f5');
});

test('an illegal move is refused, a legal one played', async () => {
  await newGame(page, { variant: 'cescacs', opponent: 'human' });
  await clickMove(page, 'E7', 'E19');   // no pawn goes six lines
  await clickMove(page, 'E7', 'F14');
  assert.equal(await moves(page).count(), 0, 'nothing played');
  // Dragging to an illegal hex leaves the man where it was.
  await cell(page, 'E7').hover();
  await page.mouse.down();
  await cell(page, 'E15').hover();
  await cell(page, 'E17').hover();
  await page.mouse.up();
  assert.equal(await moves(page).count(), 0, 'nothing played by the drag');
  // The server refuses it too, with a JSON error.
  const id = await page.evaluate(() => location.hash.split('/').pop());
  const res = await page.evaluate(async (gid) => {
    const token = JSON.parse(localStorage.getItem(`hexchess.seats.${gid}`)).white;
    const r = await fetch(`/api/games/${gid}/moves`,
      { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ move: 'E7-E19' }) });
    return { status: r.status, body: await r.json() };
  }, id);
  assert.equal(res.status, 422);
  assert.match(res.body.error, /illegal move/);
  // A legal drag plays.
  await cell(page, 'E7').hover();
  await page.mouse.down();
  await cell(page, 'E11').hover();
  await cell(page, 'E13').hover();
  await page.mouse.up();
  await waitForMoves(page, 1);
  assert.equal(await moves(page).first().textContent(), 'E7-E13');
});

test('reloading the page resumes the game', async () => {
  const hash = await page.evaluate(() => location.hash);
  await page.reload();
  await waitForMoves(page, 1);
  assert.equal(await page.evaluate(() => location.hash), hash);
  assert.equal(await moves(page).first().textContent(), 'E7-E13');
  assert.match(await page.locator('#status').textContent(), /^Black to move/);
  await clickMove(page, 'E21', 'E15');
  await waitForMoves(page, 2);
  // My games lists it.
  await page.click('#nav-games');
  await page.waitForSelector('#games-body tr');
  const id = hash.split('/').pop();
  assert.ok(await page.locator(`#games-body a[href="#/game/${id}"]`).count() === 1, 'listed in My games');
  await page.click(`#games-body a[href="#/game/${id}"]`);
  await waitForMoves(page, 2);
});

test('export a record and import records (upload and paste)', async () => {
  await page.locator('#io-panel summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#record-download')]);
  const file = await download.path();
  const text = readFileSync(file, 'utf8');
  assert.match(text, /\[Variant "C'escacs"\]/);
  assert.match(text, /E7-E13, E21-E15/);
  assert.match(download.suggestedFilename(), /\.ctl-pgn$/);
  const before = await page.evaluate(() => location.hash);
  await page.setInputFiles('#record-upload', file);
  await page.waitForFunction((h) => location.hash !== h, before);
  await waitForMoves(page, 2);
  assert.equal(await moves(page).nth(1).textContent(), 'E21-E15');
  await page.locator('#io-panel summary').click().catch(() => {});
  await importPasted(page, '[Variant "Glinski"]\n[White "A"]\n[Black "B"]\n\n1. f6 e5 2. Nd1-f4 *\n', 3);
  assert.deepEqual(await moves(page).allTextContents(), ['f6', 'e5', 'Ndf4']);
  // The position field shows the FEN of the viewed move.
  assert.match(await page.inputValue('#pos-text'), / b - 1 2$/);
  // What the reader passed over is shown after the import, a line each.
  await importPasted(page, '[variant "Glinski"]\n\n1. f6 e5 (1-0)\n', 2);
  const toast = page.locator('#error.info');
  await toast.waitFor();
  assert.deepEqual((await toast.innerText()).split('\n').slice(1), [
    "line 1: the label 'variant' is read as 'Variant'",
    "line 3: the result (1-0) is written in parentheses: read as the game's result",
  ]);
  // It goes by itself (the tests after this one want no toast).
  await toast.waitFor({ state: 'hidden', timeout: 10000 });
});

// ---- the bugs of issue #12 §1, each found in the browser ----

// Requests the page sends to the game API while `during` runs, as "METHOD path".
/* Pastes a record into the import panel (opened if closed), imports it, and waits for the new
 * game's page and its moves. */
async function importPasted(page, text, moveCount) {
  if (!(await page.locator('#io-panel').evaluate((d) => d.open))) await page.locator('#io-panel summary').click();
  await page.fill('#record-paste', text);
  const before = await page.evaluate(() => location.hash);
  await page.click('#record-import');
  await page.waitForFunction((h) => location.hash !== h, before);
  await waitForMoves(page, moveCount);
}

async function requestsDuring(during) {
  const seen = [];
  const log = (r) => { if (r.url().includes('/api/games')) seen.push(`${r.method()} ${new URL(r.url()).pathname}`); };
  page.on('request', log);
  try { await during(); } finally { page.off('request', log); }
  return seen;
}

const gameId = () => page.evaluate(() => location.hash.split('/').pop());
const cellIndex = (name) => cell(page, name).getAttribute('data-cell');

const chooserMoves = () => page.locator('#chooser button[data-move]')
  .evaluateAll((bs) => bs.map((b) => b.dataset.move).sort());

test('Stop ends an analysis: the button says Analyse again and the page stops polling', async () => {
  await newGame(page, { variant: 'glinski', opponent: 'human' });
  await page.locator('#analysis-panel summary').click();
  await page.click('#analyse');
  await page.waitForFunction(() => /depth \d/.test(document.getElementById('analysis').textContent));
  assert.equal(await page.textContent('#analyse'), 'Stop');
  await page.click('#analyse');
  await page.waitForFunction(() => document.getElementById('analyse').textContent === 'Analyse', null, { timeout: 3000 });
  const polls = await requestsDuring(() => page.waitForTimeout(1200));
  assert.deepEqual(polls, [], 'no polling once the analysis is stopped');
});

test('an awaiting pawn promotes once: tapping it opens the chooser, one move is sent, no error', async () => {
  await newGame(page, { variant: 'cescacs', position: '/27:P1/15:1k6/1:1K/ w - - 0 1' });
  assert.match(await page.textContent('#banner'), /awaits promotion/);
  assert.equal(await page.locator('g.badge.awaiting[data-cell]').count(), 1, 'the awaiting pawn is marked');
  const sent = await requestsDuring(async () => {
    await cell(page, 'E27').click();
    await page.locator('#chooser').waitFor();
    assert.deepEqual(await chooserMoves(), ['E27=D', 'E27=G', 'E27=J', 'E27=N', 'E27=R', 'E27=V']);
    assert.match(await page.textContent('#chooser-note'), /awaiting promotion/);
    await page.click('#chooser button[data-move="E27=V"]');
    await waitForMoves(page, 1);
    await page.waitForTimeout(300);
  });
  assert.deepEqual(sent.filter((r) => r.startsWith('POST')), [`POST /api/games/${await gameId()}/moves`],
    'one move sent');
  assert.ok(await page.locator('#error').isHidden(), 'no error shown');
  assert.equal(await moves(page).first().textContent(), 'E27=V');
});

test('a single possible promotion, and "await", are asked, explained and marked', async () => {
  // Only the queen is regainable: the chooser still asks.
  await newGame(page, { variant: 'cescacs', position: '/25:1P2/15:1k6/6:3J3/4:2J2/3:RNNR/2:GJG/1:1K/0:V/ w - - 0 1' });
  await clickMove(page, 'E25', 'E27');
  await page.locator('#chooser').waitFor();
  assert.deepEqual(await chooserMoves(), ['E25-E27=D']);
  assert.equal(await moves(page).count(), 0, 'nothing played before the choice');
  await page.click('#chooser-cancel');
  assert.ok(await page.locator('#chooser').isHidden());
  assert.equal(await moves(page).count(), 0, 'cancelled: nothing played');
  // Nothing regainable (the lost bishop's colour is not the hex's): "await" is offered and explained.
  await newGame(page, { variant: 'cescacs', position: '/25:1P2/15:1k6/6:3J3/3:RNNR/2:GJG/1:DK/0:V/ w - - 0 1' });
  await clickMove(page, 'E25', 'E27');
  await page.locator('#chooser').waitFor();
  assert.deepEqual(await chooserMoves(), ['E25-E27=&']);
  assert.match(await page.textContent('#chooser-note'), /waits on the last line/);
  await page.click('#chooser button[data-move="E25-E27=&"]');
  await waitForMoves(page, 1);
  assert.equal(await page.locator(`g.badge.awaiting[data-cell="${await cellIndex('E27')}"]`).count(), 1,
    'the awaiting pawn is marked on the board');
});

test("where the tables hold the position, the hint and the analysis give the tables' verdict", async () => {
  // White mates in 8 (15 plies, as `hexchess tb probe` says) starting with Ke3.
  await newGame(page, { variant: 'glinski', opponent: 'human', position: '1/3/5/7/9/5k5/11/11/11/11/3K2Q4 w - 0 1' });
  if (!(await page.locator('#analysis-panel').evaluate((d) => d.open))) await page.locator('#analysis-panel summary').click();
  await page.click('#hint');
  await page.waitForFunction(() => /Hint: /.test(document.getElementById('analysis').textContent));
  assert.equal(await page.textContent('#analysis .line'), 'Hint: 1. Ke3 (tablebase: mate in 8)');
  await page.click('#analyse');
  await page.waitForSelector('#analysis .tablebase');
  assert.equal(await page.textContent('#analysis .tablebase'), 'tablebase: mate in 8');
  if ((await page.textContent('#analyse')) === 'Stop') await page.click('#analyse');
});

test("analysis and hints are written in the game's notation, for the viewed position and finished games", async () => {
  await newGame(page, { variant: 'glinski', opponent: 'human' });
  await clickMove(page, 'f5', 'f6');
  await clickMove(page, 'e7', 'e6');
  await waitForMoves(page, 2);
  if (!(await page.locator('#analysis-panel').evaluate((d) => d.open))) await page.locator('#analysis-panel summary').click();
  await page.click('#hint');
  await page.waitForFunction(() => /Hint: 2\. /.test(document.getElementById('analysis').textContent));
  const hint = await page.textContent('#analysis .line');
  assert.doesNotMatch(hint, /[a-l]\d+[a-l]\d+/, `no coordinate moves: ${hint}`);
  // The viewed position is the one analysed: back to the start, White's first move is weighed.
  await page.click('#nav-first');
  const sent = await requestsDuring(async () => {
    await page.click('#analyse');
    await page.waitForFunction(() => /Best line: 1\. \S+/.test(document.getElementById('analysis').textContent));
  });
  assert.ok(sent.includes(`POST /api/games/${await gameId()}/analysis`));
  const line = await page.textContent('#analysis .line');
  assert.doesNotMatch(line, /[a-l]\d+[a-l]\d+/, `the line in notation: ${line}`);
  assert.match(line, /^Best line: 1\. \S+ \S+ 2\. /, `numbered as moves: ${line}`);
  assert.ok(await page.locator('#evalbar').isVisible(), 'the bar shows for the viewed position');
  // With the analysis on, even once its search has ended, viewing another move analyses that
  // position; the bar follows the board's flip.
  await page.waitForFunction(() => !document.getElementById('analysis').textContent.includes('…'));
  assert.equal(await page.textContent('#analyse'), 'Stop', 'the analysis stays on');
  await page.click('#nav-next');
  await page.waitForFunction(() => /Best line: 1… /.test(document.getElementById('analysis').textContent));
  assert.equal(await page.locator('#evalbar.white-above').count(), 0);
  await page.click('#flip');
  assert.equal(await page.locator('#evalbar.white-above').count(), 1, 'flipped: White above');
  await page.click('#flip');
  if ((await page.textContent('#analyse')) === 'Stop') await page.click('#analyse');
  await page.click('#nav-last');
  // A finished game can be analysed.
  await page.click('#resign');
  await page.click('#resign.confirming');
  await page.waitForFunction(() => document.getElementById('status').textContent.includes('resign'));
  assert.ok(await page.locator('#analyse').isEnabled(), 'Analyse works on a finished game');
  await page.click('#analyse');
  await page.waitForFunction(() => /Best line: 2\. /.test(document.getElementById('analysis').textContent));
  if ((await page.textContent('#analyse')) === 'Stop') await page.click('#analyse');
});

test('an imported game is played by whom the player chooses', async () => {
  await newGame(page, { variant: 'glinski', opponent: 'human' });
  if (!(await page.locator('#io-panel').evaluate((d) => d.open))) await page.locator('#io-panel summary').click();
  await page.fill('#record-paste', '[Variant "Glinski"]\n\n1. f6 e5 *\n');
  await page.selectOption('#import-players', 'engine-black');
  assert.ok(await page.locator('#import-level').isVisible(), 'the engine strength is asked');
  await page.fill('#import-level', '2');
  const before = await page.evaluate(() => location.hash);
  await page.click('#record-import');
  await page.waitForFunction((h) => location.hash !== h, before);
  await waitForMoves(page, 2);
  const g = await page.evaluate(async (id) => (await fetch(`/api/games/${id}?key=${localStorage.getItem(`hexchess.watch.${id}`)}`)).json(),
    await gameId());
  assert.deepEqual([g.white, g.black, g.level], ['human', 'engine', 2]);
  assert.match(await page.textContent('#player-top'), /Black — Engine · level 2/);
  assert.match(await page.textContent('#player-bottom'), /White — You/);
  await page.selectOption('#import-players', 'human');
});

test('labels on one line, player bars, move numbers, check marks explained, dots that show', async () => {
  await newGame(page, { variant: 'cescacs', opponent: 'human' });
  // Labels of the dialogs and panels do not break a sentence over lines.
  if (!(await page.locator('#io-panel').evaluate((d) => d.open))) await page.locator('#io-panel summary').click();
  await page.selectOption('#import-players', 'engine-black');
  await page.click('#nav-new');
  await page.locator('#new-form input[name=opponent][value=engine]').check();
  // The lines a label's words take: the boxes before its control, told apart by their tops.
  const labelLines = () => page.locator('label.field').evaluateAll((labels) => labels
    .filter((l) => l.getClientRects().length > 0)
    .map((l) => {
      const range = document.createRange();
      range.setStart(l, 0);
      range.setEndBefore(l.querySelector('.inline, input, select, textarea'));
      const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top).sort((a, b) => a - b);
      return [l.textContent.trim().slice(0, 40), tops.filter((t, i) => i === 0 || t - tops[i - 1] > 8).length];
    }));
  for (const [label, lines] of await labelLines()) assert.equal(lines, 1, `one line: ${label}`);
  await page.click('#new-form button[value=cancel]');
  await page.selectOption('#import-players', 'human');
  // Two people on one screen: the bars name each side once.
  assert.equal(await page.textContent('#player-top .name'), 'Black');
  assert.equal(await page.textContent('#player-bottom .name'), 'White');
  // Viewing an earlier position counts moves, not plies: ply 3 is White's second move.
  for (const [from, to] of [['E7', 'E13'], ['E21', 'E15'], ['F8', 'F12'], ['F20', 'F16']]) await clickMove(page, from, to);
  await waitForMoves(page, 4);
  await page.click('#nav-prev');
  assert.match(await page.textContent('#status'), /viewing move 2 \(White's\) of 2/);
  await page.click('#nav-last');
  // A check: its mark is explained by a tooltip and in the legend.
  await newGame(page, { variant: 'glinski', opponent: 'human', position: 'k/3/5/7/9/11/11/4Q6/11/11/4R1K4 w - 0 1' });
  await clickMove(page, 'e4', 'f6');
  await waitForMoves(page, 1);
  const mv = moves(page).first();
  assert.match(await mv.textContent(), /\+$/);
  assert.match(await mv.getAttribute('title'), /check/);
  assert.match(await page.textContent('#legend'), /\+ check/);
  // The game's name is the server's title, everywhere the page shows it.
  const titles = await page.evaluate(async () => (await (await fetch('/api/variants')).json()).map((v) => v.title));
  const offered = await page.locator('#variant-set label').allTextContents();
  assert.deepEqual(offered.map((t) => t.trim()), titles);
  // Destination dots stand on a pale halo, so that they show on dark hexes.
  await newGame(page, { variant: 'cescacs', opponent: 'human' });
  await cell(page, 'E7').click();
  assert.ok(await page.locator('circle.dest-halo').count() > 0);
  assert.equal(await page.locator('circle.dest-halo').count(), await page.locator('circle.dest').count());
});

test('take-back on one screen and against the engine; a move made elsewhere is pushed to the page', async () => {
  const exactly = (n) => page.waitForFunction((k) => document.querySelectorAll('#movelist .mv[data-ply]').length === k,
    n, { timeout: 20000 });
  await newGame(page, { variant: 'glinski', opponent: 'human' });
  await clickMove(page, 'f5', 'f6');
  await clickMove(page, 'e7', 'e6');
  await exactly(2);
  // The page holds both seats: Black asks, White agrees at once.
  await page.click('#undo');
  await exactly(1);
  // Black's move from another client, with Black's token: the page hears of it.
  const id = await page.evaluate(() => location.hash.split('/').pop());
  const tokens = await page.evaluate((gid) => JSON.parse(localStorage.getItem(`hexchess.seats.${gid}`)), id);
  const res = await fetch(`${server.url}api/games/${id}/moves`, {
    method: 'POST', headers: { Authorization: `Bearer ${tokens.black}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ move: 'b7b6' }),
  });
  assert.equal(res.status, 200);
  await exactly(2); // no reload: the event stream brought it
  await newGame(page, { variant: 'glinski', opponent: 'engine', colour: 'white', level: 1, movetime: 300 });
  await clickMove(page, 'f5', 'f6');
  await exactly(2);
  await page.click('#undo');
  await exactly(0);
});

test('a game deleted elsewhere: the page watching it is told, and stops following it', async () => {
  await newGame(page, { variant: 'glinski', opponent: 'human' });
  const id = await gameId();
  const watcher = await browser.context.newPage();
  watcher.on('pageerror', (e) => errors.push(e.message));
  await watcher.goto(`${server.url}#/game/${id}`);
  await watcher.waitForSelector('polygon.hex');
  // Both pages follow the game: the watcher's stream is open before the deletion.
  await page.waitForFunction(async () => (await (await fetch('/api/health')).json()).streams >= 2);
  await page.click('#nav-games');
  await page.locator(`#games-body tr:has(a[href="#/game/${id}"]) button`).click();
  await page.locator(`#games-body tr:has(a[href="#/game/${id}"]) button.confirming`).click();
  await page.locator(`#games-body a[href="#/game/${id}"]`).waitFor({ state: 'detached' });
  const toast = watcher.locator('#error.info');
  await toast.waitFor();
  assert.equal(await toast.textContent(), 'This game was deleted.');
  await page.waitForFunction(async () => (await (await fetch('/api/health')).json()).streams === 0);
  await watcher.close();
});
