// The analysis panel and the evaluation bar: what the engine thinks of the position on the board.
// The server analyses any ply of the game (the viewed one); results belong to the ply they were
// asked for, so the bar and the line show only while that ply is the one viewed.
import { numberedLine } from './moves.js';
import { t } from './i18n.js';
import { notationText } from './pieces.js';

const $ = (id) => document.getElementById(id);

export function scoreText(a) {
  if (a.mate !== null && a.mate !== undefined) return `#${a.mate}`;
  const s = a.score / 100;
  return `${s > 0 ? '+' : ''}${s.toFixed(2)}`;
}

// Is the game's analysis about the viewed ply, with a result to show?
export function analysisShown(g, view) {
  const a = g.analysis;
  return !!(a && a.depth && a.ply === view);
}

// The move to show: a hint gives the tables' move where they hold the position (perfect play,
// whatever the engine found in its time), else the engine's. Either has best, best_from, best_to.
export function shownBest(a, hint) {
  return hint && a.tablebase && a.tablebase.best ? a.tablebase : a;
}

// Draws the panel and the bar. hint: the user asked for a hint (the best move, no evaluation);
// whiteBelow: White sits at the bottom of the board, so White's share of the bar grows upwards.
export function renderAnalysis(g, { variant, view, hint, whiteBelow, waiting }) {
  const a = g.analysis;
  const box = $('analysis');
  const bar = $('evalbar');
  bar.classList.toggle('white-above', !whiteBelow);
  if (!analysisShown(g, view)) {
    box.textContent = a && a.running && a.ply === view ? waiting : '';
    bar.hidden = true;
    return;
  }
  bar.hidden = hint;
  let frac = 1 / (1 + Math.exp(-a.score / 400));
  if (a.mate !== null && a.mate !== undefined) frac = a.mate > 0 ? 1 : 0;
  bar.style.setProperty('--white', `${(frac * 100).toFixed(1)}%`);
  $('evalbar-text').textContent = scoreText(a);
  box.innerHTML = '';
  const head = document.createElement('div');
  const score = document.createElement('b');
  score.textContent = scoreText(a);
  const depth = t('analysis.depth', { depth: a.depth, seldepth: a.seldepth, knodes: (a.nodes / 1000).toFixed(0) });
  head.append(score, `  ${depth}${a.running ? '  …' : ''}`);
  const line = document.createElement('div');
  line.className = 'line';
  // The tables' verdict in the words of `hexchess play`'s hint, from the side to move.
  const tb = a.tablebase ? t('analysis.tablebase', { text: a.tablebase.text }) : '';
  const written = (texts) => notationText(variant, numberedLine(g, a.ply, texts));
  line.textContent = hint ? t('analysis.hintLine', { line: written([shownBest(a, hint).best_display]) }) + (tb && ` (${tb})`)
    : t('analysis.bestLine', { line: written(a.pv_display.split(' ')) });
  box.append(head, line);
  if (tb && !hint) {
    const verdict = document.createElement('div');
    verdict.className = 'tablebase';
    verdict.textContent = tb;
    box.append(verdict);
  }
}
