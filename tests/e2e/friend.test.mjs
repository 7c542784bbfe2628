// Playing a friend (issue #12 §2, §3, §5): two browser contexts, two "devices" (a desktop and a
// phone), play over the seat links; a third watches. Moves, offers, take-backs, clocks, the flag,
// rematches; and the delay from a move clicked on one screen to the other screen showing it.
// Run by tests/e2e/run.sh BUILD_DIR.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, startBrowser, pageIn, DEVICES, cell, moves, waitForMoves } from './harness.mjs';

let server, browser, desk, phone, watcher;
const errors = [];
let variants;

const openPage = (device, name) => pageIn(browser, device, name, errors);

before(async () => {
  server = await startServer(process.env.HEXCHESS);
  browser = await startBrowser();
  desk = await openPage(DEVICES.desktop, 'desktop');
  phone = await openPage(DEVICES.phone, 'phone');
  watcher = await openPage(DEVICES['small phone'], 'spectator');
  variants = await (await fetch(`${server.url}api/variants`)).json();
  await desk.goto(server.url);
  await desk.waitForSelector('#new-dialog[open]');
});

after(async () => {
  await browser?.close();
  assert.equal(await server?.stop(), 0, 'the server stops cleanly');
  assert.deepEqual(errors, [], 'no script errors in the pages');
});

const press = (page, loc) => (page.touch ? loc.tap() : loc.click());
const play = async (page, from, to) => { await press(page, cell(page, from)); await press(page, cell(page, to)); };
const text = (page, sel) => page.locator(sel).textContent();
const gameId = (page) => page.evaluate(() => Number(location.hash.split('/')[2]));
const statusMatches = (page, re) => page.waitForFunction((src) => new RegExp(src).test(
  document.getElementById('status').textContent), re.source, { timeout: 20000 });

async function assertInside(page, loc, what) {
  const r = await loc.boundingBox();
  const v = page.viewportSize();
  assert.ok(r && r.x >= 0 && r.y >= 0 && r.x + r.width <= v.width && r.y + r.height <= v.height,
    `${what} inside the ${v.width}x${v.height} viewport: ${JSON.stringify(r)}`);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= v.width, `${what}: the page is ${wide} px wide in a ${v.width} px viewport`);
}

// The desktop creates a game for a friend through the dialog; the phone opens the friend's link.
// Returns the watch link.
async function friendGame({ variant, colour, clock = '', minutes, increment }) {
  if (!(await desk.locator('#new-dialog').evaluate((d) => d.open))) await desk.click('#nav-new');
  const f = desk.locator('#new-form');
  await f.locator(`input[name=variant][value=${variant}]`).check();
  await f.locator('input[name=opponent][value=friend]').check();
  await f.locator(`input[name=colour][value=${colour}]`).check();
  await f.locator('#time-control').selectOption(clock);
  if (clock === 'custom') {
    await f.locator('#base-min').fill(String(minutes));
    await f.locator('#increment-s').fill(String(increment));
  }
  await desk.click('#new-start');
  await desk.waitForSelector('#invite', { state: 'visible' });
  const friendColour = colour === 'white' ? 'black' : 'white';
  assert.match(await text(desk, '#invite-text'), new RegExp(`they play ${friendColour}$`, 'i'));
  const link = await desk.inputValue('#invite-link');
  const watch = await desk.inputValue('#watch-link');
  const id = await gameId(desk);
  assert.match(link, new RegExp(`#/game/${id}/${friendColour}/[0-9a-f]{64}$`));
  assert.match(watch, new RegExp(`#/game/${id}/watch/[0-9a-f]{32}$`));
  // The creator keeps only its own seat's token.
  const kept = await desk.evaluate((gid) => JSON.parse(localStorage.getItem(`hexchess.seats.${gid}`)), id);
  assert.deepEqual(Object.keys(kept), [colour]);
  await phone.goto(link);
  await phone.waitForFunction((gid) => location.hash === `#/game/${gid}`, id); // the token left the address
  await phone.waitForSelector('svg.board');
  assert.equal(await text(phone, '#player-bottom .name'), `${friendColour[0].toUpperCase()}${friendColour.slice(1)} — You`);
  return { id, watch };
}

test("C'escacs with a friend on a clock: moves both ways, a spectator, a draw agreed, a rematch", async () => {
  const { id, watch } = await friendGame({ variant: 'cescacs', colour: 'white', clock: '5+3' });
  for (const page of [desk, phone]) {
    assert.deepEqual(await page.locator('.player-bar .clock').allTextContents(), ['5:00', '5:00']);
  }
  await play(desk, 'E7', 'E13');
  await waitForMoves(phone, 1); // no reload: pushed
  assert.equal(await moves(phone).first().textContent(), 'E7-E13');
  // Black's clock runs on both screens, counted down between the server's answers.
  for (const page of [desk, phone]) {
    await page.waitForFunction(() => {
      const c = document.querySelector('.player-bar .clock.running');
      return c && /^4:5\d$/.test(c.textContent);
    });
  }
  // The phone cannot move White's men, and plays Black's with a finger.
  await press(phone, cell(phone, 'F8'));
  assert.equal(await phone.locator('circle.dest').count(), 0, "the friend cannot move White's men");
  await play(phone, 'E21', 'E15');
  await waitForMoves(desk, 2);
  assert.equal(await desk.locator('#invite').isHidden(), true, 'the invitation is gone once both have moved');

  // A spectator by the plain link: told so, no move possible, no players' buttons; moves arrive.
  await watcher.goto(watch);
  await waitForMoves(watcher, 2);
  assert.match(await text(watcher, '#banner'), /Spectating/);
  await assertInside(watcher, watcher.locator('#banner'), 'the spectating banner');
  await press(watcher, cell(watcher, 'F8'));
  assert.equal(await watcher.locator('circle.dest').count(), 0, 'a spectator selects nothing');
  for (const b of ['#undo', '#draw-offer', '#resign']) assert.ok(await watcher.locator(b).isHidden(), `${b} hidden`);
  await play(desk, 'F8', 'F12');
  await waitForMoves(watcher, 3);

  // A draw offer: pending on the desktop, a prompt on the phone, accepted there.
  await desk.click('#draw-offer');
  await statusMatches(desk, /draw offered, waiting for Black/);
  assert.equal(await text(desk, '#draw-offer'), 'Draw offered…');
  assert.ok(await desk.locator('#draw-offer').isDisabled());
  await phone.waitForSelector('#prompt', { state: 'visible' });
  assert.match(await text(phone, '#prompt-text'), /White offers a draw/);
  await assertInside(phone, phone.locator('#prompt'), 'the draw prompt');
  await press(phone, phone.locator('#prompt-yes'));
  for (const page of [desk, phone, watcher]) await statusMatches(page, /^Draw by agreement/);
  assert.ok(await phone.locator('#prompt').isHidden());

  // The rematch: made on the desktop, which now plays Black; the phone is told, joins as White.
  await desk.click('#rematch');
  await desk.waitForFunction((gid) => location.hash !== `#/game/${gid}`, id);
  const rematchId = await gameId(desk);
  await desk.waitForSelector('svg.board');
  await statusMatches(desk, /^White to move/);
  assert.equal(await text(desk, '#player-bottom .name'), 'Black — You');
  await phone.waitForSelector('#prompt', { state: 'visible' });
  assert.match(await text(phone, '#prompt-text'), /you play White/);
  await assertInside(phone, phone.locator('#prompt'), 'the rematch prompt');
  await watcher.waitForSelector('#prompt', { state: 'visible' });
  assert.match(await text(watcher, '#prompt-text'), /rematch/);
  await press(phone, phone.locator('#prompt-yes'));
  await phone.waitForFunction((gid) => location.hash === `#/game/${gid}`, rematchId);
  await phone.waitForSelector('svg.board');
  assert.equal(await text(phone, '#player-bottom .name'), 'White — You');
  assert.deepEqual(await phone.locator('.player-bar .clock').allTextContents(), ['5:00', '5:00'], 'the same clock');
  await play(phone, 'E7', 'E13');
  await waitForMoves(desk, 1);
  await play(desk, 'E21', 'E15');
  await waitForMoves(phone, 2);
});

test('Gliński with a friend: a take-back declined, one allowed, a resignation', async () => {
  await friendGame({ variant: 'glinski', colour: 'black' });
  assert.ok(await desk.locator('.player-bar .clock').first().isHidden(), 'no clock in an untimed game');
  await play(phone, 'f5', 'f6');
  await waitForMoves(desk, 1);
  await play(desk, 'e7', 'e6');
  await waitForMoves(phone, 2);
  // Black asks; White declines on the phone; the desktop hears it.
  await desk.click('#undo');
  await statusMatches(desk, /take-back asked, waiting for White/);
  assert.equal(await text(desk, '#undo'), 'Take-back asked…');
  await phone.waitForSelector('#prompt', { state: 'visible' });
  assert.match(await text(phone, '#prompt-text'), /Black asks to take back/);
  await assertInside(phone, phone.locator('#prompt'), 'the take-back prompt');
  await press(phone, phone.locator('#prompt-no'));
  await desk.waitForFunction(() => /White declined the take-back/.test(document.getElementById('error').textContent));
  await statusMatches(desk, /^White to move$/);
  assert.equal(await moves(desk).count(), 2, 'nothing taken back');
  // Asked again and allowed: Black's move goes, on both screens.
  await desk.click('#undo');
  await phone.waitForSelector('#prompt', { state: 'visible' });
  await press(phone, phone.locator('#prompt-yes'));
  for (const page of [desk, phone]) await page.waitForFunction(() => document.querySelectorAll('#movelist .mv[data-ply]').length === 1);
  await play(desk, 'c7', 'c6');
  await waitForMoves(phone, 2);
  // Resigning asks first, on the button itself: a second press confirms.
  await press(phone, phone.locator('#resign'));
  await press(phone, phone.locator('#resign.confirming'));
  for (const page of [desk, phone]) await statusMatches(page, /^Black wins by resignation/);
});

test("McCooey on a tiny clock: the flag falls and ends the game on both screens", async () => {
  await friendGame({ variant: 'mccooey', colour: 'white', clock: 'custom', minutes: 0.1, increment: 0 });
  assert.deepEqual(await phone.locator('.player-bar .clock').allTextContents(), ['0:06.0', '0:06.0']);
  await play(desk, 'f4', 'f5');
  await waitForMoves(phone, 1);
  await play(phone, 'f8', 'f7');
  await waitForMoves(desk, 2);
  // White's last seconds: red and pulsing on both screens, then the flag.
  for (const page of [desk, phone]) await page.waitForSelector('.player-bar .clock.low.running');
  for (const page of [desk, phone]) {
    await statusMatches(page, /^Black wins by time/);
    assert.equal(await page.locator('.player-bar .clock.flag').count(), 1, 'the fallen flag shown');
    assert.match(await page.locator('.player-bar .clock.flag').textContent(), /^0:00\.0/);
  }
});

test('against the engine on a 3 + 2 clock: no time per move asked, both clocks shown', async () => {
  if (!(await desk.locator('#new-dialog').evaluate((d) => d.open))) await desk.click('#nav-new');
  const f = desk.locator('#new-form');
  await f.locator('input[name=variant][value=glinski]').check();
  await f.locator('input[name=opponent][value=engine]').check();
  await f.locator('input[name=colour][value=white]').check();
  await f.locator('#level').fill('1');
  await f.locator('#time-control').selectOption('');
  assert.ok(await desk.locator('#movetime-field').isVisible(), 'no clock: the time per move is asked');
  await f.locator('#time-control').selectOption('3+2');
  assert.ok(await desk.locator('#movetime-field').isHidden(), 'the engine plays on the clock');
  await desk.click('#new-start');
  await desk.waitForSelector('#new-dialog', { state: 'hidden' });
  await desk.waitForSelector('svg.board');
  assert.ok(await desk.locator('#invite').isHidden(), 'nobody to invite');
  assert.deepEqual(await desk.locator('.player-bar .clock').allTextContents(), ['3:00', '3:00']);
  assert.equal(await text(desk, '#player-top .name'), 'Black — Engine · level 1');
  await play(desk, 'f5', 'f6');
  await waitForMoves(desk, 2);
  // The engine has answered on its own clock; White's runs again.
  await desk.waitForSelector('#player-bottom .clock.running');
  assert.match(await text(desk, '#player-top .clock'), /^[23]:\d\d$/);
});

test("My games of a spectator lists none of the games it watched", async () => {
  await watcher.click('#nav-games');
  await watcher.waitForSelector('#games-empty', { state: 'visible' });
  assert.equal(await watcher.locator('#games-body tr').count(), 0);
  await desk.click('#nav-games');
  await desk.waitForSelector('#games-body tr');
  assert.ok(await desk.locator('#games-body tr').count() >= 4, "the desktop's own games are listed");
});

test('the new-game dialog for a friend on a custom clock fits a small phone', async () => {
  await watcher.click('#nav-new');
  const f = watcher.locator('#new-form');
  await f.locator('input[name=opponent][value=friend]').check();
  assert.ok(await watcher.locator('#colour-set').isVisible(), 'the creator chooses a colour');
  assert.ok(await watcher.locator('#engine-set').isHidden());
  await f.locator('#time-control').selectOption('custom');
  assert.ok(await watcher.locator('#base-min').isVisible() && await watcher.locator('#increment-s').isVisible());
  await assertInside(watcher, watcher.locator('#new-dialog'), 'the new-game dialog');
  await watcher.click('#new-form button[value=cancel]');
});

// Cell names of a variant, by index.
const names = (variant) => variants.find((v) => v.name === variant).cells.map((c) => c.name);

// A random move that promotes nothing, played in game id (desk White, phone Black) by the screen
// whose turn it is; returns that page, or null when the game is over.
async function playAny(id, cells) {
  const key = await desk.evaluate((gid) => localStorage.getItem(`hexchess.watch.${gid}`), id);
  const g = await (await fetch(`${server.url}api/games/${id}?key=${key}`)).json();
  if (g.status !== 'ongoing') return null;
  const plain = g.legal.filter((m) => !m.promo);
  const m = plain[Math.floor(Math.random() * plain.length)];
  const mover = g.turn === 'white' ? desk : phone;
  await play(mover, cells[m.from], cells[m.to]);
  return mover;
}

// The phone's network, cut and restored as the browser's developer tools do it.
async function phoneOnline(on) {
  phone.cdp ??= await phone.context().newCDPSession(phone);
  await phone.cdp.send('Network.enable');
  await phone.cdp.send('Network.emulateNetworkConditions',
    { offline: !on, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

const shown = (page, sel, state) => page.waitForSelector(sel, { state, timeout: 30000 });

test('the phone offline while the desktop moves: it says so, then catches up, its clock right, and moves', async () => {
  const { id } = await friendGame({ variant: 'cescacs', colour: 'white', clock: '5+3' });
  const cells = names('cescacs');
  await play(desk, 'E7', 'E13');
  await waitForMoves(phone, 1);
  await play(phone, 'E21', 'E15');
  await waitForMoves(desk, 2);
  await phoneOnline(false);
  await play(desk, 'F8', 'F12');
  await waitForMoves(desk, 3);
  await shown(phone, '#reconnecting', 'visible');
  assert.equal(await moves(phone).count(), 2, 'offline, the phone has not seen the move');
  await phoneOnline(true);
  await waitForMoves(phone, 3);
  await shown(phone, '#reconnecting', 'hidden');
  await statusMatches(phone, /^Black to move/);
  assert.equal(await phone.locator('#player-bottom .clock.running').count(), 1, "the phone's own clock runs");
  assert.equal(await playAny(id, cells), phone);
  await waitForMoves(desk, 4);
});

test('a server restart mid-game, the phone offline meanwhile: both screens catch up and play on', async () => {
  const { id } = await friendGame({ variant: 'glinski', colour: 'white', clock: '5+3' });
  const cells = names('glinski');
  await play(desk, 'f5', 'f6');
  await waitForMoves(phone, 1);
  await play(phone, 'e7', 'e6');
  await waitForMoves(desk, 2);
  await phoneOnline(false);
  await server.halt();
  await shown(desk, '#reconnecting', 'visible');
  await server.resume();
  await shown(desk, '#reconnecting', 'hidden');
  assert.equal(await playAny(id, cells), desk);
  await waitForMoves(desk, 3);
  await phoneOnline(true);
  await waitForMoves(phone, 3);
  await shown(phone, '#reconnecting', 'hidden');
  assert.equal(await playAny(id, cells), phone);
  await waitForMoves(desk, 4);
});

// On a clock, so that each variant is played timed between two screens (Gliński here).
test('delay from a move clicked on one screen to the other screen showing it', async (t) => {
  const { id } = await friendGame({ variant: 'glinski', colour: 'white', clock: '15+10' });
  const cells = names('glinski');
  // Each page notes when it last pressed and at which frame its move list grew, in epoch ms.
  for (const page of [desk, phone]) {
    await page.evaluate(() => {
      const now = () => performance.timeOrigin + performance.now();
      window.pressedAt = 0;
      window.shownAt = {};
      document.addEventListener('pointerdown', (e) => { window.pressedAt = performance.timeOrigin + e.timeStamp; }, true);
      new MutationObserver(() => {
        const n = document.querySelectorAll('#movelist .mv[data-ply]').length;
        if (!(n in window.shownAt)) requestAnimationFrame(() => { window.shownAt[n] ??= now(); });
      }).observe(document.getElementById('movelist'), { childList: true, subtree: true });
    });
  }
  const delays = [];
  const MOVES = 40;
  for (let n = 1; n <= MOVES; n++) {
    const mover = await playAny(id, cells);
    if (!mover) break;
    const other = mover === desk ? phone : desk;
    await other.waitForFunction((k) => window.shownAt[k], n);
    const pressed = await mover.evaluate(() => window.pressedAt);
    delays.push(await other.evaluate((k) => window.shownAt[k], n) - pressed);
    await waitForMoves(mover, n);
  }
  delays.sort((a, b) => a - b);
  const pct = (p) => delays[Math.min(delays.length - 1, Math.floor(delays.length * p))];
  t.diagnostic(`browser to browser over ${delays.length} moves: median ${pct(0.5).toFixed(1)} ms, ` +
    `p99 ${pct(0.99).toFixed(1)} ms, max ${delays.at(-1).toFixed(1)} ms`);
  assert.ok(delays.length >= 20, `${delays.length} moves timed`);
  assert.ok(pct(0.5) < 2000, 'moves reach the other screen');
});
