// End-to-end tests of the web app: real games in headless chromium against `hexchess serve`.
// Run by tests/e2e/run.sh BUILD_DIR (HEXCHESS points to the program).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, startBrowser, newGame, cell, moves, clickMove, waitForMoves } from './harness.mjs';

let server, browser, page;
const errors = [];

before(async () => {
  server = await startServer(process.env.HEXCHESS);
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
      { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: JSON.stringify({ move: 'E7-E19' }) });
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
  if (!(await page.locator('#io-panel').evaluate((d) => d.open))) await page.locator('#io-panel summary').click();
  await page.fill('#record-paste', '[Variant "Glinski"]\n[White "A"]\n[Black "B"]\n\n1. f6 e5 2. Nd1-f4 *\n');
  const mid = await page.evaluate(() => location.hash);
  await page.click('#record-import');
  await page.waitForFunction((h) => location.hash !== h, mid);
  await waitForMoves(page, 3);
  assert.deepEqual(await moves(page).allTextContents(), ['f6', 'e5', 'Ndf4']);
  // The position field shows the FEN of the viewed move.
  assert.match(await page.inputValue('#pos-text'), / b - 1 2$/);
});
