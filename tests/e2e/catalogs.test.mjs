// The web app's words (no browser needed): every catalog in web/locales has the keys of English's,
// with the same placeholders; every key the code uses exists and every key is used; every error code
// the server sends has its words; and no word shown by the page is written in its code instead of a
// catalog.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const web = join(root, 'web');
const read = (...p) => readFileSync(join(...p), 'utf8');
const catalogs = Object.fromEntries(readdirSync(join(web, 'locales')).filter((f) => f.endsWith('.json'))
  .map((f) => [f.replace('.json', ''), JSON.parse(read(web, 'locales', f))]));
const en = catalogs.en;
// The app's own scripts (not the WebAssembly glue, which shows nothing).
const scripts = Object.fromEntries(readdirSync(web).filter((f) => f.endsWith('.js') && f !== 'hexchess-wasm.js')
  .map((f) => [f, read(web, f)]));
const html = read(web, 'index.html');

const placeholders = (v) => [...new Set([...JSON.stringify(v).matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();
// A word: two letters or more in a row, in any script.
const WORD = /\p{L}{2,}/u;

test('the six catalogs have the same keys and placeholders', () => {
  assert.deepEqual(Object.keys(catalogs).sort(), ['ca', 'en', 'es', 'hu', 'pl', 'ru']);
  for (const [lang, cat] of Object.entries(catalogs)) {
    assert.deepEqual(Object.keys(cat).filter((k) => !(k in en)), [], `${lang}: keys English lacks`);
    assert.deepEqual(Object.keys(en).filter((k) => !(k in cat)), [], `${lang}: keys missing`);
    for (const k of Object.keys(en)) {
      assert.deepEqual(placeholders(cat[k]), placeholders(en[k]), `${lang}: ${k}'s placeholders`);
      const forms = typeof cat[k] === 'object' ? Object.values(cat[k]) : [cat[k]];
      for (const f of forms) assert.ok(typeof f === 'string' && f.trim(), `${lang}: ${k} is empty`);
      if (typeof cat[k] === 'object') assert.ok('other' in cat[k], `${lang}: ${k} has no "other" form`);
    }
  }
});

// Keys named whole: t('key'), data-i18n*="key", or a string literal of the code ('mark.check').
// Keys made from a prefix and a value: t(`error.${code}`) uses every error.* key.
const code = Object.values(scripts).join('\n');
const literalKeys = new Set([...code.matchAll(/['"]([a-z][\w-]*(?:\.[\w-]+)+)['"]/gi)].map((m) => m[1]));
const htmlKeys = [...html.matchAll(/data-i18n(?:-[a-z-]+)?="([^"]+)"/g)].map((m) => m[1]);
const tKeys = [...code.matchAll(/\bt\(\s*'([^']+)'/g)].map((m) => m[1]);
const prefixes = [...code.matchAll(/\bt\(\s*`([\w.]+\.)\$\{/g)].map((m) => m[1]);

test('every key used exists, and every key is used', () => {
  assert.deepEqual([...tKeys, ...htmlKeys].filter((k) => !(k in en)), [], 'keys used but not in en.json');
  assert.ok(prefixes.includes('error.') && prefixes.includes('piece.'), 'the prefixes are found');
  const used = (k) => literalKeys.has(k) || htmlKeys.includes(k) || prefixes.some((p) => k.startsWith(p));
  assert.deepEqual(Object.keys(en).filter((k) => !used(k)), [], 'keys no code uses');
});

test('every error code of the server has its words, and no other', () => {
  const server = ['api.c', 'http.c', 'files.c'].map((f) => read(root, 'src/server', f)).join('\n');
  const codes = new Set([
    ...[...server.matchAll(/\{\d{3}, "([a-z_]+)"\}/g)].map((m) => m[1]),
    // The code argument: a literal, or a choice of two, before the message's format.
    ...[...server.matchAll(/http_error\(&?res, [^,]+, ([^"]*"[a-z_]+"[^"]*?(?:"[a-z_]+")?), "/g)]
      .flatMap((m) => [...m[1].matchAll(/"([a-z_]+)"/g)].map((c) => c[1])),
  ]);
  assert.ok(codes.has('game_over') && codes.has('bad_json') && codes.has('not_found'), 'the codes are found');
  const worded = Object.keys(en).filter((k) => k.startsWith('error.')).map((k) => k.slice(6));
  assert.deepEqual([...codes].filter((c) => !worded.includes(c)), [], 'codes without words');
  assert.deepEqual(worded.filter((c) => !codes.has(c) && c !== 'unreachable'), [], 'words of no code');
});

// A literal with a word outside its ${...} parts.
const wordy = (lit) => WORD.test(lit.slice(1, -1).replace(/\$\{[^}]*\}/g, ''));
const LIT = String.raw`('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|` + '`(?:[^`\\\\]|\\\\.)*`)';
// Where the page shows a literal: a text or an attribute set, a dialog, an option, a text appended,
// and the fields of the objects that become buttons and prompts.
const SHOWN = [
  String.raw`\.(?:textContent|innerHTML|innerText|title|placeholder|label)\s*=\s*(?:[^;]*?[?:]\s*)?`,
  String.raw`setAttribute\(\s*'(?:title|aria-label|placeholder|alt)'\s*,\s*`,
  String.raw`\b(?:confirm|alert|showError|new Option)\(\s*`,
  String.raw`\.append\((?:[^;]*?,\s*)?`,
  String.raw`(?:\b(?:label|text|title|note|yes|no)|'aria-label')\s*:\s*(?:[^,;]*?[?:]\s*)?`,
].map((s) => new RegExp(s + LIT, 'g'));

test('no word the page shows is written in its scripts', () => {
  const found = [];
  for (const [file, text] of Object.entries(scripts)) {
    const lines = text.split('\n').filter((l) => !/^\s*\/\//.test(l)).join('\n');
    for (const re of SHOWN) for (const m of lines.matchAll(re)) if (wordy(m[1])) found.push(`${file}: ${m[0]}`);
  }
  assert.deepEqual(found, []);
});

test('no word the page shows is written in its HTML', () => {
  const body = html.slice(html.indexOf('<body>'))
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(\w+)[^>]*translate="no"[^>]*>[^<]*<\/\1>/g, '');
  const found = [];
  for (const m of body.matchAll(/>([^<]+)</g)) if (WORD.test(m[1].replace(/&\w+;/g, ''))) found.push(m[1].trim());
  for (const m of body.matchAll(/\s(title|aria-label|placeholder|alt)="([^"]*)"/g)) if (WORD.test(m[2])) found.push(m[0]);
  assert.deepEqual(found, []);
});
