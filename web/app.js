// hexchess web app: talks to the JSON API of `hexchess serve` and draws the game.
import { Board } from './board.js';
import { pieceIcon, letterOf } from './pieces.js';

const $ = (id) => document.getElementById(id);
const COLOURS = ['white', 'black'];
const cap = (s) => s[0].toUpperCase() + s.slice(1);

const ui = {
  variants: {},
  game: null,
  view: 0,            // ply shown on the board
  follow: true,       // the view follows the latest move
  flip: false,        // the user's flip on top of the default orientation
  selected: null,
  justSelected: false,
  choosing: false,
  preview: null,
  hint: false,
  events: null,       // the EventSource of the game shown
  board: null,
};

// ---- seats ----
// The server gives a game's seat tokens once, in the answer that creates it; this browser keeps them
// per game so that a reload still plays.
const seatKey = (id) => `hexchess.seats.${id}`;
function seatTokens(id) {
  try { return JSON.parse(localStorage.getItem(seatKey(id))) || {}; } catch { return {}; }
}
function keepTokens(g) {
  if (g.tokens && Object.keys(g.tokens).length) localStorage.setItem(seatKey(g.id), JSON.stringify(g.tokens));
}
// A request for game id acts for the side its body names, else for the side to move; with one seat
// held, for that one.
function tokenFor(id, body) {
  const t = seatTokens(id);
  const g = ui.game && ui.game.id === id ? ui.game : null;
  const side = (body && body.side) || (g && g.turn);
  return t[side] || t.white || t.black;
}

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  const game = method !== 'GET' && path.match(/^games\/(\d+)/);
  const token = game && tokenFor(Number(game[1]), body);
  if (token) opts.headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api/${path}`, opts);
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) throw new Error((data && data.error) || `${res.status} ${res.statusText}`);
  return data;
}

function showError(msg) {
  const e = $('error');
  e.textContent = msg;
  e.hidden = false;
  clearTimeout(showError.timer);
  showError.timer = setTimeout(() => { e.hidden = true; }, 6000);
}

// ---- who plays what ----

const humans = (g) => COLOURS.filter((c) => g[c] === 'human');
// The side the viewer plays: the one human, or the side to move when both are human.
function mySide(g) {
  const h = humans(g);
  return h.length === 1 ? h[0] : g.turn;
}
function bottomSide(g) {
  const h = humans(g);
  const base = h.length === 1 ? h[0] : 'white';
  return ui.flip ? (base === 'white' ? 'black' : 'white') : base;
}
const latest = () => ui.game.moves.length;
const atLatest = () => ui.view === latest();
function canMove() {
  const g = ui.game;
  return g && atLatest() && g.status === 'ongoing' && g[g.turn] === 'human' && !ui.choosing;
}

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
  $('board').classList.toggle('flipped', bottomSide(g) === 'black');
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
    view.dests = [...new Set(legal.filter((m) => m.from === ui.selected && m.to !== m.from).map((m) => m.to))];
  }
  view.rings = [];
  if ($('threats').checked && atLatest()) {
    const me = mySide(g), them = me === 'white' ? 'black' : 'white';
    const isMine = (ch) => ch !== '.' && (ch === ch.toUpperCase()) === (me === 'white');
    for (const c of g.attacks[them]) if (isMine(board[c])) view.rings.push([c, 'threat-mine']);
    for (const c of g.attacks[me]) if (board[c] !== '.' && !isMine(board[c])) view.rings.push([c, 'threat-theirs']);
  }
  view.arrows = [];
  const a = g.analysis;
  if (a && a.best && a.ply === ui.view && atLatest()) {
    view.arrows.push([a.best_from, a.best_to, ui.hint ? 'hint' : '']);
    if (ui.hint) view.rings.push([a.best_from, 'hint']);
  }
  if (ui.preview) Object.assign(view, ui.preview);
  ui.board.render(view);
  renderPlayers();
  renderStatus();
  renderMoves();
  renderControls();
  renderAnalysis();
  $('pos-text').value = positionAt(ui.view);
  $('pos-format').textContent = variant.position_format;
  $('record-download').href = `/api/games/${g.id}/record`;
}

function playerLabel(g, colour) {
  if (g[colour] === 'engine') return `Engine · level ${g.level} · ${g.movetime / 1000} s`;
  return humans(g).length === 1 ? 'You' : cap(colour);
}

// The server runs a few engines for every game: work beyond them queues.
function engineState(g) {
  return g.waiting ? 'waiting for an engine…' : 'thinking…';
}

function renderPlayers() {
  const g = ui.game;
  const bottom = bottomSide(g), top = bottom === 'white' ? 'black' : 'white';
  for (const [id, colour] of [['player-top', top], ['player-bottom', bottom]]) {
    const turn = g.status === 'ongoing' && turnAt(ui.view) === colour && atLatest();
    $(id).innerHTML = '';
    const name = document.createElement('span');
    name.className = `name ${turn ? 'to-move' : ''}`;
    name.textContent = `${cap(colour)} — ${playerLabel(g, colour)}`;
    const extra = document.createElement('span');
    if (g[colour] === 'engine' && g.thinking && g.turn === colour) extra.textContent = engineState(g);
    $(id).append(name, extra);
  }
}

function renderStatus() {
  const g = ui.game;
  const s = $('status');
  s.classList.toggle('over', g.status === 'over');
  let text;
  if (g.status === 'over') text = `${g.result_text}, ${g.result}`;
  else if (g.thinking) text = `${cap(g.turn)} to move — ${g.waiting ? engineState(g) : 'the engine is thinking…'}`;
  else text = `${cap(g.turn)} to move${g.check !== 'none' ? ' — check' : ''}`;
  if (g.draw_offer && g.status === 'ongoing') text += ` · ${cap(g.draw_offer)} offers a draw`;
  if (!atLatest()) text += ` (viewing move ${ui.view} of ${latest()})`;
  s.textContent = text;
  const banner = $('banner');
  const forced = canMove() && g.legal.length > 0 && g.legal.every((m) => m.kind === 'promote-here');
  banner.hidden = !forced;
  if (forced) {
    const names = [...new Set(g.legal.map((m) => ui.variants[g.variant].cells[m.from].name))];
    banner.textContent = `Forced promotion: your pawn on ${names.join(', ')} awaits promotion — click it to choose the piece.`;
  }
}

function renderMoves() {
  const g = ui.game;
  const ol = $('movelist');
  ol.innerHTML = '';
  const startTurn = g.start.split(' ')[1] === 'b' ? 1 : 0;
  const startNo = parseInt(g.start.split(' ').pop(), 10) || 1;
  let li = null;
  const cell = (ply) => {
    const span = document.createElement('span');
    span.className = 'mv';
    if (ply === null) { span.textContent = '…'; return span; }
    const m = g.moves[ply - 1];
    span.textContent = m.display;
    span.dataset.ply = ply;
    if (ply === ui.view) span.classList.add('current');
    span.addEventListener('click', () => goTo(ply));
    return span;
  };
  for (let i = 0; i < g.moves.length; i++) {
    const idx = i + startTurn;
    if (idx % 2 === 0 || li === null) {
      li = document.createElement('li');
      const num = document.createElement('span');
      num.className = 'num';
      num.textContent = `${startNo + Math.floor(idx / 2)}.`;
      li.appendChild(num);
      if (idx % 2 === 1) li.appendChild(cell(null));
      ol.appendChild(li);
    }
    li.appendChild(cell(i + 1));
  }
  const cur = ol.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
}

function renderControls() {
  const g = ui.game;
  const on = g.status === 'ongoing';
  const me = mySide(g), other = me === 'white' ? 'black' : 'white';
  $('nav-first').disabled = $('nav-prev').disabled = ui.view === 0;
  $('nav-next').disabled = $('nav-last').disabled = atLatest();
  $('undo').disabled = g.moves.length === 0 || humans(g).length === 0;
  $('resign').disabled = !on || humans(g).length === 0;
  const offerToMe = on && g.draw_offer && g[g.draw_offer === 'white' ? 'black' : 'white'] === 'human' &&
    (humans(g).length === 2 || g.draw_offer === other);
  $('draw-accept').hidden = $('draw-decline').hidden = !offerToMe;
  $('draw-offer').hidden = offerToMe;
  $('draw-offer').disabled = !on || humans(g).length === 0 || g.draw_offer === me;
  $('draw-claim').hidden = !(on && g.claimable !== 'none');
  if (!$('draw-claim').hidden) $('draw-claim').textContent = `Claim draw (${g.claimable})`;
  $('analyse').textContent = g.analysis && g.analysis.running && !ui.hint ? 'Stop' : 'Analyse';
  $('analyse').disabled = $('hint').disabled = !on || g.thinking;
}

function scoreText(a) {
  if (a.mate !== null && a.mate !== undefined) return `#${a.mate}`;
  const s = a.score / 100;
  return `${s > 0 ? '+' : ''}${s.toFixed(2)}`;
}

function renderAnalysis() {
  const g = ui.game;
  const a = g.analysis;
  const box = $('analysis');
  const bar = $('evalbar');
  if (!a || !a.depth) {
    box.textContent = a && a.running ? engineState(g) : '';
    bar.hidden = true;
    return;
  }
  bar.hidden = ui.hint;
  let frac = 1 / (1 + Math.exp(-a.score / 400));
  if (a.mate !== null && a.mate !== undefined) frac = a.mate > 0 ? 1 : 0;
  $('evalbar-white').style.height = `${(frac * 100).toFixed(1)}%`;
  $('evalbar-text').textContent = scoreText(a);
  box.innerHTML = '';
  const line1 = document.createElement('div');
  line1.innerHTML = `<b>${scoreText(a)}</b>  depth ${a.depth}/${a.seldepth}  ${(a.nodes / 1000).toFixed(0)}k nodes${a.running ? '  …' : ''}`;
  const line2 = document.createElement('div');
  line2.textContent = ui.hint ? `Hint: ${a.best}` : `Best line: ${a.pv}`;
  box.append(line1, line2);
}

// ---- moving ----

function movesFrom(cell) {
  return canMove() ? ui.game.legal.filter((m) => m.from === cell) : [];
}

function onCell(cell, how) {
  if (!ui.game || cell < 0) {
    if (how !== 'dragstart') { ui.selected = null; render(); }
    return false;
  }
  const from = movesFrom(cell);
  if (how === 'dragstart') {
    if (!from.length) return false;
    if (ui.selected !== cell) { select(cell); ui.justSelected = true; }
    return true;
  }
  if (ui.selected != null && ui.selected !== cell) {
    const cands = movesFrom(ui.selected).filter((m) => m.to === cell);
    if (cands.length) { chooseAndPlay(cands); return false; }
  }
  if (how === 'drop') { render(); return false; }
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
  const here = movesFrom(cell).filter((m) => m.kind === 'promote-here');
  if (here.length) chooseAndPlay(here);
}

function cellName(c) { return ui.variants[ui.game.variant].cells[c].name; }

async function chooseAndPlay(cands) {
  let text = cands.length === 1 ? cands[0].text : null;
  if (!text) {
    const castles = cands.some((m) => m.kind === 'castle');
    text = castles ? await chooseCastling(cands) : await choosePromotion(cands);
  }
  ui.selected = null;
  ui.preview = null;
  if (text) await play(text);
  else render();
}

// Shows options in the side panel; resolves with the chosen option's value or null.
function choose(title, options) {
  return new Promise((resolve) => {
    ui.choosing = true;
    $('chooser').hidden = false;
    $('chooser-title').textContent = title;
    const box = $('choices');
    box.innerHTML = '';
    const done = (value) => {
      ui.choosing = false;
      ui.preview = null;
      $('chooser').hidden = true;
      $('chooser-cancel').onclick = null;
      resolve(value);
    };
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
      const show = () => {
        box.querySelectorAll('button').forEach((x) => x.classList.remove('active'));
        b.classList.add('active');
        if (o.preview) { ui.preview = o.preview; render(); }
      };
      b.addEventListener('mouseenter', show);
      b.addEventListener('focus', show);
      b.addEventListener('click', () => done(o.value));
      box.appendChild(b);
      if (i === 0 && o.preview) { ui.preview = o.preview; b.classList.add('active'); }
    });
    $('chooser-cancel').onclick = () => done(null);
    render();
  });
}

function choosePromotion(cands) {
  const g = ui.game;
  const variant = ui.variants[g.variant];
  const white = g.turn === 'white';
  const opts = cands.map((m) => {
    const letter = m.promo === '&' ? letterOf(variant, 'pawn', true) : m.promo;
    return {
      value: m.text,
      label: m.promo === '&' ? 'await (=&)' : `=${m.promo}`,
      title: m.text,
      icon: pieceIcon(variant, white ? letter : letter.toLowerCase()),
    };
  });
  return choose('Promote to', opts);
}

function chooseCastling(cands) {
  const g = ui.game;
  const variant = ui.variants[g.variant];
  const white = g.turn === 'white';
  const K = letterOf(variant, 'king', white), Rk = letterOf(variant, 'rook', white);
  const opts = cands.map((m) => {
    if (m.kind !== 'castle') {
      return {
        value: m.text, label: `${m.text} (king's leap only)`,
        preview: { ghosts: [[m.to, K]], hidden: [m.from], rings: [[m.to, 'preview']] },
      };
    }
    const ghosts = [[m.to, K]], hidden = [m.from], rings = [[m.to, 'preview']];
    const parts = [];
    for (const [rf, rt] of m.rooks) {
      ghosts.push([rt, Rk]);
      hidden.push(rf);
      rings.push([rt, 'preview']);
      parts.push(`R ${cellName(rf)}→${cellName(rt)}`);
    }
    return {
      value: m.text, label: m.text, title: `K ${cellName(m.from)}→${cellName(m.to)}, ${parts.join(', ')}`,
      icon: pieceIcon(variant, Rk, 30), preview: { ghosts, hidden, rings },
    };
  });
  return choose(`Castle: king to ${cellName(cands[0].to)} — choose the rooks' places (hover to preview)`, opts);
}

async function play(text) {
  try {
    setGame(await api('POST', `games/${ui.game.id}/moves`, { move: text }));
  } catch (e) {
    showError(e.message);
    render();
  }
}

// ---- game state ----

function setGame(g) {
  const fresh = !ui.game || ui.game.id !== g.id;
  const grew = ui.game && g.moves.length !== ui.game.moves.length;
  ui.game = g;
  if (fresh || ui.follow || grew && ui.view >= g.moves.length) ui.view = g.moves.length;
  if (ui.view > g.moves.length) ui.view = g.moves.length;
  ui.follow = ui.view === g.moves.length;
  if (fresh) { ui.selected = null; ui.hint = false; }
  if (!g.analysis || (!g.analysis.running && !g.analysis.best)) ui.hint = ui.hint && !!g.analysis;
  render();
  follow(g.id);
}

// The server pushes every change of the game (moves, offers, the end, analysis): each event fetches
// the game again, one fetch at a time.
function follow(id) {
  if (ui.events && ui.events.gameId === id) return;
  stopFollowing();
  const es = new EventSource(`/api/games/${id}/events`);
  es.gameId = id;
  let busy = false, again = false;
  const refresh = async () => {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const fresh = await api('GET', `games/${id}`);
      if (ui.game && ui.game.id === fresh.id && ui.events === es) setGame(fresh);
    } catch (e) {
      showError(e.message);
    }
    busy = false;
    if (again) { again = false; refresh(); }
  };
  for (const name of ['move', 'takeback', 'draw', 'end', 'rematch', 'analysis']) es.addEventListener(name, refresh);
  ui.events = es;
}

function stopFollowing() {
  if (ui.events) ui.events.close();
  ui.events = null;
}

// The side that moved last asks; a browser holding both seats (same screen) also agrees at once.
async function takeBack() {
  const g = ui.game, t = seatTokens(g.id);
  const sameScreen = humans(g).length === 2 && !!t.white === !!t.black;
  const last = g.turn === 'white' ? 'black' : 'white';
  await action('undo', { side: sameScreen ? last : mySide(g) });
  if (sameScreen && ui.game.takeback_offer === last) await action('undo', { action: 'accept', side: g.turn });
}

async function loadGame(id) {
  showPage('game');
  try {
    setGame(await api('GET', `games/${id}`));
    localStorage.setItem('hexchess.lastGame', String(id));
  } catch (e) {
    showError(e.message);
  }
}

function goTo(ply) {
  ui.view = Math.max(0, Math.min(latest(), ply));
  ui.follow = atLatest();
  ui.selected = null;
  render();
}

async function action(path, body, method = 'POST') {
  try {
    setGame(await api(method, `games/${ui.game.id}/${path}`, body));
  } catch (e) {
    showError(e.message);
  }
}

// ---- pages ----

function showPage(name) {
  $('page-game').hidden = name !== 'game';
  $('page-games').hidden = name !== 'games';
  if (name !== 'game') stopFollowing();
}

async function showGames() {
  showPage('games');
  ui.game = null;
  const body = $('games-body');
  body.innerHTML = '';
  try {
    const list = await api('GET', 'games?limit=200');
    $('games-empty').hidden = list.games.length > 0;
    for (const row of list.games) {
      const tr = document.createElement('tr');
      const when = new Date(row.updated * 1000).toLocaleString();
      const result = row.result === '*' ? 'in progress' : `${row.result} (${row.reason})`;
      for (const text of [row.id, row.title, cap(row.white), cap(row.black), Math.ceil(row.plies / 2), result, when]) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.appendChild(td);
      }
      const td = document.createElement('td');
      td.className = 'actions';
      const open = document.createElement('a');
      open.className = 'button';
      open.href = `#/game/${row.id}`;
      open.textContent = row.result === '*' ? 'Resume' : 'View';
      const del = document.createElement('button');
      del.textContent = 'Delete';
      del.addEventListener('click', async () => {
        if (!confirm(`Delete game ${row.id}?`)) return;
        try { await api('DELETE', `games/${row.id}`); showGames(); } catch (e) { showError(e.message); }
      });
      td.append(open, del);
      tr.appendChild(td);
      body.appendChild(tr);
    }
  } catch (e) {
    showError(e.message);
  }
}

function route() {
  const h = location.hash;
  let m;
  if ((m = h.match(/^#\/game\/(\d+)$/))) loadGame(Number(m[1]));
  else if ((m = h.match(/^#\/game\/(\d+)\/(white|black)\/([0-9a-f]{64})$/))) {
    // A seat's link: keep its token, and take it out of the address bar and the history.
    localStorage.setItem(seatKey(m[1]), JSON.stringify({ ...seatTokens(m[1]), [m[2]]: m[3] }));
    location.replace(`#/game/${m[1]}`);
  } else if (h === '#/games') showGames();
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
  $('colour-set').hidden = !engine;
  $('engine-set').hidden = !engine;
  $('castling-set').hidden = !ui.variants[variant].castling;
  $('new-format').textContent = ui.variants[variant].position_format;
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
  };
  const pos = f.position.value.trim();
  if (pos) body.position = pos;
  try {
    const g = await api('POST', 'games', body);
    keepTokens(g);
    $('new-dialog').close();
    ui.flip = false;
    ui.game = null;
    location.hash = `#/game/${g.id}`;
    setGame(g);
  } catch (err) {
    $('new-error').textContent = err.message;
    $('new-error').hidden = false;
  }
}

// ---- import ----

async function importRecord(text) {
  try {
    const g = await api('POST', 'games/import', { text });
    keepTokens(g);
    location.hash = `#/game/${g.id}`;
  } catch (e) {
    showError(e.message);
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
  $('resign').addEventListener('click', () => {
    if (confirm('Resign this game?')) action('resign', { side: mySide(ui.game) });
  });
  $('draw-offer').addEventListener('click', () => action('draw', { action: 'offer', side: mySide(ui.game) }));
  const receiver = () => {
    const g = ui.game;
    return g.draw_offer === 'white' ? 'black' : 'white';
  };
  $('draw-accept').addEventListener('click', () => action('draw', { action: 'accept', side: receiver() }));
  $('draw-decline').addEventListener('click', () => action('draw', { action: 'decline', side: receiver() }));
  $('draw-claim').addEventListener('click', () => action('draw', { action: 'claim', side: mySide(ui.game) }));
  $('analyse').addEventListener('click', () => {
    const a = ui.game.analysis;
    if (a && a.running && !ui.hint) { action('analysis', undefined, 'DELETE'); return; }
    ui.hint = false;
    action('analysis', { movetime: 10000 });
  });
  $('hint').addEventListener('click', () => { ui.hint = true; action('analysis', { movetime: 1500 }); });
  $('threats').addEventListener('change', render);
  $('pos-copy').addEventListener('click', async () => {
    const text = $('pos-text').value;
    try { await navigator.clipboard.writeText(text); } catch { $('pos-text').select(); document.execCommand('copy'); }
  });
  $('record-upload').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) importRecord(await file.text());
    e.target.value = '';
  });
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
    else if (e.key === 'Escape') { ui.selected = null; render(); }
  });
  window.addEventListener('hashchange', route);
}

async function main() {
  wire();
  try {
    for (const v of await api('GET', 'variants')) ui.variants[v.name] = v;
    fillVariantChoices();
  } catch (e) {
    showError(`cannot reach the server: ${e.message}`);
    return;
  }
  route();
}

main();
