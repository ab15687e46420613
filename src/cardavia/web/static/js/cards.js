// Card faces drawn as SVG, one consistent style: rank and suit in two corners, a large
// suit in the centre (a framed letter for J Q K), and two distinct jokers.
// Cards are strings: rank + suit ("TS", "AH", "3D") or a joker ("BJ", "RJ").
// French Tarot (spec/tarot.md §0) adds the ace 1 and the knight N of each suit, the trumps
// "1T" … "21T" (a big number, readable at a glance) and the Excuse "EX" (a star); knights
// show the letter C (cavalier) on their face in every language, as tarot packs print it.

const SVG_NS = 'http://www.w3.org/2000/svg';

// Suit shapes in a 100 × 100 box.
const SUIT_PATHS = {
  S: 'M50 4C72 28 96 42 96 62c0 14-10 22-22 22-9 0-16-4-20-11 1 10 5 18 13 23H33c8-5 12-13 13-23-4 7-11 11-20 11C14 84 4 76 4 62 4 42 28 28 50 4z',
  H: 'M50 94C22 70 4 54 4 32 4 16 16 5 30 5c9 0 16 5 20 13 4-8 11-13 20-13 14 0 26 11 26 27 0 22-18 38-46 62z',
  D: 'M50 2C62 22 76 38 92 50 76 62 62 78 50 98 38 78 24 62 8 50 24 38 38 22 50 2z',
  C: 'M50 4a21 21 0 0 1 17 33 21 21 0 1 1-11 38c1 9 5 16 12 21H32c7-5 11-12 12-21a21 21 0 1 1-11-38A21 21 0 0 1 50 4z',
};
export const SUIT_SYMBOLS = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RED = new Set(['H', 'D']);

const TAROT_TRUMP = /^([1-9]|1[0-9]|2[01])T$/;

// The number of a tarot trump ("21T" -> 21), else null.
export function trumpNumber(card) {
  const found = TAROT_TRUMP.exec(card);
  return found ? Number(found[1]) : null;
}

export const isExcuse = (card) => card === 'EX';

export function rankOf(card) {
  if (card === 'BJ' || card === 'RJ' || isExcuse(card)) return card;
  if (trumpNumber(card) !== null) return card.slice(0, -1);
  return card[0];
}

export function suitOf(card) {
  if (trumpNumber(card) !== null) return null;
  return card.length === 2 && card !== 'BJ' && card !== 'RJ' && !isExcuse(card) ? card[1] : null;
}

export function rankLabel(card) {
  const rank = rankOf(card);
  if (rank === 'T') return '10';
  return rank === 'N' ? 'C' : rank;
}

export function isRed(card) {
  return card === 'RJ' || RED.has(suitOf(card));
}

// Short readable name: "10♠", "A♥", "Joker" variants keep the engine's notation.
export function cardText(card) {
  if (card === 'BJ' || card === 'RJ') return card === 'BJ' ? 'JOKER ☆' : 'JOKER ★';
  if (trumpNumber(card) !== null) return `${trumpNumber(card)}✦`;
  if (isExcuse(card)) return '★EX';
  return `${rankLabel(card)}${SUIT_SYMBOLS[suitOf(card)] ?? ''}`;
}

function el(tag, attrs = {}, children = []) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  for (const child of children) node.append(child);
  return node;
}

function suitShape(suit, x, y, size) {
  return el('path', {
    d: SUIT_PATHS[suit],
    transform: `translate(${x} ${y}) scale(${size / 100})`,
    class: 'suit',
  });
}

function text(content, attrs) {
  const node = el('text', attrs);
  node.textContent = content;
  return node;
}

function corner(card) {
  const group = el('g', { class: 'corner' });
  const label = rankLabel(card);
  group.append(
    text(label, {
      x: 13,
      y: 27,
      'text-anchor': 'middle',
      'font-size': label.length > 1 ? 22 : 26,
      'letter-spacing': label.length > 1 ? -2 : 0,
      class: 'rank',
    }),
    suitShape(suitOf(card), 4, 32, 18),
  );
  return group;
}

function jokerCorner() {
  const group = el('g', { class: 'corner' });
  [...'JOKER'].forEach((letter, index) => {
    group.append(text(letter, { x: 11, y: 18 + index * 13, 'text-anchor': 'middle', 'font-size': 13, class: 'rank' }));
  });
  return group;
}

function star(cx, cy, outer, inner) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return el('polygon', { points: points.join(' '), class: 'joker-star' });
}

// A tarot trump: its number large in the middle and small in two corners, on a tinted
// face with a band, so trumps stand apart from suit cards in a fan.
function trumpFace(number) {
  const label = String(number);
  const small = (transform) => {
    const node = text(label, { x: 13, y: 27, 'text-anchor': 'middle', 'font-size': label.length > 1 ? 20 : 24, class: 'rank' });
    if (transform) node.setAttribute('transform', transform);
    return node;
  };
  return [
    el('rect', { x: 10, y: 36, width: 80, height: 68, rx: 6, class: 'trump-band' }),
    small(''),
    small('rotate(180 50 70)'),
    text(label, { x: 50, y: 86, 'text-anchor': 'middle', 'font-size': 44, class: 'rank trump-number' }),
  ];
}

// The Excuse: a star in a ring and the word, no number.
function excuseFace() {
  return [
    el('circle', { cx: 50, cy: 66, r: 27, class: 'joker-ring' }),
    star(50, 66, 22, 9),
    text('EXCUSE', { x: 50, y: 118, 'text-anchor': 'middle', 'font-size': 12, 'letter-spacing': 1, class: 'rank joker-word' }),
    text('★', { x: 13, y: 24, 'text-anchor': 'middle', 'font-size': 18, class: 'rank' }),
  ];
}

function faceCentre(card) {
  const rank = rankOf(card);
  const suit = suitOf(card);
  if ('JNQK'.includes(rank)) {
    return el('g', {}, [
      el('rect', { x: 24, y: 26, width: 52, height: 88, rx: 6, class: 'frame' }),
      suitShape(suit, 42, 31, 16),
      text(rankLabel(card), { x: 50, y: 86, 'text-anchor': 'middle', 'font-size': 42, class: 'rank face-letter' }),
      suitShape(suit, 42, 93, 16),
    ]);
  }
  const size = rank === 'A' || rank === '1' ? 56 : 42;
  return suitShape(suit, 50 - size / 2, 70 - size / 2, size);
}

// An <svg> element for ``card`` (a face-down card when ``card`` is null).
export function cardSVG(card) {
  const svg = el('svg', { viewBox: '0 0 100 140', class: 'card-svg', 'aria-hidden': 'true', focusable: 'false' });
  svg.append(el('rect', { x: 1.5, y: 1.5, width: 97, height: 137, rx: 9, class: 'card-edge' }));
  if (card === null) {
    svg.classList.add('card-back');
    svg.append(el('rect', { x: 9, y: 9, width: 82, height: 122, rx: 5, class: 'back-field' }));
    for (let offset = -120; offset <= 100; offset += 14) {
      svg.append(el('line', { x1: 9 + offset, y1: 9, x2: 131 + offset, y2: 131, class: 'back-line' }));
      svg.append(el('line', { x1: 91 - offset, y1: 9, x2: -31 - offset, y2: 131, class: 'back-line' }));
    }
    svg.append(el('rect', { x: 9, y: 9, width: 82, height: 122, rx: 5, class: 'back-frame' }));
    return svg;
  }
  svg.classList.add(isRed(card) ? 'red' : 'black');
  if (trumpNumber(card) !== null) {
    svg.classList.add('trump');
    svg.append(...trumpFace(trumpNumber(card)));
    return svg;
  }
  if (isExcuse(card)) {
    svg.classList.add('excuse');
    svg.append(...excuseFace());
    return svg;
  }
  if (card === 'BJ' || card === 'RJ') {
    svg.classList.add('joker', card === 'RJ' ? 'joker-red' : 'joker-black');
    const bottom = jokerCorner();
    bottom.setAttribute('transform', 'rotate(180 50 70)');
    svg.append(
      jokerCorner(),
      bottom,
      el('circle', { cx: 50, cy: 70, r: 27, class: 'joker-ring' }),
      star(50, 70, 22, 9),
      text('JOKER', { x: 50, y: 120, 'text-anchor': 'middle', 'font-size': 11, 'letter-spacing': 1.5, class: 'rank joker-word' }),
    );
    return svg;
  }
  const bottom = corner(card);
  bottom.setAttribute('transform', 'rotate(180 50 70)');
  svg.append(corner(card), bottom, faceCentre(card));
  return svg;
}

// A small inline rendering for texts: "10♠" with the suit coloured.
export function cardChip(card) {
  const span = document.createElement('span');
  const kind = trumpNumber(card) !== null ? ' trump' : isExcuse(card) ? ' excuse' : '';
  span.className = `card-chip ${isRed(card) ? 'red' : 'black'}${kind}`;
  span.textContent = cardText(card);
  return span;
}
