// hexchess web app: talks to the JSON API of `hexchess serve`, or to the same routes answered in the
// page (the static site: its index.html names the local back end), and draws the game.
import { Board } from './board.js';
import { letterOf } from './pieces.js';
import { renderMoves, moveNumber } from './moves.js';
import { renderAnalysis, analysisShown, shownBest } from './analysis.js';
import {
  choose, choosing, chooserTap, promotionOptions, castlingOptions,
} from './chooser.js';
import { seatTokens, keepTokens, heldSeats, heldGameIds, watchKey, keepWatchKey } from './seats.js';
import { showClocks } from './clock.js';
import { timeControl, inviteFriend, renderInvite, closeInvite, copyField } from './friend.js';
import { pendingText, answerNews, renderPrompt, rematch } from './offers.js';
import { followGame } from './live.js';
import { loadSession, wireAccount } from './account.js';
import { showLobby, leaveLobby, wireLobby, refreshLobby } from './lobby.js';
import { showProfile } from './profile.js';
import { t, initLanguage, translatePage, wireLanguageMenu, errorText, resultText, reasonText, colourName } from './i18n.js';
import { showMotion } from './motion.js';
import { moveSound, watchLowTime, wireMute } from './sound.js';
import { showResult, wireResult } from './resultcard.js';
import { twoStep } from './confirm.js';
import { premoveTap, premoveMarks, takePremove, cancelPremove } from './premove.js';

const backendName = document.querySelector('meta[name=hexchess-backend]')?.content;
const backend = await import(backendName === 'local' ? './backend-local.js' : './backend-http.js');

const $ = (id) => document.getElementById(id);
const COLOURS = ['white', 'black'];

const ui = {
  variants: {},
  game: null,
  view: 0,            // ply shown on the board
  follow: true,       // the view follows the latest move
  flip: false,        // the user's flip on top of the default orientation
  analysing: false,   // the engine's view is on: every position viewed gets analysed
  reanalyse: null,    // a pending analysis of the newly viewed position
  selected: null,
  justSelected: false,
  sending: false,     // a move is on its way to the server: nothing more may be played meanwhile
  target: null,       // the hex of the move a chooser is open for
  preview: null,
  hint: false,
  live: null,         // the game shown, kept in step with the server (live.js)
  analysisEvents: 0,  // analysis events heard, to tell whether one overtook an answer (analyse)
  board: null,
};

// A request for game id acts for the side its body names, else for the side to move; with one seat
// held, for that one.
function tokenFor(id, body) {
  const t = seatTokens(id);
  const g = ui.game && ui.game.id === id ? ui.game : null;
  const side = (body && body.side) || (g && g.turn);
  return t[side] || t.white || t.black;
}

// A game's requests carry its watch key when this browser knows it, and a seat's token when it holds
// one (which also shows an unlisted game).
function api(method, path, body) {
  const game = path.match(/^games\/(\d+)/);
  const key = game && watchKey(Number(game[1]));
  if (key) path += `${path.includes('?') ? '&' : '?'}key=${key}`;
  return backend.request(method, path, body, game && tokenFor(Number(game[1]), body));
}

// info: news rather than an error. msg: a text, or an error (worded from its code).
function showError(msg, info = false) {
  const e = $('error');
  e.textContent = msg instanceof Error ? errorText(msg) : msg;
  e.classList.toggle('info', info);
  e.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { e.hidden = true; }, 6000);
}

// ---- who plays what ----

// The side the viewer plays: the one seat this browser holds, or the side to move when it holds both
// (or none: it watches).
function mySide(g) {
  const h = heldSeats(g);
  return h.length === 1 ? h[0] : g.turn;
}
const watching = (g) => heldSeats(g).length === 0;
// The one side this page plays, or null (both, on one screen, or none).
function ownSide(g) {
  const h = heldSeats(g);
  return h.length === 1 ? h[0] : null;
}
function bottomSide(g) {
  const h = heldSeats(g);
  const base = h.length === 1 ? h[0] : 'white';
  return ui.flip ? (base === 'white' ? 'black' : 'white') : base;
}
const latest = () => ui.game.moves.length;
const atLatest = () => ui.view === latest();
function canMove() {
  const g = ui.game;
  return g && atLatest() && g.status === 'ongoing' && heldSeats(g).includes(g.turn) && !choosing() && !ui.sending;
}
// The opponent is to move: the player may queue a premove (premove.js).
function canPremove() {
  const g = ui.game, side = g && ownSide(g);
  return side && atLatest() && g.status === 'ongoing' && g.turn !== side && !choosing();
}

// A pawn awaiting promotion does not move: its only moves are promotions where it stands.
const promotesHere = (moves) => moves.length > 0 && moves.every((m) => m.kind === 'promote-here');

function boardAt(ply) {
  const g = ui.game;
  return ply === 0 ? g.start_board : g.moves[ply - 1].board;
}
function positionAt(ply) {
  const g = ui.game;
  return ply === 0 ? g.start : g.moves[ply - 1].position;
}
// Side to move after `ply` plies.
function turnAt(ply) {
  const g = ui.game;
  const startTurn = g.start.split(' ')[1] === 'b' ? 1 : 0;
  return COLOURS[(startTurn + ply) % 2];
}

// ---- rendering ----

function render() {
  const g = ui.game;
  if (!g) return;
  const variant = ui.variants[g.variant];
  ui.board.setup(variant, bottomSide(g) === 'black');
  const board = boardAt(ui.view);
  const view = { board };
  if (ui.view > 0) {
    const m = g.moves[ui.view - 1];
    view.last = [m.from, m.to];
    if (m.check) {
      const king = letterOf(variant, 'king', turnAt(ui.view) === 'white');
      view.check = board.indexOf(king);
    }
  }
  const legal = atLatest() ? g.legal : [];
  if (ui.selected != null) {
    view.selected = ui.selected;
    // While a chooser is open the move's hex is chosen: it is marked, not the other dots.
    if (!choosing()) {
      view.dests = [...new Set(legal.filter((m) => m.from === ui.selected && m.to !== m.from).map((m) => m.to))];
    }
  }
  view.rings = ui.target != null ? [[ui.target, 'preview']] : [];
  if ($('threats').checked && atLatest()) {
    const me = mySide(g), them = me === 'white' ? 'black' : 'white';
    const isMine = (ch) => ch !== '.' && (ch === ch.toUpperCase()) === (me === 'white');
    for (const c of g.attacks[them]) if (isMine(board[c])) view.rings.push([c, 'threat-mine']);
    for (const c of g.attacks[me]) if (board[c] !== '.' && !isMine(board[c])) view.rings.push([c, 'threat-theirs']);
  }
  if (atLatest()) view.rings.push(...premoveMarks(g));
  view.badges = awaitingPawns(variant, board);
  view.arrows = [];
  const a = g.analysis;
  const best = a && shownBest(a, ui.hint);
  if (analysisShown(g, ui.view) && best.best) {
    view.arrows.push([best.best_from, best.best_to, ui.hint ? 'hint' : '']);
    if (ui.hint) view.rings.push([best.best_from, 'hint']);
  }
  if (ui.preview) Object.assign(view, ui.preview);
  ui.board.render(view);
  animate(board);
  renderPlayers();
  renderStatus();
  renderMoves(g, variant, ui.view, goTo);
  renderControls();
  renderPrompt(g, heldSeats(g), action, openGame);
  renderInvite(g);
  renderAnalysis(g, { variant, view: ui.view, hint: ui.hint, whiteBelow: bottomSide(g) === 'white', waiting: engineState(g) });
  $('pos-text').value = positionAt(ui.view);
  $('pos-label').textContent = t('io.position', { format: variant.position_format });
  const record = backend.recordUrl(g.id, watchKey(g.id));
  if (record) $('record-download').href = record;
}

// The men slide from the position shown before, and a move forward is heard.
function animate(board) {
  const g = ui.game, into = g.moves[ui.view - 1], out = g.moves[ui.view];
  const motion = showMotion(ui.board, `${g.id} ${bottomSide(g)}`, board,
    { forward: into && [into.from, into.to], backward: out && [out.to, out.from] });
  if (motion?.forward) moveSound({ capture: motion.fades.length > 0, check: into.check });
}

// Pawns waiting on their own side's promotion hex (moved there with "=&"), marked on the board.
function awaitingPawns(variant, board) {
  const marks = [];
  for (const colour of COLOURS) {
    const pawn = letterOf(variant, 'pawn', colour === 'white');
    for (const c of variant.promotion[colour]) if (board[c] === pawn) marks.push([c, 'awaiting']);
  }
  return marks;
}

// Who plays a side, beside its colour: nothing more when two people share the screen or for a
// spectator. On a clock the engine's time per move is unused.
function playerLabel(g, colour) {
  if (g[colour] === 'engine') {
    return g.clock ? t('player.engine', { level: g.level })
      : t('player.engineTime', { level: g.level, seconds: g.movetime / 1000 });
  }
  if (g.players?.[colour]) return g.players[colour];
  const held = heldSeats(g);
  if (held.length !== 1) return '';
  return held[0] === colour ? t('player.you') : t('player.opponent');
}

// The server runs a few engines for every game: work beyond them queues.
function engineState(g) {
  return g.waiting ? t('engine.waiting') : t('engine.thinking');
}

function renderPlayers() {
  const g = ui.game;
  const bottom = bottomSide(g), top = bottom === 'white' ? 'black' : 'white';
  const clockOf = (id) => $(id).querySelector('.clock');
  showClocks(g, { [top]: clockOf('player-top'), [bottom]: clockOf('player-bottom') });
  for (const [id, colour] of [['player-top', top], ['player-bottom', bottom]]) {
    const turn = g.status === 'ongoing' && turnAt(ui.view) === colour && atLatest();
    const bar = $(id);
    const name = bar.querySelector('.name');
    name.classList.toggle('to-move', turn);
    const label = playerLabel(g, colour);
    name.textContent = label ? t('player.named', { colour: colourName(colour), label }) : colourName(colour);
    bar.querySelector('.note').textContent =
      g[colour] === 'engine' && g.thinking && g.turn === colour ? engineState(g) : '';
  }
}

function renderStatus() {
  const g = ui.game;
  const s = $('status');
  s.classList.toggle('over', g.status === 'over');
  const toMove = (side, check) => {
    const text = t('status.toMove', { side: colourName(side) });
    return check ? t('status.check', { text }) : text;
  };
  let text;
  if (!atLatest()) {
    // An earlier position: what stood there, not what stands now.
    const turn = turnAt(ui.view), check = ui.view > 0 && g.moves[ui.view - 1].check;
    text = t('status.viewing', { text: toMove(turn, check), viewing: viewingText(g) });
  } else if (g.status === 'over') text = t('status.over', { result: resultText(g), score: g.result });
  else if (g.thinking) {
    text = t('status.thinking', { text: toMove(g.turn, false), engine: g.waiting ? engineState(g) : t('status.engineThinking') });
  } else text = toMove(g.turn, g.check !== 'none');
  const pending = atLatest() && pendingText(g, heldSeats(g));
  if (pending) text = t('status.more', { text, more: pending });
  else if (atLatest() && g.draw_offer && g.status === 'ongoing') {
    text = t('status.more', { text, more: t('status.drawOffered', { side: colourName(g.draw_offer) }) });
  }
  s.textContent = text;
  const banner = $('banner');
  const forced = canMove() && promotesHere(g.legal);
  const spectator = !forced && watching(g);
  banner.hidden = !forced && !spectator;
  banner.classList.toggle('watching', spectator);
  if (forced) {
    const names = [...new Set(g.legal.map((m) => ui.variants[g.variant].cells[m.from].name))];
    banner.textContent = t('banner.forced', { cells: names.join(', ') });
  } else if (spectator) {
    banner.textContent = t('banner.watching');
  }
}

// "viewing move 6 (Black's) of 7": moves as players count them, not plies.
function viewingText(g) {
  if (ui.view === 0) return t('view.start');
  const at = moveNumber(g, ui.view), end = moveNumber(g, latest());
  return t(at.black ? 'view.moveBlack' : 'view.moveWhite', { number: at.number, end: end.number });
}

function renderControls() {
  const g = ui.game;
  const on = g.status === 'ongoing';
  const me = mySide(g), held = heldSeats(g);
  $('nav-first').disabled = $('nav-prev').disabled = ui.view === 0;
  $('nav-next').disabled = $('nav-last').disabled = atLatest();
  // A spectator has no say in the game; the players' buttons give way to a rematch at the end.
  for (const id of ['undo', 'draw-offer', 'resign']) $(id).hidden = !held.length || !on;
  const asked = on && g.takeback_offer === me && held.length === 1;
  $('undo').disabled = g.moves.length === 0 || asked;
  $('undo').textContent = asked ? t('control.takebackAsked') : t('control.takeback');
  $('resign').disabled = !on;
  const offered = on && g.draw_offer === me;
  $('draw-offer').disabled = !on || offered;
  $('draw-offer').textContent = offered ? t('control.drawOffered') : t('control.offerDraw');
  $('draw-claim').hidden = !(on && held.length && g.claimable !== 'none');
  if (!$('draw-claim').hidden) $('draw-claim').textContent = t('control.claimDraw', { reason: reasonText(g.claimable) });
  $('rematch').hidden = on || !held.length;
  $('rematch').textContent = g.rematch ? t('control.toRematch') : t('control.rematch');
  $('analyse').textContent = ui.analysing ? t('analysis.stop') : t('analysis.start');
  // The server lets only a player start an analysis of a game with seats.
  const outsider = !held.length && Object.values(g.seats || {}).includes('token');
  $('analyse').disabled = $('hint').disabled = g.thinking || !analysable(g) || outsider;
}

// ---- moving ----

function movesFrom(cell) {
  return canMove() ? ui.game.legal.filter((m) => m.from === cell) : [];
}

function onCell(cell, how) {
  if (!ui.game) return false;
  if (choosing()) {
    if (how !== 'dragstart' && cell >= 0) chooserTap(cell);
    return false;
  }
  if (canPremove()) {
    if (how !== 'dragstart') { premoveTap(ui.game, ownSide(ui.game), cell); render(); }
    return false;
  }
  if (cell < 0) {
    if (how !== 'dragstart') { ui.selected = null; render(); }
    return false;
  }
  const from = movesFrom(cell);
  if (how === 'dragstart') {
    if (!from.length || promotesHere(from)) return false;
    if (ui.selected !== cell) { select(cell); ui.justSelected = true; }
    return true;
  }
  if (ui.selected != null && ui.selected !== cell) {
    const cands = movesFrom(ui.selected).filter((m) => m.to === cell);
    if (cands.length) { chooseAndPlay(cands); return false; }
  }
  if (how === 'drop') { render(); return false; }
  if (promotesHere(from)) { select(cell); chooseAndPlay(from); return false; }
  if (cell === ui.selected) {
    if (ui.justSelected) ui.justSelected = false;
    else ui.selected = null;
    render();
    return false;
  }
  if (from.length) select(cell);
  else { ui.selected = null; render(); }
  return false;
}

function select(cell) {
  ui.selected = cell;
  ui.justSelected = false;
  render();
}

function cellName(c) { return ui.variants[ui.game.variant].cells[c].name; }

// Plays one of the moves from one man to one hex. Several (castlings, promotion pieces) or a
// promotion of any kind ask first: even a single possible piece, or "await", is the player's to
// confirm, never played behind their back.
async function chooseAndPlay(cands) {
  const g = ui.game;
  const variant = ui.variants[g.variant];
  const white = g.turn === 'white';
  const hex = ui.board.cellEl(cands[0].to).getBoundingClientRect();
  const near = hex.top + hex.height / 2;
  const onPreview = (preview) => { ui.preview = preview; render(); };
  ui.target = cands[0].to;
  let text = null;
  if (cands.some((m) => m.kind === 'castle')) {
    text = await choose(t('chooser.castle', { cell: cellName(cands[0].to) }),
      castlingOptions(variant, cands, white, cellName), { note: t('chooser.castlingNote'), near, onPreview });
  } else if (cands.some((m) => m.promo)) {
    const note = cands.some((m) => m.promo === '&') ? t('chooser.awaitNote')
      : cands[0].kind === 'promote-here' ? t('chooser.promoteHereNote') : '';
    text = await choose(t('chooser.promote'), promotionOptions(variant, cands, white), { note, near, onPreview });
  } else {
    text = cands[0].text;
  }
  ui.selected = null;
  ui.target = null;
  if (text) await play(text);
  else render();
}

async function play(text) {
  ui.sending = true;
  try {
    setGame(await api('POST', `games/${ui.game.id}/moves`, { move: text }));
  } catch (e) {
    showError(e);
    render();
    ui.live?.refresh(); // the game may have changed, or the move gone through unanswered
  } finally {
    ui.sending = false;
  }
}

// ---- game state ----

function setGame(g) {
  // An answer that left before a later change arrived after it (a slow fetch racing a move): showing
  // it would take the move back on the board, and lose the next click.
  if (ui.game && ui.game.id === g.id && g.version < ui.game.version) return;
  keepWatchKey(g.id, g.watch_key);
  const fresh = !ui.game || ui.game.id !== g.id;
  const grew = ui.game && g.moves.length !== ui.game.moves.length;
  const news = answerNews(ui.game, g, heldSeats(g));
  if (news) showError(news, true);
  const prev = ui.game;
  ui.game = g;
  if (fresh || ui.follow || grew && ui.view >= g.moves.length) ui.view = g.moves.length;
  if (ui.view > g.moves.length) ui.view = g.moves.length;
  ui.follow = ui.view === g.moves.length;
  if (fresh) { ui.selected = null; ui.hint = false; ui.analysing = false; }
  if (!g.analysis || (!g.analysis.running && !g.analysis.best)) ui.hint = ui.hint && !!g.analysis;
  // The player's turn has come: a premove queued is played now if it is legal, else dropped.
  const premove = canMove() ? takePremove(g) : [];
  render();
  showResult(prev, g, {
    side: ownSide(g),
    rematch: heldSeats(g).length && backend.capabilities.server ? () => rematch(ui.game, api, openGame).catch((e) => showError(e)) : null,
    newGame: openNewGame,
    analyse: analyseGame,
  });
  watchLowTime(g, ownSide(g));
  follow(g.id);
  followWithAnalysis();
  if (premove.length) chooseAndPlay(premove);
}

// The game shown is kept in step with the server (live.js): each change but an analysis, and every
// reconnection, fetches the game again.
function follow(id) {
  if (ui.live && ui.live.gameId === id) return;
  stopFollowing();
  const live = followGame(id, { events: () => backend.events(id, watchKey(id)) }, () => api('GET', `games/${id}`), (g) => {
    if ((!ui.game || ui.game.id === g.id) && ui.live === live && !$('page-game').hidden) setGame(g);
  }, {
    // An analysis event carries the analysis whole: no fetch needed while the game is the same.
    analysis(data, refresh) {
      if (ui.live !== live || !ui.game || ui.game.id !== id) return;
      ui.analysisEvents++;
      if (data.version === ui.game.version) setGame({ ...ui.game, analysis: data.analysis });
      else refresh();
    },
    deleted() {
      if (ui.live === live) ui.live = null;
      showError(t('game.deleted'), true);
    },
    health(ok) { $('reconnecting').hidden = ok; },
  });
  live.gameId = id;
  ui.live = live;
}

function stopFollowing() {
  if (ui.live) ui.live.close();
  ui.live = null;
}

// The side that moved last asks; a browser holding both seats (same screen) also agrees at once.
async function takeBack() {
  const g = ui.game;
  const sameScreen = heldSeats(g).length === 2;
  const last = g.turn === 'white' ? 'black' : 'white';
  await action('undo', { side: sameScreen ? last : mySide(g) });
  if (sameScreen && ui.game.takeback_offer === last) await action('undo', { action: 'accept', side: g.turn });
}

function openGame(id) {
  location.hash = `#/game/${id}`;
}

async function loadGame(id) {
  showPage('game');
  try {
    setGame(await api('GET', `games/${id}`));
    localStorage.setItem('hexchess.lastGame', String(id));
  } catch (e) {
    showError(e);
    // Not reached (no answer, or the server failing): it is shown once it can be fetched.
    if (!e.status || e.status >= 500) follow(id);
  }
}

function goTo(ply) {
  ui.view = Math.max(0, Math.min(latest(), ply));
  ui.follow = atLatest();
  ui.selected = null;
  render();
  followWithAnalysis();
}

// ---- analysis ----

const ANALYSIS_MS = 10000, HINT_MS = 1500;

// With the analysis on, the position viewed (stepped to, or newly played) is the one analysed;
// stepping through moves asks once, not at every step. Not while the engine thinks of its move:
// the server would refuse.
function followWithAnalysis() {
  const g = ui.game;
  clearTimeout(ui.reanalyse);
  const a = g.analysis;
  if (!ui.analysing || (a && a.ply === ui.view) || g.thinking || !analysable(g)) return;
  ui.reanalyse = setTimeout(() => analyse(ANALYSIS_MS), 200);
}

// The result card's Analyse: the analysis panel opened and the analysis on, from the move before
// the final position when that has no move to weigh.
function analyseGame() {
  $('analysis-panel').open = true;
  if (!analysable(ui.game)) goTo(ui.view - 1);
  if (!ui.analysing) $('analyse').click();
}

// A finished game can be studied, except its final position when that is mate or stalemate:
// there is no move left to weigh.
function analysable(g) {
  return !(atLatest() && g.status === 'over' && /mate/.test(g.reason));
}

// The answer can come after the events of the analysis it started (one of a position the tables
// hold ends in milliseconds): then the analysis the events brought is the newer.
async function analyse(movetime) {
  const events = ui.analysisEvents;
  try {
    const g = await api('POST', `games/${ui.game.id}/analysis`, { movetime, ply: ui.view });
    const overtaken = events !== ui.analysisEvents && g.id === ui.game.id && g.version === ui.game.version;
    setGame(overtaken ? { ...g, analysis: ui.game.analysis } : g);
  } catch (e) {
    showError(e);
  }
}

async function action(path, body, method = 'POST') {
  try {
    setGame(await api(method, `games/${ui.game.id}/${path}`, body));
  } catch (e) {
    showError(e);
    ui.live?.refresh();
  }
}

// ---- pages ----

function showPage(name) {
  for (const page of ['game', 'games', 'lobby', 'player']) $(`page-${page}`).hidden = name !== page;
  if (name !== 'game') stopFollowing();
  if (name !== 'lobby') leaveLobby();
}

async function showGames() {
  showPage('games');
  ui.game = null;
  const body = $('games-body');
  body.innerHTML = '';
  try {
    // This browser's games: on a server, those it holds a seat of, with their keys (others are not
    // listed); without one (the static site) every game stored is this browser's.
    const ids = heldGameIds().slice(0, 200).map((id) => (watchKey(id) ? `${id}:${watchKey(id)}` : id));
    const list = !backend.capabilities.server ? await api('GET', 'games?limit=200')
      : ids.length ? await api('GET', `games?limit=200&ids=${ids.join(',')}`) : { games: [] };
    $('games-empty').hidden = list.games.length > 0;
    const heads = $('games').querySelectorAll('thead th');
    for (const row of list.games) {
      const tr = document.createElement('tr');
      const when = new Date(row.updated * 1000).toLocaleString();
      const result = row.result === '*' ? t('games.inProgress') : t('status.over', { result: resultText(row), score: row.result });
      const cells = [row.id, row.title, t(`kind.${row.white}`), t(`kind.${row.black}`), Math.ceil(row.plies / 2), result, when];
      cells.forEach((text, i) => {
        const td = document.createElement('td');
        td.textContent = text;
        td.dataset.label = heads[i].textContent; // shown beside the value where the table turns into cards
        tr.appendChild(td);
      });
      const td = document.createElement('td');
      td.className = 'actions';
      const open = document.createElement('a');
      open.className = 'button';
      open.href = `#/game/${row.id}`;
      open.textContent = row.result === '*' ? t('games.resume') : t('games.view');
      const del = document.createElement('button');
      del.textContent = t('games.delete');
      twoStep(del, () => t('confirm.delete'), async () => {
        try { await api('DELETE', `games/${row.id}`); showGames(); } catch (e) { showError(e); }
      });
      td.append(open, del);
      tr.appendChild(td);
      body.appendChild(tr);
    }
  } catch (e) {
    showError(e);
  }
}

function route() {
  const h = location.hash;
  let m;
  if ((m = h.match(/^#\/game\/(\d+)$/))) loadGame(Number(m[1]));
  else if ((m = h.match(/^#\/game\/(\d+)\/(white|black)\/([0-9a-f]{64})$/))) {
    // A seat's link: keep its token, and take it out of the address bar and the history.
    keepTokens(Number(m[1]), { [m[2]]: m[3] });
    location.replace(`#/game/${m[1]}`);
  } else if ((m = h.match(/^#\/game\/(\d+)\/watch\/([0-9a-f]{32})$/))) {
    // A watch link of an unlisted game: its key is kept, the address shows the game.
    keepWatchKey(Number(m[1]), m[2]);
    location.replace(`#/game/${m[1]}`);
  } else if (h === '#/games') showGames();
  else if ((m = h.match(/^#\/player\/([A-Za-z0-9_-]{2,20})$/)) && backend.capabilities.server) {
    ui.game = null;
    showPage('player');
    showProfile(api, m[1], ui.variants).catch((e) => showError(e));
  } else if (h === '#/lobby' && backend.capabilities.server) {
    ui.game = null;
    showPage('lobby');
    showLobby();
  }
  else {
    const last = localStorage.getItem('hexchess.lastGame');
    if (last) location.hash = `#/game/${last}`;
    else { showGames(); openNewGame(); }
  }
}

// ---- new game dialog ----

// The game choices and the record file types, in the server's order (its first is the default).
function fillVariantChoices() {
  const set = $('variant-set');
  Object.values(ui.variants).forEach((v, i) => {
    const label = document.createElement('label');
    const input = document.createElement('input');
    Object.assign(input, { type: 'radio', name: 'variant', value: v.name, checked: i === 0 });
    label.append(input, ` ${v.title}`);
    set.appendChild(label);
  });
  const types = new Set(Object.values(ui.variants).map((v) => `.${v.record_extension}`));
  $('record-upload').accept = [...types, '.txt'].join(',');
}

function syncNewForm() {
  const f = $('new-form');
  const variant = f.variant.value;
  const engine = f.opponent.value === 'engine';
  $('colour-set').hidden = f.opponent.value === 'human';
  $('engine-set').hidden = !engine;
  $('movetime-field').hidden = !!f.clock.value; // the engine plays on the clock instead
  $('base-field').hidden = $('increment-field').hidden = f.clock.value !== 'custom';
  $('castling-set').hidden = !ui.variants[variant].castling;
  $('new-position-label').textContent = t('new.position', { format: ui.variants[variant].position_format });
  $('level-out').textContent = f.level.value;
}

function openNewGame() {
  $('new-error').hidden = true;
  syncNewForm();
  $('new-dialog').showModal();
}

async function startNewGame(e) {
  e.preventDefault();
  if (e.submitter && e.submitter.value === 'cancel') { $('new-dialog').close(); return; }
  const f = $('new-form');
  const engine = f.opponent.value === 'engine';
  let colour = f.colour.value;
  if (colour === 'random') colour = Math.random() < 0.5 ? 'white' : 'black';
  const body = {
    variant: f.variant.value,
    white: engine && colour === 'black' ? 'engine' : 'human',
    black: engine && colour === 'white' ? 'engine' : 'human',
    level: Number(f.level.value),
    movetime: Number(f.movetime.value),
    castling: !f.nocastling.checked,
    ...timeControl(f),
  };
  // A signed-in player's own seat in a friend's game is bound to them (the server binds the one
  // human seat of an engine game by itself).
  if (f.opponent.value === 'friend') body.seat = colour;
  const pos = f.position.value.trim();
  if (pos) body.position = pos;
  try {
    const g = await api('POST', 'games', body);
    keepTokens(g.id, f.opponent.value === 'friend' ? inviteFriend(g, colour) : g.tokens);
    $('new-dialog').close();
    ui.flip = false;
    ui.game = null;
    location.hash = `#/game/${g.id}`;
    setGame(g);
  } catch (err) {
    $('new-error').textContent = errorText(err);
    $('new-error').hidden = false;
  }
}

// ---- import ----

// Who plays the imported game, as chosen beside the import button.
function importPlayers() {
  const who = $('import-players').value;
  const players = {
    white: who === 'engine-white' ? 'engine' : 'human',
    black: who === 'engine-black' ? 'engine' : 'human',
  };
  if (who !== 'human') players.level = Math.max(0, Math.min(20, Number($('import-level').value) || 0));
  return players;
}

async function importRecord(text) {
  try {
    const g = await api('POST', 'games/import', { text, ...importPlayers() });
    keepTokens(g.id, g.tokens);
    location.hash = `#/game/${g.id}`;
    // What the reader passed over (a result in parentheses, a label's case ...) may change the game.
    if (g.warnings?.length) showError(t('io.warnings', { warnings: g.warnings.join('\n') }), true);
  } catch (e) {
    showError(e);
  }
}

// ---- wiring ----

function wire() {
  ui.board = new Board($('board'), onCell);
  $('nav-new').addEventListener('click', openNewGame);
  $('games-new').addEventListener('click', openNewGame);
  $('new-form').addEventListener('submit', startNewGame);
  $('new-form').addEventListener('input', syncNewForm);
  $('nav-first').addEventListener('click', () => goTo(0));
  $('nav-prev').addEventListener('click', () => goTo(ui.view - 1));
  $('nav-next').addEventListener('click', () => goTo(ui.view + 1));
  $('nav-last').addEventListener('click', () => goTo(latest()));
  $('flip').addEventListener('click', () => { ui.flip = !ui.flip; render(); });
  $('undo').addEventListener('click', () => { ui.hint = false; takeBack(); });
  twoStep($('resign'), () => t('confirm.resign'), () => action('resign', { side: mySide(ui.game) }));
  wireMute($('mute'));
  wireResult();
  $('draw-offer').addEventListener('click', () => action('draw', { action: 'offer', side: mySide(ui.game) }));
  $('rematch').addEventListener('click', () => rematch(ui.game, api, openGame).catch((e) => showError(e)));
  $('invite-copy').addEventListener('click', () => copyField($('invite-link'), $('invite-copy')));
  $('watch-copy').addEventListener('click', () => copyField($('watch-link'), $('watch-copy')));
  $('invite-close').addEventListener('click', closeInvite);
  $('draw-claim').addEventListener('click', () => action('draw', { action: 'claim', side: mySide(ui.game) }));
  $('analyse').addEventListener('click', () => {
    ui.analysing = !ui.analysing;
    if (ui.analysing) {
      ui.hint = false;
      analyse(ANALYSIS_MS);
    } else {
      clearTimeout(ui.reanalyse);
      action('analysis', undefined, 'DELETE');
    }
  });
  $('hint').addEventListener('click', () => {
    ui.analysing = false;
    ui.hint = true;
    analyse(HINT_MS);
  });
  $('threats').addEventListener('change', render);
  $('pos-copy').addEventListener('click', () => copyField($('pos-text'), $('pos-copy')));
  // Without a server the record is made in the page, and saved from there as a file.
  $('record-download').addEventListener('click', async (e) => {
    if (backend.recordUrl(ui.game.id)) return;
    e.preventDefault();
    try {
      const { text, filename } = await api('GET', `games/${ui.game.id}/record`);
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
      a.download = filename;
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    } catch (err) {
      showError(err);
    }
  });
  $('record-upload').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) importRecord(await file.text());
    e.target.value = '';
  });
  const syncImport = () => { $('import-level-field').hidden = $('import-players').value === 'human'; };
  $('import-players').addEventListener('change', syncImport);
  syncImport();
  $('record-import').addEventListener('click', () => {
    const text = $('record-paste').value.trim();
    if (text) importRecord(text);
  });
  document.addEventListener('keydown', (e) => {
    if (!ui.game || $('page-game').hidden || e.target.closest('input, textarea, select, dialog')) return;
    if (e.key === 'ArrowLeft') goTo(ui.view - 1);
    else if (e.key === 'ArrowRight') goTo(ui.view + 1);
    else if (e.key === 'Home') goTo(0);
    else if (e.key === 'End') goTo(latest());
    else if (e.key === 'f') { ui.flip = !ui.flip; render(); }
    else if (e.key === 'Escape' && choosing()) $('chooser-cancel').click();
    else if (e.key === 'Escape') { ui.selected = null; cancelPremove(); render(); }
  });
  window.addEventListener('hashchange', route);
}

async function main() {
  await initLanguage();
  translatePage();
  wireLanguageMenu($('language'));
  // What needs other browsers to reach the game (seat links, watching) is marked data-needs-server.
  for (const el of document.querySelectorAll('[data-needs-server]')) el.hidden = !backend.capabilities.server;
  wire();
  if (backend.capabilities.server) {
    // Signed in or out: the seats held change, and the list of one's games.
    wireAccount(api, () => {
      if (ui.game) render();
      else if (!$('page-games').hidden) showGames();
      refreshLobby();
    });
    await loadSession(api);
  }
  try {
    for (const v of await api('GET', 'variants')) ui.variants[v.name] = v;
    fillVariantChoices();
    if (backend.capabilities.server) wireLobby({ api, variants: ui.variants, openGame, showError });
  } catch (e) {
    showError(t('error.unreachable', { message: errorText(e) }));
    return;
  }
  route();
}

main();
