// The page's words: every text it shows comes from the catalog of the player's language
// (locales/LANG.json, the same keys in each). The language is the one picked in the page's menu
// (kept in localStorage), else the browser's first that has a catalog, else English.
//
// A catalog value is a string with {name} placeholders, or, for a text that varies with a count,
// an object keyed by the language's plural categories (Intl.PluralRules: one, few, many, other),
// chosen by the parameter `n`.

export const LANGUAGES = { en: 'English', ca: 'Català', es: 'Español', ru: 'Русский', pl: 'Polski', hu: 'Magyar' };
const KEPT = 'hexchess.lang';

let lang = 'en';
let catalog = {};
let english = {};
let plurals = new Intl.PluralRules('en');

export const language = () => lang;

// The language to use: the one kept, else the browser's preference (a region, "ca-ES", falls to
// its language).
function preferred() {
  const kept = localStorage.getItem(KEPT);
  if (kept && LANGUAGES[kept]) return kept;
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const base = tag.toLowerCase().split('-')[0];
    if (LANGUAGES[base]) return base;
  }
  return 'en';
}

async function fetchCatalog(code) {
  const res = await fetch(new URL(`locales/${code}.json`, import.meta.url));
  if (!res.ok) throw new Error(`locales/${code}.json: ${res.status}`);
  return res.json();
}

// Loads the catalog of the preferred language (English too, for a key a catalog lacks).
export async function initLanguage() {
  lang = preferred();
  english = await fetchCatalog('en');
  catalog = lang === 'en' ? english : await fetchCatalog(lang).catch(() => english);
  plurals = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
}

// Keeps the language picked and reloads the page in it.
export function pickLanguage(code) {
  localStorage.setItem(KEPT, code);
  location.reload();
}

// The text of key with its {placeholders} filled from params.
export function t(key, params = {}) {
  let text = catalog[key] ?? english[key];
  if (text === undefined) return key;
  if (typeof text === 'object') text = text[plurals.select(params.n ?? 0)] ?? text.other;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// Whether the catalog has key (for words that come from the server, as reasons and error codes).
export const hasText = (key) => key in catalog || key in english;

export const colourName = (side) => t(`colour.${side}`);

// An error of a request, in the player's words: by its code where the catalog has one, else the
// server's own text. The server writes English, with the detail (the game's number, the move): an
// English page shows its text as it is.
export function errorText(e) {
  return lang !== 'en' && e.code && hasText(`error.${e.code}`) ? t(`error.${e.code}`) : e.message;
}

// Why a game ended or what may be claimed, as the server names it ("checkmate", "50-move" ...);
// a name the catalog lacks is shown as it is.
export function reasonText(reason) {
  const rule = reason.match(/^(\d+)-move$/);
  if (rule) return t('reason.move-rule', { n: rule[1] });
  return hasText(`reason.${reason}`) ? t(`reason.${reason}`) : reason;
}

// A finished game's outcome ("White wins by checkmate") from its result and reason: the side whose
// score is higher wins (a stalemate may score 3/4); the server's wording when the result is not a score.
// Told to the player of side, if given: "You won by checkmate".
export function resultText(g, side = null) {
  if (g.reason === 'aborted') return t('result.aborted');
  const score = (x) => x.split('/').reduce((a, b) => a / b);
  const [w, b] = g.result.split('-').map(score);
  if (!(w >= 0 && b >= 0)) return g.result_text || g.result;
  const winner = w > b ? 'white' : w < b ? 'black' : null;
  const result = !winner ? t('result.draw')
    : side ? t(winner === side ? 'result.youWon' : 'result.youLost')
      : t(winner === 'white' ? 'result.white' : 'result.black');
  return g.reason ? t('result.by', { result, reason: reasonText(g.reason) }) : result;
}

// Sets the words of the page's own HTML: data-i18n gives an element's text, data-i18n-title,
// data-i18n-aria-label and data-i18n-placeholder those attributes.
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const attr of ['title', 'aria-label', 'placeholder']) {
    const data = `data-i18n-${attr}`;
    for (const el of root.querySelectorAll(`[${data}]`)) el.setAttribute(attr, t(el.getAttribute(data)));
  }
}

// The menu that picks the language.
export function wireLanguageMenu(select) {
  for (const [code, name] of Object.entries(LANGUAGES)) select.add(new Option(name, code, false, code === lang));
  select.addEventListener('change', () => pickLanguage(select.value));
}
