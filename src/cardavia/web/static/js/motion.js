// Motion that tells the story: after the table redraws for an event, what the event moved
// travels on screen (FLIP: the element is drawn at its new place, then animated from where
// it came from). A played card flies from its seat to the table, a finished trick or round
// slides to its winner, chips go from a seat to the pot and from the pot to the winner.
// Web Animations of 250–450 ms; a click, a key or the next event finishes them at once, so
// they never hold up play; none at all under prefers-reduced-motion. table.js calls
// ``cue(event)`` right after applying each replayed event, before the redraw: a story takes
// its snapshot of the old table then, and runs once the redraw is done (a microtask: the
// replay always draws before it waits).
import { playSound } from './sound.js';

export const SEAT = ':is(.seat, .pk-seat, .bd-seat)';
const FLY_MS = 380;
const GATHER_MS = 420;
const CHIP_MS = 360;
const TRICK_HOLD_MS = 450; // a finished trick stays in view this long before it slides
const STAGGER_MS = 40;
const EASE = 'cubic-bezier(0.2, 0.7, 0.3, 1)';
const PLACED = '#top-play-cards .card, [data-testid=trick-card]';
const BETS = '.pk-bet:not([hidden])';

const running = new Set();
let pending = [];
let scheduled = false;

export function reducedMotion() {
  try {
    return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
}

// --- geometry and the ghost layer ---------------------------------------------------------

const tableRoot = () => document.getElementById('table');
// The seat shown (a custom felt hides the generic table's own seat 0).
const seatBox = (root, seat) => visible(root.querySelectorAll(`${SEAT}[data-seat="${seat}"]`))[0] ?? null;
const cssEscape = (value) => (window.CSS?.escape ? CSS.escape(value) : value);

function rectOf(node) {
  if (!node?.isConnected) return null;
  const rect = node.getBoundingClientRect();
  return rect.width || rect.height ? rect : null;
}

const centre = (rect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });

function visible(nodes) {
  return [...nodes].filter((node) => rectOf(node));
}

// Where a seat's card comes from: that very card in the seat (your hand, the dummy), else
// the middle of the seat's cards (backs), else the seat itself.
function cardSource(root, seat, card) {
  const box = seatBox(root, seat);
  if (!box) return null;
  const same = card ? rectOf(box.querySelector(`[data-card="${cssEscape(card)}"]`)) : null;
  if (same) return same;
  const cards = visible(box.querySelectorAll('.card'));
  return rectOf(cards[Math.floor(cards.length / 2)]) ?? rectOf(box);
}

// The chips of a seat: its stack figure, else the seat.
function stackOf(root, seat) {
  return rectOf(root.querySelector(`[data-testid="stack-${seat}"]`)) ?? rectOf(seatBox(root, seat));
}

function layer() {
  let node = document.getElementById('motion-layer');
  if (!node) {
    node = document.createElement('div');
    node.id = 'motion-layer';
    node.className = 'motion-layer';
    node.setAttribute('aria-hidden', 'true');
    document.body.append(node);
  }
  return node;
}

function track(animation, done = null) {
  running.add(animation);
  const end = () => {
    running.delete(animation);
    done?.();
  };
  animation.addEventListener('finish', end);
  animation.addEventListener('cancel', end);
  return animation;
}

// A copy of ``node`` (or a chip when ``node`` is null) laid over the page at ``rect``.
function ghost(rect, node = null) {
  const copy = node ? node.cloneNode(true) : document.createElement('span');
  copy.classList.add('motion-ghost');
  if (!node) copy.classList.add('motion-chip');
  // Not a card of the table for anyone who looks for one (scripts, tests, screen readers).
  for (const part of [copy, ...copy.querySelectorAll('*')]) {
    part.removeAttribute('id');
    part.removeAttribute('data-testid');
    part.removeAttribute('data-card');
  }
  const size = node ? rect : { width: 18, height: 18, left: centre(rect).x - 9, top: centre(rect).y - 9 };
  Object.assign(copy.style, {
    left: `${size.left + window.scrollX}px`,
    top: `${size.top + window.scrollY}px`,
    width: `${size.width}px`,
    height: `${size.height}px`,
  });
  layer().append(copy);
  return copy;
}

const shift = (from, to) => ({ x: centre(from).x - centre(to).x, y: centre(from).y - centre(to).y });

// --- the moves --------------------------------------------------------------------------

// ``node`` is at its new place; it comes from ``from`` (a rect).
function flyIn(node, from, { delay = 0, duration = FLY_MS } = {}) {
  const to = rectOf(node);
  if (!to || !from) return;
  const { x, y } = shift(from, to);
  const scale = Math.min(1.2, Math.max(0.45, from.width / to.width));
  track(
    node.animate(
      [
        { transform: `translate(${x}px, ${y}px) scale(${scale})`, opacity: 0.7 },
        { transform: 'none', opacity: 1 },
      ],
      { duration, delay, easing: EASE, fill: 'backwards' },
    ),
  );
}

// A copy of what was at ``from`` slides to ``to`` and fades (the old node is gone).
function flyAway(snapshot, to, { delay = 0, duration = GATHER_MS } = {}) {
  if (!snapshot.rect || !to) return;
  const copy = ghost(snapshot.rect, snapshot.node);
  const { x, y } = shift(to, snapshot.rect);
  track(
    copy.animate(
      [
        { transform: 'none', opacity: 1 },
        { transform: `translate(${x}px, ${y}px) scale(0.5)`, opacity: 0 },
      ],
      { duration, delay, easing: EASE, fill: 'both' },
    ),
    () => copy.remove(),
  );
}

// ``node`` stays drawn but has gone to ``to`` (a finished trick, kept until the next card).
function slideOut(node, to, { delay = 0, duration = GATHER_MS } = {}) {
  const from = rectOf(node);
  if (!from || !to) return;
  const { x, y } = shift(to, from);
  track(
    node.animate(
      [
        { transform: 'none', opacity: 1 },
        { transform: `translate(${x}px, ${y}px) scale(0.5)`, opacity: 0 },
      ],
      { duration, delay, easing: 'ease-in', fill: 'forwards' },
    ),
  );
}

// A few chips from ``from`` to ``to`` (rects).
function chips(from, to, count = 3) {
  if (!from || !to) return;
  for (let i = 0; i < count; i += 1) {
    const copy = ghost(from);
    const { x, y } = shift(to, from);
    track(
      copy.animate([{ transform: 'none', opacity: 1 }, { transform: `translate(${x}px, ${y}px)`, opacity: 0.9 }], {
        duration: CHIP_MS,
        delay: i * STAGGER_MS,
        easing: EASE,
        fill: 'both',
      }),
      () => copy.remove(),
    );
  }
}

function pop(node) {
  if (!rectOf(node)) return;
  track(node.animate([{ transform: 'scale(1.25)', opacity: 0.4 }, { transform: 'none', opacity: 1 }], { duration: 260, easing: EASE }));
}

function flip(node, delay = 0) {
  if (!rectOf(node)) return;
  track(
    node.animate([{ transform: 'rotateY(90deg)' }, { transform: 'none' }], { duration: 300, delay, easing: 'ease-out', fill: 'backwards' }),
  );
}

function snapshot(root, selector) {
  return visible(root.querySelectorAll(selector)).map((node) => ({ rect: rectOf(node), node }));
}

const last = (nodes) => [...nodes].at(-1) ?? null;
const paysChips = (event) => /^(bet|raise|call)\b/.test(event.action ?? '');

// --- the stories: what each event moved -------------------------------------------------
// Each takes the table before the redraw and returns { sound, after(root) }.

const STORIES = {
  // A card or cards played (the climbing games, Bridge: the dummy's by its own seat).
  play(event, root) {
    const cards = event.cards ?? (event.card ? [event.card] : []);
    const sources = cards.map((card) => cardSource(root, event.seat, card));
    return {
      sound: 'card',
      after(root) {
        const placed = visible(root.querySelectorAll(PLACED));
        cards.forEach((card, index) => {
          const node = placed.find((candidate) => candidate.dataset.card === card);
          flyIn(node, sources[index], { delay: index * STAGGER_MS });
        });
      },
    };
  },

  // The climbing games: everyone passed, the round goes to its leader.
  round_end(event, root) {
    const cards = snapshot(root, '#top-play-cards .card');
    return {
      sound: cards.length ? 'gather' : null,
      after(root) {
        const to = rectOf(seatBox(root, event.leader));
        cards.forEach((card, index) => flyAway(card, to, { delay: index * 20 }));
      },
    };
  },

  // Bridge: the four cards stay a moment, then slide to the winner.
  trick(event) {
    return {
      sound: 'gather',
      after(root) {
        const to = rectOf(seatBox(root, event.winner));
        for (const node of visible(root.querySelectorAll('[data-testid=trick-card]'))) {
          slideOut(node, to, { delay: TRICK_HOLD_MS });
        }
      },
    };
  },

  // Dou Dizhu: the bottom cards go to the landlord's hand (they stay shown in the middle).
  landlord(event) {
    return {
      sound: 'gather',
      after(root) {
        const to = rectOf(seatBox(root, event.seat));
        snapshot(root, '#bottom-cards .card').forEach((card, index) => flyAway(card, to, { delay: 120 + index * 40 }));
      },
    };
  },

  bid: (event) => ({ sound: 'call', after: (root) => pop(seatBox(root, event.seat)?.querySelector('.last-action')) }),
  pass: (event) => ({ sound: null, after: (root) => pop(seatBox(root, event.seat)?.querySelector('.last-action')) }),
  call: () => ({ sound: 'call', after: (root) => pop(last(root.querySelectorAll('[data-testid=auction-call]'))) }),

  dummy() {
    return {
      sound: 'card',
      after(root) {
        visible(root.querySelectorAll('[data-testid=dummy] .card')).forEach((node, index) => flip(node, index * 15));
      },
    };
  },

  // Poker: a bet, call or raise puts chips in front of the seat; a fold drops its cards.
  action(event) {
    const pays = paysChips(event);
    return {
      sound: pays ? 'chip' : null,
      after(root) {
        if (pays) {
          const to = rectOf(root.querySelector(`[data-testid="bet-${event.seat}"]`)) ?? rectOf(root.querySelector('[data-testid=pot]'));
          chips(stackOf(root, event.seat), to);
        } else if (event.action === 'fold') {
          const cards = visible(seatBox(root, event.seat)?.querySelectorAll('.pk-hole .card') ?? []);
          for (const node of cards) pop(node);
        }
      },
    };
  },

  // Hold'em: the blinds go in front of their seats, the hole cards are dealt from the middle.
  deal(event) {
    if (!Array.isArray(event.posted)) return null;
    return {
      sound: 'card',
      after(root) {
        const pot = rectOf(root.querySelector('[data-testid=pot]'));
        event.posted.forEach((amount, seat) => {
          if (amount > 0) chips(stackOf(root, seat), rectOf(root.querySelector(`[data-testid="bet-${seat}"]`)), 2);
        });
        visible(root.querySelectorAll('.pk-hole .card')).forEach((node, index) => flyIn(node, pot, { delay: index * 25 }));
      },
    };
  },

  // Hold'em: the bets of the round go to the pot, the new board cards are dealt.
  board(event, root) {
    const bets = snapshot(root, BETS);
    const count = event.cards?.length ?? 0;
    return {
      sound: 'card',
      after(root) {
        const pot = rectOf(root.querySelector('[data-testid=pot]'));
        for (const bet of bets) chips(bet.rect, pot, 2);
        const dealt = visible(root.querySelectorAll('[data-testid=board-card]')).slice(-count);
        dealt.forEach((node, index) => flyIn(node, pot, { delay: index * 60 }));
      },
    };
  },

  showdown(event, root) {
    const bets = snapshot(root, BETS);
    return {
      sound: 'card',
      after(root) {
        const pot = rectOf(root.querySelector('[data-testid=pot]'));
        for (const bet of bets) chips(bet.rect, pot, 2);
        visible(root.querySelectorAll('[data-testid=revealed-card]')).forEach((node, index) => flip(node, index * 40));
      },
    };
  },

  // Hold'em: a pot to its winners.
  pot(event, root) {
    const from = rectOf(root.querySelector('[data-testid=pot]'));
    return {
      sound: 'chip',
      after(root) {
        for (const seat of event.winners ?? []) chips(from, stackOf(root, seat), 5);
      },
    };
  },

  // One Poker: both antes to the pot; a locked card to its place; the reveal; the winner.
  ante() {
    return {
      sound: 'chip',
      after(root) {
        const pot = rectOf(root.querySelector('[data-testid=pot]'));
        for (const box of root.querySelectorAll(`${SEAT}[data-seat]`)) chips(stackOf(root, box.dataset.seat), pot, 1);
      },
    };
  },

  lock(event, root) {
    const from = cardSource(root, event.seat, null);
    return {
      sound: 'card',
      after: (root) => flyIn(root.querySelector(`[data-testid="locked-${event.seat}"]`), from),
    };
  },

  reveal() {
    return {
      sound: 'card',
      after(root) {
        for (const node of visible(root.querySelectorAll('[data-testid^=locked-]'))) flip(node);
      },
    };
  },

  // One Poker's deal result (the climbing games' match result has no pot: only a sound).
  result(event, root) {
    const from = rectOf(root.querySelector('[data-testid=pot]'));
    const winners = typeof event.winner === 'number' ? [event.winner] : [0, 1];
    return {
      sound: from ? 'chip' : event.scores?.[0] > 0 ? 'win' : null,
      after(root) {
        if (from) for (const seat of winners) chips(from, stackOf(root, seat), 4);
      },
    };
  },

  match_over: (event) => ({ sound: event.scores?.[0] === Math.max(...(event.scores ?? [0])) ? 'win' : null }),
  score: (event) => ({ sound: event.ns > 0 ? 'win' : null }),
};

// --- running them -----------------------------------------------------------------------

// Every running animation jumps to its end (ghosts are removed as they finish).
export function finishAll() {
  for (const animation of [...running]) {
    try {
      animation.finish();
    } catch {
      animation.cancel();
    }
  }
}

function flush() {
  scheduled = false;
  const cues = pending;
  pending = [];
  finishAll();
  const root = tableRoot();
  const sounds = new Set();
  for (const { story } of cues) {
    if (story.sound) sounds.add(story.sound);
    if (root && story.after && !reducedMotion()) story.after(root);
  }
  for (const name of sounds) playSound(name);
}

// One event has just been applied to the drawn table (not yet redrawn).
export function cue(event) {
  const root = tableRoot();
  const tell = STORIES[event?.type];
  if (!root || !tell) return;
  const story = tell(event, root);
  if (!story) return;
  pending.push({ story });
  if (!scheduled) {
    scheduled = true;
    queueMicrotask(flush);
  }
}

// Your turn comes back (the table is ready for You): a chime, if sounds are on.
function watchTurn() {
  const root = tableRoot();
  if (!root || typeof MutationObserver === 'undefined') return;
  let yours = false;
  new MutationObserver(() => {
    const now = root.dataset.busy === 'false' && root.dataset.turn === '0' && root.dataset.over !== 'true';
    if (now && !yours) playSound('turn');
    yours = now;
  }).observe(root, { attributes: true, attributeFilter: ['data-busy', 'data-turn', 'data-over'] });
}

// A click or a key: whatever is moving arrives at once.
for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, finishAll, { capture: true });
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watchTurn, { once: true });
else watchTurn();
