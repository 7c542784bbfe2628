import { signedIn } from './account.js';

// The seats this browser plays, and the keys of the unlisted games it may watch. The server gives a game's seat tokens once, in the answer that
// creates it (or in a seat link); they are kept per game in localStorage so that a reload still plays.
const key = (id) => `hexchess.seats.${id}`;

export function seatTokens(id) {
  try { return JSON.parse(localStorage.getItem(key(id))) || {}; } catch { return {}; }
}

// tokens: { white?, black? }, added to those already held for game id.
export function keepTokens(id, tokens) {
  if (tokens && Object.keys(tokens).length) {
    localStorage.setItem(key(id), JSON.stringify({ ...seatTokens(id), ...tokens }));
  }
}

// The ids of the games this browser holds a seat of, newest first.
export function heldGameIds() {
  const ids = [];
  for (let i = 0; i < localStorage.length; i++) {
    const m = localStorage.key(i).match(/^hexchess\.seats\.(\d+)$/);
    if (m) ids.push(Number(m[1]));
  }
  return ids.sort((a, b) => b - a);
}

// An unlisted game's watch key (the server hides the game from whoever has neither it nor a seat).
const watchKeyName = (id) => `hexchess.watch.${id}`;
export const watchKey = (id) => localStorage.getItem(watchKeyName(id)) || '';
export function keepWatchKey(id, key) {
  if (key && watchKey(id) !== key) localStorage.setItem(watchKeyName(id), key);
}

const other = (c) => (c === 'white' ? 'black' : 'white');

// In a rematch each player's token opens the other colour: the server sends no new tokens.
export function keepRematchTokens(fromId, toId) {
  const t = seatTokens(fromId), swapped = {};
  for (const c of Object.keys(t)) swapped[other(c)] = t[c];
  keepTokens(toId, swapped);
}

// The colours this browser may play in game g: a seat whose token it holds, or an "open" seat
// (a game saved before seats, anyone's; every seat of a back end without seats, as the one inside
// the browser). None: it watches.
// A seat bound to the signed-in player (me) is theirs on any device.
export function heldSeats(g, me = signedIn()) {
  const t = seatTokens(g.id);
  return ['white', 'black'].filter((c) => g[c] === 'human' &&
    ((g.seats ? g.seats[c] : 'open') === 'open' || !!t[c] || (!!me && g.players?.[c] === me)));
}
