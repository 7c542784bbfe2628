// The players' clocks. The server's clocks are the only ones: each game it sends says how much time
// each side had left at that moment and whose time runs. Between two such answers the page counts
// the running side down itself, so the display moves smoothly without asking the server; the next
// answer (a move, the end) puts it right again.

const LOW_MS = 10000;  // under this a clock warns, and shows tenths

let shown = null;      // { clock, at: when it arrived (performance.now()), over, places }
let timer = null;

// h:mm:ss for long games, m:ss, and m:ss.t in the last ten seconds.
export function clockText(ms) {
  const t = Math.max(0, ms);
  const s = Math.floor(t / 1000), m = Math.floor(s / 60), h = Math.floor(m / 60);
  const ss = String(s % 60).padStart(2, '0');
  if (h) return `${h}:${String(m % 60).padStart(2, '0')}:${ss}`;
  return t < LOW_MS ? `${m}:${ss}.${Math.floor(t / 100) % 10}` : `${m}:${ss}`;
}

// The time side has left now, as the page counts it.
function leftNow(side) {
  const { clock, at, over } = shown;
  const left = clock[side];
  return clock.running === side && !over ? left - (performance.now() - at) : left;
}

// Shows game g's clocks in places ({ white: element, black: element }), hidden for an untimed game.
// A game object seen before keeps its arrival time: redrawing it (a flip, a move viewed) does not
// restart the count.
export function showClocks(g, places) {
  const clock = g.clock;
  if (!shown || shown.clock !== clock) shown = { clock, at: performance.now() };
  shown.over = g.status !== 'ongoing';
  shown.places = places;
  tick();
}

function tick() {
  clearTimeout(timer);
  const { clock, places, over } = shown;
  for (const side of ['white', 'black']) {
    const el = places[side];
    el.hidden = !clock;
    if (!clock) continue;
    const left = leftNow(side);
    el.textContent = clockText(left);
    const running = clock.running === side && !over;
    el.classList.toggle('running', running);
    el.classList.toggle('low', left < LOW_MS && (!over || left <= 0));
    el.classList.toggle('flag', over && left <= 0);
  }
  if (!clock || !clock.running || over) return;
  // Next when the running clock's display changes: at its next second, or tenth when low.
  const left = leftNow(clock.running);
  if (left <= 0) return; // the server's timer ends the game; its end event comes next
  const step = left < LOW_MS ? 100 : 1000;
  timer = setTimeout(tick, (left % step) + 1);
}
