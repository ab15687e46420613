// Guandan: two packs, four seats in two partnerships (You and the AI opposite, against the
// AIs on your left and right), the heart level cards wild, tribute and return between
// deals, a match of many deals with each team's level (spec/guandan.md, the engine's view
// and events in games/guandan/).
//
// A selection is matched against the listed plays as the engine groups them: one action
// per (number of wild cards, ranks of the other cards, combination), so the ranks decide,
// the wild cards counted apart, except in a straight flush where the very cards do. What
// is sent is built from the cards You selected (the engine accepts any equivalent cards),
// with the reading of the wild cards (``as …``) taken from the listed action. Several
// readings of one selection (a wild card completing a pair or a full house, five cards of
// one suit as a straight or a straight flush) are offered by the table's chooser.
import { cardText, rankOf, suitOf } from '../cards.js';
import { infoLines, sameMultiset } from './base.js';
import { climbing, signed } from './climbing.js';

const RANK_OF_LEVEL = { 10: 'T', 11: 'J', 12: 'Q', 13: 'K', 14: 'A' };
const SUITS = ['S', 'H', 'D', 'C'];
const TWO_TO_TEN = new Set(['2', '3', '4', '5', '6', '7', '8', '9', 'T']);

export const levelRank = (level) => RANK_OF_LEVEL[level] ?? String(level);
export const levelLabel = (level) => (level === 10 ? '10' : levelRank(level));
export const wildOf = (level) => `${levelRank(level)}H`;
const teamOf = (seat) => seat % 2;
const isJoker = (card) => card === 'BJ' || card === 'RJ';

// ``play <cards> [as <cards> | as straight]`` → { cards, reading: list | null, asStraight }.
export function parsePlay(action) {
  const words = action.trim().split(/\s+/).slice(1);
  const at = words.indexOf('as');
  if (at < 0) return { cards: words, reading: null, asStraight: false };
  const rest = words.slice(at + 1);
  const asStraight = rest.length === 1 && rest[0] === 'straight';
  return { cards: words.slice(0, at), reading: asStraight ? null : rest, asStraight };
}

const rankKey = (cards) => cards.map(rankOf).sort().join(' ');

const NATURAL = 'A23456789TJQKA';
const SEQUENCES = new Set(['straight', 'straight_flush', 'tube', 'plate']);

// A sequence written in its natural order (3 4 5 6 7, the ace low under a 2), the engine's
// display order putting the level rank on top; other combinations as they are.
export function shownOrder(cards, kind) {
  if (!SEQUENCES.has(kind)) return cards;
  const low = cards.some((card) => rankOf(card) === '2');
  const place = (card) => (rankOf(card) === 'A' ? (low ? 0 : 13) : NATURAL.indexOf(rankOf(card)));
  return [...cards].sort((a, b) => place(a) - place(b));
}

// Five cards of one suit: a straight flush unless played ``as straight`` (no other
// five-card combination of two packs can be of one suit).
const oneSuitFive = (cards) =>
  cards.length === 5 && !cards.some(isJoker) && new Set(cards.map(suitOf)).size === 1;

// The combination's name, for the chooser (the engine's events name what was played).
export function kindOf(cards, asStraight = false) {
  const counts = new Map();
  for (const card of cards) counts.set(rankOf(card), (counts.get(rankOf(card)) ?? 0) + 1);
  const sizes = [...counts.values()].sort((a, b) => b - a);
  const n = cards.length;
  if (n === 4 && cards.every(isJoker)) return 'joker_bomb';
  if (n >= 4 && sizes.length === 1) return 'bomb';
  if (n === 1) return 'single';
  if (n === 2) return 'pair';
  if (n === 3) return 'triple';
  if (n === 5 && sizes[0] === 3) return 'full_house';
  if (n === 5) return oneSuitFive(cards) && !asStraight ? 'straight_flush' : 'straight';
  if (n === 6 && sizes.every((size) => size === 2)) return 'tube';
  if (n === 6 && sizes.every((size) => size === 3)) return 'plate';
  return 'bomb';
}

// The reading of ``listed`` rewritten for the cards ``others`` (the selection's non-wild
// cards, same ranks as the listed ones): each rank keeps its count, the selection's cards
// first, the rest are what the wild cards stand for.
function reread(reading, others) {
  const left = [...others];
  const result = reading.map((card) => {
    let at = left.indexOf(card);
    if (at < 0) at = left.findIndex((mine) => rankOf(mine) === rankOf(card));
    if (at < 0) return { card, wild: true };
    return { card: left.splice(at, 1)[0], wild: false };
  });
  if (oneSuitFive(result.map((entry) => entry.card))) {
    // The listed play is no straight flush: a wild card takes another suit.
    const entry = result.find((item) => item.wild);
    if (entry) {
      const suit = suitOf(entry.card);
      entry.card = `${rankOf(entry.card)}${SUITS.find((other) => other !== suit)}`;
    }
  }
  return result.map((entry) => entry.card);
}

// How high a reading stands among the readings of the same kind (the same cards, so the
// same size): the level order for sets (a full house by its triple), the top card for a
// sequence.
export function strength(cards, kind, level) {
  const counts = new Map();
  for (const card of cards) counts.set(rankOf(card), (counts.get(rankOf(card)) ?? 0) + 1);
  if (SEQUENCES.has(kind)) {
    const low = counts.has('2');
    return Math.max(...cards.map((card) => (rankOf(card) === 'A' ? (low ? 1 : 14) : NATURAL.indexOf(rankOf(card)) + 1)));
  }
  const value = (rank) => {
    if (rank === 'RJ') return 17;
    if (rank === 'BJ') return 16;
    if (rank === levelRank(level)) return 15;
    return '23456789TJQKA'.indexOf(rank) + 2;
  };
  const most = Math.max(...counts.values());
  return Math.max(...[...counts].filter(([, count]) => count === most).map(([rank]) => value(rank)));
}

// What ``selected`` sends when it plays as the listed ``action`` (null: it does not).
export function buildPlay(selected, action, wild) {
  const listed = parsePlay(action);
  const mine = selected.filter((card) => card !== wild);
  const theirs = listed.cards.filter((card) => card !== wild);
  if (selected.length !== listed.cards.length || mine.length !== theirs.length) return null;
  const cards = selected.join(' ');
  const combination = listed.reading ?? listed.cards;
  if (!listed.asStraight && oneSuitFive(combination)) {
    // A straight flush: its very cards.
    if (!sameMultiset(mine, theirs)) return null;
    return {
      action: listed.reading ? `play ${cards} as ${listed.reading.join(' ')}` : `play ${cards}`,
      combination,
      kind: 'straight_flush',
    };
  }
  if (rankKey(mine) !== rankKey(theirs)) return null;
  if (listed.reading) {
    const reading = reread(listed.reading, mine);
    return { action: `play ${cards} as ${reading.join(' ')}`, combination: reading, kind: kindOf(reading) };
  }
  if (oneSuitFive(selected)) {
    return { action: `play ${cards} as straight`, combination: selected, kind: 'straight' };
  }
  return { action: `play ${cards}`, combination: selected, kind: kindOf(selected) };
}

// The next seat after ``seat`` that still holds cards (finished seats are skipped).
function nextActive(table, seat) {
  for (let step = 1; step <= table.players; step += 1) {
    const next = (seat + step) % table.players;
    if ((table.sizes[next] ?? 0) > 0) return next;
  }
  return null;
}

function emptyTribute() {
  return { cancelled: false, payments: [], returns: [] };
}

export default {
  ...climbing,
  game: 'guandan',
  handSize: 27,
  finalEvent: 'deal_result',

  initialTable(players) {
    return {
      ...climbing.initialTable.call(this, players),
      deal: 0,
      level: 2,
      levels: [2, 2],
      levelTeam: 0,
      places: [],
      tribute: null,
      result: null,
    };
  },

  applyEvent(table, event) {
    switch (event.type) {
      case 'deal':
        Object.assign(table, this.initialTable(table.players), {
          deal: event.deal,
          level: event.level,
          levels: [...event.levels],
          levelTeam: event.level_team,
          phase: event.previous_places ? 'return' : 'play',
          turn: event.first_leader ?? null,
        });
        break;
      case 'tribute':
        table.tribute ??= emptyTribute();
        table.tribute.payments.push({ payer: event.payer, receiver: event.receiver, card: event.card });
        table.tribute.returns.push({ from: event.receiver, to: event.payer, done: false, card: null });
        table.sizes[event.payer] -= 1;
        table.sizes[event.receiver] += 1;
        table.phase = 'return';
        break;
      case 'tribute_cancelled':
        table.tribute = { ...emptyTribute(), cancelled: true };
        table.phase = 'play';
        table.turn = event.leader;
        break;
      case 'return': {
        const entry = table.tribute?.returns.find((item) => item.from === event.seat && item.to === event.to);
        if (entry) entry.done = true;
        table.sizes[event.seat] -= 1;
        table.sizes[event.to] += 1;
        break;
      }
      case 'lead':
        table.phase = 'play';
        table.turn = event.seat;
        break;
      case 'play':
        climbing.applyEvent.call(this, table, event);
        table.top = { seat: event.seat, cards: event.cards, as: event.as ?? null, kind: event.kind };
        table.turn = nextActive(table, event.seat);
        break;
      case 'pass':
        climbing.applyEvent.call(this, table, event);
        table.turn = nextActive(table, event.seat);
        break;
      case 'finish':
        table.places = [...table.places, event.seat];
        break;
      case 'deal_result':
        table.places = [...event.places];
        table.levels = [...event.levels];
        table.result = event;
        table.over = event.match_won;
        table.turn = null;
        break;
      default:
        climbing.applyEvent.call(this, table, event);
    }
  },

  syncTable(table, view) {
    climbing.syncTable.call(this, table, view);
    table.phase = view.phase === 'return' ? 'return' : 'play';
    table.deal = (view.deal_number ?? 1) - 1;
    table.level = view.level ?? table.level;
    table.levels = [...(view.levels ?? table.levels)];
    table.levelTeam = view.level_team ?? table.levelTeam;
    table.places = [...(view.places ?? [])];
    table.top = view.top ? { ...view.top, as: view.top.as ?? null } : null;
    table.tribute = view.tribute
      ? {
          cancelled: view.tribute.cancelled,
          payments: view.tribute.payments.map((item) => ({ ...item })),
          returns: view.tribute.returns.map((item) => ({ ...item })),
        }
      : null;
  },

  roles(table) {
    return Array.from({ length: table.players }, (_, seat) =>
      seat === 0 ? null : teamOf(seat) === 0 ? 'partner' : 'opponent',
    );
  },

  seatNote(seat, table, { i18n }) {
    const place = table.places.indexOf(seat);
    return place < 0 ? '' : i18n.t(`table.guandan.place.${place + 1}`);
  },

  decorateCard(node, card, table, { position, shown, i18n }) {
    if (position > 0 && rankOf(shown[position - 1]) !== rankOf(card)) node.classList.add('is-group-start');
    if (card !== wildOf(table.level)) return;
    node.classList.add('is-wild');
    node.dataset.wild = 'true';
    node.setAttribute('aria-label', `${cardText(card)} (${i18n.t('table.guandan.wild_card')})`);
    const badge = document.createElement('span');
    badge.className = 'wild-badge';
    badge.setAttribute('aria-hidden', 'true');
    badge.textContent = i18n.t('table.guandan.wild_badge');
    node.append(badge);
  },

  // --- what the selection sends -------------------------------------------------------

  actionsFor(cards, view, table, { i18n }) {
    const legal = view.legal_actions ?? [];
    if (view.phase === 'return') {
      const action = `return ${cards[0]}`;
      return cards.length === 1 && legal.includes(action) ? [{ action }] : [];
    }
    // The strongest reading of each kind: the same cards stand higher (two wild cards are
    // a pair of any rank: only the best pair is worth offering).
    const level = view.level ?? table.level;
    const best = new Map();
    for (const listed of legal) {
      if (!listed.startsWith('play ')) continue;
      const built = buildPlay(cards, listed, view.wild ?? wildOf(level));
      if (!built) continue;
      const power = strength(built.combination, built.kind, level);
      const known = best.get(built.kind);
      if (!known || power > known.power) best.set(built.kind, { ...built, power });
    }
    return [...best.values()].map((built) => ({
      action: built.action,
      kind: built.kind,
      label: i18n.fmt('table.guandan.reading', {
        kind: i18n.t(`kind.${built.kind}`),
        cards: shownOrder(built.combination, built.kind),
      }),
    }));
  },

  selectionLine(cards, actions, { view, i18n, name }) {
    const { t } = i18n;
    if (view.phase === 'return') {
      const mine = view.tribute?.returns?.find((item) => item.from === 0 && !item.done);
      const to = name(mine?.to ?? 0);
      if (!cards.length) return t('table.guandan.return_prompt', { player: to });
      if (cards.length > 1) return t('table.guandan.return_one');
      if (actions.length) return t('table.guandan.return_ok', { card: cardText(cards[0]), player: to });
      if (cards[0] === view.wild) return t('table.guandan.return_wild');
      const allowed = (view.legal_actions ?? []).map((action) => action.split(' ')[1]);
      if (allowed.some((card) => TWO_TO_TEN.has(rankOf(card)))) return t('table.guandan.return_rank');
      return t('table.guandan.return_lowest');
    }
    if (actions.length > 1) return t('table.guandan.several', { count: actions.length });
    return null;
  },

  turnText({ view, table, busy, name, i18n }) {
    if (table?.phase !== 'return' || busy || view?.current_player !== 0) return null;
    const mine = view.tribute?.returns?.find((item) => item.from === 0 && !item.done);
    return i18n.t('table.guandan.turn_return', { player: name(mine?.to ?? 0) });
  },

  // --- the middle of the table ----------------------------------------------------------

  topInfo(table, { i18n, name }) {
    const { t } = i18n;
    if (table.top) {
      const parts = [t('table.top_play', { player: name(table.top.seat) }), t(`kind.${table.top.kind}`)];
      if (table.top.as) {
        const reading = shownOrder(table.top.as, table.top.kind);
        parts.push(t('table.guandan.as', { cards: reading.map(cardText).join(' ') }));
      }
      return { label: parts.join(' · '), cards: table.top.cards };
    }
    if (table.turn === null || table.turn === undefined || table.phase === 'return') return { label: '', cards: [] };
    return { label: `${t('table.table_empty')} ${t('table.leads', { player: name(table.turn) })}`, cards: [] };
  },

  teamName(team, i18n) {
    return i18n.t(`table.guandan.team.${team}`);
  },

  centreInfo(table, { i18n, name, view }) {
    const { t, fmt } = i18n;
    const { box, line, part } = infoLines('gd');
    line(
      'gd-levels',
      part(
        fmt('table.guandan.deal_level', {
          n: table.deal + 1,
          level: levelLabel(table.level),
          team: this.teamName(table.levelTeam, i18n),
          wild: [wildOf(table.level)],
        }),
      ),
      ' · ',
      part(t('table.guandan.levels', { us: levelLabel(table.levels[0]), them: levelLabel(table.levels[1]) })),
    );
    const tribute = table.tribute;
    if (tribute) {
      const parts = [];
      if (tribute.cancelled) parts.push(t('table.guandan.tribute_cancelled'));
      const current = view && table.deal === (view.deal_number ?? 1) - 1;
      for (const pay of tribute.payments) {
        parts.push(fmt('table.guandan.tribute_line', { payer: name(pay.payer), receiver: name(pay.receiver), card: [pay.card] }));
      }
      for (const ret of tribute.returns) {
        const seen = current ? view.tribute?.returns?.find((item) => item.from === ret.from && item.to === ret.to) : null;
        const card = seen?.card ?? ret.card;
        const done = ret.done || seen?.done;
        const params = { from: name(ret.from), to: name(ret.to) };
        if (card) parts.push(fmt('table.guandan.return_card', { ...params, card: [card] }));
        else parts.push(t(done ? 'table.guandan.return_done' : 'table.guandan.return_pending', params));
      }
      const span = line('gd-tribute');
      parts.forEach((part, index) => span.append(...(index ? [' · ', part] : [part])));
    }
    if (table.places.length) {
      line('gd-places', t('table.guandan.places', { list: this.placesText(table.places, i18n, name) }));
    }
    return box;
  },

  placesText(places, i18n, name) {
    return places.map((seat, index) => `${i18n.t(`table.guandan.place.${index + 1}`)} ${name(seat)}`).join(', ');
  },

  // --- pacing: the deal's result waits for Next deal ------------------------------------

  pause(event, host) {
    if (host.quick) return 0;
    if (event.type === 'deal_result') {
      if (event.match_won) return 0;
      return host.interlude(this.dealSummary(event, host), host.i18n.t('table.guandan.next_deal'));
    }
    if (event.type === 'tribute') return host.step;
    return typeof event.seat === 'number' && event.seat !== 0 ? host.step : 0;
  },

  dealSummary(event, { i18n, name }) {
    const { t } = i18n;
    const box = document.createElement('div');
    box.className = 'gd-summary';
    const add = (tag, text, testid) => {
      const node = document.createElement(tag);
      node.textContent = text;
      if (testid) node.dataset.testid = testid;
      box.append(node);
    };
    add('strong', this.resultLine(event, i18n), 'deal-result');
    add('span', t('table.guandan.places', { list: this.placesText(event.places, i18n, name) }));
    add(
      'span',
      t('table.guandan.standing', { us: levelLabel(event.levels[0]), them: levelLabel(event.levels[1]) }),
      'standing',
    );
    add('span', t('table.guandan.next_level', { level: levelLabel(event.levels[event.winning_team]) }));
    return box;
  },

  resultLine(event, i18n) {
    const winner = event.winning_team;
    const advance = event.advance[winner];
    return i18n.t(`table.guandan.deal_won.${winner}`, { n: event.deal + 1, count: advance });
  },

  // --- records ------------------------------------------------------------------------

  describeEvent(event, context) {
    const { i18n, name, say, view } = context;
    const { t, fmt } = i18n;
    switch (event.type) {
      case 'deal': {
        const content = fmt('event.guandan.deal', {
          n: event.deal + 1,
          level: levelLabel(event.level),
          team: this.teamName(event.level_team, i18n),
          wild: [wildOf(event.level)],
        });
        if (typeof event.first_leader === 'number') {
          content.append(' — ', t('table.leads', { player: name(event.first_leader) }));
        }
        return { seat: null, content, kind: 'deal' };
      }
      case 'tribute':
        return {
          seat: event.payer,
          content: say('event.guandan.tribute', event.payer, { receiver: name(event.receiver), card: [event.card] }),
        };
      case 'tribute_cancelled':
        return {
          seat: null,
          content: t('event.guandan.tribute_cancelled', {
            payers: event.payers.map(name).join(', '),
            player: name(event.leader),
          }),
        };
      case 'return': {
        const current = view && context.table?.deal === (view.deal_number ?? 1) - 1;
        const seen = current
          ? view.tribute?.returns?.find((item) => item.from === event.seat && item.to === event.to)
          : null;
        if (seen?.card) {
          return {
            seat: event.seat,
            content: say('event.guandan.return_card', event.seat, { to: name(event.to), card: [seen.card] }),
          };
        }
        return { seat: event.seat, content: say('event.guandan.return', event.seat, { to: name(event.to) }) };
      }
      case 'lead':
        return { seat: event.seat, content: say('event.guandan.lead', event.seat), kind: 'round' };
      case 'play': {
        const line = climbing.describeEvent.call(this, event, context);
        if (event.as) line.content.append(' ', fmt('event.guandan.as', { cards: shownOrder(event.as, event.kind) }));
        return line;
      }
      case 'finish':
        return {
          seat: event.seat,
          content: say('event.guandan.finish', event.seat, { place: t(`table.guandan.place.${event.place}`) }),
        };
      case 'deal_result': {
        const parts = [
          this.resultLine(event, i18n),
          t('table.guandan.standing', { us: levelLabel(event.levels[0]), them: levelLabel(event.levels[1]) }),
        ];
        if (event.match_won) parts.push(t(`table.guandan.match_won.${event.winning_team}`));
        return { seat: null, content: parts.join(' — '), kind: 'result' };
      }
      default:
        return climbing.describeEvent.call(this, event, context);
    }
  },

  // --- the end of the match -------------------------------------------------------------

  outcome(result) {
    if (!result.match_won) return 0;
    return result.winning_team === 0 ? 1 : -1;
  },

  resultHeadline(event, { i18n }) {
    if (event.match_won) return i18n.t(`table.guandan.match_won.${event.winning_team}`);
    return i18n.t('table.guandan.match_over');
  },

  resultBreakdown(event, { i18n, name }) {
    return [
      this.resultLine(event, i18n),
      i18n.t('table.guandan.places', { list: this.placesText(event.places, i18n, name) }),
      i18n.t('table.guandan.standing', { us: levelLabel(event.levels[0]), them: levelLabel(event.levels[1]) }),
    ];
  },

  scoreText(score) {
    return signed(score);
  },
};
