// Shared set-up of the browser tests: a fresh `hexchess serve` on a free loopback port with its own
// database, and Debian's chromium driven headless by playwright-core.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve, extname } from 'node:path';
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

export const root = resolve(import.meta.dirname, '../..');

// One `hexchess serve` on listen with the database in dir; resolves to { proc, url }.
async function launch(hexchess, dir, listen, args) {
  const proc = spawn(hexchess, ['serve', '--listen', listen, '--db', join(dir, 'games.db'),
    '--web', join(root, 'web'), '--max-think', '2000', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 15000);
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (m) { clearTimeout(timer); ok(m[0]); }
    });
    proc.on('exit', (code) => fail(new Error(`server exited with ${code}: ${out}`)));
  });
  return { proc, url };
}

async function terminate(proc) {
  const done = new Promise((ok) => proc.on('exit', (code) => ok(code)));
  proc.kill('SIGTERM');
  return done;
}

// args: more options of `hexchess serve`. halt() stops it and resume() starts it again, on the same
// address and database (a restart).
export async function startServer(hexchess, args = []) {
  const dir = mkdtempSync(join(tmpdir(), 'hexchess-e2e-'));
  let { proc, url } = await launch(hexchess, dir, '127.0.0.1:0', args);
  return {
    url,
    dir,
    halt: () => terminate(proc),
    async resume() {
      ({ proc } = await launch(hexchess, dir, new URL(url).host, args));
    },
    async stop() {
      const code = await terminate(proc);
      rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}

// The files of dir (and its folders: no '..') as a static host serves them, on a free loopback port: { url, close() }.
// headers: added to every answer; pages: names answered with the given text instead of a file.
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm', '.json': 'application/json' };
export async function serveFiles(dir, { headers = {}, pages = {} } = {}) {
  const server = createServer(async (req, res) => {
    const name = new URL(req.url, 'http://x').pathname.slice(1) || 'index.html';
    try {
      if (name.split('/').includes('..')) throw new Error('outside the site');
      const body = pages[name] ?? await readFile(join(dir, name));
      res.writeHead(200, { 'content-type': TYPES[extname(name)] || 'application/octet-stream', ...headers });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() };
}

// The screens the page is made for: a desktop window and two phones (touch, no hover). Their browser
// speaks English, the page's language unless a test picks another.
export const DEVICES = {
  desktop: { viewport: { width: 1280, height: 900 }, locale: 'en-US' },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, locale: 'en-US' },
  'small phone': {
    viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2, locale: 'en-US',
  },
};

// Chromium with one browsing context for `device`; more with newContext(device).
export async function startBrowser(device = DEVICES.desktop) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const newContext = (d) => browser.newContext({ acceptDownloads: true, ...d });
  return {
    context: await newContext(device),
    newContext,
    async close() {
      await browser.close();
    },
  };
}

// A page in a new browsing context of browser for device; its script errors go into errors, named.
export async function pageIn(browser, device, name, errors) {
  const context = await browser.newContext(device);
  const page = await context.newPage();
  page.setDefaultTimeout(15000);
  page.on('pageerror', (e) => errors.push(`${name}: ${e.message}`));
  page.touch = !!device.hasTouch;
  return page;
}

// What a test file of several pages shares: a fresh server and browser before its tests; after
// them, a clean stop and no script error in any page. Returns { server, browser, openPage }.
export function suite() {
  const s = { errors: [] };
  before(async () => {
    s.server = await startServer(process.env.HEXCHESS);
    s.browser = await startBrowser();
  });
  after(async () => {
    await s.browser?.close();
    assert.equal(await s.server?.stop(), 0, 'the server stops cleanly');
    assert.deepEqual(s.errors, [], 'no script errors in the pages');
  });
  s.openPage = (device, name) => pageIn(s.browser, device, name, s.errors);
  return s;
}

// Page helpers.
export async function newGame(page, o) {
  if (!(await page.locator('#new-dialog').evaluate((d) => d.open))) await page.click('#nav-new');
  const f = page.locator('#new-form');
  await f.locator(`input[name=variant][value=${o.variant}]`).check();
  await f.locator(`input[name=opponent][value=${o.opponent || 'human'}]`).check();
  if ((o.opponent || 'human') === 'engine') {
    await f.locator(`input[name=colour][value=${o.colour || 'white'}]`).check();
    await f.locator('#level').fill(String(o.level ?? 1));
    await f.locator('#movetime').selectOption(String(o.movetime || 300));
  }
  await f.locator('#new-position').fill(o.position || '');
  await page.click('#new-start');
  await page.waitForSelector('#new-dialog', { state: 'hidden' });
  await page.waitForSelector('svg.board');
}

export const cell = (page, name) => page.locator(`polygon.hex[data-name="${name}"]`);
export const moves = (page) => page.locator('#movelist .mv[data-ply]');

export async function clickMove(page, from, to) {
  await cell(page, from).click();
  await cell(page, to).click();
}

export async function waitForMoves(page, n) {
  await page.waitForFunction((k) => document.querySelectorAll('#movelist .mv[data-ply]').length >= k, n,
    { timeout: 20000 });
}
