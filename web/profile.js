// A player's page: their ratings (per game and speed, "?" while provisional), each one's history
// drawn as a line, from GET /api/players/NAME.

import { t } from './i18n.js';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

// The rating as shown: rounded, with "?" while provisional.
const shown = (r) => `${Math.round(r.rating)}${r.provisional ? '?' : ''}`;

// A line through the ratings after each game, scaled to a small box.
function chart(history) {
  const w = 240, h = 60, pad = 4;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('class', 'rating-chart');
  const values = [1500, ...history.map((p) => p.rating)];
  const lo = Math.min(...values), hi = Math.max(...values), span = hi - lo || 1;
  const x = (i) => pad + (i * (w - 2 * pad)) / Math.max(1, values.length - 1);
  const y = (v) => h - pad - ((v - lo) * (h - 2 * pad)) / span;
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute('points', values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' '));
  svg.appendChild(line);
  return svg;
}

// Shows the player's page; variants: the games' descriptions by name, for their titles.
export async function showProfile(api, name, variants) {
  const box = $('profile-ratings');
  box.replaceChildren();
  const p = await api('GET', `players/${encodeURIComponent(name)}`);
  $('profile-name').textContent = p.name;
  $('profile-since').textContent = t('profile.since', { date: new Date(p.created * 1000).toLocaleDateString() });
  for (const [variant, speeds] of Object.entries(p.ratings)) {
    for (const [speed, r] of Object.entries(speeds)) {
      const card = document.createElement('div');
      card.className = 'rating';
      card.dataset.variant = variant;
      card.dataset.speed = speed;
      const head = document.createElement('div');
      head.textContent = `${variants[variant]?.title || variant} · ${t(`speed.${speed}`)}`;
      const value = document.createElement('div');
      value.className = 'rating-value';
      value.textContent = shown(r);
      const games = document.createElement('div');
      games.className = 'note';
      games.textContent = t('profile.games', { n: r.games });
      card.append(head, value, games, chart(r.history));
      box.appendChild(card);
    }
  }
  $('profile-empty').hidden = box.children.length > 0;
  $('profile-empty').textContent = t('profile.noRatings');
}
