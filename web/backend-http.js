// The app's back end on `hexchess serve`: its JSON API and each game's event stream.

export const capabilities = { server: true };

// One request; token: a seat's, for the requests that act for a side.
export async function request(method, path, body, token) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  if (token) opts.headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`/api/${path}`, opts);
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) {
    // The server's text, and its code for the page to word it in the player's language.
    const e = new Error((data && data.error) || `${res.status} ${res.statusText}`);
    e.status = res.status;
    e.code = data && data.code;
    throw e;
  }
  return data;
}

// The game's changes as the server pushes them (addEventListener, close).
// key: an unlisted game's watch key.
export function events(id, key) {
  return new EventSource(`/api/games/${id}/events${key ? `?key=${key}` : ''}`);
}

// Where the record downloads from: the server answers it as a file.
export function recordUrl(id, key) {
  return `/api/games/${id}/record${key ? `?key=${key}` : ''}`;
}
