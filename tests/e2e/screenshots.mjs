// Takes the README's screenshots of both boards: node tests/e2e/screenshots.mjs HEXCHESS OUTDIR
import { startServer, startBrowser } from './harness.mjs';

const [hexchess, outdir] = process.argv.slice(2);
const server = await startServer(hexchess);
const browser = await startBrowser();
const page = await browser.context.newPage();
await page.setViewportSize({ width: 1360, height: 940 });

async function api(method, path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(server.url + 'api/' + path, { method, headers, body: body && JSON.stringify(body) });
  return res.json();
}

async function shot(game, moves, file, extra) {
  for (const [i, m] of moves.entries()) {
    await api('POST', `games/${game.id}/moves`, { move: m }, game.tokens[i % 2 ? 'black' : 'white']);
  }
  await page.goto(`${server.url}#/game/${game.id}`);
  await page.waitForSelector('svg.board');
  if (extra) await extra();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${outdir}/${file}` });
}

const c = await api('POST', 'games', { variant: 'cescacs', white: 'human', black: 'human' });
await shot(c, ['E7-E13', 'E21-E15', 'NG3-H8', 'I23-I17'], 'cescacs.png', async () => {
  await page.locator('#analysis-panel summary').click();
  await page.click('#analyse');
  await page.waitForFunction(() => /depth [4-9]/.test(document.getElementById('analysis').textContent),
    null, { timeout: 20000 }).catch(() => {});
  await page.locator('polygon.hex[data-name="H2"]').click();
});
const g = await api('POST', 'games', { variant: 'glinski', white: 'human', black: 'human' });
await shot(g, ['f5f6', 'e7e6', 'c2c3', 'g7g6'], 'glinski.png', async () => {
  await page.click('#threats');
  await page.locator('#analysis-panel summary').click();
  await page.locator('polygon.hex[data-name="e1"]').click();
});
await browser.close();
await server.stop();
