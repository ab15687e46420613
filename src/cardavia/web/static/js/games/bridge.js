// Contract bridge: four hands around the felt (You South at the bottom, West on your left,
// North your partner across, East on your right; play goes clockwise S → W → N → E), the
// auction as a W N E S grid with the vulnerable sides marked (beside the felt once the play
// starts), a compact bidding box offering only the legal calls (a row of levels, a row of
// strains: a bid is its level, then its strain, sent on that click; then Pass, Double,
// Redouble), the trick
// in the middle with each card in front of its player, the last trick on demand, the trick
// counts of both sides, the dummy face up after the opening lead (its cards selectable when
// You declare and the dummy is to play), and the score breakdown at the end.
import { SUIT_SYMBOLS, cardText, suitOf } from '../cards.js';
import { saveSettings, settings } from '../settings.js';
import { base } from './base.js';
import { cardNode, el } from './poker.js';

const SEATS = 4;
const POSITIONS = ['bottom', 'left', 'top', 'right'];
const GRID_ORDER = [1, 2, 3, 0]; // the auction grid's columns: W N E S
const STRAINS = ['C', 'D', 'H', 'S', 'NT'];
const LEVELS = [1, 2, 3, 4, 5, 6, 7];
const SUIT_ORDER = ['S', 'H', 'D', 'C'];
const RANK_ORDER = 'AKQJT98765432';
const RED = new Set(['H', 'D']);
const TRICK_MS = 900;
const BOOK = 6;

const side = (seat) => seat % 2; // 0 North–South, 1 East–West
const partner = (seat) => (seat + 2) % SEATS;
const sideKey = (s) => (s === 0 ? 'ns' : 'ew');
const signed = (value) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0');
const displayKey = (card) => SUIT_ORDER.indexOf(card[1]) * 20 + RANK_ORDER.indexOf(card[0]);
const sortCards = (cards) => [...cards].sort((a, b) => displayKey(a) - displayKey(b));
const isVulnerable = (vulnerability, s) => vulnerability === 'both' || vulnerability === sideKey(s);
// One click or tap plays a card, unless the player asked to confirm each card (a setting).
const confirmEachCard = () => settings.bridgeConfirm === true;

function slow() {
  try {
    return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  } catch {
    return false;
  }
}

// What the page keeps between draws.
const page = {
  nodes: null,
  selected: null, // the card selected for the next play (yours or the dummy's)
  showLast: false, // the last trick is open
  level: null, // the level chosen in the bidding box, its strains offered
  levelAt: -1, // the number of calls when it was chosen (a new call clears it)
  hintedBid: null, // a suggested bid whose level was chosen for You
  redraw: null,
};

// --- texts ------------------------------------------------------------------------------

// "You (South)", "West", "North (partner)", "East"; plain compass names with ``plain``.
function seatName(seat, t, plain = false) {
  return t(plain ? `table.bridge.seat.${seat}` : `table.bridge.who.${seat}`);
}

function strainNode(strain, t) {
  if (strain === 'NT') {
    return el('span', { className: 'bd-strain bd-nt', title: t('table.bridge.strain.NT') }, [t('table.bridge.nt')]);
  }
  return el(
    'span',
    {
      className: `bd-strain ${RED.has(strain) ? 'red' : 'black'}`,
      title: t(`table.bridge.strain.${strain}`),
      attrs: { role: 'img', 'aria-label': t(`table.bridge.strain.${strain}`) },
    },
    [SUIT_SYMBOLS[strain]],
  );
}

// A call as the page shows it: "3♥", "2NT", "Pass", "X", "XX".
function callNode(call, t, { short = false } = {}) {
  if (call === 'pass') return el('span', { className: 'bd-call is-pass' }, [t('table.bridge.pass')]);
  if (call === 'double' || call === 'redouble') {
    const label = t(`table.bridge.${call}`);
    return el('span', { className: `bd-call is-${call}`, title: label, attrs: short ? { 'aria-label': label } : {} }, [
      short ? t(`table.bridge.${call}_short`) : label,
    ]);
  }
  const level = call.slice(0, 1);
  const strain = call.slice(1);
  return el('span', { className: 'bd-call is-bid' }, [level, strainNode(strain, t)]);
}

// A call as the table writes it, in plain text: "1♦", "3NT", "Pass", "Double".
function callText(call, t) {
  if (call === 'pass' || call === 'double' || call === 'redouble') return t(`table.bridge.${call}`);
  const strain = call.slice(1);
  return `${call.slice(0, 1)}${strain === 'NT' ? t('table.bridge.nt') : SUIT_SYMBOLS[strain]}`;
}

function callLabel(call, t) {
  if (call === 'pass' || call === 'double' || call === 'redouble') return t(`table.bridge.${call}`);
  return t('table.bridge.bid_label', { level: call.slice(0, 1), strain: t(`table.bridge.strain.${call.slice(1)}`) });
}

// "4♠X by East".
function contractNode(contract, i18n) {
  const { t, fmt } = i18n;
  const doubled = ['', t('table.bridge.double_short'), t('table.bridge.redouble_short')][contract.doubling];
  const what = el('span', { className: 'bd-contract-text', testid: 'contract-text' }, [
    String(contract.level),
    strainNode(contract.strain, t),
    doubled,
  ]);
  return el('span', { className: 'bd-contract' }, [fmt('table.bridge.contract_by', { contract: what, player: seatName(contract.declarer, t) })]);
}

function vulnerabilityText(vulnerability, t) {
  return t(`table.bridge.vul.${vulnerability}`);
}

function cardChipNode(card) {
  return el('span', { className: `card-chip ${RED.has(suitOf(card)) ? 'red' : 'black'}` }, [cardText(card)]);
}

// --- the table derived from the events ---------------------------------------------------

function freshTable(players) {
  return {
    players,
    turn: null, // who decides now (the declarer for the dummy)
    turnHand: null, // whose call or card is due
    over: false,
    phase: 'auction',
    dealer: 0,
    vulnerability: 'none',
    auction: [],
    contract: null,
    declarer: null,
    dummy: null,
    leader: null,
    passedOut: false,
    trick: [], // [{seat, card}] of the trick being played (or just completed)
    trickDone: null, // {number, winner} once the four cards are in
    lastTrick: null, // {number, winner, plays}
    tricks: [0, 0],
    played: [[], [], [], []],
    dummyCards: null,
    score: null,
    last: {},
    mine: null,
  };
}

function actorOf(table, hand) {
  return table.phase === 'play' && hand === table.dummy ? table.declarer : hand;
}

export default {
  ...base,
  game: 'bridge',
  finalEvent: 'score',
  handSize: 13,

  // Chosen before each deal (spec/site.md §5.2, SI-14), sent as the create request's
  // ``vulnerability`` and dealt by the engine as ``deal["vulnerability"]``.
  matchOptions: [
    {
      key: 'vulnerability',
      label: 'table.bridge.vul_choice.title',
      note: 'table.bridge.vul_choice.note',
      choices: ['none', 'ns', 'ew', 'both'].map((value) => ({ value, label: `table.bridge.vul_choice.${value}` })),
      default: 'none',
    },
  ],

  initialTable(players) {
    return freshTable(players);
  },

  applyEvent(table, event) {
    switch (event.type) {
      case 'deal':
        Object.assign(table, freshTable(table.players), {
          dealer: event.dealer,
          vulnerability: event.vulnerability,
          turnHand: event.dealer,
          turn: event.dealer,
        });
        break;
      case 'call':
        table.auction.push({ seat: event.seat, call: event.call });
        table.turnHand = (event.seat + 1) % SEATS;
        table.turn = table.turnHand;
        break;
      case 'auction':
        if (event.passed_out) {
          table.passedOut = true;
          table.turnHand = null;
          table.turn = null;
          break;
        }
        table.contract = { level: event.level, strain: event.strain, doubling: event.doubling, declarer: event.declarer };
        table.declarer = event.declarer;
        table.dummy = event.dummy;
        table.leader = event.leader;
        table.phase = 'play';
        table.turnHand = event.leader;
        table.turn = actorOf(table, event.leader);
        break;
      case 'play':
        if (table.trickDone) {
          table.trick = [];
          table.trickDone = null;
        }
        table.trick.push({ seat: event.seat, card: event.card });
        table.played[event.seat].push(event.card);
        table.turnHand = (event.seat + 1) % SEATS;
        table.turn = actorOf(table, table.turnHand);
        break;
      case 'dummy':
        table.dummyCards = [...event.cards];
        break;
      case 'trick':
        table.trickDone = { number: event.number, winner: event.winner };
        table.lastTrick = { number: event.number, winner: event.winner, plays: event.plays.map(([seat, card]) => ({ seat, card })) };
        table.tricks = [...event.tricks];
        table.turnHand = event.winner;
        table.turn = actorOf(table, event.winner);
        break;
      case 'score':
        table.score = event;
        table.over = true;
        table.phase = 'over';
        table.turn = null;
        table.turnHand = null;
        break;
      default:
        break;
    }
  },

  syncTable(table, view) {
    table.turn = view.current_player;
    table.over = view.current_player === null;
    if (!table.over) table.turnHand = view.turn_hand;
  },

  // The pace of the replay: each AI call and card, a completed trick a little longer.
  pause(event, { step }) {
    const scale = slow() ? 0.25 : 1;
    if (event.type === 'call') return event.seat === 0 ? 0 : step * scale;
    if (event.type === 'play') {
      const byYou = (event.by ?? event.seat) === 0;
      return byYou ? 0 : step * scale;
    }
    if (event.type === 'trick') return TRICK_MS * scale;
    if (event.type === 'auction') return event.passed_out ? 0 : step * scale;
    return 0;
  },

  turnText({ table, i18n, busy, view }) {
    const { t } = i18n;
    if (table.over || table.turn === null || table.turn === undefined) return null;
    const mine = table.turn === 0 && !busy && view?.current_player === 0;
    if (table.phase === 'auction') {
      return table.turn === 0 ? t('table.bridge.turn.call') : t('table.bridge.turn.other', { player: seatName(table.turn, t) });
    }
    if (table.turnHand === table.dummy) {
      if (table.declarer === 0) return mine || table.turn === 0 ? t('table.bridge.turn.dummy') : t('table.bridge.turn.other', { player: seatName(0, t) });
      if (table.dummy === 0) return t('table.bridge.turn.you_dummy', { player: seatName(table.declarer, t) });
      return t('table.bridge.turn.for_dummy', { player: seatName(table.declarer, t), dummy: seatName(table.dummy, t, true) });
    }
    if (table.turn === 0) return t('table.bridge.turn.play');
    return t('table.bridge.turn.other', { player: seatName(table.turn, t) });
  },

  // --- records ---------------------------------------------------------------------------

  describeEvent(event, { i18n, table }) {
    const { t, fmt } = i18n;
    const who = (seat) => el('span', { className: 'who' }, [seatName(seat, t)]);
    const say = (key, seat, params) => i18n.said(key, seat, who(seat), params);
    switch (event.type) {
      case 'deal':
        return {
          seat: null,
          kind: 'deal',
          content: t('table.bridge.event.deal', { player: seatName(event.dealer, t), vulnerability: vulnerabilityText(event.vulnerability, t) }),
        };
      case 'call':
        return { seat: null, kind: 'call', content: fmt('table.bridge.event.call', { player: who(event.seat), call: callNode(event.call, t) }) };
      case 'auction':
        if (event.passed_out) return { seat: null, kind: 'contract', content: t('table.bridge.event.passed_out') };
        return {
          seat: null,
          kind: 'contract',
          content: say('table.bridge.event.contract', event.leader, {
            contract: contractNode(event, i18n),
            dummy: seatName(event.dummy, t, true),
          }),
        };
      case 'play':
        if (typeof event.by === 'number') {
          return {
            seat: null,
            kind: 'play',
            content: say('table.bridge.event.play_dummy', event.by, { card: cardChipNode(event.card), dummy: seatName(event.seat, t, true) }),
          };
        }
        return { seat: null, kind: 'play', content: say('table.bridge.event.play', event.seat, { card: cardChipNode(event.card) }) };
      case 'dummy':
        return { seat: null, kind: 'dummy', content: fmt('table.bridge.event.dummy', { player: seatName(event.seat, t, true), cards: event.cards }) };
      case 'trick':
        return {
          seat: null,
          kind: 'trick',
          content: t('table.bridge.event.trick', { n: event.number, player: seatName(event.winner, t), ns: event.tricks[0], ew: event.tricks[1] }),
        };
      case 'score':
        if (event.passed_out) return { seat: null, kind: 'result', content: t('table.bridge.event.score_passed') };
        return {
          seat: null,
          kind: 'result',
          content: fmt('table.bridge.event.score', {
            contract: table?.contract ? contractNode(table.contract, i18n) : event.contract,
            count: event.tricks,
            ns: signed(event.ns),
            ew: signed(event.ew),
          }),
        };
      default:
        return { seat: null, content: event.type };
    }
  },

  resultHeadline(event, { i18n, table }) {
    const { t } = i18n;
    if (event.passed_out) return t('table.bridge.result.passed_out');
    const outcome =
      event.result === 0
        ? t('table.bridge.result.exact')
        : event.result > 0
          ? t('table.bridge.result.over', { n: event.result })
          : t('table.bridge.result.down', { n: -event.result });
    const contract = table?.contract ? contractNode(table.contract, i18n).textContent : event.contract;
    return t('table.bridge.result.headline', { contract, tricks: event.tricks, outcome });
  },

  // The breakdown: what the declaring side scores, part by part, then both sides' scores.
  resultBreakdown(event, { i18n, table }) {
    const { t } = i18n;
    const line = (key, params, data = {}) => el('span', { className: 'bd-score-line', ...data }, [t(key, params)]);
    const part = (name, key, points) =>
      line(key, { points: signed(points) }, { testid: 'score-part', dataset: { part: name, points } });
    const sides = [
      line('table.bridge.score.ns', { points: signed(event.ns) }, { testid: 'score-ns', dataset: { points: event.ns } }),
      line('table.bridge.score.ew', { points: signed(event.ew) }, { testid: 'score-ew', dataset: { points: event.ew } }),
    ];
    if (event.passed_out) return [line('table.bridge.score.passed_out', {}), ...sides];
    const declarerSide = side(event.declarer);
    const total = declarerSide === 0 ? event.ns : event.ew;
    const target = BOOK + (table?.contract?.level ?? event.tricks - event.result - BOOK);
    const lines = [
      line('table.bridge.score.contract', { contract: table?.contract ? contractNode(table.contract, i18n).textContent : event.contract }),
      line('table.bridge.score.declarer', { player: seatName(event.declarer, t, true), side: t(`table.bridge.side.${sideKey(declarerSide)}`) }),
      line('table.bridge.score.vulnerability', { vulnerability: vulnerabilityText(table?.vulnerability ?? 'none', t) }),
      line(event.vulnerable ? 'table.bridge.score.vulnerable' : 'table.bridge.score.not_vulnerable', {}),
      line('table.bridge.score.tricks', { tricks: event.tricks, target }, { testid: 'score-tricks', dataset: { tricks: event.tricks } }),
    ];
    if (event.undertricks > 0) {
      lines.push(part('undertricks', 'table.bridge.score.undertricks', -event.undertricks));
    } else {
      lines.push(part('trick_points', 'table.bridge.score.trick_points', event.trick_points));
      lines.push(part('game_bonus', event.game_bonus >= 300 ? 'table.bridge.score.game_bonus' : 'table.bridge.score.partscore_bonus', event.game_bonus));
      lines.push(part('slam_bonus', 'table.bridge.score.slam_bonus', event.slam_bonus));
      lines.push(part('insult_bonus', 'table.bridge.score.insult_bonus', event.insult_bonus));
      lines.push(part('overtricks', 'table.bridge.score.overtricks', event.overtricks));
    }
    lines.push(line('table.bridge.score.total', { points: signed(total) }, { testid: 'score-total', dataset: { points: total } }));
    return [...lines, ...sides];
  },

  scoreText(score) {
    return signed(score);
  },

  showHint(action, host) {
    const { t } = host.i18n;
    if (action.startsWith('play ')) {
      page.selected = action.split(' ')[1];
      return cardText(page.selected);
    }
    return callText(action, t);
  },

  // --- the felt ---------------------------------------------------------------------------

  mount({ root, ui, i18n, act }) {
    const { t } = i18n;
    const felt = el('div', { className: 'bridge', testid: 'bridge' });

    const bar = el('div', { className: 'bd-bar', testid: 'bd-bar' });
    const ring = el('div', { className: 'bd-ring' });
    const seats = [];
    for (let seat = 0; seat < SEATS; seat += 1) {
      seats.push(el('section', { className: `bd-seat bd-pos-${POSITIONS[seat]}`, testid: `bd-seat-${seat}`, dataset: { seat } }));
    }

    const trick = el('div', { className: 'bd-trick', testid: 'trick', attrs: { role: 'group' } });
    const trickNote = el('p', { className: 'bd-trick-note', testid: 'trick-note' });
    const lastButton = el('button', { type: 'button', className: 'button small', testid: 'last-trick-toggle', attrs: { 'aria-expanded': 'false', 'aria-controls': 'bd-last-trick' } });
    const lastPanel = el('div', { className: 'bd-last', testid: 'last-trick', id: 'bd-last-trick', hidden: true });
    const auction = el('div', { className: 'bd-auction', testid: 'auction' });
    const centre = el('div', { className: 'bd-centre' });

    // Your controls: the play step (below your hand) and the bidding box (in the middle).
    const playBox = el('div', { className: 'bd-play', testid: 'play-step' });
    const playNote = el('p', { className: 'bd-play-note', testid: 'play-note', attrs: { 'aria-live': 'polite' } });
    const confirm = el('button', { type: 'button', className: 'button primary', testid: 'play-confirm', dataset: { key: 'confirm' } });
    playBox.append(playNote, confirm);
    const box = el('div', { className: 'bd-box', testid: 'bidding-box', attrs: { role: 'group' } });
    const boxTitle = el('p', { className: 'bd-box-title' });
    const levels = el('div', { className: 'bd-levels' });
    for (const level of LEVELS) {
      levels.append(el('button', { type: 'button', className: 'button bd-level', testid: `call-level-${level}`, dataset: { level }, disabled: true, attrs: { 'aria-pressed': 'false' } }, [String(level)]));
    }
    const strains = el('div', { className: 'bd-strains' });
    for (const strain of STRAINS) {
      strains.append(el('button', { type: 'button', className: 'button bd-bid', testid: `call-strain-${strain}`, dataset: { strain }, disabled: true }));
    }
    const others = el('div', { className: 'bd-others' });
    for (const call of ['pass', 'double', 'redouble']) {
      const key = call === 'pass' ? 'pass' : ''; // the keyboard's P
      others.append(el('button', { type: 'button', className: `button bd-${call}`, testid: `call-${call}`, dataset: { action: call, key }, disabled: true }));
    }
    box.append(boxTitle, levels, strains, others);
    // The middle: the auction and the bidding box while bidding, the trick while playing.
    centre.append(auction, trick, trickNote, ui.turn, box, lastButton, lastPanel);
    ui.hint.classList.add('small');
    const confirmToggle = el('input', { type: 'checkbox', checked: confirmEachCard(), testid: 'confirm-cards' });
    const confirmSetting = el('label', { className: 'bd-confirm-setting', title: t('table.bridge.confirm_cards_note') }, [
      confirmToggle,
      el('span', {}, [t('table.bridge.confirm_cards')]),
    ]);
    const tools = el('div', { className: 'bd-tools' }, [ui.hint, confirmSetting]);
    seats[0].classList.add('bd-me');
    const meBody = el('div', { className: 'bd-me-body' });

    // After the bidding the auction stays in sight beside the felt, above the records.
    const auctionSide = el('section', { className: 'bd-auction-side', testid: 'auction-side', hidden: true });
    ring.append(seats[1], seats[2], seats[3], centre, seats[0]);
    const controls = el('div', { className: 'bd-controls' }, [ui.message, playBox, tools]);
    seats[0].append(meBody, controls); // your controls beside your hand
    felt.append(bar, ring);
    root.append(felt);
    root.parentElement.insertBefore(auctionSide, root.parentElement.querySelector('.records-panel'));

    const choose = (event) => {
      const button = event.target.closest('button[data-card]');
      if (!button || button.disabled) return;
      if (!confirmEachCard()) {
        act(`play ${button.dataset.card}`);
        return;
      }
      page.selected = page.selected === button.dataset.card ? null : button.dataset.card;
      page.redraw?.();
    };
    confirmToggle.addEventListener('change', () => {
      settings.bridgeConfirm = confirmToggle.checked;
      saveSettings(settings);
      page.selected = null;
      page.redraw?.();
    });
    ring.addEventListener('click', choose);
    confirm.addEventListener('click', () => {
      if (!confirm.disabled && page.selected) act(`play ${page.selected}`);
    });
    box.addEventListener('click', (event) => {
      const level = event.target.closest('button[data-level]');
      if (level && !level.disabled) {
        page.level = page.level === Number(level.dataset.level) ? null : Number(level.dataset.level);
        page.redraw?.();
        return;
      }
      const button = event.target.closest('button[data-action]');
      if (button && !button.disabled) act(button.dataset.action);
    });
    lastButton.addEventListener('click', () => {
      page.showLast = !page.showLast;
      page.redraw?.();
    });
    page.nodes = { felt, bar, seats, meBody, centre, auction, trick, trickNote, lastButton, lastPanel, playBox, playNote, confirm, box, boxTitle, levels, strains, others, tools, auctionSide, controls };
    // Static labels of the bidding box.
    for (const button of others.children) fillCallButton(button, t);
  },

  draw(host) {
    const { table, view, i18n, myTurn } = host;
    const { t } = i18n;
    const n = page.nodes;
    page.redraw = () => this.draw(host);
    const legal = new Set(myTurn ? view.legal_actions ?? [] : []);
    const plays = new Set([...legal].filter((a) => a.startsWith('play ')).map((a) => a.slice(5)));
    if (page.selected && !plays.has(page.selected)) page.selected = null;
    n.felt.dataset.phase = table.phase;
    n.felt.dataset.declarer = table.declarer ?? '';
    n.felt.dataset.dummy = table.dummy ?? '';

    // Your cards as dealt, less those played so far in what is shown.
    const playedByYou = view.events.filter((e) => e.type === 'play' && e.seat === 0).map((e) => e.card);
    const myCards = sortCards([...view.hand, ...playedByYou].filter((card) => !table.played[0].includes(card)));
    const dummyShown = table.dummyCards && table.dummy !== null ? table.dummyCards.filter((card) => !table.played[table.dummy].includes(card)) : null;

    drawBar(n.bar, table, i18n);
    for (let seat = 1; seat < SEATS; seat += 1) drawSeat(n.seats[seat], seat, host, dummyShown, plays);
    drawSeat(n.seats[0], 0, host, dummyShown, plays, myCards);

    // The middle.
    const bidding = table.phase === 'auction' && !table.passedOut;
    const grid = auctionGrid(table, i18n);
    if (bidding) {
      n.auction.replaceChildren(grid);
      n.auctionSide.replaceChildren();
    } else {
      n.auction.replaceChildren();
      n.auctionSide.replaceChildren(grid);
    }
    n.auctionSide.hidden = bidding || table.auction.length === 0;
    n.auction.hidden = !bidding;
    n.trick.hidden = bidding || table.passedOut;
    n.trick.setAttribute('aria-label', t('table.bridge.trick'));
    drawTrick(n.trick, table.trick, table.trickDone?.winner ?? null, i18n, 'trick-card');
    n.trick.dataset.count = String(table.trick.length);
    n.trickNote.hidden = bidding || table.passedOut;
    n.trickNote.textContent = trickNote(table, t);

    const last = table.lastTrick;
    n.lastButton.hidden = bidding || table.passedOut;
    n.lastButton.disabled = !last;
    if (!last) page.showLast = false;
    n.lastButton.textContent = page.showLast ? t('table.bridge.hide_last_trick') : t('table.bridge.last_trick');
    n.lastButton.setAttribute('aria-expanded', String(page.showLast));
    n.lastPanel.hidden = !page.showLast || !last;
    if (last && page.showLast) {
      const cross = el('div', { className: 'bd-trick bd-trick-small', attrs: { role: 'group', 'aria-label': t('table.bridge.last_trick') } });
      drawTrick(cross, last.plays, last.winner, i18n, 'last-trick-card', true);
      n.lastPanel.replaceChildren(
        el('p', { className: 'bd-last-title' }, [t('table.bridge.last_trick_title', { n: last.number, player: seatName(last.winner, t) })]),
        cross,
      );
      n.lastPanel.dataset.number = String(last.number);
      n.lastPanel.dataset.winner = String(last.winner);
    }

    // The bidding box: only the legal calls enabled.
    n.box.hidden = !bidding;
    n.box.setAttribute('aria-label', t('table.bridge.bidding_box'));
    n.boxTitle.textContent = t('table.bridge.bidding_box');
    drawBiddingBox(n, table, legal, host.hinted, t);
    for (const button of n.others.children) {
      fillCallButton(button, t);
      button.disabled = !legal.has(button.dataset.action);
      button.classList.toggle('is-hinted', host.hinted === button.dataset.action);
    }

    // The play control: a click plays a card (yours, or the dummy's when You declare); with
    // the confirm setting it selects the card, then Play the card sends it (so does a hint).
    const playing = table.phase === 'play' && myTurn && plays.size > 0;
    n.playBox.hidden = !playing;
    const fromDummy = playing && table.turnHand === table.dummy && table.dummy !== 0;
    const confirming = confirmEachCard();
    const prompt = confirming ? ['table.bridge.select_dummy', 'table.bridge.select_card'] : ['table.bridge.click_dummy', 'table.bridge.click_card'];
    n.playNote.textContent = page.selected
      ? t('table.bridge.selected', { card: cardText(page.selected) })
      : t(fromDummy ? prompt[0] : prompt[1], { player: seatName(table.dummy ?? 2, t, true) });
    n.confirm.hidden = !confirming && !page.selected;
    n.confirm.textContent = page.selected ? t('table.bridge.play_card', { card: cardText(page.selected) }) : t('table.bridge.play');
    n.confirm.disabled = !playing || !page.selected;
    n.confirm.dataset.action = page.selected ? `play ${page.selected}` : '';
    n.confirm.classList.toggle('is-hinted', Boolean(page.selected) && host.hinted === `play ${page.selected}`);
  },
};

// The levels (each enabled when one of its bids is legal) and the strains of the chosen
// level: a strain button carries its bid once a level is chosen. A suggested bid chooses
// its level for You.
function drawBiddingBox(n, table, legal, hinted, t) {
  if (page.levelAt !== table.auction.length) {
    page.level = null;
    page.levelAt = table.auction.length;
  }
  const hintedBid = /^[1-7]/.test(hinted ?? '') ? hinted : null;
  if (hintedBid && page.hintedBid !== hintedBid) page.level = Number(hintedBid[0]);
  page.hintedBid = hintedBid;
  const open = (level) => STRAINS.some((strain) => legal.has(`${level}${strain}`));
  if (page.level !== null && !open(page.level)) page.level = null;
  for (const button of n.levels.children) {
    const level = Number(button.dataset.level);
    button.disabled = !open(level);
    button.setAttribute('aria-pressed', String(page.level === level));
    button.setAttribute('aria-label', t('table.layout.bid_level', { level }));
    button.classList.toggle('is-hinted', hintedBid?.[0] === String(level));
  }
  for (const button of n.strains.children) {
    const strain = button.dataset.strain;
    const call = page.level === null ? null : `${page.level}${strain}`;
    if (call) {
      button.dataset.action = call;
      button.setAttribute('aria-label', callLabel(call, t));
    } else {
      delete button.dataset.action;
      button.setAttribute('aria-label', t(`table.bridge.strain.${strain}`));
    }
    button.replaceChildren(strainNode(strain, t));
    button.disabled = !call || !legal.has(call);
    button.classList.toggle('is-hinted', Boolean(call) && hinted === call);
  }
}

function fillCallButton(button, t) {
  const call = button.dataset.action;
  button.replaceChildren(callNode(call, t));
  button.setAttribute('aria-label', callLabel(call, t));
}

function trickNote(table, t) {
  if (table.trickDone) return t('table.bridge.trick_won', { n: table.trickDone.number, player: seatName(table.trickDone.winner, t) });
  const number = table.tricks[0] + table.tricks[1] + 1;
  if (!table.trick.length && table.turnHand !== null && number <= 13) {
    return `${t('table.bridge.trick_number', { n: number })} · ${t('table.bridge.leads', { player: seatName(table.turnHand, t) })}`;
  }
  return number <= 13 ? t('table.bridge.trick_number', { n: number }) : '';
}

// The four places of a trick: each card in front of the one who played it.
function drawTrick(box, plays, winner, i18n, testid, small = false) {
  const { t } = i18n;
  const slots = POSITIONS.map((position, seat) => {
    const play = plays.find((p) => p.seat === seat);
    const slot = el('div', { className: `bd-slot bd-slot-${position}`, dataset: { seat } });
    if (play) {
      const card = cardNode(play.card, { small, testid, className: winner === seat ? 'is-best' : '' });
      card.dataset.seat = String(seat);
      slot.append(card);
      if (winner === seat) slot.classList.add('is-winner');
      if (plays[0]?.seat === seat) slot.classList.add('is-lead');
    }
    slot.append(el('span', { className: 'bd-slot-name' }, [t(`table.bridge.seat_short.${seat}`)]));
    return slot;
  });
  box.replaceChildren(...slots);
}

function drawBar(bar, table, i18n) {
  const { t } = i18n;
  const item = (testid, children, dataset = {}) => el('span', { className: 'bd-bar-item', testid, dataset }, children);
  const contract = table.contract
    ? item('contract', [t('table.bridge.contract'), ' ', contractNode(table.contract, i18n)], { level: table.contract.level, strain: table.contract.strain, doubling: table.contract.doubling, declarer: table.contract.declarer })
    : item('contract', [t('table.bridge.contract'), ' ', table.passedOut ? t('table.bridge.passed_out') : t('table.bridge.no_contract')]);
  const items = [
    item('dealer', [t('table.bridge.dealer', { player: seatName(table.dealer, t) })]),
    item('vulnerability', [t('table.bridge.vulnerable', { sides: vulnerabilityText(table.vulnerability, t) })], { vulnerability: table.vulnerability }),
    contract,
  ];
  if (table.contract) {
    items.push(item('target', [t('table.bridge.target', { n: BOOK + table.contract.level, side: t(`table.bridge.side.${sideKey(side(table.contract.declarer))}`) })]));
  }
  const count = (s) =>
    el('span', { className: `bd-count${table.contract && side(table.contract.declarer) === s ? ' is-declaring' : ''}` }, [
      t(`table.bridge.side.${sideKey(s)}`),
      ' ',
      el('b', { testid: `tricks-${sideKey(s)}`, dataset: { count: table.tricks[s] } }, [String(table.tricks[s])]),
    ]);
  items.push(item('tricks', [t('table.bridge.tricks'), ' ', count(0), ' · ', count(1)]));
  bar.replaceChildren(...items);
}

// The auction: one column per seat, W N E S, the first row starting in the dealer's column.
function auctionGrid(table, i18n) {
  const { t } = i18n;
  const grid = el('table', { className: 'bd-grid', testid: 'auction-grid' });
  grid.append(el('caption', {}, [t('table.bridge.auction')]));
  const head = el('tr', {});
  for (const seat of GRID_ORDER) {
    const vulnerable = isVulnerable(table.vulnerability, side(seat));
    head.append(
      el('th', { scope: 'col', className: vulnerable ? 'is-vul' : '', title: vulnerable ? t('table.bridge.vul_seat', { player: seatName(seat, t) }) : seatName(seat, t), dataset: { seat }, attrs: { 'aria-label': seatName(seat, t) } }, [
        t(`table.bridge.seat_short.${seat}`),
      ]),
    );
  }
  grid.append(el('thead', {}, [head]));
  const body = el('tbody', {});
  const cells = [];
  const first = GRID_ORDER.indexOf(table.dealer);
  for (let i = 0; i < first; i += 1) cells.push(el('td', { className: 'is-empty' }));
  for (const { seat, call } of table.auction) {
    cells.push(el('td', { testid: 'auction-call', dataset: { seat, call } }, [callNode(call, t, { short: true })]));
  }
  if (table.phase === 'auction' && !table.passedOut && table.turnHand !== null) {
    cells.push(el('td', { className: 'is-next', testid: 'auction-next', dataset: { seat: table.turnHand } }, [
      el('span', { attrs: { 'aria-label': t('table.bridge.next_call', { player: seatName(table.turnHand, t) }) } }, ['?']),
    ]));
  }
  for (let i = 0; i < cells.length; i += SEATS) {
    const row = el('tr', {});
    row.append(...cells.slice(i, i + SEATS));
    body.append(row);
  }
  grid.append(body);
  return grid;
}

// A seat: its name, role and card count; its cards as backs, or face up (yours, the dummy).
function drawSeat(box, seat, host, dummyShown, plays, myCards = null) {
  const { table, i18n } = host;
  const { t } = i18n;
  const roles = [];
  if (table.declarer === seat) roles.push('declarer');
  if (table.dummy === seat) roles.push('dummy');
  const vulnerable = isVulnerable(table.vulnerability, side(seat));
  const head = el('div', { className: 'bd-seat-head' }, [
    el('span', { className: 'seat-name' }, [seatName(seat, t)]),
    ...roles.map((role) => el('span', { className: `role role-${role}`, testid: `bd-role-${seat}` }, [t(`table.bridge.role.${role}`)])),
    vulnerable ? el('span', { className: 'bd-vul', title: t('table.bridge.vul_seat', { player: seatName(seat, t) }) }, [t('table.bridge.vul_badge')]) : null,
  ]);
  const cardsLeft = seat === 0 ? myCards.length : seat === table.dummy && dummyShown ? dummyShown.length : 13 - table.played[seat].length;
  const count = el('span', { className: 'count', testid: `bd-count-${seat}`, dataset: { count: cardsLeft } }, [t('table.bridge.cards', { count: cardsLeft })]);
  head.append(count);
  box.classList.toggle('is-turn', !table.over && table.turnHand === seat);
  box.classList.toggle('is-dummy', table.dummy === seat && Boolean(dummyShown));
  box.setAttribute('aria-label', seatName(seat, t));
  const dummyTurn = table.turnHand === table.dummy;

  let cards;
  if (seat === 0) {
    // Yours: selectable when your own card is due (never while You are the dummy).
    const mayPlay = !dummyTurn || table.dummy !== 0;
    cards = el('div', { className: 'bd-hand', testid: 'bd-hand', attrs: { role: 'group', 'aria-label': t('table.your_hand') } });
    for (const card of myCards) cards.append(cardButton(card, mayPlay && plays.has(card), 'hand-card'));
    markSuits(cards);
  } else if (seat === table.dummy && dummyShown) {
    // The dummy, face up in one row, suit by suit; its cards are yours to play when You declare.
    cards = el('div', { className: 'bd-dummy', testid: 'dummy', attrs: { role: 'group', 'aria-label': t('table.bridge.dummy_hand', { player: seatName(seat, t, true) }) } });
    const mine = table.declarer === 0;
    for (const card of sortCards(dummyShown)) {
      cards.append(mine ? cardButton(card, dummyTurn && plays.has(card), 'dummy-card') : cardNode(card, { small: true, testid: 'dummy-card' }));
    }
    markSuits(cards);
  } else {
    cards = el('div', { className: 'bd-backs', testid: `backs-${seat}`, attrs: { 'aria-hidden': 'true' } });
    for (let i = 0; i < cardsLeft; i += 1) cards.append(cardNode(null, { small: true }));
  }
  if (seat === 0) {
    page.nodes.meBody.replaceChildren(head, cards);
  } else {
    box.replaceChildren(head, cards);
  }
}

// A row of cards sorted by suit: the first card of each suit starts a group (a gap).
function markSuits(row) {
  let suit = null;
  for (const card of row.children) {
    card.classList.toggle('is-suit-start', suit !== null && card.dataset.card[1] !== suit);
    suit = card.dataset.card[1];
  }
}

function cardButton(card, enabled, testid) {
  const selected = page.selected === card;
  const button = el('button', {
    type: 'button',
    className: `card hand-card${enabled ? ' is-playable' : ''}`,
    testid,
    disabled: !enabled,
    dataset: { card },
    attrs: { 'aria-pressed': String(selected), 'aria-label': cardText(card) },
  });
  button.append(cardNode(card).firstChild);
  return button;
}
