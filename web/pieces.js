// hexchess piece set: one drawing per kind of man, in a 100x100 box, for both colours.
// Every figure stands on the same pedestal and uses the same stroke, so the set reads as one.

import { t, language } from './i18n.js';

const BASE = 'M24 88 Q22 80 30 77 H70 Q78 80 76 88 Z';

// Each figure: a list of [kind, attributes]; 'f' paths are filled with the side's colour,
// 'd' paths are details drawn in the contrasting colour.
const FIGURES = {
  pawn: [
    ['f', 'M37 77 Q39 60 44 52 H56 Q61 60 63 77 Z'],
    ['f', 'M40 54 Q50 47 60 54 Q50 58 40 54 Z'],
    ['c', 50, 36, 13],
  ],
  rook: [
    ['f', 'M33 77 L35 42 H65 L67 77 Z'],
    ['f', 'M29 42 V20 H37 V27 H45.5 V20 H54.5 V27 H63 V20 H71 V42 Z'],
    ['d', 'M37 52 H63 M36 66 H64'],
  ],
  bishop: [
    ['f', 'M40 77 Q42 66 44 62 H56 Q58 66 60 77 Z'],
    ['f', 'M36 63 H64 L60 56 H40 Z'],
    ['f', 'M50 17 Q71 35 62 56 H38 Q29 35 50 17 Z'],
    ['d', 'M55 30 L46 43 M44 50 H56'],
    ['c', 50, 13, 4.5],
  ],
  knight: [
    ['f', 'M34 77 Q31 60 44 47 Q38 49 29 55 Q21 51 25 42 Q37 27 48 21 L50 11 Q57 16 58 21 Q77 29 74 77 Z'],
    ['d', 'M34 45 L37 45 M60 30 Q64 50 62 70'],
    ['e', 42, 32, 2.6],
  ],
  king: [
    ['f', 'M32 77 Q34 55 40 47 H60 Q66 55 68 77 Z'],
    ['f', 'M35 48 Q50 28 65 48 Z'],
    ['f', 'M46.5 8 H53.5 V15 H60 V21 H53.5 V31 H46.5 V21 H40 V15 H46.5 Z'],
    ['d', 'M36 58 H64 M38 68 H62'],
  ],
  queen: [
    ['f', 'M32 77 Q34 57 40 49 H60 Q66 57 68 77 Z'],
    ['f', 'M31 50 L25 25 L39 39 L44 19 L50 37 L56 19 L61 39 L75 25 L69 50 Z'],
    ['c', 25, 22, 4], ['c', 44, 16, 4], ['c', 56, 16, 4], ['c', 75, 22, 4],
    ['d', 'M36 60 H64'],
  ],
  elephant: [
    ['f', 'M31 30 Q14 30 16 48 Q20 59 35 52 Z'],
    ['f', 'M69 30 Q86 30 84 48 Q80 59 65 52 Z'],
    ['f', 'M50 17 Q70 17 70 37 Q70 50 59 55 Q56 66 61 73 Q55 79 50 71 Q46 63 45 55 Q31 50 31 36 Q31 17 50 17 Z'],
    ['d', 'M44 55 Q39 62 34 62 M58 55 Q62 60 66 60'],
    ['e', 42, 35, 2.6], ['e', 58, 35, 2.6],
  ],
  // The pegasus and the wyvern move partly as the knight does; at phone size they must still be told
  // from it at a glance. The pegasus is a smaller horse's head under a great raised wing; the
  // wyvern faces the viewer with both bat wings spread, the only figure shaped like a W.
  pegasus: [
    ['f', 'M47 44 Q50 20 72 5 Q71 14 80 12 Q76 21 88 20 Q81 29 94 31 Q83 37 91 44 Q75 46 66 56 Z'],
    ['f', 'M30 77 Q27 62 38 51 Q33 53 25 58 Q18 54 21 46 Q31 34 40 29 L42 20 Q48 24 49 29 Q64 36 66 77 Z'],
    ['d', 'M56 40 Q64 24 76 14 M60 46 Q70 34 84 26 M64 52 Q74 44 86 40'],
    ['e', 35, 39, 2.6],
  ],
  wyvern: [
    ['f', 'M45 50 Q32 30 6 24 Q13 33 10 40 Q19 40 20 47 Q28 46 29 55 Q37 53 42 62 Z'],
    ['f', 'M55 50 Q68 30 94 24 Q87 33 90 40 Q81 40 80 47 Q72 46 71 55 Q63 53 58 62 Z'],
    ['f', 'M38 77 Q38 60 44 50 Q41 42 44 34 H56 Q59 42 56 50 Q62 60 62 77 Z'],
    ['f', 'M41 36 L33 13 L44 23 Q50 19 56 23 L67 13 L59 36 Q50 46 41 36 Z'],
    ['d', 'M42 52 L12 28 M41 57 L22 44 M58 52 L88 28 M59 57 L78 44 M44 64 Q50 60 56 64'],
    ['e', 45.5, 31, 2.4], ['e', 54.5, 31, 2.4],
  ],
};

// The figure of a man of a variant (from /api/variants): its piece's name, e.g. 'wyvern'.
export function figureOf(variant, letter) {
  const piece = variant.pieces[letter.toUpperCase()];
  return piece && piece.name;
}

// The variant's letter for a man, by piece name: letterOf(v, 'king', false) is Black's king.
export function letterOf(variant, name, white) {
  const letter = Object.keys(variant.pieces).find((l) => variant.pieces[l].name === name);
  return white ? letter : letter.toLowerCase();
}

// A piece's name in the page's language, by its letter (either colour).
export const pieceName = (variant, letter) => t(`piece.${variant.pieces[letter.toUpperCase()].name}`);

// The variant's letter set for the page's language (/api/variants: letters), or null: the core names
// sets for some languages (Hungarian, Polish, Russian) and offers those a variant can use.
const letterSet = (variant) => variant.letters?.[language()] || null;

// A piece's letter (White's, as the variant writes it) in the notation of the page's language.
export function pieceLetter(variant, letter) {
  const set = letterSet(variant);
  return (set && set[letter]) || letter;
}

// A move or line as the page's language writes it: the piece letters of its set. A variant with a
// set writes its hexes in lower case, so every capital is a piece's letter.
export function notationText(variant, text) {
  const set = letterSet(variant);
  return set ? text.replace(/[A-Z]/g, (l) => set[l] || l) : text;
}

const SVGNS = 'http://www.w3.org/2000/svg';

function el(name, attrs) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

// A figure's solid part ('f' path or 'c' circle) with the given paint.
function solid(part, paint) {
  return part[0] === 'f' ? el('path', { d: part[1], ...paint })
    : el('circle', { cx: part[1], cy: part[2], r: part[3], ...paint });
}

// An SVG group drawing the figure in a 100x100 box; white = true for White's men.
// Black's men wear a pale rim under a dark outline: without it they sink into the dark hexes.
export function pieceGroup(figure, white) {
  const fill = white ? '#fbf8f1' : '#2b2622';
  const line = white ? '#2b2622' : '#0e0c0a';
  const detail = white ? '#2b2622' : '#e9dcc4';
  const g = el('g', { class: 'piece-figure', 'data-figure': figure });
  const common = { stroke: line, 'stroke-width': 3, 'stroke-linejoin': 'round', 'stroke-linecap': 'round' };
  const parts = [['f', BASE], ...(FIGURES[figure] || [])];
  const isSolid = (part) => part[0] === 'f' || part[0] === 'c';
  if (!white) {
    const rim = { fill: 'none', stroke: '#efe3cc', 'stroke-width': 9, 'stroke-linejoin': 'round' };
    for (const part of parts.filter(isSolid)) g.appendChild(solid(part, rim));
  }
  for (const part of parts) {
    if (isSolid(part)) g.appendChild(solid(part, { fill, ...common }));
    else if (part[0] === 'd') g.appendChild(el('path', { d: part[1], fill: 'none', ...common, stroke: detail, 'stroke-width': 2.2 }));
    else if (part[0] === 'e') g.appendChild(el('circle', { cx: part[1], cy: part[2], r: part[3], fill: detail }));
  }
  return g;
}

// A standalone <svg> of one man of the variant, for choosers and legends.
export function pieceIcon(variant, letter, size = 44) {
  const white = letter === letter.toUpperCase();
  const figure = figureOf(variant, letter);
  const svg = el('svg', { viewBox: '0 0 100 100', width: size, height: size, class: 'piece-icon' });
  svg.appendChild(pieceGroup(figure, white));
  return svg;
}
