// French Tarot: four seats, each for himself; one taker against three defenders; the
// bidding, the chien and the écart, the chelem question, poignées, eighteen tricks and the
// score (spec/tarot.md; the engine's view and events in games/tarot/).
//
// The hand arrives in the engine's display order (trumps 21 … 1, the Excuse, then spades,
// hearts, diamonds, clubs) and is drawn as it comes. The écart is six ``discard <card>``
// actions and a poignée ``declare poignee <size>`` then one ``show <card>`` per trump in the
// engine; here a person selects them all and confirms once, and they go in order. The écart
// rules (§5.1) are checked here so that Confirm is enabled only for a legal écart, the line
// under the hand says which rule a selection breaks, and forbidden cards are marked.
import { cardSVG, cardText, isExcuse, suitOf, trumpNumber } from '../cards.js';
import { base, infoLines } from './base.js';
import { signed } from './climbing.js';
import { leadsTrick, tricks } from './tricks.js';

const SEATS = 4;
const HAND = 18;
const CHIEN = 6;
const CONTRACTS = ['prise', 'garde', 'garde_sans', 'garde_contre'];
const MULTIPLIERS = { prise: 1, garde: 2, garde_sans: 4, garde_contre: 6 };
const CHIEN_SHOWN = new Set(['prise', 'garde']);
// The Excuse's return, by when its half point is paid (each sentence named in full, so
// tests/test_record_sentences.py finds it).
const EXCUSE_SENTENCES = {
  now: 'event.tarot.excuse.now',
  later: 'event.tarot.excuse.later',
  paid: 'event.tarot.excuse.paid',
  never: 'event.tarot.excuse.never',
};
export const POIGNEE_SIZES = { simple: 10, double: 13, triple: 15 };
const BOUTS = new Set(['1T', '21T', 'EX']);
// A finished trick stays in sight longer than a move, a face-down discard shorter; the
// turned-up chien longest: all follow the table's pace (``host.step``).
const TRICK_STEPS = 11 / 6;
const DISCARD_STEPS = 1 / 3;
const CHIEN_STEPS = 2;
const LOCAL = 'ui:'; // buttons that change the page only (the poignée chooser)

const next = (seat) => (seat + 1) % SEATS;
const isTrump = (card) => trumpNumber(card) !== null;
const isKing = (card) => !isTrump(card) && !isExcuse(card) && card[0] === 'K';
const words = (action) => action.trim().split(/\s+/);
const number = (value) => Number(value).toLocaleString(document.documentElement.lang || 'en');

// The poignée being chosen by You: { size, needed } or null (page-side only).
let choosing = null;

// --- the écart (§5.1) ------------------------------------------------------------------

// Why ``card`` may never go to the écart of ``hand`` (the 24 cards), else null: a king or a
// bout never; a trump only when fewer than six other suit cards remain.
export function ecartBan(card, hand) {
  if (BOUTS.has(card)) return 'table.tarot.why.bout';
  if (isKing(card)) return 'table.tarot.why.king';
  if (isTrump(card) && plainCards(hand).length >= CHIEN) return 'table.tarot.why.trump';
  return null;
}

function plainCards(hand) {
  return hand.filter((card) => suitOf(card) !== null && !isKing(card));
}

// What is wrong with ``cards`` as the whole écart of ``hand``: null, or { key, params }.
export function ecartProblem(cards, hand, wanted) {
  for (const card of cards) {
    const ban = ecartBan(card, hand);
    if (ban) return { key: ban, params: { card: cardText(card) } };
  }
  if (cards.length !== wanted) return { key: 'table.tarot.ecart_prompt', params: { count: wanted, selected: cards.length } };
  const plain = plainCards(hand);
  const trumps = cards.filter(isTrump).length;
  if (trumps && cards.length - trumps < plain.length) {
    return { key: 'table.tarot.why.trump_first', params: { count: plain.length } };
  }
  return null;
}

// --- the table as drawn ----------------------------------------------------------------

function freshDeal(players, deals = 1) {
  return {
    players,
    deals,
    sizes: Array(players).fill(HAND),
    last: {},
    top: null,
    turn: null,
    over: false,
    phase: 'bidding',
    number: 1,
    dealer: null,
    bids: [],
    contract: null,
    taker: null,
    chien: null,
    discarded: 0,
    ecartTrumps: [],
    chelem: false,
    poignees: [],
    showing: null,
    trick: [],
    trickDone: false,
    winning: null,
    tricks: 0,
    won: Array(players).fill(0),
    result: null,
    totals: Array(players).fill(0),
  };
}

function faceRow(cards, testid) {
  const row = document.createElement('span');
  row.className = 'ta-faces';
  if (testid) row.dataset.testid = testid;
  for (const card of cards) {
    const wrap = document.createElement('span');
    wrap.className = 'card small';
    wrap.dataset.card = card;
    wrap.setAttribute('role', 'img');
    wrap.setAttribute('aria-label', cardText(card));
    wrap.append(cardSVG(card));
    row.append(wrap);
  }
  return row;
}

export default {
  ...tricks,
  game: 'tarot',
  handSize: HAND,
  trickTestid: 'ta',
  trickKeys: 'table.tarot',

  // A play of the trick: the seat and its one card.
  copyPlay(play) {
    return { seat: play.seat, card: play.card };
  },

  playCards(play) {
    return [play.card];
  },

  initialTable(players) {
    return freshDeal(players);
  },

  contractName(contract, t) {
    return t(`table.tarot.contract.${contract}`);
  },

  applyEvent(table, event) {
    switch (event.type) {
      case 'deal':
        Object.assign(table, freshDeal(table.players, table.deals), {
          number: event.number,
          dealer: event.dealer,
          turn: next(event.dealer),
          totals: table.totals,
        });
        break;
      case 'redeal':
        table.turn = null;
        break;
      case 'bid':
        table.bids.push({ seat: event.seat, bid: event.contract });
        table.last = { ...table.last, [event.seat]: { kind: 'action', action: this.contractName(event.contract, this.t) } };
        table.turn = next(event.seat);
        break;
      case 'pass':
        if (event.phase === 'bidding') {
          table.bids.push({ seat: event.seat, bid: 'pass' });
          table.last = { ...table.last, [event.seat]: { kind: 'pass' } };
          table.turn = next(event.seat);
        } else {
          table.phase = 'play';
        }
        break;
      case 'contract':
        table.contract = event.contract;
        table.taker = event.taker;
        table.phase = CHIEN_SHOWN.has(event.contract) ? 'ecart' : 'chelem';
        if (CHIEN_SHOWN.has(event.contract)) table.sizes[event.taker] += CHIEN;
        table.turn = event.taker;
        break;
      case 'chien':
        table.chien = [...event.cards];
        break;
      case 'discard':
        table.sizes[event.seat] -= 1;
        table.discarded += 1;
        if (event.card) table.ecartTrumps.push(event.card);
        if (table.discarded >= CHIEN) table.phase = 'chelem';
        break;
      case 'chelem':
        table.chelem = true;
        table.phase = 'play';
        break;
      case 'poignee':
        table.showing = { seat: event.seat, size: event.size, cards: [] };
        break;
      case 'show':
        if (table.showing) {
          table.showing.cards.push(event.card);
          if (table.showing.cards.length >= POIGNEE_SIZES[table.showing.size]) {
            table.poignees.push(table.showing);
            table.showing = null;
          }
        }
        break;
      case 'play':
        this.applyPlay(table, event);
        break;
      case 'trick':
        this.finishTrick(table, event);
        table.won[event.winner] += 1;
        break;
      case 'deal_result':
        table.result = event;
        table.totals = [...event.totals];
        table.turn = null;
        break;
      default:
        break;
    }
  },

  applyPlay(table, event) {
    this.startTrick(table);
    table.trick.push({ seat: event.seat, card: event.card });
    table.sizes[event.seat] -= 1;
    table.turn = next(event.seat);
  },

  syncTable(table, view) {
    if (Array.isArray(view.hand_sizes)) table.sizes = [...view.hand_sizes];
    table.turn = view.current_player;
    table.over = view.current_player === null || view.phase === 'over';
    table.deals = view.deals ?? table.deals;
    if (view.phase && view.phase !== 'over') table.phase = view.phase;
    table.number = view.deal_number ?? table.number;
    table.dealer = view.dealer ?? table.dealer;
    table.contract = view.contract ?? null;
    table.taker = view.taker ?? null;
    table.chien = view.chien ? [...view.chien] : null;
    table.ecartTrumps = [...(view.ecart_trumps ?? [])];
    table.chelem = Boolean(view.chelem_announced);
    table.poignees = (view.poignees ?? []).map((shown) => ({ ...shown, cards: [...shown.cards] }));
    table.showing = view.showing ? { ...view.showing, cards: [...view.showing.cards] } : null;
    table.tricks = view.tricks_played ?? table.tricks;
    table.won = [...(view.tricks_won ?? table.won)];
    table.totals = [...(view.totals ?? table.totals)];
    if (!this.syncTrick(table, view) && !view.last_trick) {
      // No trick yet this deal: the table's is cleared.
      table.trick = [];
      table.trickDone = false;
      table.winning = null;
    }
    if (view.current_player !== 0 || !(view.legal_actions ?? []).some((a) => a.startsWith('declare poignee'))) {
      choosing = null;
    }
  },

  roles(table) {
    return Array.from({ length: table.players }, (_, seat) => {
      if (table.taker === null) return null;
      return seat === table.taker ? 'taker' : 'defender';
    });
  },

  seatNote(seat, table, { i18n }) {
    return table.dealer === seat ? i18n.t('table.tarot.dealer') : '';
  },

  decorateCard(node, card, table, { position, shown }) {
    if (isTrump(card)) node.classList.add('is-trump');
    const group = isTrump(card) || isExcuse(card) ? 'T' : suitOf(card);
    node.dataset.suitGroup = group;
    const before = position > 0 ? shown[position - 1] : null;
    const groupBefore = before && (isTrump(before) || isExcuse(before) ? 'T' : suitOf(before));
    if (before && groupBefore !== group) node.classList.add('is-group-start');
    if (table.phase === 'ecart' && table.taker === 0 && shown.length > HAND) {
      const ban = ecartBan(card, shown);
      if (ban) {
        node.classList.add('is-forbidden');
        node.dataset.forbidden = ban;
        node.title = this.t ? this.t(ban, { card: cardText(card) }) : '';
      }
    }
  },

  // --- what the controls send ------------------------------------------------------------

  actionButtons(view, table, { i18n }) {
    const { t } = i18n;
    this.t = t; // the decorations' tooltips use the page's language
    const legal = view.legal_actions ?? [];
    const mine = view.current_player === 0;
    if (view.phase === 'bidding') {
      return {
        title: t('table.tarot.bid_box'),
        label: t('table.tarot.bid_box'),
        confirm: false,
        buttons: CONTRACTS.map((contract) => ({
          action: `bid ${contract}`,
          label: `${this.contractName(contract, t)} ×${MULTIPLIERS[contract]}`,
          testid: `bid-${contract}`,
        })),
      };
    }
    if (view.phase === 'chelem') {
      return {
        title: mine ? t('table.tarot.chelem_question') : '',
        label: t('table.tarot.chelem_question'),
        confirm: false,
        buttons: mine ? [{ action: 'declare chelem', label: t('table.tarot.chelem_yes'), testid: 'chelem-yes' }] : [],
      };
    }
    if (view.phase !== 'play' || !mine) return { buttons: [] };
    if (choosing) {
      return {
        title: t('table.tarot.poignee_choose', { count: choosing.needed }),
        label: t('table.tarot.poignee'),
        buttons: [{ action: `${LOCAL}cancel`, label: t('table.cancel'), testid: 'poignee-cancel' }],
      };
    }
    const sizes = legal.filter((action) => action.startsWith('declare poignee ')).map((action) => words(action)[2]);
    if (!sizes.length) return { buttons: [] };
    return {
      title: t('table.tarot.poignee'),
      label: t('table.tarot.poignee'),
      buttons: sizes.map((size) => ({
        action: `${LOCAL}poignee ${size}`,
        label: t(`table.tarot.poignee.${size}`, { count: POIGNEE_SIZES[size] }),
        testid: `poignee-${size}`,
      })),
    };
  },

  // A poignée size chosen (the needed trumps are picked for You, lowest first; change them
  // at will), or the choice cancelled.
  localAction(action, host) {
    const what = action.slice(LOCAL.length);
    if (what === 'cancel') {
      choosing = null;
      host.selectCards([]);
      return;
    }
    const size = words(what)[1];
    const needed = POIGNEE_SIZES[size];
    choosing = { size, needed };
    const hand = host.view.hand;
    const trumps = hand.filter(isTrump);
    const picked = trumps.length >= needed ? trumps.slice(-needed) : [...trumps, ...hand.filter(isExcuse)];
    host.selectCards(picked.slice(0, needed));
  },

  passLabel(view, { i18n }) {
    if (view.phase === 'bidding') return i18n.t('table.pass_bid');
    if (view.phase === 'chelem') return i18n.t('table.tarot.chelem_no');
    return null;
  },

  // The poignée under way (page-side choice, or a show the engine has begun).
  poigneeNeed(view) {
    if (view.showing && view.showing.seat === 0) return { size: view.showing.size, needed: view.showing.needed, begun: true };
    return choosing ? { ...choosing, begun: false } : null;
  },

  poigneeProblem(cards, view, need) {
    if (!cards.every((card) => isTrump(card) || isExcuse(card))) return { key: 'table.tarot.why.show_trumps', params: {} };
    if (cards.length !== need.needed) {
      return { key: 'table.tarot.poignee_prompt', params: { count: need.needed, selected: cards.length } };
    }
    const trumps = view.hand.filter(isTrump).length + (view.taker === 0 ? (view.ecart_trumps ?? []).length : 0);
    if (cards.some(isExcuse) && cards.filter(isTrump).length + (view.showing?.cards?.length ?? 0) < trumps) {
      return { key: 'table.tarot.why.excuse_show', params: {} };
    }
    return null;
  },

  actionsFor(cards, view) {
    const legal = new Set(view.legal_actions ?? []);
    if (view.phase === 'ecart') {
      if (ecartProblem(cards, view.hand, view.to_discard || CHIEN)) return [];
      return [{ action: cards.map((card) => `discard ${card}`) }];
    }
    if (view.phase !== 'play') return [];
    const need = this.poigneeNeed(view);
    if (need) {
      if (this.poigneeProblem(cards, view, need)) return [];
      const shows = cards.map((card) => `show ${card}`);
      return [{ action: need.begun ? shows : [`declare poignee ${need.size}`, ...shows] }];
    }
    if (cards.length !== 1 || !legal.has(`play ${cards[0]}`)) return [];
    return [{ action: `play ${cards[0]}` }];
  },

  // Why one card cannot be played now (§7.3), from the trick and your hand.
  playProblem(card, view) {
    const trick = view.trick ?? [];
    const hand = view.hand;
    const led = trick.map((play) => play.card).find((c) => !isExcuse(c));
    if (!led) return 'table.tarot.why.other';
    const suit = isTrump(led) ? null : suitOf(led);
    if (suit && hand.some((c) => suitOf(c) === suit)) return 'table.tarot.why.follow';
    if (hand.some(isTrump)) {
      if (!isTrump(card)) return 'table.tarot.why.must_trump';
      return 'table.tarot.why.overtrump';
    }
    return 'table.tarot.why.other';
  },

  selectionLine(cards, actions, { view, i18n }) {
    const { t } = i18n;
    if (view.phase === 'ecart') {
      const wanted = view.to_discard || CHIEN;
      if (actions.length) return t('table.tarot.ecart_ok', { count: wanted });
      const problem = cards.length ? ecartProblem(cards, view.hand, wanted) : null;
      if (problem) return t(problem.key, problem.params);
      return t('table.tarot.ecart_prompt', { count: wanted, selected: cards.length });
    }
    if (view.phase !== 'play') return '';
    const need = this.poigneeNeed(view);
    if (need) {
      if (actions.length) return t('table.tarot.poignee_ok', { count: need.needed });
      const problem = this.poigneeProblem(cards, view, need);
      return t(problem.key, problem.params);
    }
    if (!cards.length) return t('table.tarot.play_prompt');
    if (actions.length) return t('table.tarot.play_ok');
    if (cards.length > 1) return t('table.tarot.why.one');
    return t(this.playProblem(cards[0], view));
  },

  turnText({ view, table, busy, i18n }) {
    if (busy || !view || view.current_player !== 0 || table?.over) return null;
    const { t } = i18n;
    if (view.phase === 'bidding') return t('table.tarot.turn.bid');
    if (view.phase === 'ecart') return t('table.tarot.turn.ecart', { count: view.to_discard || CHIEN });
    if (view.phase === 'chelem') return t('table.tarot.turn.chelem');
    if (view.phase === 'play' && this.poigneeNeed(view)) return t('table.tarot.turn.poignee');
    if (view.phase === 'play') return t(view.trick?.length ? 'table.tarot.turn.follow' : 'table.tarot.turn.lead');
    return null;
  },

  // --- the middle of the table ------------------------------------------------------------

  centreInfo(table, { i18n, name, say, view }) {
    const { t, fmt } = i18n;
    const { box, line, part } = infoLines('tr');
    const dealer = table.dealer === null ? '—' : name(table.dealer);
    const deal = table.deals > 1 ? t('table.tarot.deal_of', { n: table.number, count: table.deals }) : t('table.tarot.deal', { n: table.number });
    line('ta-deal', part(deal), ' · ', part(t('table.tarot.dealer_is', { player: dealer })));
    line('ta-contract', part(this.contractLine(table, i18n, name)));
    if (table.chien && table.phase !== 'play') line('ta-chien', part(t('table.tarot.chien')), ' ', faceRow(table.chien, 'ta-chien-cards'));
    if (table.phase === 'play' && view?.ecart?.length && table.taker === 0) {
      line('ta-ecart', fmt('table.tarot.your_ecart', { cards: view.ecart }));
    } else if (table.ecartTrumps.length) {
      line('ta-ecart', fmt('table.tarot.ecart_trumps', { cards: table.ecartTrumps }));
    }
    for (const shown of [...table.poignees, ...(table.showing ? [table.showing] : [])]) {
      line(
        'ta-poignee',
        say('table.tarot.poignee_shown', shown.seat, { size: t(`table.tarot.size.${shown.size}`), cards: shown.cards }),
      );
    }
    if (table.phase === 'play') {
      if (table.taker !== null) {
        const taker = table.won[table.taker];
        line('ta-tricks', t('table.tarot.tricks', { taker, defence: table.tricks - taker }));
      }
      box.append(this.trickNode(table, i18n, name));
    }
    return box;
  },

  contractLine(table, { t }, name) {
    if (table.contract) {
      const key = table.chelem ? 'table.tarot.contract_is_chelem' : 'table.tarot.contract_is';
      return t(key, { contract: this.contractName(table.contract, t), player: name(table.taker), n: MULTIPLIERS[table.contract] });
    }
    const bids = table.bids.filter((bid) => bid.bid !== 'pass');
    if (!bids.length) return t('table.tarot.no_bid');
    const top = bids[bids.length - 1];
    return t('table.tarot.high_bid', { contract: this.contractName(top.bid, t), player: name(top.seat) });
  },

  // --- pacing ---------------------------------------------------------------------------------

  pause(event, host) {
    if (host.quick) return 0;
    if (event.type === 'deal_result') {
      const deals = host.view?.deals ?? 1;
      if (event.number >= deals) return 0;
      return host.interlude(this.summary(event, host), host.i18n.t('table.tarot.next_deal'));
    }
    if (event.type === 'trick') return host.step * TRICK_STEPS;
    if (event.type === 'chien') return host.step * CHIEN_STEPS;
    if (event.type === 'discard') return event.seat === 0 ? 0 : host.step * DISCARD_STEPS;
    if (event.type === 'redeal') return host.step * CHIEN_STEPS;
    return typeof event.seat === 'number' && event.seat !== 0 ? host.step : 0;
  },

  summary(event, host) {
    const box = document.createElement('div');
    box.className = 'tr-summary';
    box.dataset.testid = 'ta-summary';
    for (const item of this.resultBreakdown(event, host)) {
      const node = document.createElement('span');
      node.append(item);
      box.append(node);
    }
    return box;
  },

  // --- records ---------------------------------------------------------------------------

  describeEvent(event, context) {
    const { i18n, name, say, table } = context;
    const { t, fmt } = i18n;
    this.t = t;
    switch (event.type) {
      case 'deal':
        return { seat: null, kind: 'deal', content: t('event.tarot.deal', { n: event.number, player: name(event.dealer) }) };
      case 'redeal':
        if (event.reason === 'petit_sec') {
          return {
            seat: event.seat,
            kind: 'round',
            content: say('event.tarot.petit_sec', event.seat, { cards: event.hand ?? [] }),
          };
        }
        return { seat: null, kind: 'round', content: t('event.tarot.all_pass') };
      case 'bid':
        return { seat: event.seat, content: say('event.tarot.bid', event.seat, { contract: this.contractName(event.contract, t) }) };
      case 'pass':
        return { seat: event.seat, content: say(event.phase === 'chelem' ? 'event.tarot.no_chelem' : 'event.tarot.pass', event.seat) };
      case 'contract':
        return {
          seat: event.taker,
          kind: 'round',
          content: say('event.tarot.contract', event.taker, { contract: this.contractName(event.contract, t), n: MULTIPLIERS[event.contract] }),
        };
      case 'chien':
        return { seat: null, content: fmt('event.tarot.chien', { cards: event.cards }) };
      case 'discard':
        if (event.card) return { seat: event.seat, content: say('event.tarot.discard_trump', event.seat, { cards: [event.card] }) };
        return { seat: event.seat, content: say('event.tarot.discard', event.seat, { n: (table?.discarded ?? 0) + 1, count: CHIEN }) };
      case 'chelem':
        return { seat: event.seat, kind: 'round', content: say('event.tarot.chelem', event.seat) };
      case 'poignee':
        return {
          seat: event.seat,
          content: say('event.tarot.poignee', event.seat, { size: t(`table.tarot.size.${event.size}`), count: POIGNEE_SIZES[event.size] }),
        };
      case 'show':
        return { seat: event.seat, content: say('event.tarot.show', event.seat, { cards: [event.card] }) };
      case 'play': {
        return { seat: event.seat, content: say(leadsTrick(table) ? 'event.tarot.lead' : 'event.tarot.play', event.seat, { cards: [event.card] }) };
      }
      case 'trick':
        return { seat: event.winner, kind: 'round', content: say('event.tarot.trick', event.winner, { n: event.number }) };
      case 'excuse':
        return { seat: event.seat, content: say(EXCUSE_SENTENCES[event.paid], event.seat, { n: event.trick ?? '' }) };
      case 'deal_result': {
        const content = document.createDocumentFragment();
        content.append(this.resultBreakdown(event, context).map((item) => (item instanceof Node ? item.textContent : item)).join(' — '));
        return { seat: null, kind: 'result', content };
      }
      default:
        return base.describeEvent.call(this, event, context);
    }
  },

  // --- the end of the deal -----------------------------------------------------------------

  finalScores(event) {
    return event.totals;
  },

  outcome(event) {
    return Math.sign(event.totals[0]);
  },

  resultHeadline(event, { i18n, name }) {
    const b = event.breakdown;
    return i18n.t(b.made ? 'table.tarot.made' : 'table.tarot.failed', {
      player: name(b.taker),
      contract: this.contractName(b.contract, i18n.t),
    });
  },

  // Contract, bouts, points, target, margin, each bonus, T and the four scores (§8).
  resultBreakdown(event, { i18n, name, view }) {
    const { t } = i18n;
    const b = event.breakdown;
    const lines = [
      t(b.made ? 'table.tarot.line.made' : 'table.tarot.line.failed', {
        contract: this.contractName(b.contract, t),
        n: b.multiplier,
        player: name(b.taker),
      }),
      t('table.tarot.line.points', {
        bouts: b.bouts,
        points: number(b.points),
        target: b.target,
        margin: b.margin,
        defence: number(b.defence_points),
      }),
      t('table.tarot.line.contract', { margin: b.margin, n: b.multiplier, score: signed(b.contract_score) }),
    ];
    if (b.petit_au_bout) {
      lines.push(t(`table.tarot.line.petit.${b.petit_au_bout_side === 'taker' || b.petit_au_bout > 0 ? 'taker' : 'defence'}`, { score: signed(b.petit_au_bout) }));
    }
    for (const shown of b.poignees ?? []) {
      lines.push(t('table.tarot.line.poignee', { size: t(`table.tarot.size.${shown.size}`), player: name(shown.seat), score: signed(shown.bonus) }));
    }
    if (b.chelem) lines.push(t('table.tarot.line.chelem', { score: signed(b.chelem) }));
    lines.push(t('table.tarot.line.total', { total: signed(b.total) }));
    const scores = b.scores.map((score, seat) => `${name(seat)} ${signed(score)}`).join(', ');
    lines.push(t('table.tarot.line.scores', { scores }));
    const deals = view?.deals ?? 1;
    if (deals > 1) {
      const totals = event.totals.map((score, seat) => `${name(seat)} ${signed(score)}`).join(', ');
      lines.push(t('table.tarot.line.totals', { n: event.number, count: deals, totals }));
    }
    const piles = document.createDocumentFragment();
    piles.append(i18n.fmt('table.tarot.line.chien', { cards: event.chien }));
    if (event.ecart?.length) piles.append(' · ', i18n.fmt('table.tarot.line.ecart', { cards: event.ecart }));
    lines.push(piles);
    return lines;
  },
};
