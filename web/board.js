// The hex board as SVG: cells in their three colours, coordinates on the edges, men, highlights,
// arrows; and pointer input (click or drag) reported as cell indices.
import { pieceGroup, figureOf } from './pieces.js';
import { t } from './i18n.js';

const SVGNS = 'http://www.w3.org/2000/svg';
const R = 30;                 // hex radius (centre to corner)
const H = Math.sqrt(3) / 2 * R; // half the hex height: one line step
const PAD = 34;

function el(name, attrs = {}, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class Board {
  constructor(container, onCell) {
    this.container = container;
    this.onCell = onCell; // (cell, how) with how 'click' | 'drop' | 'dragstart'
    this.variant = null;
    this.flipped = false;
    this.drag = null;
    this.dropped = null;
  }

  // Lays the board out for a variant (from /api/variants) and orientation.
  setup(variant, flipped) {
    if (this.variant === variant && this.flipped === flipped && this.svg) return;
    this.variant = variant;
    this.flipped = flipped;
    const cells = variant.cells;
    this.pos = cells.map((c) => this.centre(c));
    const xs = this.pos.map((p) => p.x), ys = this.pos.map((p) => p.y);
    const minX = Math.min(...xs) - R - PAD, maxX = Math.max(...xs) + R + PAD;
    const minY = Math.min(...ys) - H - PAD, maxY = Math.max(...ys) + H + PAD;
    this.container.innerHTML = '';
    const svg = el('svg', {
      viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}`,
      class: `board board-${variant.name}`, role: 'img',
      'aria-label': t('board.label', { variant: variant.title }),
    });
    this.svg = svg;
    this.layers = {};
    for (const name of ['cells', 'marks', 'coords', 'men', 'badges', 'dots', 'arrows', 'drag'])
      this.layers[name] = el('g', { class: `layer-${name}` }, svg);
    this.cellEls = cells.map((c, i) => {
      const p = this.pos[i];
      const pts = [];
      for (let k = 0; k < 6; k++) {
        const a = Math.PI / 3 * k;
        pts.push(`${(p.x + R * Math.cos(a)).toFixed(2)},${(p.y + R * Math.sin(a)).toFixed(2)}`);
      }
      return el('polygon', {
        points: pts.join(' '), class: `hex ${variant.shades[c.colour]}`,
        'data-cell': i, 'data-name': c.name,
      }, this.layers.cells);
    });
    this.drawCoordinates();
    this.container.appendChild(svg);
    svg.addEventListener('pointerdown', (e) => this.pointerDown(e));
    svg.addEventListener('pointermove', (e) => this.pointerMove(e));
    svg.addEventListener('pointerup', (e) => this.pointerUp(e));
    svg.addEventListener('pointercancel', () => this.endDrag());
  }

  centre(c) {
    const v = this.variant;
    const col = this.flipped ? v.columns - 1 - c.col : c.col;
    const line = this.flipped ? c.line : v.lines - 1 - c.line;
    return { x: col * 1.5 * R, y: line * H };
  }

  // Column letters above and below; line or rank numbers left and right of each row's end hexes.
  drawCoordinates() {
    const g = this.layers.coords;
    const cells = this.variant.cells;
    const cols = new Map(), rows = new Map();
    cells.forEach((c, i) => {
      const letter = c.name[0], row = c.name.slice(1);
      if (!cols.has(letter)) cols.set(letter, []);
      cols.get(letter).push(i);
      if (!rows.has(row)) rows.set(row, []);
      rows.get(row).push(i);
    });
    for (const [letter, list] of cols) {
      const ys = list.map((i) => this.pos[i].y);
      const x = this.pos[list[0]].x;
      el('text', { x, y: Math.max(...ys) + H + 20, class: 'coord' }, g).textContent = letter;
      el('text', { x, y: Math.min(...ys) - H - 9, class: 'coord' }, g).textContent = letter;
    }
    // A row label sits beside the row's end hex, turned away from the neighbouring hexes.
    const key = (x, y) => `${Math.round(x)},${Math.round(y)}`;
    const taken = new Set(this.pos.map((p) => key(p.x, p.y)));
    const label = (p, side, row) => {
      const dx = side * 1.5 * R;
      const up = taken.has(key(p.x + dx, p.y - H)), down = taken.has(key(p.x + dx, p.y + H));
      let x = p.x + side * (R + 8), y = p.y + 5;
      if (down && !up) { x = p.x + side * 0.75 * R; y = p.y - H - 4; }
      else if (up && !down) { x = p.x + side * 0.75 * R; y = p.y + H + 14; }
      else if (up && down) x = p.x + side * (2.5 * R + 8);
      el('text', { x, y, class: 'coord coord-row' }, g).textContent = row;
    };
    for (const [row, list] of rows) {
      const byX = list.slice().sort((a, b) => this.pos[a].x - this.pos[b].x || this.pos[a].y - this.pos[b].y);
      label(this.pos[byX[0]], -1, row);
      label(this.pos[byX[byX.length - 1]], 1, row);
    }
  }

  // The polygon of a hex (for its place on the screen).
  cellEl(cell) {
    return this.cellEls[cell];
  }

  // view: { board, last: [from,to], check: cell, selected, dests: [cells], arrows: [[from,to,cls]],
  //         rings: [[cell,cls]], ghosts: [[cell,letter]], hidden: [cells], badges: [[cell,cls]] }
  render(view) {
    const { men, marks, dots, arrows, badges } = this.layers;
    for (const layer of [men, marks, dots, arrows, badges]) layer.innerHTML = '';
    const mark = (cell, cls) => {
      const p = this.cellEls[cell];
      el('polygon', { points: p.getAttribute('points'), class: `mark ${cls}` }, marks);
    };
    if (view.last) for (const c of view.last) mark(c, 'last');
    if (view.check != null) mark(view.check, 'check');
    if (view.selected != null) mark(view.selected, 'selected');
    for (const [cell, cls] of view.rings || []) mark(cell, cls);
    const hidden = new Set(view.hidden || []);
    [...view.board].forEach((ch, cell) => {
      if (ch !== '.' && !hidden.has(cell) && !(this.drag && this.drag.moved && this.drag.cell === cell))
        this.drawMan(cell, ch);
    });
    for (const [cell, letter] of view.ghosts || []) this.drawMan(cell, letter, 'ghost');
    // A pawn awaiting promotion wears a small "&" (its "=&" move) in the corner of its hex.
    for (const [cell, cls] of view.badges || []) {
      const p = this.pos[cell];
      const g = el('g', { class: `badge ${cls}`, 'data-cell': cell }, badges);
      el('title', {}, g).textContent = t('board.awaiting');
      el('circle', { cx: p.x + 0.55 * R, cy: p.y - 0.5 * R, r: 0.3 * R }, g);
      el('text', { x: p.x + 0.55 * R, y: p.y - 0.5 * R + 0.14 * R }, g).textContent = '&';
    }
    // Destinations: a dot (a ring on a man to capture), each over a pale halo so that it shows
    // on the dark hexes as well as on the light ones.
    const occupied = (c) => view.board[c] !== '.';
    for (const c of view.dests || []) {
      const p = this.pos[c];
      const capture = occupied(c);
      const r = capture ? R * 0.8 : R * 0.26;
      el('circle', { cx: p.x, cy: p.y, r, class: `dest-halo ${capture ? 'capture' : ''}` }, dots);
      el('circle', { cx: p.x, cy: p.y, r, class: `dest ${capture ? 'capture' : ''}`, 'data-cell': c }, dots);
    }
    for (const [from, to, cls] of view.arrows || []) this.arrow(from, to, cls);
    this.lastView = view;
  }

  // Draws a man (letter) on cell, over those drawn before; returns its element.
  drawMan(cell, letter, cls) {
    const figure = figureOf(this.variant, letter);
    if (!figure) return null;
    const p = this.pos[cell];
    const g = pieceGroup(figure, letter === letter.toUpperCase());
    const s = (2 * R * 0.86) / 100;
    g.setAttribute('transform', `translate(${p.x - 50 * s} ${p.y - 50 * s}) scale(${s})`);
    g.setAttribute('class', `man ${cls || ''}`);
    g.setAttribute('data-cell', cell);
    g.setAttribute('data-piece', letter);
    this.layers.men.appendChild(g);
    return g;
  }

  // The [from, to] of the last drag dropped on a hex, once (a man dropped needs no slide there).
  takeDrop() {
    const d = this.dropped;
    this.dropped = null;
    return d;
  }

  arrow(from, to, cls) {
    const a = this.pos[from], b = this.pos[to];
    const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy) || 1;
    const ux = dx / len, uy = dy / len, head = 16;
    const ex = b.x - ux * head, ey = b.y - uy * head;
    const g = el('g', { class: `arrow ${cls || ''}` }, this.layers.arrows);
    el('line', { x1: a.x, y1: a.y, x2: ex, y2: ey }, g);
    el('polygon', {
      points: `${b.x},${b.y} ${ex - uy * 10},${ey + ux * 10} ${ex + uy * 10},${ey - ux * 10}`,
    }, g);
  }

  cellAt(evt) {
    const pt = this.svg.createSVGPoint();
    pt.x = evt.clientX; pt.y = evt.clientY;
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    let best = -1, bestD = Infinity;
    this.pos.forEach((q, i) => {
      const d = (q.x - p.x) ** 2 + (q.y - p.y) ** 2;
      if (d < bestD) { bestD = d; best = i; }
    });
    return bestD <= R * R ? best : -1;
  }

  svgPoint(evt) {
    const pt = this.svg.createSVGPoint();
    pt.x = evt.clientX; pt.y = evt.clientY;
    return pt.matrixTransform(this.svg.getScreenCTM().inverse());
  }

  pointerDown(e) {
    const cell = this.cellAt(e);
    if (cell < 0) return;
    const letter = this.lastView && this.lastView.board[cell];
    const draggable = letter && letter !== '.' && this.onCell(cell, 'dragstart');
    if (draggable) {
      this.drag = { cell, letter, start: this.svgPoint(e), moved: false };
      this.svg.setPointerCapture(e.pointerId);
    } else {
      this.onCell(cell, 'click');
    }
  }

  pointerMove(e) {
    if (!this.drag) return;
    const p = this.svgPoint(e);
    const d = this.drag;
    if (!d.moved && Math.hypot(p.x - d.start.x, p.y - d.start.y) < 8) return;
    if (!d.moved) { d.moved = true; this.render(this.lastView); }
    const g = this.layers.drag;
    g.innerHTML = '';
    const s = (2 * R * 0.95) / 100;
    const fig = pieceGroup(figureOf(this.variant, d.letter), d.letter === d.letter.toUpperCase());
    fig.setAttribute('transform', `translate(${p.x - 50 * s} ${p.y - 50 * s}) scale(${s})`);
    fig.setAttribute('class', 'man dragging');
    g.appendChild(fig);
  }

  pointerUp(e) {
    const d = this.drag;
    if (!d) return;
    const cell = this.cellAt(e);
    this.endDrag();
    if (!d.moved) this.onCell(d.cell, 'click');
    else {
      this.dropped = [d.cell, cell];
      this.onCell(cell, 'drop');
    }
  }

  endDrag() {
    const was = this.drag;
    this.drag = null;
    this.layers.drag.innerHTML = '';
    if (was && was.moved && this.lastView) this.render(this.lastView);
  }
}
