// The page in six languages: it follows the browser's, the menu switches it and a reload keeps the
// choice; in Catalan and in Russian no English is left on the main screens (the game, My games, the
// new-game dialog, the lobby), on a phone and on a desktop; moves are written with the language's
// piece letters where the game has a set for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { suite, DEVICES, root } from './harness.mjs';

const s = suite();
const catalog = (lang) => JSON.parse(readFileSync(join(root, 'web/locales', `${lang}.json`), 'utf8'));
const en = catalog('en');

// The English texts a page must not show in lang: each catalog value's parts between placeholders
// with a word of three letters or more, less those the language writes the same ("startpos").
function englishOnly(lang) {
  const theirs = JSON.stringify(catalog(lang));
  const parts = Object.values(en).flatMap((v) => (typeof v === 'object' ? Object.values(v) : [v]))
    .flatMap((v) => v.split(/\{\w+\}/)).map((p) => p.trim().replace(/^[(:;,.·—\s]+|[):;,.·—\s]+$/g, ''))
    .filter((p) => /\p{L}{3,}/u.test(p));
  return [...new Set(parts)].filter((p) => !theirs.includes(p));
}
// The parts found in text as whole words.
const found = (text, parts) => parts.filter((p) => {
  const quoted = p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}])${quoted}(?![\\p{L}])`, 'u').test(text);
});

async function api(method, path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${s.server.url}api/${path}`, { method, headers, body: body && JSON.stringify(body) });
  return res.json();
}

// A Gliński game with a knight's move (written with the language's letter) and a C'escacs game,
// both held by the page.
async function games(page) {
  const g = await api('POST', 'games', { variant: 'glinski', white: 'human', black: 'human', moves: ['f5f6', 'e7e6'] });
  const knight = g.legal.find((m) => g.moves[1].board[m.from] === 'N');
  const played = await api('POST', `games/${g.id}/moves`, { move: knight.text }, g.tokens.white);
  const c = await api('POST', 'games', { variant: 'cescacs', white: 'human', black: 'human', moves: ['E7-E13'] });
  // Not a page's own game: its seats are the ones it holds.
  await page.evaluate((held) => {
    for (const [id, tokens] of held) localStorage.setItem(`hexchess.seats.${id}`, JSON.stringify(tokens));
  }, [[g.id, g.tokens], [c.id, c.tokens]]);
  return { glinski: g.id, knightMove: played.moves[2].display, cescacs: c.id };
}

// The visible text of the main screens, each opened in turn.
async function screens(page, ids) {
  const texts = {};
  const visible = () => page.evaluate(() => document.body.innerText);
  for (const [name, id] of [['glinski', ids.glinski], ['cescacs', ids.cescacs]]) {
    await page.goto(`${s.server.url}#/game/${id}`);
    await page.waitForSelector(`svg.board-${name} .man`);
    await page.evaluate(() => { for (const d of document.querySelectorAll('details')) d.open = true; });
    texts[name] = await visible();
  }
  await page.goto(`${s.server.url}#/games`);
  await page.waitForSelector('#games-body tr');
  texts.games = await visible();
  await page.click('#nav-new');
  await page.waitForSelector('#new-dialog[open]');
  texts.dialog = await page.locator('#new-dialog').innerText();
  await page.keyboard.press('Escape');
  await page.goto(`${s.server.url}#/lobby`);
  await page.waitForSelector('#lobby-signin:not([hidden])');
  texts.lobby = await visible();
  return texts;
}

for (const [device, size] of [['phone', '390x844'], ['desktop', 'desktop']]) {
  test(`${device}: the browser's language, the menu's choice kept over a reload; Catalan and Russian with no English`, async () => {
    // A Catalan browser gets Catalan at once.
    const catalan = await s.openPage({ ...DEVICES[device], locale: 'ca-ES' }, `${device} ca`);
    await catalan.goto(s.server.url);
    await catalan.waitForSelector('#new-dialog[open]');
    assert.equal(await catalan.evaluate(() => document.documentElement.lang), 'ca');
    assert.equal(await catalan.inputValue('#language'), 'ca');
    assert.equal(await catalan.locator('#nav-new').textContent(), catalog('ca')['nav.new']);
    await catalan.context().close();

    // An English browser: English, until the menu picks another language.
    const page = await s.openPage(DEVICES[device], `${device} en`);
    await page.goto(s.server.url);
    await page.waitForSelector('#new-dialog[open]');
    assert.equal(await page.locator('#nav-new').textContent(), en['nav.new']);
    await page.keyboard.press('Escape');
    const ids = await games(page);
    const english = await screens(page, ids);
    assert.match(english.glinski, new RegExp(en['colour.white']));
    assert.ok(english.glinski.includes(ids.knightMove), `the English list shows ${ids.knightMove}`);
    // The check below finds English where there is some.
    const seen = Object.values(english).map((text) => found(text, englishOnly('ru')).length);
    assert.ok(seen.every((n) => n >= 3), `English found on every English screen: ${seen}`);

    for (const lang of ['ca', 'ru']) {
      await page.goto(s.server.url + '#/games');
      await page.waitForSelector('#games-body tr');
      await Promise.all([page.waitForEvent('load'), page.selectOption('#language', lang)]);
      await page.reload();
      await page.waitForSelector('#games-body tr');
      assert.equal(await page.inputValue('#language'), lang, 'the choice survives a reload');
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      const texts = await screens(page, ids);
      const parts = englishOnly(lang);
      for (const [screen, text] of Object.entries(texts)) {
        assert.deepEqual(found(text, parts), [], `${lang} ${screen}: English left in ${JSON.stringify(text)}`);
      }
      const words = catalog(lang);
      assert.ok(texts.cescacs.includes(words['colour.white']), `${lang}: the colours in its words`);
      // Russian writes Gliński's men with its letters (the knight: К); Catalan keeps the game's own.
      const variants = await api('GET', 'variants');
      const set = variants.find((v) => v.name === 'glinski').letters[lang];
      const written = set ? ids.knightMove.replace(/[A-Z]/g, (l) => set[l]) : ids.knightMove;
      assert.ok(texts.glinski.includes(written), `${lang}: the knight's move as ${written}`);
      if (lang === 'ru') assert.match(written, /^К/);
      await page.goto(`${s.server.url}#/game/${ids.cescacs}`);
      await page.waitForSelector('svg.board-cescacs .man');
      await page.evaluate(() => document.activeElement?.blur());
      await page.screenshot({ path: join(root, 'docs/screenshots', `lang-${lang}-${size}.png`) });
    }
    await page.evaluate(() => localStorage.removeItem('hexchess.lang'));
    await page.context().close();
  });
}

test('an error is worded from its code in the language of the page', async () => {
  const page = await s.openPage({ ...DEVICES.desktop, locale: 'ru-RU' }, 'ru error');
  const g = await api('POST', 'games', { variant: 'glinski', white: 'human', black: 'human' });
  await page.goto(s.server.url);
  await page.waitForSelector('#new-dialog[open]');
  await page.keyboard.press('Escape');
  // The page holds only Black's seat: White's move is refused as not its turn.
  await page.evaluate(([id, token]) => localStorage.setItem(`hexchess.seats.${id}`, JSON.stringify({ black: token })),
    [g.id, g.tokens.black]);
  await page.goto(`${s.server.url}#/game/${g.id}`);
  await page.waitForSelector('#movelist');
  const shown = await page.evaluate(async (id) => {
    const { request } = await import('./backend-http.js');
    const token = JSON.parse(localStorage.getItem(`hexchess.seats.${id}`)).black;
    const { errorText } = await import('./i18n.js');
    try { await request('POST', `games/${id}/moves`, { move: 'f5f6' }, token); } catch (e) { return [e.code, errorText(e)]; }
    return null;
  }, g.id);
  assert.deepEqual(shown, ['not_your_turn', catalog('ru')['error.not_your_turn']]);
  await page.context().close();
});
