// What one player asks of the other: a draw offer or a take-back request goes to the opponent's
// screen, which asks to accept or decline; the asker's screen shows it waiting and hears the
// answer. After the end, a rematch with the colours swapped, which the other screen is told of.
import { keepRematchTokens } from './seats.js';
import { t, colourName } from './i18n.js';

const $ = (id) => document.getElementById(id);
const other = (c) => (c === 'white' ? 'black' : 'white');

const dismissed = new Set(); // games whose rematch prompt was closed

// A side's own request waiting for the other side, whose seat this browser does not hold.
const waitingOn = (offer, held) => (offer && held.includes(offer) && !held.includes(other(offer)) ? other(offer) : null);

// The line the asker's status shows while their request waits, or ''.
export function pendingText(g, held) {
  if (g.status !== 'ongoing') return '';
  const tb = waitingOn(g.takeback_offer, held), draw = waitingOn(g.draw_offer, held);
  if (tb) return t('offer.takebackWaiting', { side: colourName(tb) });
  if (draw) return t('offer.drawWaiting', { side: colourName(draw) });
  return '';
}

// What the other side answered to this browser's request, told once when the game changes from
// prev to g (null if nothing). Any move voids a request: only an unchanged game is an answer.
export function answerNews(prev, g, held) {
  if (!prev || prev.id !== g.id || g.status !== 'ongoing') return null;
  const tb = waitingOn(prev.takeback_offer, held);
  if (tb && !g.takeback_offer) {
    if (g.moves.length < prev.moves.length) return null; // the board shows it
    if (g.moves.length === prev.moves.length) return t('offer.takebackDeclined', { side: colourName(tb) });
  }
  const draw = waitingOn(prev.draw_offer, held);
  if (draw && !g.draw_offer && g.moves.length === prev.moves.length) return t('offer.drawDeclined', { side: colourName(draw) });
  return null;
}

// The question this browser must answer now, or null: { text, yes, no, onYes, onNo }.
// act(path, body) sends a game action; go(id) opens a game.
function question(g, held, act, go) {
  if (g.status !== 'ongoing') {
    if (!g.rematch || dismissed.has(g.id)) return null;
    const onNo = () => { dismissed.add(g.id); renderPrompt(g, held, act, go); };
    if (!held.length) {
      return { text: t('offer.rematchStarted'), yes: t('offer.watchIt'), no: t('common.close'), onYes: () => go(g.rematch), onNo };
    }
    const names = held.map(other).map(colourName);
    const colours = names.length === 2 ? t('offer.both', { a: names[0], b: names[1] }) : names[0];
    return {
      text: t('offer.rematch', { colours }), yes: t('offer.join'), no: t('common.close'), onNo,
      onYes: () => { keepRematchTokens(g.id, g.rematch); go(g.rematch); },
    };
  }
  const tb = g.takeback_offer;
  if (tb && held.includes(other(tb)) && !held.includes(tb)) {
    const side = other(tb);
    return {
      text: t('offer.takebackAsks', { side: colourName(tb) }), yes: t('offer.allow'), no: t('offer.decline'),
      onYes: () => act('undo', { action: 'accept', side }), onNo: () => act('undo', { action: 'decline', side }),
    };
  }
  const d = g.draw_offer;
  if (d && held.includes(other(d))) {
    const side = other(d);
    return {
      text: t('offer.drawOffers', { side: colourName(d) }), yes: t('offer.acceptDraw'), no: t('offer.decline'),
      onYes: () => act('draw', { action: 'accept', side }), onNo: () => act('draw', { action: 'decline', side }),
    };
  }
  return null;
}

// Shows the question, if any, in the prompt box.
export function renderPrompt(g, held, act, go) {
  const q = question(g, held, act, go);
  const box = $('prompt');
  box.hidden = !q;
  if (!q) return;
  $('prompt-text').textContent = q.text;
  $('prompt-yes').textContent = q.yes;
  $('prompt-no').textContent = q.no;
  $('prompt-yes').onclick = q.onYes;
  $('prompt-no').onclick = q.onNo;
}

// The rematch button after the end: made now, or the one made already (the server answers with
// either), this browser's seats carried over to it, and opened.
export async function rematch(g, api, go) {
  const r = await api('POST', `games/${g.id}/rematch`);
  keepRematchTokens(g.id, r.id);
  go(r.id);
}
