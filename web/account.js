// The signed-in player (optional: guests play as before): the header's sign-in button and name, and
// the dialog that signs in or makes an account. The session is the server's cookie: the page only
// asks who it opens.

const $ = (id) => document.getElementById(id);

// The words this file shows (to move into the language catalogs).
const TEXT = {
  signIn: 'Sign in',
  signOut: 'Sign out',
};

let player = null; // the signed-in player's name, or null

export const signedIn = () => player;

function render() {
  $('nav-account').textContent = player || TEXT.signIn;
  $('nav-signout').hidden = !player;
  $('nav-signout').textContent = TEXT.signOut;
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
      $('account-error').textContent = err.message;
      $('account-error').hidden = false;
    }
  });
  render();
}
