// The game's sounds, made in the page with the Web Audio API (no sound files): a move, a capture, a
// check, and the player's own clock falling under ten seconds (once a game). A mute switch turns
// them off, kept in localStorage.
const MUTED = 'hexchess.muted';
const LOW_MS = 10000;

let audio = null;
const lowTold = new Set(); // games whose low-time warning has sounded
let lowTimer = null;
const arrived = new WeakMap(); // clock object -> when it came (performance.now())

export const muted = () => localStorage.getItem(MUTED) === '1';

// Browsers start sound only after the user has touched the page: the context is made (or woken) at
// the first press, and sounds before that are silent.
function context() {
  if (!audio) {
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return null;
    audio = new Ctx();
  }
  if (audio.state === 'suspended') audio.resume().catch(() => {});
  return audio;
}

// A tone: wave of frequency f falling to f * drop, starting `at` s from now, lasting `length` s,
// with a quick attack and an exponential fade, at loudness `level`.
function tone(ac, { f, drop = 1, at = 0, length = 0.1, level = 0.3, wave = 'sine' }) {
  const start = ac.currentTime + at;
  const osc = ac.createOscillator(), gain = ac.createGain();
  osc.type = wave;
  osc.frequency.setValueAtTime(f, start);
  if (drop !== 1) osc.frequency.exponentialRampToValueAtTime(f * drop, start + length);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(level, start + 0.004);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  osc.connect(gain).connect(ac.destination);
  osc.start(start);
  osc.stop(start + length + 0.02);
}

// A short knock of filtered noise: a man set down on wood.
function knock(ac, { at = 0, length = 0.05, level = 0.5, f = 1400 }) {
  const start = ac.currentTime + at;
  const frames = Math.ceil(ac.sampleRate * length);
  const buffer = ac.createBuffer(1, frames, ac.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 3;
  const src = ac.createBufferSource(), filter = ac.createBiquadFilter(), gain = ac.createGain();
  src.buffer = buffer;
  filter.type = 'bandpass';
  filter.frequency.value = f;
  filter.Q.value = 1.2;
  gain.gain.value = level;
  src.connect(filter).connect(gain).connect(ac.destination);
  src.start(start);
}

const SOUNDS = {
  move(ac) {
    knock(ac, {});
    tone(ac, { f: 320, drop: 0.6, length: 0.09, level: 0.25, wave: 'triangle' });
  },
  capture(ac) {
    knock(ac, { level: 0.7, f: 900, length: 0.08 });
    tone(ac, { f: 240, drop: 0.5, length: 0.14, level: 0.35, wave: 'triangle' });
    knock(ac, { at: 0.05, level: 0.4, f: 1800 });
  },
  check(ac) {
    tone(ac, { f: 880, length: 0.12, level: 0.2 });
    tone(ac, { f: 1175, at: 0.1, length: 0.18, level: 0.2 });
  },
  low(ac) {
    for (let i = 0; i < 3; i++) tone(ac, { f: 1000, at: i * 0.16, length: 0.08, level: 0.18, wave: 'square' });
  },
};

// Plays a sound by name ('move', 'capture', 'check', 'low') unless muted.
export function play(name) {
  if (muted()) return;
  const ac = context();
  if (ac) SOUNDS[name](ac);
}

// The sound of a move shown: a check above a capture above a plain move.
export function moveSound({ capture, check }) {
  play(check ? 'check' : capture ? 'capture' : 'move');
}

// Warns once a game when the player's own clock (side) runs under ten seconds; g is the game as
// the server last sent it, its clock as it stood on arrival (a clock seen before keeps its arrival
// time: the same game redrawn with an analysis does not restart the count). Called on each game shown.
export function watchLowTime(g, side) {
  clearTimeout(lowTimer);
  const c = g.clock;
  if (!side || !c || g.status !== 'ongoing' || c.running !== side || lowTold.has(g.id)) return;
  if (!arrived.has(c)) arrived.set(c, performance.now());
  const left = c[side] - (performance.now() - arrived.get(c));
  const warn = () => { lowTold.add(g.id); play('low'); };
  if (left <= LOW_MS) warn();
  else lowTimer = setTimeout(warn, left - LOW_MS);
}

// The mute switch (a toggle button whose words and icon the page gives): pressed when muted; a
// press flips it and keeps it.
export function wireMute(button) {
  const show = () => button.setAttribute('aria-pressed', String(muted()));
  button.addEventListener('click', () => {
    localStorage.setItem(MUTED, muted() ? '0' : '1');
    show();
    play('move'); // turning sound on says so (and wakes the sound on this first press)
  });
  // The first press anywhere may start sound (browsers require one).
  document.addEventListener('pointerdown', () => { if (!muted()) context(); }, { once: true });
  show();
}
