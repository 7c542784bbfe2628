import { t } from './i18n.js';
import { notationText } from './pieces.js';

// The move list: moves numbered as players count them (a move is White's ply and Black's reply),
// and the check marks of the notation explained where they appear.

// Every mark a move may end with, longest first so that '++' is not read as '+'. The finer checks
// come from the games whose notation writes them (CTL-AN); the others show only '+' and '#'.
const CHECK_MARKS = [
  ['#', 'mark.mate'],
  ['++', 'mark.double'],
  ['+∞', 'mark.distant'],
  ['+^', 'mark.near'],
  ['+', 'mark.check'],
];

// The check mark a move's text ends with, as [mark, meaning], or null.
export function checkMark(text) {
  return CHECK_MARKS.find(([mark]) => text.endsWith(mark)) || null;
}

function startOf(g) {
  const fields = g.start.split(' ');
  return { black: fields[1] === 'b' ? 1 : 0, number: parseInt(fields[fields.length - 1], 10) || 1 };
}

// The number of the move that ply `ply` (1 for the game's first) belongs to, and whose it is.
export function moveNumber(g, ply) {
  const s = startOf(g);
  const idx = ply - 1 + s.black;
  return { number: s.number + Math.floor(idx / 2), black: idx % 2 === 1 };
}

// "12." before White's move, "12…" before Black's.
export function moveLabel(g, ply) {
  const { number, black } = moveNumber(g, ply);
  return `${number}${black ? '…' : '.'}`;
}

// Moves written in a line as players write them: "12… Nf3 13. e4 e5", starting after ply `ply`.
export function numberedLine(g, ply, texts) {
  return texts.map((t, i) => {
    const { black } = moveNumber(g, ply + i + 1);
    return i === 0 || !black ? `${moveLabel(g, ply + i + 1)} ${t}` : t;
  }).join(' ');
}

// Draws the list; a click on a move calls goTo(ply). Scrolls only the list's own box, never the
// page: on a phone a page scroll would move the board away from the finger.
export function renderMoves(g, variant, view, goTo) {
  const ol = document.getElementById('movelist');
  ol.innerHTML = '';
  let li = null;
  const cell = (ply) => {
    const span = document.createElement('span');
    span.className = 'mv';
    if (ply === null) { span.textContent = '…'; return span; }
    const text = g.moves[ply - 1].display;
    const mark = checkMark(text);
    span.textContent = notationText(variant, text);
    if (mark) span.title = `${mark[0]} ${t(mark[1])}`;
    span.dataset.ply = ply;
    if (ply === view) span.classList.add('current');
    span.addEventListener('click', () => goTo(ply));
    return span;
  };
  for (let ply = 1; ply <= g.moves.length; ply++) {
    const { number, black } = moveNumber(g, ply);
    if (!black || li === null) {
      li = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = `${number}.`;
      li.appendChild(num);
      if (black) li.appendChild(cell(null));
      ol.appendChild(li);
    }
    li.appendChild(cell(ply));
  }
  const cur = ol.querySelector('.current');
  const box = ol.parentElement;
  if (cur) {
    const b = box.getBoundingClientRect(), c = cur.getBoundingClientRect();
    if (c.top < b.top) box.scrollTop -= b.top - c.top;
    else if (c.bottom > b.bottom) box.scrollTop += c.bottom - b.bottom;
  }
  renderLegend(g.moves.map((m) => m.display));
}

// Explains the check marks the game has used, under the list.
function renderLegend(texts) {
  const used = new Set(texts.map((t) => checkMark(t)).filter(Boolean).map(([mark]) => mark));
  const legend = document.getElementById('legend');
  const items = CHECK_MARKS.filter(([mark]) => used.has(mark));
  legend.hidden = items.length === 0;
  legend.innerHTML = '';
  for (const [mark, meaning] of items) {
    const item = document.createElement('span');
    const b = document.createElement('b');
    b.textContent = mark;
    item.append(b, ` ${t(meaning)}`);
    legend.appendChild(item);
  }
}
