// What every adapter shares: seats, names, exact-card matching, generic records.
// An adapter is a plain object; games spread `base` (or `climbing`) and override.

// The cards of ``play <cards>`` (Guandan: those before ``as``, the reading of its wilds).
export function actionCards(action) {
  const words = action.trim().split(/\s+/).slice(1);
  const at = words.indexOf('as');
  return at < 0 ? words : words.slice(0, at);
}

export const sameMultiset = (a, b) =>
  a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');

// Seats turn counter-clockwise: the next player is on your right.
export function counterClockwise(seat, players) {
  const layouts = {
    2: [null, 'top'],
    3: [null, 'right', 'left'],
    4: [null, 'right', 'top', 'left'],
  };
  return layouts[players]?.[seat] ?? 'top';
}

// The middle of the table as lines of parts: ``line(testid, ...content)`` appends a line
// (``<prefix>-line``, found by its test id) to ``box`` (``<prefix>-info``); ``part(content)``
// is a piece kept whole, so a line breaks only between its parts when it must.
export function infoLines(prefix) {
  const box = document.createElement('span');
  box.className = `${prefix}-info`;
  const line = (testid, ...content) => {
    const span = document.createElement('span');
    span.className = `${prefix}-line ${testid}`;
    span.dataset.testid = testid;
    span.append(...content);
    box.append(span);
    return span;
  };
  const part = (content) => {
    const span = document.createElement('span');
    span.className = `${prefix}-part`;
    span.append(content);
    return span;
  };
  return { box, line, part };
}

export const base = {
  handSize: 0,
  seatPosition: counterClockwise,

  // The table as the page draws it, derived from the events (so AI moves can be shown
  // one at a time): card counts, last move per seat, the top play, whose turn.
  initialTable(players) {
    return {
      players,
      sizes: Array(players).fill(this.handSize),
      last: {},
      top: null,
      turn: null,
      over: false,
      phase: 'play',
    };
  },

  applyEvent(table, event) {
    if (event.type === 'result') {
      table.over = true;
      table.turn = null;
    } else if (typeof event.seat === 'number') {
      table.last = { ...table.last, [event.seat]: { kind: 'action', action: event.action ?? event.type } };
      table.turn = (event.seat + 1) % table.players;
    }
  },

  // Keep the drawn table in line with the view once all events are shown.
  syncTable(table, view) {
    if (Array.isArray(view.hand_sizes)) table.sizes = [...view.hand_sizes];
    table.turn = view.current_player;
    table.over = view.current_player === null;
  },

  roles() {
    return [];
  },

  matches(selected, action) {
    return sameMultiset(selected, actionCards(action));
  },

  // One line of the records: { seat, content }, content (a Node or a string) the whole
  // sentence, its subject inside (``say`` writes one about a seat).
  describeEvent(event, { i18n, name }) {
    const what = event.action ?? event.type;
    if (typeof event.seat !== 'number') return { seat: null, content: what };
    return { seat: event.seat, content: i18n.t('event.generic', { player: name(event.seat), action: what }) };
  },

  centreInfo() {
    return '';
  },

  resultHeadline(event, { name }) {
    return typeof event.winner === 'number' ? name(event.winner) : '';
  },

  resultBreakdown() {
    return [];
  },

  selectionNotice() {
    return null;
  },
};
