// The card over the board when a game ends while it is shown: how it ended, in the player's own
// words where the page plays one side ("You won by checkmate"), else as the status says it ("Black
// wins by time"); the score; and what to do next: a rematch (where the game has one), a new game,
// an analysis.
import { t, resultText } from './i18n.js';

const $ = (id) => document.getElementById(id);

let actions = {};

export function hideResult() {
  $('result-card').hidden = true;
}

// Called with each game received (g) and the one shown before it (prev, or null). o: { side: the
// one side this page plays, or null; rematch(): makes or opens the rematch, or null where the game
// has none; newGame(); analyse() }.
export function showResult(prev, g, o) {
  if (!prev || prev.id !== g.id) hideResult();
  const ended = prev && prev.id === g.id && prev.status === 'ongoing' && g.status === 'over';
  if (!ended && $('result-card').hidden) return;
  actions = o;
  if (ended) {
    $('result-title').textContent = resultText(g, o.side);
    $('result-score').textContent = g.reason === 'aborted' ? '' : g.result;
    $('result-card').hidden = false;
  }
  $('result-rematch').hidden = !o.rematch;
  $('result-rematch').textContent = g.rematch ? t('control.toRematch') : t('control.rematch');
}

// Each button closes the card, then acts.
export function wireResult() {
  const on = (id, act) => $(id).addEventListener('click', () => { hideResult(); act?.(); });
  on('result-close');
  on('result-rematch', () => actions.rematch?.());
  on('result-new', () => actions.newGame());
  on('result-analyse', () => actions.analyse());
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') hideResult(); });
}
