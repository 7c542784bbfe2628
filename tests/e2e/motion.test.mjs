// The board in motion, its sounds and the end of a game, on a desktop and on a 390x844 phone: men
// slide (castling's rook too, back through the move list, a capture fading), none with reduced
// motion; the mute switch is kept; the result card after a resignation and a checkmate; resigning
// in two presses; premoves played, cancelled and dropped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, DEVICES, newGame, cell, moves, waitForMoves } from './harness.mjs';

const s = suite();

async function api(method, path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${s.server.url}api/${path}`, { method, headers, body: body && JSON.stringify(body) });
  assert.ok(res.ok, `${method} ${path}: ${res.status}`);
  return res.json();
}

const press = (page, locator) => (page.touch ? locator.tap() : locator.click());
const hex = (page, name) => press(page, cell(page, name));

// Each sound the page makes counts its oscillators in window.tones, and what the player's own clock
// showed then in window.toneClocks.
function countTones() {
  window.tones = 0;
  window.toneClocks = [];
  const made = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (...a) {
    window.tones++;
    window.toneClocks.push(document.querySelector('#player-bottom .clock')?.textContent);
    return made.apply(this, a);
  };
}

// A page of device showing a new game of two people (spec: POST /api/games) of which it holds
// only `seat`'s token; returns { page, game } (game.tokens holds both).
async function seated(device, name, spec, seat) {
  const game = await api('POST', 'games', { white: 'human', black: 'human', ...spec });
  const page = await s.openPage(device, name);
  await page.context().addInitScript(countTones);
  await page.context().addInitScript(([id, held]) => localStorage.setItem(`hexchess.seats.${id}`, JSON.stringify(held)),
    [game.id, { [seat]: game.tokens[seat] }]);
  await page.goto(`${s.server.url}#/game/${game.id}`);
  await page.waitForSelector('svg.board');
  return { page, game };
}

// What moves on the board from now until the men are still again: for each man that slides, its
// hex and the offsets (CSS translate, in board units) seen frame by frame; the hexes of men fading.
function watchMotion(page) {
  return page.evaluate(() => new Promise((done) => {
    const start = performance.now(), slides = {}, fading = new Set();
    let seen = false;
    const frame = () => {
      let running = false;
      for (const m of document.querySelectorAll('#board g.man')) {
        if (!m.getAnimations().some((a) => a.playState === 'running')) continue;
        running = true;
        if (m.classList.contains('fading')) fading.add(m.dataset.cell);
        const offset = getComputedStyle(m).translate;
        if (offset !== 'none') (slides[m.dataset.cell] ||= []).push(offset);
      }
      seen ||= running;
      if ((seen && !running) || performance.now() - start > 4000) done({ slides, fading: [...fading] });
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }));
}

const cellIndex = (page, name) => cell(page, name).getAttribute('data-cell');
// The offset of a man (CSS translate "Xpx Ypx") as a distance.
const length = (offset) => Math.hypot(...offset.split(' ').map(parseFloat));

// A slide seen for the man now on hex `to`: moving towards its place, then resting there.
async function assertSlid(page, motion, to, what) {
  const seen = motion.slides[await cellIndex(page, to)];
  assert.ok(seen && seen.length > 0, `${what}: the man on ${to} slides (${JSON.stringify(motion)})`);
  assert.ok(length(seen[0]) > 0, `${what}: it starts away from ${to}`);
  for (let i = 1; i < seen.length; i++) assert.ok(length(seen[i]) <= length(seen[i - 1]), `${what}: it nears ${to}: ${seen}`);
  const rest = await page.locator(`#board g.man[data-cell="${await cellIndex(page, to)}"]:not(.ghost)`)
    .evaluate((m) => getComputedStyle(m).translate);
  assert.equal(rest, 'none', `${what}: it rests on ${to}`);
}

const CASTLE = '/25:1P2/15:k7/3:R2R/1:1K/ w RKR- - 0 1';
const MATE_IN_ONE = 'k/3/5/7/9/11/11/4Q6/11/11/4R1K4 w - 0 1';

for (const [device, size] of [['desktop', DEVICES.desktop], ['phone', DEVICES.phone]]) {
  test(`${device}: men slide — a move, the opponent's, back through the list, a capture fading, castling's rook`, async () => {
    const { page, game } = await seated(size, device, { variant: 'glinski' }, 'white');
    let motion = watchMotion(page);
    await hex(page, 'f5');
    await hex(page, 'f6');
    await assertSlid(page, await motion, 'f6', 'my move');
    // The opponent's move comes by the stream, and slides too.
    motion = watchMotion(page);
    await api('POST', `games/${game.id}/moves`, { move: 'e7e6' }, game.tokens.black);
    await waitForMoves(page, 2);
    await assertSlid(page, await motion, 'e6', "the opponent's move");
    // Back one move: the man slides back where it stood.
    motion = watchMotion(page);
    await press(page, page.locator('#nav-prev'));
    await assertSlid(page, await motion, 'e7', 'a step back');
    await press(page, page.locator('#nav-last'));
    // A capture: the man taken fades under the one taking it.
    await hex(page, 'f6');
    await hex(page, 'e6');
    await waitForMoves(page, 3);
    await press(page, page.locator('#nav-prev'));
    await page.waitForTimeout(400);
    motion = watchMotion(page);
    await press(page, page.locator('#nav-next'));
    const taking = await motion;
    await assertSlid(page, taking, 'e6', 'a capture');
    assert.ok(taking.fading.length === 1, `the man taken fades: ${JSON.stringify(taking)}`);

    // C'escacs castling: the king and its rooks slide to their hexes.
    const castle = await seated(size, `${device} castling`, { variant: 'cescacs', position: CASTLE }, 'white');
    motion = watchMotion(castle.page);
    await hex(castle.page, 'G1');
    await hex(castle.page, 'H6');
    // A tap previews a choice, a second plays it; a click plays it at once.
    const choice = castle.page.locator('#chooser button[data-move="KRR-HIH"]');
    await press(castle.page, choice);
    if (castle.page.touch) await press(castle.page, choice);
    const castling = await motion;
    await assertSlid(castle.page, castling, 'H6', 'the king');
    assert.equal(Object.keys(castling.slides).length, 3, `the king and both rooks slide: ${JSON.stringify(castling)}`);
    await castle.page.context().close();
    await page.context().close();
  });

  test(`${device}: with reduced motion the men jump`, async () => {
    const { page } = await seated({ ...size, reducedMotion: 'reduce' }, `${device} reduced`, { variant: 'glinski' }, 'white');
    const motion = watchMotion(page);
    await hex(page, 'f5');
    await hex(page, 'f6');
    await waitForMoves(page, 1);
    assert.deepEqual(await motion, { slides: {}, fading: [] });
    await page.context().close();
  });

  test(`${device}: a move sounds, the mute switch silences it and is kept over a reload`, async () => {
    const { page } = await seated(size, `${device} sound`, { variant: 'glinski' }, 'white');
    const mute = page.locator('#mute');
    assert.equal(await mute.getAttribute('aria-pressed'), 'false');
    assert.equal(await mute.getAttribute('aria-label'), 'Mute sounds');
    await hex(page, 'f5');
    await hex(page, 'f6');
    await waitForMoves(page, 1);
    await page.waitForFunction(() => window.tones > 0);
    await press(page, mute);
    assert.equal(await mute.getAttribute('aria-pressed'), 'true');
    const before = await page.evaluate(() => window.tones);
    await press(page, page.locator('#nav-prev'));
    await press(page, page.locator('#nav-next'));
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.tones), before, 'muted: no sound');
    await page.reload();
    await page.waitForSelector('svg.board');
    assert.equal(await mute.getAttribute('aria-pressed'), 'true', 'still muted after a reload');
    assert.equal(await page.evaluate(() => localStorage.getItem('hexchess.muted')), '1');
    await page.context().close();
  });

  test(`${device}: the player's own clock under ten seconds sounds once`, async () => {
    const { page } = await seated(size, `${device} low time`,
      { variant: 'mccooey', moves: ['f4f5', 'f8f7'], time_base: 14000 }, 'white');
    await page.waitForFunction(() => window.tones > 0);
    // The clock shows tenths under ten seconds (0:09.9), and may not have turned yet (0:10).
    const clocks = await page.evaluate(() => window.toneClocks);
    assert.match(clocks[0], /^0:(0\d\.\d|10)$/, `the warning comes under ten seconds: ${clocks}`);
    const beeps = clocks.length;
    await page.waitForTimeout(1500);
    assert.equal(await page.evaluate(() => window.tones), beeps, 'once');
    await page.context().close();
  });

  test(`${device}: resigning takes two presses; the result card tells the loser, and offers what next`, async () => {
    const { page, game } = await seated(size, `${device} resign`, { variant: 'glinski', moves: ['f5f6'] }, 'white');
    const resign = page.locator('#resign');
    await press(page, resign);
    assert.equal(await resign.textContent(), 'Confirm resign?');
    // Left alone, the question goes away and nothing happens.
    await page.waitForFunction(() => document.getElementById('resign').textContent === 'Resign', null, { timeout: 5000 });
    assert.equal((await api('GET', `games/${game.id}`, undefined, game.tokens.white)).status, 'ongoing');
    await press(page, resign);
    await press(page, page.locator('#resign.confirming'));
    const card = page.locator('#result-card');
    await card.waitFor();
    assert.equal(await page.textContent('#result-title'), 'You lost by resignation');
    assert.equal(await page.textContent('#result-score'), '0-1');
    assert.deepEqual(await card.locator('.btn-row button:visible').allTextContents(),
      ['Rematch (colours swapped)', 'New game', 'Analyse']);
    const box = await card.boundingBox(), view = page.viewportSize();
    assert.ok(box.x >= 0 && box.x + box.width <= view.width, 'the card fits the screen');
    // Analyse: the card goes, the analysis runs.
    await press(page, page.locator('#result-analyse'));
    await card.waitFor({ state: 'hidden' });
    await page.waitForFunction(() => /depth \d/.test(document.getElementById('analysis').textContent));
    await page.context().close();
  });

  test(`${device}: checkmate brings the winner's card; New game opens the dialog`, async () => {
    const { page } = await seated(size, `${device} mate`, { variant: 'glinski', position: MATE_IN_ONE }, 'white');
    await hex(page, 'e4');
    await hex(page, 'e10');
    await page.locator('#result-card').waitFor();
    assert.equal(await page.textContent('#result-title'), 'You won by checkmate');
    assert.equal(await page.textContent('#result-score'), '1-0');
    await press(page, page.locator('#result-new'));
    await page.waitForSelector('#new-dialog[open]');
    assert.ok(await page.locator('#result-card').isHidden());
    await page.context().close();
  });

  test(`${device}: a premove is played when the turn comes; a tap elsewhere cancels one, an illegal one is dropped`, async () => {
    const { page, game } = await seated(size, `${device} premove`, { variant: 'glinski', moves: ['f5f6'] }, 'white');
    const marks = page.locator('#board .mark.premove');
    const black = (move) => api('POST', `games/${game.id}/moves`, { move }, game.tokens.black);
    // Black to move: White queues c2-c3, shown on the board.
    await hex(page, 'c2');
    await hex(page, 'c3');
    assert.equal(await marks.count(), 2, 'the premove is marked');
    await black('e7e6');
    await waitForMoves(page, 3);
    assert.equal(await moves(page).nth(2).textContent(), 'c3');
    assert.equal(await marks.count(), 0);
    // Another, cancelled by a tap on an empty hex: Black's move comes and nothing is played.
    await page.waitForFunction(() => /^Black to move/.test(document.getElementById('status').textContent));
    await hex(page, 'b1');
    await hex(page, 'b2');
    assert.equal(await marks.count(), 2);
    await hex(page, 'h4');
    assert.equal(await marks.count(), 0, 'cancelled');
    await black('g7g6');
    await waitForMoves(page, 4);
    await page.waitForTimeout(500);
    assert.equal(await moves(page).count(), 4, 'nothing played');
    // An illegal one (a pawn three hexes on) is dropped when the turn comes.
    await hex(page, 'c3');
    await hex(page, 'c4');
    await waitForMoves(page, 5);
    await page.waitForFunction(() => /^Black to move/.test(document.getElementById('status').textContent));
    await hex(page, 'd3');
    await hex(page, 'd6');
    assert.equal(await marks.count(), 2);
    await black('b7b6');
    await waitForMoves(page, 6);
    await page.waitForTimeout(500);
    assert.equal(await moves(page).count(), 6, 'the illegal premove is not played');
    assert.equal(await marks.count(), 0, 'and no longer shown');
    await page.context().close();
  });
}
