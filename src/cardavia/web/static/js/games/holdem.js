// Texas Hold'em: four seats around the felt (You at the bottom, play goes clockwise: AI 1
// on your left, AI 2 across, AI 3 on your right), the board, the pots, the bet control and
// a panel with the last hand's showdown, because the next hand is dealt at once.
import { base } from './base.js';
import { actionLabel, betControl, cardNode, chipsOutcome, describeAction, el, recordAction, signedChips } from './poker.js';

const SEATS = 4;
const POSITIONS = ['bottom', 'left', 'top', 'right'];
const BOARD_SIZE = 5;
const SHOWDOWN_MS = 1600;
const SETTLED_MS = 1000;

const sum = (values) => values.reduce((total, value) => total + value, 0);
const zeros = () => Array(SEATS).fill(0);

// What the page keeps between draws: its nodes and the bet control.
const page = {
  nodes: null,
  control: null,
};

function newHand(event) {
  const inHand = event.stacks.map((chips) => chips > 0);
  const stacks = event.stacks.map((chips, seat) => chips - event.posted[seat]);
  return {
    hand: event.hand,
    button: event.button,
    sb: event.small_blind,
    bb: event.big_blind,
    street: 'preflop',
    stage: 'bet',
    board: [],
    stacks,
    bets: [...event.posted],
    committed: [...event.posted],
    awarded: 0,
    inHand,
    folded: Array(SEATS).fill(false),
    allIn: inHand.map((live, seat) => live && stacks[seat] === 0),
    last: {},
    revealed: {},
    winners: new Set(),
    current: { hand: event.hand, button: event.button, start: event.stacks, board: [], showdown: null, pots: [], uncalled: [], folds: [] },
  };
}

// The next seat clockwise after ``seat`` that can still act (an approximation while AI
// moves are shown; the view says who is to act once they all are).
function nextToAct(table, seat) {
  for (let step = 1; step <= SEATS; step += 1) {
    const next = (seat + step) % SEATS;
    if (table.inHand[next] && !table.folded[next] && !table.allIn[next]) return next;
  }
  return null;
}

function summary(table, event) {
  const { current } = table;
  const mine = table.mine?.hand === current.hand ? table.mine.cards : null;
  return {
    hand: current.hand,
    button: current.button,
    board: current.board,
    showdown: current.showdown,
    pots: current.pots,
    uncalled: current.uncalled,
    net: event.net,
    stacks: event.stacks,
    mine,
    eliminated: [],
  };
}

export default {
  ...base,
  game: 'holdem',
  finalEvent: 'match_over',
  outcome: chipsOutcome,

  initialTable(players) {
    return {
      players,
      turn: null,
      over: false,
      phase: 'bet',
      hand: 0,
      button: 0,
      sb: null,
      bb: null,
      street: 'preflop',
      stage: 'bet',
      board: [],
      stacks: Array(SEATS).fill(1000),
      bets: zeros(),
      committed: zeros(),
      awarded: 0,
      inHand: Array(SEATS).fill(true),
      folded: Array(SEATS).fill(false),
      allIn: Array(SEATS).fill(false),
      eliminated: Array(SEATS).fill(false),
      last: {},
      revealed: {},
      winners: new Set(),
      pots: null,
      current: null,
      lastHand: null,
      mine: null,
    };
  },

  applyEvent(table, event) {
    switch (event.type) {
      case 'deal':
        Object.assign(table, newHand(event), { pots: null });
        table.current.events = [event];
        table.turn = nextToAct(table, event.big_blind);
        break;
      case 'action': {
        const { seat } = event;
        const total = typeof event.total === 'number' ? event.total : table.bets[seat];
        const paid = Math.max(0, total - table.bets[seat]);
        table.stacks[seat] -= paid;
        table.committed[seat] += paid;
        table.bets[seat] = Math.max(table.bets[seat], total);
        const verb = event.action.split(' ')[0];
        if (verb === 'fold') {
          table.folded[seat] = true;
          table.current?.folds.push(seat);
        }
        if (event.all_in || (table.stacks[seat] === 0 && verb !== 'fold')) table.allIn[seat] = true;
        table.last = { ...table.last, [seat]: event };
        table.turn = nextToAct(table, seat);
        table.pots = null;
        break;
      }
      case 'board':
        table.bets = zeros();
        table.board = [...table.board, ...event.cards];
        table.street = event.street;
        table.last = {};
        table.current?.board.push(...event.cards);
        table.turn = nextToAct(table, table.button);
        table.pots = null;
        break;
      case 'uncalled':
        table.stacks[event.seat] += event.amount;
        table.committed[event.seat] -= event.amount;
        table.bets[event.seat] = Math.max(0, table.bets[event.seat] - event.amount);
        table.current?.uncalled.push(event);
        table.pots = null;
        break;
      case 'showdown':
        table.stage = 'showdown';
        table.turn = null;
        table.bets = zeros();
        for (const shown of event.hands) table.revealed[shown.seat] = shown.cards;
        if (table.current) table.current.showdown = event.hands;
        break;
      case 'pot':
        table.turn = null;
        table.bets = zeros();
        event.payouts.forEach((chips, seat) => {
          table.stacks[seat] += chips;
        });
        table.awarded += event.amount;
        for (const seat of event.winners) table.winners.add(seat);
        table.current?.pots.push(event);
        table.pots = null;
        break;
      case 'hand_result':
        table.stage = 'settled';
        table.turn = null;
        table.stacks = [...event.stacks];
        if (table.current) table.lastHand = summary(table, event);
        break;
      case 'eliminated':
        table.eliminated[event.seat] = true;
        table.lastHand?.eliminated.push(event.seat);
        break;
      case 'match_over':
        table.over = true;
        table.turn = null;
        table.stacks = [...event.scores];
        break;
      default:
        break;
    }
  },

  syncTable(table, view) {
    table.turn = view.current_player;
    table.over = view.phase === 'over';
    table.mine = { hand: view.hand_number, cards: [...view.hand] };
    if (view.phase === 'over') return;
    table.hand = view.hand_number;
    table.button = view.button;
    table.sb = view.small_blind;
    table.bb = view.big_blind;
    table.street = view.street;
    table.board = [...view.board];
    table.stacks = [...view.stacks];
    table.bets = [...view.bets];
    table.committed = [...view.committed];
    table.awarded = 0;
    table.inHand = [...view.in_hand];
    table.folded = [...view.folded];
    table.allIn = [...view.all_in];
    table.eliminated = view.in_hand.map((live, seat) => !live && view.stacks[seat] === 0);
    table.pots = view.pots;
  },

  // --- pacing (the table offers Watch / Skip / New match once You are out) -------------

  pause(event, { step }) {
    if (event.type === 'action') return event.seat === 0 ? 0 : step;
    if (event.type === 'board') return step;
    if (event.type === 'showdown') return SHOWDOWN_MS;
    if (event.type === 'hand_result') return SETTLED_MS;
    return 0;
  },

  turnText({ table, i18n, busy }) {
    if (table.over) return null;
    if (table.stage === 'showdown') return i18n.t('table.poker.showdown');
    if (table.stage === 'settled') return i18n.t('table.poker.hand_over', { n: table.hand });
    if (table.eliminated[0]) return busy ? i18n.t('table.poker.watching') : null;
    return null;
  },

  // --- records ------------------------------------------------------------------------

  describeEvent(event, context) {
    const { i18n, name, say } = context;
    const { t, fmt } = i18n;
    switch (event.type) {
      case 'deal':
        return {
          seat: null,
          kind: 'deal',
          content: t('event.poker.deal', {
            n: event.hand,
            button: name(event.button),
            sb: name(event.small_blind),
            bb: name(event.big_blind),
            small: event.posted[event.small_blind],
            big: event.posted[event.big_blind],
          }),
        };
      case 'action':
        return { seat: event.seat, content: recordAction(event, i18n, say) };
      case 'board':
        return { seat: null, kind: 'round', content: fmt(`event.poker.street.${event.street}`, { cards: event.cards }) };
      case 'uncalled':
        return { seat: event.seat, content: say('event.poker.uncalled', event.seat, { amount: event.amount }) };
      case 'showdown': {
        const content = document.createDocumentFragment();
        content.append(t('event.poker.showdown'));
        for (const shown of event.hands) {
          content.append(' ', fmt('event.poker.shows', {
            player: name(shown.seat),
            cards: shown.cards,
            category: t(`table.poker.category.${shown.category}`),
          }));
        }
        return { seat: null, kind: 'showdown', content };
      }
      case 'pot':
        return { seat: null, kind: 'pot', content: potLine(event, i18n, name) };
      case 'hand_result':
        return {
          seat: null,
          kind: 'result',
          content: t('event.poker.hand_result', {
            n: event.hand,
            net: event.net
              .map((chips, seat) => (chips ? `${name(seat)} ${signedChips(chips)}` : null))
              .filter(Boolean)
              .join(', '),
          }),
        };
      case 'eliminated':
        return { seat: event.seat, content: say('event.poker.eliminated', event.seat) };
      case 'match_over':
        return { seat: null, kind: 'result', content: this.resultHeadline(event, { i18n, name }) };
      default:
        return base.describeEvent.call(this, event, context);
    }
  },

  resultHeadline(event, { i18n, name }) {
    const best = Math.max(...event.scores);
    const winners = event.scores.map((chips, seat) => (chips === best ? seat : null)).filter((seat) => seat !== null);
    if (winners.length === 1 && winners[0] === 0) return i18n.t('event.poker.match_won_you', { chips: best });
    if (winners.length === 1) return i18n.t('event.poker.match_won', { player: name(winners[0]), chips: best });
    return i18n.t('event.poker.match_over');
  },

  resultBreakdown(event, { i18n, table }) {
    const lines = [i18n.t('result.poker.hands', { n: table?.lastHand?.hand ?? table?.hand ?? 0 })];
    const total = sum(event.scores);
    lines.push(i18n.t('result.poker.chips_in_play', { total }));
    return lines;
  },

  scoreText(score) {
    return String(score);
  },

  // --- the felt -------------------------------------------------------------------------

  mount({ root, ui, i18n, act }) {
    const { t } = i18n;
    const poker = el('div', { className: 'poker poker-holdem', testid: 'poker' });
    const ring = el('div', { className: 'pk-ring' });
    const seats = [null];
    for (let seat = 1; seat < SEATS; seat += 1) {
      const box = el('div', { className: `pk-seat pk-pos-${POSITIONS[seat]}`, testid: `pk-seat-${seat}`, dataset: { seat } });
      seats.push(box);
    }
    const board = el('div', { className: 'pk-board', testid: 'board', attrs: { role: 'group', 'aria-label': t('table.poker.board') } });
    const pot = el('p', { className: 'pk-pot', testid: 'pot' });
    const pots = el('ul', { className: 'pk-pots', testid: 'pots' });
    const street = el('p', { className: 'pk-street', testid: 'street' });
    const centre = el('div', { className: 'pk-centre' }, [street, board, pot, pots, ui.turn]);
    const meInfo = el('div', { className: 'pk-me-info' });
    page.control = betControl({ i18n, onAct: act });
    ui.hint.classList.add('small');
    const tools = el('div', { className: 'pk-tools', testid: 'tools' }, [ui.hint]);
    const me = el('div', { className: 'pk-seat pk-me pk-pos-bottom', testid: 'pk-seat-0', dataset: { seat: 0 } }, [
      meInfo,
      ui.message,
      page.control.root,
      tools,
    ]);
    ring.append(seats[1], seats[2], seats[3], centre, me);

    const last = el('section', { className: 'pk-last', testid: 'last-hand', hidden: true, attrs: { 'aria-live': 'polite' } });
    poker.append(ring);
    root.append(poker);
    // Beside the felt (above the records), so the table keeps to one screen.
    root.parentElement.insertBefore(last, root.parentElement.querySelector('.records-panel'));
    page.nodes = { poker, tools, seats, board, pot, pots, street, meInfo, last };
  },

  draw(host) {
    const { table, view, i18n, myTurn } = host;
    const { t } = i18n;
    const n = page.nodes;
    n.poker.dataset.hand = String(table.hand);
    if (table.hand === 0) {
      // Nothing dealt yet (the first answer is on its way).
      for (let seat = 1; seat < SEATS; seat += 1) n.seats[seat].replaceChildren();
      return;
    }
    for (let seat = 1; seat < SEATS; seat += 1) drawSeat(n.seats[seat], seat, host);
    drawMe(n.meInfo, host);

    // The board: five places, the cards dealt so far.
    const slots = [];
    for (let i = 0; i < BOARD_SIZE; i += 1) {
      const card = table.board[i];
      slots.push(card ? cardNode(card, { testid: 'board-card' }) : el('span', { className: 'card pk-slot', attrs: { 'aria-hidden': 'true' } }));
    }
    n.board.replaceChildren(...slots);
    n.street.textContent = [
      t('table.poker.hand_number', { n: table.hand }),
      t(`table.poker.street.${table.street}`),
      t('table.poker.blinds', { small: 10, big: 20 }),
    ].join(' · ');
    const inPot = sum(table.committed) - table.awarded;
    n.pot.textContent = t('table.poker.pot', { amount: inPot });
    n.pot.dataset.amount = String(inPot);
    // Side pots matter once someone is all-in (before that they are only unmatched bets).
    const pots = table.pots && table.pots.length > 1 && table.allIn.some(Boolean) ? table.pots : [];
    n.pots.replaceChildren(
      ...pots.map((pot, index) =>
        el('li', { testid: 'side-pot', dataset: { amount: pot.amount } }, [
          t(index === 0 ? 'table.poker.main_pot' : 'table.poker.side_pot', { n: index, amount: pot.amount }),
          ' — ',
          pot.eligible.map((seat) => host.name(seat)).join(', '),
        ]),
      ),
    );

    const key = `${view.events.length}:${view.current_player}:${(view.legal_actions ?? []).length}`;
    page.control.update({ view, myTurn, pot: sum(view.committed ?? []), key, hint: myTurn ? host.hinted : null });
    page.control.root.hidden = Boolean(table.eliminated[0]);
    n.tools.hidden = Boolean(table.eliminated[0]);

    drawLastHand(n.last, host);
  },

  showHint(action, { i18n, view }) {
    return actionLabel(action, i18n, { toCall: Math.min(view.to_call ?? 0, view.stacks?.[0] ?? 0) });
  },
};

function potLine(event, i18n, name) {
  const { t } = i18n;
  const label = t(event.index === 0 ? 'table.poker.main_pot' : 'table.poker.side_pot', { n: event.index, amount: event.amount });
  const winners = event.winners.map((seat) => `${name(seat)} (${event.payouts[seat]})`).join(', ');
  return t('event.poker.pot', { pot: label, winners });
}

function badges(seat, table, t) {
  const list = [];
  if (table.button === seat) list.push(['dealer', t('table.poker.dealer_short'), t('table.poker.dealer')]);
  if (table.sb === seat) list.push(['sb', t('table.poker.sb_short'), t('table.poker.sb')]);
  if (table.bb === seat) list.push(['bb', t('table.poker.bb_short'), t('table.poker.bb')]);
  return el(
    'span',
    { className: 'pk-badges' },
    list.map(([kind, short, long]) =>
      el('span', { className: `pk-badge pk-badge-${kind}`, title: long, testid: `badge-${kind}`, attrs: { 'aria-label': long } }, [short]),
    ),
  );
}

function seatStatus(seat, table, i18n) {
  const { t } = i18n;
  if (table.eliminated[seat]) return { kind: 'out', text: t('table.poker.out') };
  if (table.folded[seat]) return { kind: 'folded', text: t('table.poker.folded') };
  const last = table.last[seat];
  if (table.allIn[seat]) return { kind: 'allin', text: t('table.poker.all_in') };
  if (last) return { kind: 'action', text: describeAction(last, i18n) };
  return { kind: 'none', text: '' };
}

function seatCommon(box, seat, host) {
  const { table, i18n, name } = host;
  const { t } = i18n;
  const status = seatStatus(seat, table, i18n);
  box.classList.toggle('is-turn', table.turn === seat && !table.over && table.stage === 'bet');
  box.classList.toggle('is-folded', status.kind === 'folded');
  box.classList.toggle('is-allin', Boolean(table.allIn[seat]) && status.kind !== 'out');
  box.classList.toggle('is-out', status.kind === 'out');
  box.classList.toggle('is-winner', table.winners.has(seat));
  box.dataset.status = status.kind;

  const where = seat === 1 ? t('table.seat_left') : seat === 3 ? t('table.seat_right') : seat === 2 ? t('table.poker.seat_across') : '';
  const head = el('div', { className: 'pk-seat-head' }, [
    el('span', { className: 'seat-name' }, [name(seat)]),
    where ? el('span', { className: 'seat-where' }, [where]) : null,
    badges(seat, table, t),
  ]);
  const stack = el('p', { className: 'pk-stack' }, [
    el('span', { className: 'pk-stack-label' }, [t('table.poker.chips')]),
    ' ',
    el('b', { testid: `stack-${seat}`, dataset: { amount: table.stacks[seat] } }, [String(table.stacks[seat])]),
  ]);
  const bet = table.bets[seat];
  const betNode = el('p', { className: 'pk-bet', testid: `bet-${seat}`, dataset: { amount: bet }, hidden: !bet }, [
    el('span', { className: 'pk-chip', attrs: { 'aria-hidden': 'true' } }),
    el('span', { className: 'pk-bet-label' }, [t('table.poker.round_bet')]),
    ' ',
    el('b', {}, [String(bet)]),
  ]);
  const statusNode = el('p', { className: `pk-status is-${status.kind}`, testid: `status-${seat}` }, [status.text]);
  return { head, stack, betNode, statusNode };
}

function drawSeat(box, seat, host) {
  const { table, i18n } = host;
  const { head, stack, betNode, statusNode } = seatCommon(box, seat, host);
  const hole = el('div', { className: 'pk-hole', testid: `hole-${seat}`, attrs: { 'aria-label': i18n.t('table.poker.hole_cards') } });
  const shown = table.revealed[seat];
  if (shown) hole.append(...shown.map((card) => cardNode(card, { small: true, testid: 'revealed-card' })));
  else if (table.inHand[seat] && !table.folded[seat]) hole.append(cardNode(null, { small: true }), cardNode(null, { small: true }));
  box.replaceChildren(head, stack, hole, statusNode, betNode);
}

function myCards(table, view) {
  if (table.eliminated[0] || !table.inHand[0]) return [];
  if (table.revealed[0]) return table.revealed[0];
  if (view.hand_number === table.hand && view.phase !== 'over') return view.hand;
  if (table.mine?.hand === table.hand) return table.mine.cards;
  return [null, null];
}

function drawMe(box, host) {
  const { table, view, i18n } = host;
  const seatBox = box.parentElement;
  const { head, stack, betNode, statusNode } = seatCommon(seatBox, 0, host);
  const hole = el('div', { className: 'pk-hole pk-my-cards', testid: 'pk-hand', attrs: { 'aria-label': i18n.t('table.your_hand') } });
  hole.append(...myCards(table, view).map((card) => cardNode(card, { testid: card ? 'hand-card' : null })));
  const info = el('div', { className: 'pk-me-text' }, [head, stack, statusNode, betNode]);
  box.replaceChildren(hole, info);
}

// The last settled hand: board, revealed hands with the winning five, pots and payouts.
function drawLastHand(section, host) {
  const { table, i18n, name } = host;
  const { t } = i18n;
  const last = table.lastHand;
  section.hidden = !last;
  if (!last) return;
  const winners = new Set(last.pots.flatMap((pot) => pot.winners));
  const mainWinner = last.pots[0]?.winners[0];
  const winningFive = new Set(last.showdown?.find((shown) => shown.seat === mainWinner)?.best ?? []);

  const title = el('h2', { className: 'pk-last-title' }, [t('table.poker.last_hand', { n: last.hand })]);
  const board = el('div', { className: 'pk-last-board', testid: 'last-board' });
  board.append(
    ...last.board.map((card) =>
      cardNode(card, { small: true, className: winningFive.size ? (winningFive.has(card) ? 'is-best' : 'is-dim') : '' }),
    ),
  );
  if (!last.board.length) board.append(el('span', { className: 'pk-none' }, [t('table.poker.no_board')]));

  const rows = el('ul', { className: 'pk-last-hands' });
  if (last.showdown) {
    for (const shown of last.showdown) {
      const best = new Set(shown.best);
      const won = winners.has(shown.seat);
      rows.append(
        el('li', { className: `pk-shown${won ? ' is-winner' : ''}`, testid: 'showdown-hand', dataset: { seat: shown.seat } }, [
          el('span', { className: 'pk-shown-name' }, [name(shown.seat)]),
          el(
            'span',
            { className: 'pk-shown-hole' },
            shown.cards.map((card) => cardNode(card, { small: true, testid: 'shown-card', className: best.has(card) ? 'is-used' : '' })),
          ),
          el('span', { className: 'pk-shown-category', testid: 'category' }, [t(`table.poker.category.${shown.category}`)]),
          el(
            'span',
            { className: 'pk-shown-best', testid: won ? 'winning-five' : 'best-five', attrs: { 'aria-label': t('table.poker.best_five') } },
            shown.best.map((card) => cardNode(card, { small: true, testid: won ? 'winning-card' : 'best-card', className: won ? 'is-best' : '' })),
          ),
          won ? el('span', { className: 'pk-winner-mark' }, [t('table.poker.winner')]) : null,
        ]),
      );
    }
  } else {
    const winner = last.pots[0]?.winners[0];
    if (winner !== undefined) {
      const text = winner === 0 ? t('table.poker.uncontested_you') : t('table.poker.uncontested', { player: name(winner) });
      rows.append(el('li', { className: 'pk-shown is-winner', testid: 'uncontested' }, [text]));
    }
    if (last.mine) {
      rows.append(
        el('li', { className: 'pk-shown' }, [
          el('span', { className: 'pk-shown-name' }, [t('table.poker.your_cards')]),
          el('span', { className: 'pk-shown-hole' }, last.mine.map((card) => cardNode(card, { small: true }))),
        ]),
      );
    }
  }

  const pots = el(
    'ul',
    { className: 'pk-last-pots', testid: 'last-pots' },
    last.pots.map((pot) => el('li', { testid: 'last-pot' }, [potLine(pot, i18n, name)])),
  );
  for (const back of last.uncalled) {
    pots.append(el('li', {}, [`${name(back.seat)}: ${t('event.poker.uncalled', { amount: back.amount })}`]));
  }
  const net = el(
    'p',
    { className: 'pk-last-net', testid: 'last-net' },
    [t('table.poker.net'), ' ', last.net.map((chips, seat) => `${name(seat)} ${signedChips(chips)}`).join(' · ')],
  );
  const out = last.eliminated.length
    ? el('p', { className: 'pk-last-out' }, [t('table.poker.eliminated_list', { players: last.eliminated.map(name).join(', ') })])
    : null;
  section.replaceChildren(title, board, rows, pots, net, ...(out ? [out] : []));
  section.dataset.hand = String(last.hand);
}
