// The signed-in player (optional: guests play as before): the header's sign-in button and name, and
// the dialog that signs in or makes an account. The session is the server's cookie: the page only
// asks who it opens.

import { t, errorText } from './i18n.js';

const $ = (id) => document.getElementById(id);

let player = null; // the signed-in player's name, or null

export const signedIn = () => player;

function render() {
  $('nav-account').textContent = player || t('account.signIn');
  $('nav-signout').hidden = !player;
}

// Reads who the session opens; api(method, path, body) is the page's request function.
export async function loadSession(api) {
  try {
    player = (await api('GET', 'session')).name;
  } catch {
    player = null;
  }
  render();
}

// Wires the header and the dialog; changed() is called after a sign-in or a sign-out.
export function wireAccount(api, changed) {
  $('nav-account').addEventListener('click', () => {
    // Signed in, the name opens the player's own page.
    if (player) { location.hash = `#/player/${player}`; return; }
    $('account-error').hidden = true;
    $('account-dialog').showModal();
  });
  $('nav-signout').addEventListener('click', async () => {
    await api('DELETE', 'session').catch(() => {});
    player = null;
    render();
    changed();
  });
  $('account-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    const how = e.submitter && e.submitter.value;
    if (how === 'cancel') { $('account-dialog').close(); return; }
    const f = $('account-form');
    try {
      const r = await api('POST', how === 'create' ? 'accounts' : 'session',
        { name: f.name.value.trim(), password: f.password.value });
      player = r.name;
      f.password.value = '';
      $('account-dialog').close();
      render();
      changed();
    } catch (err) {
      $('account-error').textContent = errorText(err);
      $('account-error').hidden = false;
    }
  });
  render();
}
