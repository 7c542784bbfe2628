// Players (issue #39 §1): an account made on the desktop, the same player signed in on a phone,
// whose session opens their seat there without any link; signing out closes it again.
// Run by tests/e2e/run.sh BUILD_DIR.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suite, DEVICES, newGame, cell, moves, waitForMoves } from './harness.mjs';

const env = suite();
const openPage = (device, name) => env.openPage(device, name);

const press = (page, loc) => (page.touch ? loc.tap() : loc.click());

// Signs in through the header's dialog (how: 'create' or 'signin').
async function account(page, how, name, password) {
  await press(page, page.locator('#nav-account'));
  await page.waitForSelector('#account-dialog[open]');
  await page.fill('#account-name', name);
  await page.fill('#account-password', password);
  await press(page, page.locator(how === 'create' ? '#account-create' : '#account-signin'));
}

test('a player signs up on the desktop, plays on the phone by their session alone, and signs out', async () => {
  const desk = await openPage(DEVICES.desktop, 'desktop');
  const phone = await openPage(DEVICES.phone, 'phone');
  await desk.goto(env.server.url);
  await desk.waitForSelector('#new-dialog[open]');
  await desk.click('#new-form button[value=cancel]');
  await account(desk, 'create', 'deskfan', 'short');
  assert.ok(await desk.locator('#account-dialog').evaluate((d) => d.open), 'a short password is not sent');
  await desk.fill('#account-password', 'a long password');
  await desk.click('#account-create');
  await desk.waitForSelector('#account-dialog', { state: 'hidden' });
  assert.equal(await desk.textContent('#nav-account'), 'deskfan');
  assert.ok(await desk.locator('#nav-signout').isVisible());

  await newGame(desk, { variant: 'glinski', opponent: 'engine', colour: 'white', level: 1 });
  const id = await desk.evaluate(() => Number(location.hash.split('/')[2]));
  assert.equal(await desk.textContent('#player-bottom .name'), 'White — deskfan');

  // The phone, signed in as the same player, opens the game by its address alone: no token, no key.
  await phone.goto(env.server.url);
  await phone.waitForSelector('#new-dialog[open]');
  await phone.click('#new-form button[value=cancel]');
  await account(phone, 'signin', 'deskfan', 'wrong password');
  await phone.waitForSelector('#account-error', { state: 'visible' });
  assert.equal(await phone.textContent('#account-error'), 'wrong name or password');
  await phone.fill('#account-password', 'a long password');
  await press(phone, phone.locator('#account-signin'));
  await phone.waitForSelector('#account-dialog', { state: 'hidden' });
  const wide = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `the header with the player's name fits the phone (${wide} px)`);
  await phone.goto(`${env.server.url}#/game/${id}`);
  await phone.waitForSelector('svg.board');
  assert.equal(await phone.textContent('#player-bottom .name'), 'White — deskfan');
  await press(phone, cell(phone, 'f5'));
  await press(phone, cell(phone, 'f6'));
  await waitForMoves(phone, 2); // the move and the engine's answer
  await waitForMoves(desk, 2);
  assert.equal(await moves(desk).first().textContent(), await moves(phone).first().textContent());

  // Signed out, the phone holds no seat: it watches (it keeps the game's watch key), and cannot move.
  await press(phone, phone.locator('#nav-signout'));
  await phone.waitForSelector('#nav-signout', { state: 'hidden' });
  assert.equal(await phone.textContent('#nav-account'), 'Sign in');
  await phone.waitForSelector('#banner.watching');
  assert.equal(await phone.textContent('#player-bottom .name'), 'White — deskfan');
  // A browser that never had the game's key nor the session finds nothing.
  const stranger = await openPage(DEVICES.phone, 'stranger');
  await stranger.goto(`${env.server.url}#/game/${id}`);
  await stranger.waitForFunction((gid) => document.getElementById('error').textContent === `no such game: ${gid}`, id);
});
