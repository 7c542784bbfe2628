// The lobby (issue #39 §2): two signed-in players, on a desktop and a 390x844 phone, meet there:
// one seeks a rated 3 + 2 game, the other accepts it, both pages open the game and play it; a
// third browser, signed out, finds it among the games being played and watches it; after the
// resignation each player sees the new rating on their page.
// Run by tests/e2e/run.sh BUILD_DIR.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, DEVICES, cell, moves, waitForMoves } from './harness.mjs';

const env = suite();
const openPage = (device, name) => env.openPage(device, name);

const press = (page, loc) => (page.touch ? loc.tap() : loc.click());
const play = async (page, from, to) => { await press(page, cell(page, from)); await press(page, cell(page, to)); };

// A new player, signed up through the header, on the lobby page.
async function player(device, name) {
  const page = await openPage(device, name);
  await page.goto(`${env.server.url}#/lobby`);
  await page.waitForSelector('#page-lobby:not([hidden])');
  await press(page, page.locator('#nav-account'));
  await page.fill('#account-name', name);
  await page.fill('#account-password', `${name}'s password`);
  await press(page, page.locator('#account-create'));
  await page.waitForSelector('#seek-form:not([hidden])');
  return page;
}

async function fits(page, what) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= page.viewportSize().width, `${what}: ${wide} px wide`);
}

test('two players meet in the lobby and play a rated 3 + 2; a signed-out browser watches; both see their new ratings', async () => {
  const desk = await player(DEVICES.desktop, 'alice');
  const phone = await player(DEVICES.phone, 'bob');
  await fits(phone, 'the lobby on the phone');
  const guest = await openPage(DEVICES.phone, 'guest');
  await guest.goto(`${env.server.url}#/lobby`);
  await guest.waitForSelector('#lobby-signin:not([hidden])');
  assert.ok(await guest.locator('#seek-form').isHidden(), 'a guest cannot seek');

  await desk.selectOption('#seek-variant', 'glinski');
  await desk.selectOption('#seek-clock', '3+2');
  await desk.selectOption('#seek-color', 'white');
  await desk.check('#seek-rated');
  await desk.click('#seek-create');
  // The seek reaches every lobby page by the stream, with its button for each.
  const row = (page) => page.locator('#seeks-body tr');
  for (const page of [desk, phone, guest]) await row(page).first().waitFor();
  assert.deepEqual(await row(phone).first().locator('td').allTextContents(),
    ['alice', 'Gliński', '3+2 · blitz', 'rated', 'White', 'Play']);
  assert.equal(await row(desk).first().locator('button').textContent(), 'Withdraw');
  assert.equal(await row(guest).first().locator('button').count(), 0, 'nothing to press for a guest');
  await fits(phone, 'the seeks on the phone');

  await press(phone, row(phone).first().locator('button'));
  // Both open the game: the seeker's page is told by the lobby's stream.
  for (const page of [desk, phone]) await page.waitForSelector('#page-game:not([hidden]) svg.board');
  assert.equal(await desk.textContent('#player-bottom .name'), 'White — alice');
  assert.equal(await phone.textContent('#player-bottom .name'), 'Black — bob');
  assert.equal(await phone.textContent('#player-top .name'), 'White — alice');
  assert.deepEqual(await phone.locator('.player-bar .clock').allTextContents(), ['3:00', '3:00']);
  // The lobby still open (the guest's) sees the seek go.
  await guest.waitForFunction(() => !document.querySelector('#seeks-body tr'));

  await play(desk, 'f5', 'f6');
  await waitForMoves(phone, 1);
  await play(phone, 'e7', 'e6');
  await waitForMoves(desk, 2);

  // The guest finds the game among those being played, and watches it.
  await guest.reload();
  await guest.waitForSelector('#playing a');
  await press(guest, guest.locator('#playing a').first());
  await waitForMoves(guest, 2);
  assert.match(await guest.textContent('#banner'), /Spectating/);
  await play(desk, 'c2', 'c3');
  await waitForMoves(guest, 3);
  assert.equal(await moves(guest).nth(2).textContent(), await moves(phone).nth(2).textContent());

  // Bob resigns: the rated game moves both ratings, which each sees on their page (provisional: "?").
  await press(phone, phone.locator('#resign'));
  await press(phone, phone.locator('#resign.confirming'));
  await desk.waitForFunction(() => /^White wins by resignation/.test(document.getElementById('status').textContent));
  const ratings = {};
  for (const [page, name] of [[desk, 'alice'], [phone, 'bob']]) {
    await press(page, page.locator('#nav-account'));
    await page.waitForSelector('#page-player:not([hidden]) .rating[data-variant=glinski][data-speed=blitz]');
    assert.equal(await page.textContent('#profile-name'), name);
    ratings[name] = await page.textContent('.rating[data-speed=blitz] .rating-value');
    assert.equal(await page.locator('.rating-chart polyline').count(), 1, 'the history drawn');
    await fits(page, `${name}'s page`);
  }
  assert.match(ratings.alice, /^1[6-9]\d\d\?$/, `the winner's rating rose: ${ratings.alice}`);
  assert.match(ratings.bob, /^1[0-4]\d\d\?$/, `the loser's fell: ${ratings.bob}`);
});
