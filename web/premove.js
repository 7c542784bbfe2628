// Premoves: while the opponent is to move in a game going on, the player may queue one move of their
// own (a man, then a hex), shown marked on the board. When the turn comes back after the opponent's
// one move it is played if it is legal then, and dropped otherwise; a tap anywhere else cancels it.
// The page knows only the moves of the side to move, so any hex may be picked: the legality is
// judged when it is the player's turn.

let picked = null; // { id, from }: a man picked, its hex not yet
let queued = null; // { id, from, to, plies }: the move queued when the game had `plies` moves

export function cancelPremove() {
  picked = queued = null;
}

// A tap on cell (-1: off the board) while the opponent of side is to move in game g (its board
// shown: g.board). A man of one's own picks it (again: drops it); another hex after a man was picked
// queues the move; any other tap cancels.
export function premoveTap(g, side, cell) {
  const ch = cell >= 0 ? g.board[cell] : '.';
  const own = ch !== '.' && (ch === ch.toUpperCase()) === (side === 'white');
  const from = picked && picked.id === g.id ? picked.from : null;
  cancelPremove();
  if (own && cell !== from) picked = { id: g.id, from: cell };
  else if (from != null && !own && cell >= 0) queued = { id: g.id, from, to: cell, plies: g.moves.length };
}

// The hexes to mark on game g's board: [[cell, 'premove'], ...].
export function premoveMarks(g) {
  if (g.status !== 'ongoing') return [];
  if (queued && queued.id === g.id) return [[queued.from, 'premove'], [queued.to, 'premove']];
  if (picked && picked.id === g.id) return [[picked.from, 'premove']];
  return [];
}

// On the player's turn in game g: the legal moves that play the queued premove (several when a
// chooser must ask), taken off the queue; [] when none was queued or it is not legal now. Only right
// after the opponent's one move: a take-back or another game drops it.
export function takePremove(g) {
  const q = queued && queued.id === g.id ? queued : null;
  cancelPremove();
  if (!q || g.moves.length !== q.plies + 1) return [];
  return g.legal.filter((m) => m.from === q.from && m.to === q.to);
}
