// Playing a friend: a game of two human seats, created here, whose other seat's link goes to the
// friend. This browser keeps only its own seat's token; the friend's link is shown once, to copy
// and send, and is not stored (whoever holds it plays that colour). Also the clock a new game may
// have, for every kind of opponent.

import { t, colourName } from './i18n.js';

const $ = (id) => document.getElementById(id);

let invite = null; // { id, colour: the friend's, friend: URL, watch: URL }

// The time control chosen in the new-game form, as POST /api/games takes it; {} for no clock.
// Presets are "minutes+seconds"; a custom one takes minutes (fractions allowed) and seconds.
export function timeControl(form) {
  const choice = form.clock.value;
  if (!choice) return {};
  const [min, inc] = choice === 'custom' ? [form.base_min.value, form.increment_s.value] : choice.split('+');
  return { time_base: Math.round(Number(min) * 60000), time_increment: Math.round(Number(inc || 0) * 1000) };
}

// The server's links are paths from the site's root; the page may be served below it.
const fullLink = (link) => new URL(link.slice(link.indexOf('#')), location.href).href;

// A game just created for a friend: `created` is the server's answer, `mine` the creator's colour.
// Returns the tokens this browser keeps: its own seat's only.
export function inviteFriend(created, mine) {
  const colour = mine === 'white' ? 'black' : 'white';
  invite = { id: created.id, colour, friend: fullLink(created.links[colour]), watch: fullLink(created.links.watch) };
  return { [mine]: created.tokens[mine] };
}

// The invitation shows on its game's page until it is closed, or the friend has surely joined
// (both sides have moved), or the game ends.
export function renderInvite(g) {
  const box = $('invite');
  const show = invite && invite.id === g.id && g.status === 'ongoing' && g.moves.length < 2;
  const wasHidden = box.hidden;
  box.hidden = !show;
  if (!show) return;
  $('invite-text').textContent = t('invite.text', { colour: colourName(invite.colour) });
  $('invite-link').value = invite.friend;
  $('watch-link').value = invite.watch;
  if (wasHidden) box.scrollIntoView({ block: 'nearest' });
}

export function closeInvite() {
  invite = null;
  $('invite').hidden = true;
}

// Copies a read-only field's text, and says so on the button for a moment. Pages served over plain
// HTTP to another machine have no clipboard API: the selection is copied instead.
export async function copyField(input, button) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand('copy');
  }
  const label = button.dataset.label || (button.dataset.label = button.textContent);
  button.textContent = t('common.copied');
  clearTimeout(button.copiedTimer);
  button.copiedTimer = setTimeout(() => { button.textContent = label; }, 1500);
}
