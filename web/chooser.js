// The chooser: a small panel offering the moves that share a man and a hex (promotion pieces,
// castling rook placements). It opens by the board, never below the fold where a phone would hide
// it: under the board when it fits on the screen, else over the half of the board away from the move.
import { pieceIcon, letterOf, pieceName, pieceLetter } from './pieces.js';
import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);
const MARGIN = 8;

// The chooser showing: its options, the option previewed, and how to end it.
let open = null;

// Shows the options and resolves with the chosen one's value, or null when cancelled.
// An option: { value, label, title, icon, preview, cells }. Options with a preview (castling) are
// previewed first and played on a second tap: hovering with a mouse or focusing with the keyboard
// previews, a tap previews, a tap on the previewed option (or on one of its `cells` on the board)
// plays it. Touch has no hover, so a single tap never plays an option not yet seen.
// near: the viewport y of the move's hex, which the chooser must not cover.
export function choose(title, options, { note = '', near = 0, onPreview }) {
  return new Promise((resolve) => {
    const box = $('choices');
    box.innerHTML = '';
    const buttons = [];
    const previews = options.some((o) => o.preview);
    const activate = (i) => {
      open.active = i;
      buttons.forEach((b, k) => b.classList.toggle('active', k === i));
      onPreview(options[i].preview);
    };
    const done = (value) => {
      open = null;
      $('chooser').hidden = true;
      $('chooser-cancel').onclick = null;
      onPreview(null);
      resolve(value);
    };
    open = { options, active: -1, activate, done };
    options.forEach((o, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.move = o.value;
      if (o.icon) b.appendChild(o.icon);
      const l = document.createElement('span');
      l.className = 'label';
      l.textContent = o.label;
      b.appendChild(l);
      b.title = o.title || o.label;
      if (previews) {
        b.addEventListener('pointerenter', (e) => { if (e.pointerType === 'mouse') activate(i); });
        b.addEventListener('focus', () => { if (b.matches(':focus-visible')) activate(i); });
      }
      b.addEventListener('click', () => {
        if (previews && open.active !== i) activate(i);
        else done(o.value);
      });
      buttons.push(b);
      box.appendChild(b);
    });
    $('chooser-title').textContent = title;
    $('chooser-note').textContent = note;
    $('chooser-note').hidden = !note;
    $('chooser-cancel').onclick = () => done(null);
    $('chooser').hidden = false;
    place(near);
    onPreview(null); // the board redrawn as a chooser's: nothing previewed yet
  });
}

// Just under the board when it fits there in the viewport (a phone: the whole board stays in
// sight for the previews and for tapping a rook's hex); else over the board, on the half away from
// `near`; and always moved into the viewport.
function place(near) {
  const c = $('chooser');
  const area = c.offsetParent.getBoundingClientRect();
  const h = c.offsetHeight;
  const board = $('board').getBoundingClientRect();
  let top;
  if (board.bottom + h + MARGIN <= innerHeight) top = board.bottom;
  else top = near < board.top + board.height / 2 ? board.bottom - h - MARGIN : board.top + MARGIN;
  top = Math.min(top, innerHeight - h - MARGIN);
  top = Math.max(top, MARGIN);
  c.style.top = `${top - area.top}px`;
}

export const choosing = () => open !== null;

// A tap on the board while a chooser is open: a hex of the previewed option plays it, a hex of
// another option previews that one. Returns whether the chooser took the tap.
export function chooserTap(cell) {
  if (!open) return false;
  const has = (i) => (open.options[i].cells || []).includes(cell);
  if (open.active >= 0 && has(open.active)) open.done(open.options[open.active].value);
  else {
    const i = open.options.findIndex((o, k) => has(k));
    if (i >= 0) open.activate(i);
  }
  return true;
}

// The promotion choices of legal moves `cands` (one hex, several pieces, or "await").
export function promotionOptions(variant, cands, white) {
  return cands.map((m) => {
    const letter = m.promo === '&' ? letterOf(variant, 'pawn', true) : m.promo;
    return {
      value: m.text,
      label: m.promo === '&' ? t('chooser.await') : `=${pieceLetter(variant, m.promo)} ${pieceName(variant, m.promo)}`,
      title: m.text,
      icon: pieceIcon(variant, white ? letter : letter.toLowerCase()),
    };
  });
}

// The castling choices of legal moves `cands` (one king hex, several rook placements, and the
// plain leap). cellName(c) names a hex.
export function castlingOptions(variant, cands, white, cellName) {
  const K = letterOf(variant, 'king', white), Rk = letterOf(variant, 'rook', white);
  const [kingLetter, rookLetter] = [K, Rk].map((l) => pieceLetter(variant, l.toUpperCase()));
  return cands.map((m) => {
    const ghosts = [[m.to, K]], hidden = [m.from], rings = [[m.to, 'preview']], cells = [];
    const parts = [];
    for (const [rf, rt] of m.rooks || []) {
      ghosts.push([rt, Rk]);
      hidden.push(rf);
      rings.push([rt, 'preview']);
      cells.push(rt);
      parts.push(`${rookLetter} ${cellName(rf)}→${cellName(rt)}`);
    }
    if (m.kind !== 'castle') {
      return { value: m.text, label: t('chooser.leapOnly', { move: m.text }), preview: { ghosts, hidden, rings }, cells };
    }
    // Named, without a figure: every option would show the same rook, and the names keep the
    // chooser short enough to leave the board in sight on a phone.
    return {
      value: m.text, label: m.text, title: `${kingLetter} ${cellName(m.from)}→${cellName(m.to)}, ${parts.join(', ')}`,
      preview: { ghosts, hidden, rings }, cells,
    };
  });
}
