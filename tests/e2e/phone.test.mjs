// The page on a phone (issue #12 §4), at 390x844 and 360x740 with touch, and on a desktop:
// the board's share of the screen, nothing wider than the screen, taps that never scroll, choosers
// inside the viewport, castling by tap alone, touch drag. Run by tests/e2e/run.sh BUILD_DIR.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, startBrowser, DEVICES, cell, moves, waitForMoves } from './harness.mjs';

let server, browser;
const errors = [];

before(async () => {
  server = await startServer(process.env.HEXCHESS);
  browser = await startBrowser();
});

after(async () => {
  await browser?.close();
  assert.equal(await server?.stop(), 0, 'the server stops cleanly');
  assert.deepEqual(errors, [], 'no script errors in the page');
});

async function api(method, path, body) {
  const res = await fetch(`${server.url}api/${path}`, {
    method, headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body),
  });
  return res.json();
}

// A game between two people on one screen, from a position and moves, opened in the page.
async function openGame(page, spec) {
  const g = await api('POST', 'games', { white: 'human', black: 'human', ...spec });
  // The page holds both seats' tokens, as when it creates the game itself.
  await page.addInitScript(([id, tokens]) => localStorage.setItem(`hexchess.seats.${id}`, JSON.stringify(tokens)),
    [g.id, g.tokens]);
  await page.goto(`${server.url}?game=${g.id}#/game/${g.id}`); // a new query: a fresh page, not a hash change
  await page.waitForSelector('svg.board');
  await page.waitForFunction((n) => document.querySelectorAll('#movelist .mv[data-ply]').length === n,
    (spec.moves || []).length);
  return g;
}

const rect = (loc) => loc.evaluate((e) => {
  const r = e.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height };
});
const viewport = (page) => page.evaluate(() => ({ width: innerWidth, height: innerHeight }));
const scrollY = (page) => page.evaluate(() => scrollY);

// Everything within the viewport's width: the page does not scroll sideways.
async function assertNoSideways(page, what) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth, width: innerWidth,
  }));
  assert.ok(scroll <= width, `${what}: the page is ${scroll} px wide in a ${width} px viewport`);
}

async function assertInside(page, loc, what) {
  const r = await rect(loc), v = await viewport(page);
  assert.ok(r.left >= 0 && r.top >= 0 && r.right <= v.width && r.bottom <= v.height,
    `${what} inside the ${v.width}x${v.height} viewport: ${JSON.stringify(r)}`);
}

// White: king and both rooks unmoved, a pawn one step from promotion; Black: a bare king.
const CASTLE_AND_PROMOTE = '/25:1P2/15:k7/3:R2R/1:1K/ w RKR- - 0 1';

for (const [name, device] of Object.entries(DEVICES)) {
  const phone = !!device.hasTouch;
  describe(`${name} ${device.viewport.width}x${device.viewport.height}`, () => {
    let context, page;
    // A tap on a phone, a click on the desktop.
    const press = (loc) => (phone ? loc.tap() : loc.click());

    before(async () => {
      context = await browser.newContext(device);
      page = await context.newPage();
      page.setDefaultTimeout(15000);
      page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
    });
    after(() => context?.close());

    test('the board fills the screen with the player bars beside it, the controls below', async (t) => {
      for (const variant of ['cescacs', 'glinski']) {
        await openGame(page, { variant });
        const v = await viewport(page);
        const board = await rect(page.locator('svg.board'));
        const top = await rect(page.locator('#player-top')), bottom = await rect(page.locator('#player-bottom'));
        // The smaller of the column letters and the line numbers, as drawn on the screen.
        const coord = Math.min(...await page.locator('text.coord').evaluateAll((ts) => ts.map((e) =>
          parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a)));
        t.diagnostic(`${variant}: board ${Math.round(board.width)}x${Math.round(board.height)} px, ` +
          `${(100 * board.width / v.width).toFixed(1)}% of the width, hexes ` +
          `${(await rect(cell(page, variant === 'cescacs' ? 'F14' : 'f6'))).width.toFixed(1)} px across, ` +
          `coordinates ${coord.toFixed(1)} px`);
        if (phone) assert.ok(board.width >= 0.95 * v.width, `board ${board.width} px of ${v.width}`);
        assert.ok(coord >= 9, `coordinates readable: ${coord.toFixed(1)} px`);
        assert.ok(board.top >= 0 && board.bottom <= v.height, `the whole board in view: ${JSON.stringify(board)}`);
        assert.ok(Math.abs(top.bottom - board.top) < 12 && Math.abs(bottom.top - board.bottom) < 24,
          'the player bars hold the board between them');
        assert.equal(await page.locator('.player-bar .clock').count(), 2, 'a place for each clock');
        const status = await rect(page.locator('#status'));
        const navs = await rect(page.locator('.nav-row'));
        assert.ok(status.bottom <= v.height, 'the status in view with the board');
        assert.ok(navs.top < v.height, 'the move buttons begin on the first screen');
      }
    });

    test('no page is wider than the screen', async () => {
      await openGame(page, { variant: 'cescacs', moves: ['E7-E13', 'E21-E15', 'NG3-H8', 'I23-I17'] });
      for (const panel of ['#analysis-panel', '#io-panel']) await page.locator(`${panel} summary`).click();
      await press(page.locator('#analyse'));
      await page.waitForFunction(() => /depth \d/.test(document.getElementById('analysis').textContent));
      await assertNoSideways(page, 'game page with its panels open');
      await press(page.locator('#analyse'));
      await page.click('#nav-games');
      await page.waitForSelector('#games-body tr');
      await assertNoSideways(page, 'My games');
      const row = await rect(page.locator('#games-body tr').first());
      assert.ok(row.right <= (await viewport(page)).width, 'a game of the list fits the width');
      await page.click('#nav-new');
      await page.locator('#new-form input[name=opponent][value=engine]').check();
      await assertInside(page, page.locator('#new-dialog'), 'the new-game dialog');
      await assertNoSideways(page, 'new-game dialog');
      await page.click('#new-form button[value=cancel]');
    });

    test('tapping men and hexes never scrolls the page', async () => {
      const played = ['E7-E13', 'E21-E15', 'F8-F12', 'F20-F16', 'D6-D10', 'D22-D18', 'H6-H10', 'H22-H18',
        'NG3-H8', 'NG25-H20', 'NE3-D8', 'NE25-D20'];
      await openGame(page, { variant: 'cescacs', moves: played });
      const before = await scrollY(page);
      await press(cell(page, 'I5'));
      assert.ok(await page.locator('circle.dest').count() > 0, 'the man is selected');
      assert.equal(await scrollY(page), before, 'selecting a man does not scroll');
      await press(cell(page, 'I9'));
      await waitForMoves(page, played.length + 1);
      assert.equal(await scrollY(page), before, 'playing a move does not scroll');
      await press(cell(page, 'I23'));
      await press(cell(page, 'I21'));
      await waitForMoves(page, played.length + 2);
      assert.equal(await scrollY(page), before, 'nor does the reply');
    });

    test('choosers open inside the viewport; castling previews on a tap and plays on the second', async () => {
      await openGame(page, { variant: 'cescacs', position: CASTLE_AND_PROMOTE });
      await press(cell(page, 'G1'));
      await press(cell(page, 'H6'));
      const chooser = page.locator('#chooser');
      await chooser.waitFor();
      await assertInside(page, chooser, 'the castling chooser');
      // A tap previews (a pointer previews by hovering); the second tap, or the click, plays.
      const option = chooser.locator('button[data-move="KRK-HIO"]');
      await (phone ? option.tap() : option.hover());
      assert.ok(await page.locator('g.man.ghost').count() >= 2, 'the rooks previewed');
      assert.equal(await moves(page).count(), 0, 'nothing played by the preview');
      await press(option);
      await waitForMoves(page, 1);
      assert.equal(await moves(page).first().textContent(), 'KRK-HIO');
      // Or tap a previewed rook's hex on the board.
      const g = await openGame(page, { variant: 'cescacs', position: CASTLE_AND_PROMOTE });
      const castle = g.legal.find((m) => m.text === 'KRR-HIH');
      const names = (await api('GET', 'variants')).find((v) => v.name === 'cescacs').cells.map((c) => c.name);
      const rookHex = names[castle.rooks[0][1]];
      await press(cell(page, 'G1'));
      await press(cell(page, 'H6'));
      await press(chooser.locator('button[data-move="KRR-HIH"]'));
      await press(cell(page, rookHex));
      await waitForMoves(page, 1);
      assert.equal(await moves(page).first().textContent(), 'KRR-HIH');
      // The promotion chooser, at the far edge of the board (after a move of Black's king).
      const reply = (await api('GET', `games/${g.id}?key=${g.watch_key}`)).legal[0];
      await press(cell(page, names[reply.from]));
      await press(cell(page, names[reply.to]));
      await waitForMoves(page, 2);
      await press(cell(page, 'E25'));
      await press(cell(page, 'E27'));
      await chooser.waitFor();
      await assertInside(page, chooser, 'the promotion chooser');
      await press(chooser.locator('button[data-move="E25-E27=D"]'));
      await waitForMoves(page, 3);
    });

    if (phone) {
      test('a man is dragged with a finger', async () => {
        await openGame(page, { variant: 'cescacs' });
        const centre = async (hex) => {
          const r = await rect(cell(page, hex));
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        };
        const from = await centre('E7'), to = await centre('E13');
        const cdp = await context.newCDPSession(page);
        const touch = (type, p) => cdp.send('Input.dispatchTouchEvent',
          { type, touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y, id: 1 }] });
        await touch('touchStart', from);
        for (let i = 1; i <= 8; i++) {
          await touch('touchMove', { x: from.x + (to.x - from.x) * i / 8, y: from.y + (to.y - from.y) * i / 8 });
        }
        await touch('touchEnd', to);
        await waitForMoves(page, 1);
        assert.equal(await moves(page).first().textContent(), 'E7-E13');
        assert.equal(await scrollY(page), 0, 'dragging does not scroll the page');
      });
    }
  });
}
