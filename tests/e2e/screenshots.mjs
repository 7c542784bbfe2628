// Takes the screenshots of README.md and docs/web-board.md, on a desktop and on the two phone sizes the page is made for:
// node tests/e2e/screenshots.mjs HEXCHESS OUTDIR [FILE...]   (FILE: only these, e.g. phone-390x844-result.png)
import { startServer, startBrowser, DEVICES } from './harness.mjs';

const [hexchess, outdir, ...only] = process.argv.slice(2);
const wanted = (file) => !only.length || only.includes(file);
const server = await startServer(hexchess);
const browser = await startBrowser();

async function api(method, path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(server.url + 'api/' + path, { method, headers, body: body && JSON.stringify(body) });
  return res.json();
}

// Opens a new game of two people (from spec) in a fresh page of `device`, runs `extra` on it and
// saves the screen as `file`. The page plays both seats, as when it creates a game itself, or only
// spec.seat's, as a friend's link gives it; spec.asks: what the other seat asks first
// ({ path, body }).
async function shot(device, spec, file, extra) {
  if (!wanted(file)) return;
  const context = await browser.newContext(device);
  const page = await context.newPage();
  const { seat, asks, ...create } = spec;
  const game = await api('POST', 'games', { white: 'human', black: 'human', ...create });
  const tokens = seat ? { [seat]: game.tokens[seat] } : game.tokens;
  if (asks) await api('POST', `games/${game.id}/${asks.path}`, asks.body, game.tokens[seat === 'white' ? 'black' : 'white']);
  await context.addInitScript(([id, held]) => localStorage.setItem(`hexchess.seats.${id}`, JSON.stringify(held)),
    [game.id, tokens]);
  await page.goto(`${server.url}#/game/${game.id}`);
  await page.waitForSelector('svg.board');
  const touch = !!device.hasTouch;
  const press = (sel) => (touch ? page.tap(sel) : page.click(sel));
  const hex = (name) => `polygon.hex[data-name="${name}"]`;
  if (extra) await extra({ page, press, hex });
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${outdir}/${file}` });
  await context.close();
}

const analyse = async ({ page, press }) => {
  await page.locator('#analysis-panel summary').click();
  await press('#analyse');
  await page.waitForFunction(() => /depth [4-9]/.test(document.getElementById('analysis').textContent),
    null, { timeout: 20000 }).catch(() => {});
};
const CESCACS = { variant: 'cescacs', moves: ['E7-E13', 'E21-E15', 'NG3-H8', 'I23-I17'] };
const GLINSKI = { variant: 'glinski', moves: ['f5f6', 'e7e6', 'c2c3', 'g7g6'] };

const desktop = { ...DEVICES.desktop, viewport: { width: 1360, height: 940 } };
await shot(desktop, CESCACS, 'cescacs.png', async (s) => {
  await analyse(s);
  await s.press(s.hex('H2'));
});
await shot(desktop, GLINSKI, 'glinski.png', async ({ page, press, hex }) => {
  await page.locator('#analysis-panel summary').click();
  await page.click('#threats');
  await press(hex('e1'));
});
const phone = DEVICES.phone, small = DEVICES['small phone'];
await shot(phone, CESCACS, 'phone-390x844-cescacs.png', async ({ press, hex }) => press(hex('H2')));
await shot(small, GLINSKI, 'phone-360x740-glinski.png', async ({ press, hex }) => press(hex('e1')));
await shot(phone, { variant: 'cescacs', position: '/25:1P2/15:k7/3:R2R/1:1K/ w RKR- - 0 1' },
  'phone-390x844-castling.png', async ({ press, hex }) => {
    await press(hex('G1'));
    await press(hex('H6'));
    await press('#chooser button[data-move="KRR-HIH"]');
  });
await shot(small, { variant: 'cescacs', position: '/25:1P2/15:1k6/6:3J3/3:RNNR/2:GJG/1:DK/0:V/ w - - 0 1' },
  'phone-360x740-await.png', async ({ press, hex }) => {
    await press(hex('E25'));
    await press(hex('E27'));
  });

// Playing a friend on a clock: a draw offered on the desktop, a take-back asked on a phone, the
// last seconds on the small phone, and the invitation just after the game was made.
await shot(desktop, { ...CESCACS, time_base: 300000, time_increment: 3000, seat: 'white',
  asks: { path: 'draw', body: { action: 'offer' } } }, 'friend.png');
await shot(phone, { ...GLINSKI, moves: [...GLINSKI.moves, 'd1f4'], time_base: 180000, time_increment: 2000,
  seat: 'black', asks: { path: 'undo', body: { action: 'request' } } }, 'phone-390x844-friend.png');
await shot(small, { variant: 'mccooey', moves: ['f4f5', 'f8f7'], time_base: 13000, seat: 'white' },
  'phone-360x740-clock.png', ({ page }) => page.waitForSelector('#player-bottom .clock.low.running'));
// The end of a game on a phone: the winner's card after a checkmate, and the loser's on time.
await shot(phone, { variant: 'glinski', position: 'k/3/5/7/9/11/11/4Q6/11/11/4R1K4 w - 0 1', seat: 'white' },
  'phone-390x844-result.png', async ({ page, press, hex }) => {
    await press(hex('e4'));
    await press(hex('e10'));
    await page.waitForSelector('#result-card:not([hidden])');
  });
await shot(phone, { ...CESCACS, time_base: 5000, seat: 'white' }, 'phone-390x844-result-time.png',
  ({ page }) => page.waitForSelector('#result-card:not([hidden])', { timeout: 15000 }));
if (wanted('friend-invite.png')) {
  const context = await browser.newContext(desktop);
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('#new-dialog[open]');
  await page.locator('input[name=opponent][value=friend]').check();
  await page.locator('#time-control').selectOption('15+10');
  await page.click('#new-start');
  await page.waitForSelector('#invite', { state: 'visible' });
  await page.screenshot({ path: `${outdir}/friend-invite.png` });
  await context.close();
}
await browser.close();
await server.stop();
