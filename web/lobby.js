// The lobby: the open seeks, live from the server's lobby stream, with a form to seek a game and a
// button to accept one; and the public games being played now, to watch. Seeking and accepting need
// a signed-in player.
import { signedIn } from './account.js';
import { t, colourName } from './i18n.js';

const $ = (id) => document.getElementById(id);

// Seeks keep living while their player is here: the page asks for them this often.
const ALIVE_MS = 20000;

let seeks = [];
let stream = null, aliveTimer = null;
let deps = null; // { api, variants, openGame, showError }

const clockText = (base, inc) => `${base / 60000}+${inc / 1000}`;

function renderSeeks() {
  const me = signedIn();
  const body = $('seeks-body');
  body.replaceChildren();
  $('seeks-empty').hidden = seeks.length > 0;
  $('seeks-empty').textContent = t('lobby.noSeeks');
  $('seek-form').hidden = !me;
  $('lobby-signin').hidden = !!me;
  $('lobby-signin').textContent = t('lobby.signInFirst');
  for (const k of seeks) {
    const tr = document.createElement('tr');
    tr.dataset.seek = k.id;
    const title = deps.variants[k.variant]?.title || k.variant;
    const cells = [k.player, title, `${clockText(k.time_base, k.time_increment)} · ${t(`speed.${k.speed}`)}`,
      k.rated ? t('lobby.rated') : t('lobby.casual'), colourName(k.color)];
    for (const text of cells) {
      const td = document.createElement('td');
      td.textContent = text;
      tr.appendChild(td);
    }
    const td = document.createElement('td');
    if (me) {
      const b = document.createElement('button');
      const mine = k.player === me;
      b.textContent = mine ? t('lobby.withdraw') : t('lobby.accept');
      b.className = mine ? '' : 'primary';
      b.addEventListener('click', () => (mine ? withdraw(k.id) : accept(k.id)));
      td.appendChild(b);
    }
    tr.appendChild(td);
    body.appendChild(tr);
  }
}

async function withdraw(id) {
  try { await deps.api('DELETE', `seeks/${id}`); } catch (e) { deps.showError(e); }
}

async function accept(id) {
  try {
    const g = await deps.api('POST', `seeks/${id}/accept`);
    deps.openGame(g.id);
  } catch (e) {
    deps.showError(e);
  }
}

async function createSeek(e) {
  e.preventDefault();
  const f = $('seek-form');
  const [min, inc] = f.clock.value.split('+').map(Number);
  try {
    await deps.api('POST', 'seeks', {
      variant: f.variant.value, time_base: min * 60000, time_increment: inc * 1000,
      rated: f.rated.checked, color: f.color.value,
    });
  } catch (err) {
    deps.showError(err);
  }
}

// The public games going on, to watch.
async function renderPlaying() {
  const list = $('playing');
  list.replaceChildren();
  try {
    const { games } = await deps.api('GET', 'games?limit=20');
    const going = games.filter((g) => g.result === '*');
    $('playing-empty').hidden = going.length > 0;
    $('playing-empty').textContent = t('lobby.noGames');
    for (const g of going) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = `#/game/${g.id}`;
      a.className = 'button';
      a.textContent = t('lobby.watch');
      li.append(`${g.title} #${g.id} `, a);
      list.appendChild(li);
    }
  } catch (e) {
    deps.showError(e);
  }
}

function follow() {
  stream = new EventSource('/api/lobby/events');
  stream.addEventListener('state', (e) => { seeks = JSON.parse(e.data).seeks; renderSeeks(); });
  stream.addEventListener('seek', (e) => { seeks.push(JSON.parse(e.data)); renderSeeks(); });
  stream.addEventListener('unseek', (e) => {
    const gone = JSON.parse(e.data);
    const mine = seeks.find((k) => k.id === gone.id && k.player === signedIn());
    seeks = seeks.filter((k) => k.id !== gone.id);
    renderSeeks();
    // One's own seek accepted: its game starts, with this player's seat bound to the session.
    if (mine && gone.game) deps.openGame(gone.game);
    else if (gone.game) renderPlaying();
  });
  aliveTimer = setInterval(() => deps.api('GET', 'seeks').catch(() => {}), ALIVE_MS);
}

export function leaveLobby() {
  if (stream) stream.close();
  clearInterval(aliveTimer);
  stream = null;
}

export function showLobby() {
  leaveLobby();
  renderSeeks();
  renderPlaying();
  follow();
}

// d: { api, variants, openGame, showError }.
export function wireLobby(d) {
  deps = d;
  const sel = $('seek-variant');
  for (const v of Object.values(d.variants)) sel.add(new Option(v.title, v.name));
  $('seek-form').addEventListener('submit', createSeek);
}

export const refreshLobby = () => { if (stream) renderSeeks(); };
