// Men slide from hex to hex when the board shown changes: a move played here, one of the opponent's
// from the stream, a step through the move list (backwards too), a castling's rooks with its king.
// A captured man fades out under the one taking it; a man that comes back (a step backwards over a
// capture) fades in. Skipped when the user prefers reduced motion.
//
// The board is redrawn whole on every render, so an animation is a description (which man goes from
// where to where, since when) applied again to the new elements of each render while it lasts.

export const SLIDE_MS = 180;

const reduced = matchMedia('(prefers-reduced-motion: reduce)');
const shown = new WeakMap(); // board -> { key, text, motion }

// What changed between two board strings (one letter per cell, '.' empty): the men that went from a
// hex to another, the men gone and the men come, and whether it was a move forward. move: the
// [from, to] of the move played into the new position (forward) and of the move played from it
// (backward), where known: a promotion's new letter cannot tell where its pawn came from.
function diff(board, before, after, move) {
  const gone = [], came = [];
  for (let c = 0; c < after.length; c++) {
    if (before[c] === after[c]) continue;
    if (before[c] !== '.') gone.push(c);
    if (after[c] !== '.') came.push(c);
  }
  const slides = [];
  const take = (from, to) => {
    slides.push([from, to]);
    gone.splice(gone.indexOf(from), 1);
    came.splice(came.indexOf(to), 1);
  };
  const fits = (m) => !!m && gone.includes(m[0]) && came.includes(m[1]);
  const forward = fits(move.forward);
  if (forward) take(...move.forward);
  else if (fits(move.backward)) take(...move.backward);
  // The others (a castling's rooks, every man of a jump through the list) go to the nearest hex
  // left by a man of the same letter.
  const dist = (a, b) => Math.hypot(board.pos[a].x - board.pos[b].x, board.pos[a].y - board.pos[b].y);
  for (const to of [...came]) {
    const from = gone.filter((c) => before[c] === after[to]).sort((a, b) => dist(a, to) - dist(b, to))[0];
    if (from !== undefined) take(from, to);
  }
  return { slides, fades: gone.map((c) => [c, before[c]]), appears: came, forward };
}

// Puts motion m on the board's freshly drawn men: each animation starts at m.at on the document's
// timeline, so that one put again on a redrawn man goes on where it was.
function apply(board, m) {
  const men = board.layers.men;
  const manAt = (cell) => men.querySelector(`.man[data-cell="${cell}"]:not(.ghost):not(.fading)`);
  const run = (el, frames) => {
    const a = el.animate(frames, { duration: SLIDE_MS, easing: 'ease-out' });
    a.startTime = m.at;
    return a;
  };
  for (const [from, to] of m.slides) {
    const el = manAt(to);
    if (!el) continue;
    const dx = board.pos[from].x - board.pos[to].x, dy = board.pos[from].y - board.pos[to].y;
    run(el, [{ translate: `${dx}px ${dy}px` }, { translate: '0px 0px' }]);
  }
  for (const [cell, letter] of m.fades) {
    const el = board.drawMan(cell, letter, 'fading');
    if (!el) continue;
    men.prepend(el); // under the man that takes it
    run(el, [{ opacity: 1 }, { opacity: 0 }]).finished.then(() => el.remove(), () => {});
  }
  for (const cell of m.appears) {
    const el = manAt(cell);
    if (el) run(el, [{ opacity: 0 }, { opacity: 1 }]);
  }
}

// Called after each render of board: key names what is shown (the game and the orientation: a
// change of either is no move), text the position drawn, move { forward, backward } the moves that
// may have led to it from the position shown before (above). Returns the motion started now
// ({ slides, fades, appears, forward }), or null.
export function showMotion(board, key, text, move = {}) {
  const prev = shown.get(board);
  const now = document.timeline.currentTime;
  let started = null;
  if (prev && prev.key === key && prev.text !== text && prev.text.length === text.length) {
    started = diff(board, prev.text, text, move);
    // A man dropped on its hex by a drag is there already.
    const drop = board.takeDrop();
    if (drop) started.slides = started.slides.filter(([f, to]) => f !== drop[0] || to !== drop[1]);
    started.at = now;
  }
  const motion = started || (prev && prev.key === key && prev.text === text ? prev.motion : null);
  shown.set(board, { key, text, motion });
  if (motion && !reduced.matches && now - motion.at < SLIDE_MS) apply(board, motion);
  return started;
}
