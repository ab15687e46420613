// Tractor (Shengji): two packs, four seats in two partnerships (You and the AI opposite),
// declaring trumps, the dealer burying eight cards, tricks of singles, pairs and tractors,
// a match of many deals climbing levels (spec/tractor.md; the engine's view and events in
// games/tractor/).
//
// The hand arrives in the engine's display order (trumps first, then each plain suit), so
// it is drawn as it comes, each effective suit marked. Burying is eight ``bury <card>``
// actions and a follow of k cards k ``play <card>`` actions in the engine; here a person
// selects them all and confirms once: the burial goes as eight actions in order, a follow
// as one ``play <c1> … <ck>`` (which the engine accepts). The follow is checked here by the
// rules of §3.4 so that Confirm is enabled only for a legal follow, and the line under the
// hand says which rule a selection breaks.
import { cardText, rankOf, suitOf, SUIT_SYMBOLS } from '../cards.js';
import { actionCards, base, infoLines, sameMultiset } from './base.js';
import { chips, leadsTrick, tricks } from './tricks.js';

const SEATS = 4;
const TRUMP = 'T';
const KITTY = 8;
const HAND = 25;
const RANK_OF_LEVEL = { 10: 'T', 11: 'J', 12: 'Q', 13: 'K', 14: 'A' };
// A finished trick stays in sight longer than a move, a buried card (face down) shorter:
// both follow the table's pace (``host.step``, 600 ms unless the page sets it).
const TRICK_STEPS = 11 / 6;
const BURY_STEPS = 1 / 5;

export const levelRank = (level) => RANK_OF_LEVEL[level] ?? String(level);
export const levelLabel = (level) => (level === 10 ? '10' : levelRank(level));
const teamOf = (seat) => seat % 2;
const isJoker = (card) => card === 'BJ' || card === 'RJ';
const next = (seat) => (seat + 1) % SEATS;

// The suit a card belongs to in play: trump for jokers, level cards and the trump suit.
export function effectiveSuit(card, level, trump) {
  if (isJoker(card) || rankOf(card) === levelRank(level)) return TRUMP;
  const suit = suitOf(card);
  return trump && trump !== 'NT' && suit === trump ? TRUMP : suit;
}

// The cards that come twice in ``cards``, once each (a pair is two identical cards).
export function pairsIn(cards) {
  const seen = new Map();
  for (const card of cards) seen.set(card, (seen.get(card) ?? 0) + 1);
  return [...seen].filter(([, count]) => count >= 2).map(([card]) => card);
}

// What is wrong with ``play`` (all the cards of one follow) as an answer to ``lead`` from a
// holding of ``held`` (the hand before this trick's follow began): null when it is legal,
// else the reason's key and parameters (§3.4).
export function followProblem(play, held, lead, level, trump) {
  const n = lead.cards.length;
  if (play.length !== n) return { key: 'table.tractor.why.count', params: { count: n } };
  const suit = lead.suit;
  const inSuit = (card) => effectiveSuit(card, level, trump) === suit;
  const have = held.filter(inSuit);
  const played = play.filter(inSuit);
  if (have.length < n) {
    if (played.length < have.length) return { key: 'table.tractor.why.all_suit', params: { count: have.length } };
    return null;
  }
  if (played.length < n) return { key: 'table.tractor.why.suit', params: {} };
  const wanted = Math.min(lead.cards.length === 1 ? 0 : pairsIn(lead.cards).length, pairsIn(have).length);
  if (pairsIn(played).length < wanted) return { key: 'table.tractor.why.pairs', params: { count: wanted } };
  return null;
}

export function trumpText(trump, t) {
  if (!trump) return t('table.tractor.trump_unknown');
  if (trump === 'NT') return t('table.tractor.no_trump');
  return `${SUIT_SYMBOLS[trump]} ${t(`table.tractor.suit.${trump}`)}`;
}

function freshDeal(players) {
  return {
    players,
    sizes: Array(players).fill(HAND),
    last: {},
    top: null,
    turn: null,
    over: false,
    phase: 'declare',
    deal: 1,
    level: 2,
    levels: [2, 2],
    dealer: null,
    dealerFixed: false,
    trump: null,
    declaration: null,
    exposed: null,
    buried: 0,
    trick: [],
    trickDone: false,
    winning: null,
    leadSize: 0,
    tricks: 0,
    points: 0,
    result: null,
  };
}

export default {
  ...tricks,
  game: 'tractor',
  handSize: HAND,
  trickTestid: 'tr',
  trickKeys: 'table.tractor',

  // A play of the trick: the seat and the cards it has put down (several for a follow).
  copyPlay(play) {
    return { seat: play.seat, cards: [...play.cards] };
  },

  playCards(play) {
    return play.cards;
  },

  initialTable(players) {
    return freshDeal(players);
  },

  applyEvent(table, event) {
    switch (event.type) {
      case 'deal':
        Object.assign(table, freshDeal(table.players), {
          deal: event.deal + 1, // the event counts deals from 0, the view from 1
          level: event.level,
          levels: [...event.levels],
          dealer: event.dealer,
          dealerFixed: event.first_declarer_deals === false,
          turn: event.dealer,
        });
        break;
      case 'declare':
        // Deal 1: the first to declare becomes the dealer (spec R4).
        if (!table.declaration && !table.dealerFixed) table.dealer = event.seat;
        table.declaration = { seat: event.seat, cards: event.cards, strength: event.strength };
        table.last = { ...table.last, [event.seat]: { kind: 'play', cards: event.cards } };
        table.turn = next(event.seat);
        break;
      case 'pass':
        table.last = { ...table.last, [event.seat]: { kind: 'pass' } };
        table.turn = next(event.seat);
        break;
      case 'kitty_exposed':
        table.exposed = [...event.cards];
        break;
      case 'trump':
        table.trump = event.trump;
        table.dealer = event.dealer;
        table.dealerFixed = true;
        table.phase = 'bury';
        table.sizes[event.dealer] += KITTY;
        table.last = {};
        table.turn = event.dealer;
        break;
      case 'bury':
        table.sizes[event.seat] -= 1;
        table.buried += 1;
        if (table.buried >= KITTY) {
          table.phase = 'play';
          table.exposed = null;
        }
        break;
      case 'play':
        this.applyPlay(table, event);
        break;
      case 'trick':
        this.finishTrick(table, event);
        table.points = event.attackers_points;
        break;
      case 'deal_result':
        table.levels = [...event.levels];
        table.result = event;
        table.over = event.match_won !== null && event.match_won !== undefined;
        table.turn = null;
        break;
      default:
        break;
    }
  },

  applyPlay(table, event) {
    this.startTrick(table);
    if (!table.trick.length) table.leadSize = event.cards.length;
    const entry = table.trick.find((play) => play.seat === event.seat);
    if (entry) entry.cards.push(...event.cards);
    else table.trick.push({ seat: event.seat, cards: [...event.cards] });
    table.sizes[event.seat] -= event.cards.length;
    const mine = table.trick.find((play) => play.seat === event.seat);
    table.turn = mine.cards.length >= table.leadSize ? next(event.seat) : event.seat;
  },

  syncTable(table, view) {
    if (Array.isArray(view.hand_counts)) table.sizes = [...view.hand_counts];
    else if (Array.isArray(view.hand_sizes)) table.sizes = [...view.hand_sizes];
    table.turn = view.current_player;
    table.over = view.current_player === null || view.phase === 'over';
    if (view.phase && view.phase !== 'over') table.phase = view.phase;
    table.deal = view.deal_number ?? table.deal;
    table.level = view.level ?? table.level;
    table.levels = [...(view.levels ?? table.levels)];
    table.dealer = view.dealer ?? table.dealer;
    table.trump = view.trump ?? null;
    table.declaration = view.declaration ? { ...view.declaration } : null;
    table.exposed = view.exposed_kitty ? [...view.exposed_kitty] : null;
    table.points = view.points ?? table.points;
    table.tricks = view.tricks_played ?? table.tricks;
    if (this.syncTrick(table, view) === 'live') {
      // A trick in progress: its lead's size says how many cards each seat follows with.
      table.leadSize = view.lead?.cards?.length ?? table.trick[0].cards.length;
    }
  },

  roles(table) {
    return Array.from({ length: table.players }, (_, seat) =>
      seat === 0 ? null : teamOf(seat) === 0 ? 'partner' : 'opponent',
    );
  },

  seatNote(seat, table, { i18n }) {
    if (table.dealer !== seat) return '';
    return i18n.t(table.dealerFixed || table.phase !== 'declare' ? 'table.tractor.dealer' : 'table.tractor.first_dealer');
  },

  decorateCard(node, card, table, { position, shown }) {
    const suit = effectiveSuit(card, table.level, table.trump);
    node.dataset.suitGroup = suit;
    if (suit === TRUMP && table.trump) node.classList.add('is-trump');
    if (position > 0 && effectiveSuit(shown[position - 1], table.level, table.trump) !== suit) {
      node.classList.add('is-group-start');
    }
  },

  // --- what the selection sends -------------------------------------------------------

  // Declarations as buttons (only the legal ones; Pass is the table's own button), each
  // showing its cards under one title; selecting the cards and Confirm works as well.
  actionButtons(view, table, { i18n }) {
    if (view.phase !== 'declare') return null;
    const declarations = (view.legal_actions ?? []).filter((action) => action.startsWith('declare '));
    return {
      title: declarations.length ? i18n.t('table.tractor.declare_box') : '',
      label: i18n.t('table.tractor.declare_box'),
      buttons: declarations.map((action) => {
        const cards = actionCards(action);
        return {
          action,
          label: chips(cards),
          aria: `${i18n.t('table.tractor.declare')} ${cards.map(cardText).join(' ')}`,
          testid: 'declare',
        };
      }),
    };
  },

  passLabel(view, { i18n }) {
    return view.phase === 'declare' ? i18n.t('table.tractor.pass') : null;
  },

  actionsFor(cards, view) {
    const legal = view.legal_actions ?? [];
    if (view.phase === 'declare') {
      const action = legal.find((listed) => listed.startsWith('declare ') && sameMultiset(actionCards(listed), cards));
      return action ? [{ action }] : [];
    }
    if (view.phase === 'bury') {
      const allowed = new Set(legal.filter((a) => a.startsWith('bury ')).map((a) => a.split(' ')[1]));
      if (cards.length !== (view.to_bury || KITTY) || !cards.every((card) => allowed.has(card))) return [];
      return [{ action: cards.map((card) => `bury ${card}`) }];
    }
    if (view.phase !== 'play') return [];
    if (!view.to_follow) {
      const lead = legal.find((listed) => listed.startsWith('play ') && sameMultiset(actionCards(listed), cards));
      return lead ? [{ action: lead }] : [];
    }
    return this.followTrouble(cards, view) ? [] : [{ action: `play ${cards.join(' ')}` }];
  },

  // Why the selected cards cannot follow (null: they can).
  followTrouble(cards, view) {
    const allowed = new Set((view.legal_actions ?? []).map((action) => actionCards(action)[0]));
    if (cards.length !== view.to_follow) return { key: 'table.tractor.why.count', params: { count: view.to_follow } };
    const committed = (view.trick ?? []).find((play) => play.seat === 0)?.cards ?? [];
    const problem = view.lead
      ? followProblem([...committed, ...cards], [...view.hand, ...committed], view.lead, view.level, view.trump)
      : null;
    if (problem) return problem;
    // The engine's list is the last word: a card it does not offer cannot be played.
    if (!cards.every((card) => allowed.has(card))) return { key: 'table.tractor.why.other', params: {} };
    return null;
  },

  selectionLine(cards, actions, { view, i18n }) {
    const { t } = i18n;
    if (view.phase === 'declare') {
      if (!cards.length) return t('table.tractor.declare_prompt');
      return actions.length ? t('table.tractor.declare_ok') : t('table.tractor.declare_invalid');
    }
    if (view.phase === 'bury') {
      const wanted = view.to_bury || KITTY;
      if (actions.length) return t('table.tractor.bury_ok', { count: wanted });
      return t('table.tractor.bury_prompt', { count: wanted, selected: cards.length });
    }
    if (view.phase !== 'play') return null;
    if (!view.to_follow) {
      if (!cards.length) return t('table.tractor.lead_prompt');
      return actions.length ? t('table.selection_ok') : t('table.tractor.why.lead');
    }
    if (!cards.length) return t('table.tractor.follow_prompt', { count: view.to_follow });
    const trouble = this.followTrouble(cards, view);
    if (!trouble) return t('table.selection_ok');
    if (trouble.key === 'table.tractor.why.count') {
      return t('table.tractor.follow_prompt_more', { count: view.to_follow, selected: cards.length });
    }
    return t(trouble.key, trouble.params);
  },

  turnText({ view, table, busy, i18n }) {
    if (busy || !view || view.current_player !== 0 || table?.over) return null;
    const { t } = i18n;
    if (view.phase === 'declare') return t('table.tractor.turn.declare');
    if (view.phase === 'bury') return t('table.tractor.turn.bury', { count: view.to_bury || KITTY });
    if (view.phase === 'play' && view.to_follow) return t('table.tractor.turn.follow', { count: view.to_follow });
    if (view.phase === 'play') return t('table.tractor.turn.lead');
    return null;
  },

  // --- the middle of the table ----------------------------------------------------------

  teamName(team, i18n) {
    return i18n.t(`table.tractor.team.${team}`);
  },

  centreInfo(table, { i18n, name, view }) {
    const { t, fmt } = i18n;
    const { box, line, part } = infoLines('tr');
    const dealer = table.dealer === null ? '—' : name(table.dealer);
    line(
      'tr-levels',
      part(t('table.tractor.deal_level', { n: table.deal, level: levelLabel(table.level) })),
      ' · ',
      part(
        t(table.dealerFixed || table.phase !== 'declare' ? 'table.tractor.dealer_is' : 'table.tractor.starter_is', {
          player: dealer,
        }),
      ),
      ' · ',
      part(t('table.tractor.levels', { us: levelLabel(table.levels[0]), them: levelLabel(table.levels[1]) })),
    );
    const trump = line('tr-trump', part(t('table.tractor.trump_is', { trump: trumpText(table.trump, t) })));
    if (table.declaration) {
      trump.append(
        ' · ',
        part(fmt('table.tractor.declared_by', { player: name(table.declaration.seat), cards: table.declaration.cards })),
      );
    } else if (table.phase === 'declare') {
      trump.append(' · ', part(t('table.tractor.no_declaration')));
    }
    if (table.exposed) line('tr-exposed', fmt('table.tractor.exposed', { cards: table.exposed }));
    if (table.phase === 'bury' && view?.taken_kitty && view.current_player === 0) {
      line('tr-kitty', fmt('table.tractor.taken_kitty', { cards: view.taken_kitty }));
    }
    if (table.phase === 'play' && view?.kitty?.length && view.dealer === 0 && view.deal_number === table.deal) {
      // The dealer's own kitty, for the dealer only (public once the deal ends).
      line('tr-buried', fmt('table.tractor.buried', { cards: view.kitty }));
    }
    if (table.phase === 'play' || table.phase === 'bury') {
      const attackers = [next(table.dealer), next(next(next(table.dealer)))];
      line(
        'tr-points',
        t('table.tractor.points', {
          team: this.teamName(teamOf(attackers[0]), i18n),
          points: table.points,
        }),
      );
    }
    if (table.phase === 'play') box.append(this.trickNode(table, i18n, name));
    return box;
  },

  // --- pacing: a finished trick stays in sight, the deal's result waits for Next deal ---

  pause(event, host) {
    if (host.quick) return 0;
    if (event.type === 'deal_result') {
      if (event.match_won !== null && event.match_won !== undefined) return 0;
      return host.interlude(this.dealSummary(event, host), host.i18n.t('table.tractor.next_deal'));
    }
    if (event.type === 'trick') return host.step * TRICK_STEPS;
    if (event.type === 'bury') return event.seat === 0 ? 0 : host.step * BURY_STEPS;
    if (event.type === 'kitty_exposed') return host.step * 2;
    return typeof event.seat === 'number' && event.seat !== 0 ? host.step : 0;
  },

  dealSummary(event, { i18n, name, table }) {
    const { t, fmt } = i18n;
    const box = document.createElement('div');
    box.className = 'tr-summary';
    const add = (content, testid) => {
      const node = document.createElement('span');
      node.append(content);
      if (testid) node.dataset.testid = testid;
      box.append(node);
    };
    const strong = document.createElement('strong');
    strong.textContent = this.resultLine(event, table, i18n);
    add(strong, 'deal-result');
    add(t(this.breakdownKey(event), this.breakdownParams(event)), 'breakdown');
    add(fmt('table.tractor.kitty_shown', { cards: event.kitty, points: event.kitty_points }), 'kitty');
    add(t('table.tractor.standing', { us: levelLabel(event.levels[0]), them: levelLabel(event.levels[1]) }), 'standing');
    add(t('table.tractor.next_dealer', { player: name(event.next_dealer) }), 'next-dealer');
    return box;
  },

  breakdownKey(event) {
    return event.multiplier ? 'table.tractor.breakdown' : 'table.tractor.breakdown_none';
  },

  breakdownParams(event) {
    return {
      tricks: event.trick_points,
      kitty: event.kitty_points,
      multiplier: event.multiplier,
      bonus: event.bonus,
      points: event.points,
    };
  },

  // "Deal 2: the opponents attack with 95 points and take over the deal" and the like: the
  // team named is the one that gains (attackers taking over, or defenders climbing).
  resultLine(event, table, i18n) {
    const dealer = table?.dealer ?? 0;
    const attackers = teamOf(next(dealer));
    const attacked = event.winner === 'attackers';
    const winners = attacked ? attackers : 1 - attackers;
    const gain = event.gain ?? 0;
    const kind = attacked ? (gain > 0 ? 'takeover_up' : 'takeover') : 'defend';
    return i18n.t(`table.tractor.result.${kind}.${winners}`, { n: table?.deal ?? 1, points: event.points, count: gain });
  },

  // --- records ------------------------------------------------------------------------

  describeEvent(event, context) {
    const { i18n, name, say, table } = context;
    const { t, fmt } = i18n;
    switch (event.type) {
      case 'deal':
        return {
          seat: null,
          kind: 'deal',
          content: t(event.first_declarer_deals ? 'event.tractor.deal_first' : 'event.tractor.deal', {
            n: event.deal + 1,
            level: levelLabel(event.level),
            player: name(event.dealer),
            us: levelLabel(event.levels[0]),
            them: levelLabel(event.levels[1]),
          }),
        };
      case 'declare':
        return {
          seat: event.seat,
          content: say('event.tractor.declare', event.seat, {
            cards: event.cards,
            trump: trumpText(event.trump, t),
          }),
        };
      case 'pass':
        return { seat: event.seat, content: say('event.tractor.pass', event.seat) };
      case 'kitty_exposed':
        return {
          seat: null,
          content: fmt('event.tractor.kitty_exposed', { cards: event.cards, trump: trumpText(event.trump, t) }),
        };
      case 'trump':
        return {
          seat: null,
          kind: 'round',
          content: t('event.tractor.trump', { trump: trumpText(event.trump, t), player: name(event.dealer) }),
        };
      case 'bury':
        return {
          seat: event.seat,
          content: say('event.tractor.bury', event.seat, { n: (table?.buried ?? 0) + 1, count: KITTY }),
        };
      case 'play': {
        return {
          seat: event.seat,
          content: leadsTrick(table)
            ? say('event.tractor.lead', event.seat, { cards: event.cards, kind: t(`kind.${this.kindOf(event.cards)}`) })
            : say('event.tractor.follow', event.seat, { cards: event.cards }),
        };
      }
      case 'trick':
        return {
          seat: event.winner,
          kind: 'round',
          content: say('event.tractor.trick', event.winner, {
            n: event.number,
            count: event.points,
            total: event.attackers_points,
          }),
        };
      case 'deal_result': {
        const parts = [
          this.resultLine(event, table, i18n),
          t(this.breakdownKey(event), this.breakdownParams(event)),
        ];
        const line = fmt('event.tractor.kitty', { cards: event.kitty });
        const content = document.createDocumentFragment();
        content.append(parts.join(' — '), ' — ', line, ' — ');
        content.append(t('table.tractor.standing', { us: levelLabel(event.levels[0]), them: levelLabel(event.levels[1]) }));
        if (event.match_won !== null && event.match_won !== undefined) {
          content.append(' — ', t(`table.tractor.match_won.${event.match_won}`));
        }
        return { seat: null, content, kind: 'result' };
      }
      default:
        return base.describeEvent.call(this, event, context);
    }
  },

  // The shape of a lead, for the record: a single, a pair, or a tractor.
  kindOf(cards) {
    if (cards.length === 1) return 'single';
    if (cards.length === 2) return 'pair';
    return 'tractor';
  },

  // --- the end of the match -------------------------------------------------------------

  outcome(result) {
    if (result.match_won === null || result.match_won === undefined) return 0;
    return result.match_won === 0 ? 1 : -1;
  },

  resultHeadline(event, { i18n }) {
    if (event.match_won !== null && event.match_won !== undefined) {
      return i18n.t(`table.tractor.match_won.${event.match_won}`);
    }
    return i18n.t('table.tractor.match_over');
  },

  resultBreakdown(event, { i18n, name, table }) {
    const kitty = document.createDocumentFragment();
    kitty.append(i18n.fmt('table.tractor.kitty_shown', { cards: event.kitty, points: event.kitty_points }));
    return [
      this.resultLine(event, table, i18n),
      i18n.t(this.breakdownKey(event), this.breakdownParams(event)),
      kitty,
      i18n.t('table.tractor.standing', { us: levelLabel(event.levels[0]), them: levelLabel(event.levels[1]) }),
      i18n.t('table.tractor.next_dealer', { player: name(event.next_dealer) }),
    ];
  },
};
