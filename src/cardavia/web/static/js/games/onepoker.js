// One Poker: two seats (the AI across, You at the bottom), both UP/DOWN signals, the lock
// (select one of your two cards, then confirm), the locked cards in the middle (the AI's
// face down until the reveal), the bet control shared with Hold'em, and a panel with the
// last deal's reveal and result, because the next deal starts at once.
import { cardText } from '../cards.js';
import { base } from './base.js';
import { actionLabel, betControl, cardNode, chipsOutcome, describeAction, el, recordAction, signedChips } from './poker.js';

const REVEAL_MS = 1600;
const SETTLED_MS = 900;

const page = {
  nodes: null,
  control: null,
  selected: null, // the card of your hand selected for the lock
  selectedIndex: null, // which of your two cards (both may be the same card: two packs)
};

function lastDeal(table, event) {
  return {
    number: event.number,
    first: table.first,
    reveal: table.reveal,
    winner: event.winner,
    by: event.by,
    pot: event.pot,
    payouts: event.payouts,
    stacks: event.stacks,
    folded: table.folded,
    net: event.stacks.map((chips, seat) => chips - table.startStacks[seat]),
  };
}

export default {
  ...base,
  game: 'onepoker',
  finalEvent: 'match_over',
  outcome: chipsOutcome,

  initialTable(players) {
    return {
      players,
      turn: null,
      over: false,
      phase: 'lock',
      stage: 'lock',
      deal: 0,
      first: 0,
      stacks: [20, 20],
      startStacks: [20, 20],
      bets: [0, 0],
      pot: 0,
      signals: [null, null],
      locked: [false, false],
      reveal: null,
      folded: null,
      last: {},
      stock: 100,
      discards: 0,
      lastDeal: null,
      mine: null,
    };
  },

  applyEvent(table, event) {
    const other = (seat) => 1 - seat;
    switch (event.type) {
      case 'deal':
        Object.assign(table, {
          deal: event.number,
          first: event.first,
          stacks: [...event.stacks],
          startStacks: [...event.stacks],
          bets: [0, 0],
          pot: 0,
          signals: [null, null],
          locked: [false, false],
          reveal: null,
          folded: null,
          last: {},
          stock: event.stock_size,
          phase: 'lock',
          stage: 'lock',
          turn: event.first,
        });
        break;
      case 'reshuffle':
        table.stock = event.stock_size;
        table.discards = 0;
        break;
      case 'draw':
        table.stock = event.stock_size;
        break;
      case 'ante':
        table.stacks = [...event.stacks];
        table.pot = event.pot;
        break;
      case 'signal':
        table.signals[event.seat] = { up: event.up, down: event.down };
        break;
      case 'lock':
        table.locked[event.seat] = true;
        if (table.locked.every(Boolean)) {
          table.phase = 'bet';
          table.stage = 'bet';
          table.turn = table.first;
        } else {
          table.turn = other(event.seat);
        }
        break;
      case 'action': {
        const { seat } = event;
        const total = typeof event.total === 'number' ? event.total : table.bets[seat];
        const paid = Math.max(0, total - table.bets[seat]);
        table.stacks[seat] -= paid;
        table.pot += paid;
        table.bets[seat] = Math.max(table.bets[seat], total);
        if (event.action === 'fold') table.folded = seat;
        table.last = { ...table.last, [seat]: event };
        table.turn = other(seat);
        break;
      }
      case 'uncalled':
        table.stacks[event.seat] += event.amount;
        table.bets[event.seat] = Math.max(0, table.bets[event.seat] - event.amount);
        table.pot -= event.amount;
        break;
      case 'reveal':
        table.reveal = [...event.cards];
        table.stage = 'reveal';
        table.turn = null;
        break;
      case 'result':
        table.stacks = [...event.stacks];
        table.lastDeal = lastDeal(table, event);
        table.discards += 2;
        table.pot = 0;
        table.bets = [0, 0];
        table.stage = 'settled';
        table.turn = null;
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
    table.mine = { deal: view.deal_number, hand: [...view.hand], locked: view.my_locked };
    if (table.over) return;
    Object.assign(table, {
      deal: view.deal_number,
      first: view.first,
      stacks: [...view.stacks],
      bets: [...view.bets],
      pot: view.pot,
      signals: view.signals.map((signal) => ({ ...signal })),
      locked: [...view.locked],
      stock: view.stock_size,
      discards: view.discards.length,
      phase: view.phase,
      stage: view.phase,
    });
  },

  pause(event, { step }) {
    if (event.type === 'lock' || event.type === 'action') return event.seat === 0 ? 0 : step;
    if (event.type === 'reveal') return REVEAL_MS;
    if (event.type === 'result') return SETTLED_MS;
    return 0;
  },

  turnText({ table, i18n, name }) {
    const { t } = i18n;
    if (table.over) return null;
    if (table.stage === 'reveal') return t('table.onepoker.reveal');
    if (table.stage === 'settled') return t('table.onepoker.deal_over', { n: table.deal });
    if (table.phase === 'lock' && typeof table.turn === 'number') {
      return table.turn === 0 ? t('table.onepoker.your_lock') : t('table.onepoker.locking', { player: name(table.turn) });
    }
    return null;
  },

  // --- records ---------------------------------------------------------------------------

  describeEvent(event, context) {
    const { i18n, name, say } = context;
    const { t, fmt } = i18n;
    switch (event.type) {
      case 'deal':
        return { seat: null, kind: 'deal', content: t('event.onepoker.deal', { n: event.number, player: name(event.first) }) };
      case 'reshuffle':
        return { seat: null, kind: 'round', content: t('event.onepoker.reshuffle', { count: event.stock_size }) };
      case 'draw':
        return { seat: event.seat, content: say('event.onepoker.draw', event.seat) };
      case 'ante':
        return { seat: null, content: t('event.onepoker.ante', { amount: event.amount, pot: event.pot }) };
      case 'signal':
        return { seat: event.seat, content: say('event.onepoker.signal', event.seat, { up: event.up, down: event.down }) };
      case 'lock':
        return { seat: event.seat, content: say('event.onepoker.lock', event.seat) };
      case 'action':
        return { seat: event.seat, content: recordAction(event, i18n, say) };
      case 'uncalled':
        return { seat: event.seat, content: say('event.poker.uncalled', event.seat, { amount: event.amount }) };
      case 'reveal':
        return {
          seat: null,
          kind: 'showdown',
          content: fmt('event.onepoker.reveal', { you: [event.cards[0]], ai: [event.cards[1]], player: name(1) }),
        };
      case 'result':
        return { seat: null, kind: 'result', content: resultText(event, i18n, name) };
      case 'match_over':
        return { seat: null, kind: 'result', content: this.resultHeadline(event, { i18n, name }) };
      default:
        return base.describeEvent.call(this, event, context);
    }
  },

  resultHeadline(event, { i18n, name }) {
    const best = Math.max(...event.scores);
    const winner = event.scores.indexOf(best);
    if (winner === 0) return i18n.t('event.poker.match_won_you', { chips: best });
    return i18n.t('event.poker.match_won', { player: name(winner), chips: best });
  },

  resultBreakdown(event, { i18n, table }) {
    return [
      i18n.t('result.onepoker.deals', { n: table?.lastDeal?.number ?? table?.deal ?? 0 }),
      i18n.t('result.poker.chips_in_play', { total: event.scores.reduce((a, b) => a + b, 0) }),
    ];
  },

  scoreText(score) {
    return String(score);
  },

  showHint(action, host) {
    if (action.startsWith('lock ')) {
      page.selected = action.split(' ')[1];
      page.selectedIndex = host.view.hand.indexOf(page.selected);
    }
    return actionLabel(action, host.i18n, { toCall: Math.min(host.view.to_call ?? 0, host.view.stacks?.[0] ?? 0) });
  },

  // --- the felt ---------------------------------------------------------------------------

  mount({ root, ui, i18n, act }) {
    const { t } = i18n;
    const poker = el('div', { className: 'poker poker-onepoker', testid: 'poker' });
    const ring = el('div', { className: 'pk-ring pk-ring-duel' });
    const ai = el('div', { className: 'pk-seat pk-pos-top', testid: 'pk-seat-1', dataset: { seat: 1 } });
    const locks = el('div', { className: 'op-locks', testid: 'locks' });
    const pot = el('p', { className: 'pk-pot', testid: 'pot' });
    const info = el('p', { className: 'pk-street', testid: 'deal-info' });
    const piles = el('p', { className: 'op-piles', testid: 'piles' });
    const centre = el('div', { className: 'pk-centre' }, [info, locks, pot, piles, ui.turn]);
    const meInfo = el('div', { className: 'pk-me-info' });
    const lockBox = el('div', { className: 'op-lock', testid: 'lock-step' });
    const lockNote = el('p', { className: 'op-lock-note', testid: 'lock-note' });
    const lockButton = el('button', { type: 'button', className: 'button primary', testid: 'lock-confirm', dataset: { key: 'confirm' } });
    lockBox.append(lockNote, lockButton);
    page.control = betControl({ i18n, onAct: act });
    ui.hint.classList.add('small');
    const tools = el('div', { className: 'pk-tools' }, [ui.hint]);
    const me = el('div', { className: 'pk-seat pk-me pk-pos-bottom', testid: 'pk-seat-0', dataset: { seat: 0 } }, [
      meInfo,
      ui.message,
      lockBox,
      page.control.root,
      tools,
    ]);
    ring.append(ai, centre, me);
    const last = el('section', { className: 'pk-last', testid: 'last-deal', hidden: true, attrs: { 'aria-live': 'polite' } });
    const help = el('p', { className: 'op-help' }, [t('table.onepoker.signal_help')]);
    poker.append(ring, help);
    root.append(poker);
    // Beside the felt (above the records), so the table keeps to one screen.
    root.parentElement.insertBefore(last, root.parentElement.querySelector('.records-panel'));

    meInfo.addEventListener('click', (event) => {
      const button = event.target.closest('button[data-card]');
      if (!button || button.disabled) return;
      const index = Number(button.dataset.index);
      const again = page.selectedIndex === index;
      page.selected = again ? null : button.dataset.card;
      page.selectedIndex = again ? null : index;
      page.redraw?.();
    });
    lockButton.addEventListener('click', () => {
      if (!lockButton.disabled && page.selected) act(`lock ${page.selected}`);
    });
    page.nodes = { poker, ai, locks, pot, info, piles, meInfo, lockBox, lockNote, lockButton, last };
  },

  draw(host) {
    const { table, view, i18n, myTurn, name } = host;
    const { t } = i18n;
    const n = page.nodes;
    page.redraw = () => this.draw(host);
    n.poker.dataset.deal = String(table.deal);
    if (table.deal === 0) {
      n.ai.replaceChildren();
      return;
    }
    const current = view.deal_number === table.deal && view.phase !== 'over';
    const mine = current
      ? { hand: view.hand, locked: view.my_locked }
      : table.mine?.deal === table.deal
        ? table.mine
        : { hand: [], locked: null };
    const lockLegal = new Set(myTurn ? (view.legal_actions ?? []).filter((a) => a.startsWith('lock ')) : []);
    const locking = lockLegal.size > 0;
    if (!locking || mine.hand[page.selectedIndex] !== page.selected) {
      page.selected = null;
      page.selectedIndex = null;
    }

    // The AI across.
    const aiCards = table.locked[1] ? 1 : 2;
    drawSeat(n.ai, 1, host, el('div', { className: 'pk-hole', testid: 'hole-1', attrs: { 'aria-label': t('table.poker.hole_cards') } },
      Array.from({ length: aiCards }, () => cardNode(null, { small: true }))));

    // The middle: the two locked cards, the pot, the piles.
    const slot = (seat) => {
      let card;
      if (table.reveal) card = cardNode(table.reveal[seat], { testid: `locked-${seat}` });
      else if (seat === 0 && table.locked[0] && mine.locked) card = cardNode(mine.locked, { testid: 'locked-0' });
      else if (table.locked[seat]) card = cardNode(null, { testid: `locked-${seat}` });
      else card = el('span', { className: 'card pk-slot', testid: `locked-${seat}`, dataset: { empty: 'true' } });
      return el('figure', { className: 'op-slot' }, [
        card,
        el('figcaption', {}, [seat === 0 ? t('table.onepoker.your_locked') : t('table.onepoker.ai_locked', { player: name(1) })]),
      ]);
    };
    n.locks.replaceChildren(slot(1), slot(0));
    n.info.textContent = [
      t('table.onepoker.deal_number', { n: table.deal }),
      t('table.onepoker.first_is', { player: name(table.first) }),
      t('table.onepoker.ante', { amount: 1 }),
    ].join(' · ');
    n.pot.textContent = t('table.poker.pot', { amount: table.pot });
    n.pot.dataset.amount = String(table.pot);
    n.piles.replaceChildren(
      el('span', { testid: 'stock', dataset: { count: table.stock } }, [t('table.onepoker.stock', { count: table.stock })]),
      ' · ',
      el('span', { testid: 'discards', dataset: { count: table.discards } }, [t('table.onepoker.discards', { count: table.discards })]),
    );

    // You: your cards (selectable while you lock; the card you keep is marked after).
    const hand = el('div', { className: 'pk-hole pk-my-cards op-hand', testid: 'pk-hand', attrs: { role: 'group', 'aria-label': t('table.your_hand') } });
    mine.hand.forEach((card, index) => {
      const legal = lockLegal.has(`lock ${card}`);
      const kept = Boolean(mine.locked);
      const button = el('button', {
        type: 'button',
        className: `card hand-card${kept ? ' is-kept' : ''}`,
        testid: 'hand-card',
        disabled: !legal,
        dataset: { card, index },
        attrs: { 'aria-pressed': String(page.selectedIndex === index), 'aria-label': cardText(card) },
      });
      button.append(cardNode(card).firstChild);
      const wrap = el('div', { className: 'op-card' }, [button]);
      if (kept) wrap.append(el('span', { className: 'op-kept', testid: 'kept-card', dataset: { card } }, [t('table.onepoker.kept')]));
      hand.append(wrap);
    });
    drawSeat(n.meInfo, 0, host, hand);

    n.lockBox.hidden = !locking;
    n.lockNote.textContent = page.selected ? t('table.onepoker.lock_ready', { card: cardText(page.selected) }) : t('table.onepoker.lock_select');
    n.lockButton.textContent = page.selected ? actionLabel(`lock ${page.selected}`, i18n) : t('table.onepoker.lock');
    n.lockButton.disabled = !locking || !page.selected || !lockLegal.has(`lock ${page.selected}`);
    n.lockButton.classList.toggle('is-hinted', Boolean(host.hinted) && host.hinted === `lock ${page.selected}`);

    // Betting: only once both have locked (and only when betting is possible at all).
    const betting = table.phase === 'bet' && !table.over;
    const key = `${view.events.length}:${view.current_player}:${(view.legal_actions ?? []).length}`;
    page.control.update({ view, myTurn: myTurn && !locking, pot: view.pot ?? 0, key, hint: myTurn ? host.hinted : null });
    page.control.root.hidden = !betting;

    drawLastDeal(n.last, host);
  },
};

function signalNode(signal, t, seat) {
  const box = el('p', { className: 'op-signal', testid: `signal-${seat}`, attrs: { 'aria-label': t('table.onepoker.signal_label') } });
  if (!signal) return box;
  box.dataset.up = String(signal.up);
  box.dataset.down = String(signal.down);
  const lamps = (count, kind) =>
    el('span', { className: `op-lamps op-${kind}` }, [
      el('span', { className: 'op-lamp-label' }, [t(`table.onepoker.${kind}`)]),
      ' ',
      el('b', {}, [String(count)]),
      el('span', { className: 'op-dots', attrs: { 'aria-hidden': 'true' } },
        [0, 1].map((i) => el('span', { className: `op-dot${i < count ? ' is-on' : ''}` }))),
    ]);
  box.append(lamps(signal.up, 'up'), lamps(signal.down, 'down'));
  return box;
}

function drawSeat(box, seat, host, cards) {
  const { table, i18n, name } = host;
  const { t } = i18n;
  const target = seat === 0 ? box.parentElement : box;
  target.classList.toggle('is-turn', table.turn === seat && !table.over && (table.stage === 'lock' || table.stage === 'bet'));
  const head = el('div', { className: 'pk-seat-head' }, [
    el('span', { className: 'seat-name' }, [name(seat)]),
    table.first === seat
      ? el('span', { className: 'pk-badge pk-badge-first', testid: `first-${seat}`, title: t('table.onepoker.first_long') }, [t('table.onepoker.first')])
      : null,
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
  let status = '';
  let kind = 'none';
  if (table.folded === seat) {
    status = t('table.poker.folded');
    kind = 'folded';
  } else if (table.last[seat]) {
    status = describeAction(table.last[seat], i18n);
    kind = table.last[seat].all_in ? 'allin' : 'action';
  } else if (table.locked[seat] && table.phase === 'lock') {
    status = t('table.onepoker.locked');
    kind = 'action';
  }
  const statusNode = el('p', { className: `pk-status is-${kind}`, testid: `status-${seat}` }, [status]);
  const signal = signalNode(table.signals[seat], t, seat);
  if (seat === 0) {
    box.replaceChildren(cards, el('div', { className: 'pk-me-text' }, [head, signal, stack, statusNode, betNode]));
  } else {
    box.replaceChildren(head, signal, stack, cards, statusNode, betNode);
  }
}

function resultText(event, i18n, name) {
  const { t } = i18n;
  if (event.winner === null || event.winner === undefined) return t('event.onepoker.tie', { pot: event.pot });
  const key = `event.onepoker.${event.by === 'fold' ? 'won_fold' : 'won'}${event.winner === 0 ? '_you' : ''}`;
  return t(key, { player: name(event.winner), pot: event.pot, loser: name(1 - event.winner) });
}

// The last settled deal: both locked cards face up, who won and how, the chips after.
function drawLastDeal(section, host) {
  const { table, i18n, name } = host;
  const { t } = i18n;
  const last = table.lastDeal;
  section.hidden = !last;
  if (!last) return;
  const cards = el('div', { className: 'op-last-cards', testid: 'last-reveal' });
  [0, 1].forEach((seat) => {
    const won = last.winner === seat;
    cards.append(
      el('figure', { className: `op-slot${won ? ' is-winner' : ''}`, testid: `revealed-${seat}` }, [
        last.reveal ? cardNode(last.reveal[seat], { small: true, testid: 'revealed-card', className: won ? 'is-best' : '' }) : null,
        el('figcaption', {}, [name(seat), won ? ` — ${t('table.poker.winner')}` : '']),
      ]),
    );
  });
  section.replaceChildren(
    el('h2', { className: 'pk-last-title' }, [t('table.onepoker.last_deal', { n: last.number })]),
    cards,
    el('p', { className: 'op-last-result', testid: 'last-result' }, [resultText(last, i18n, name)]),
    el('p', { className: 'pk-last-net', testid: 'last-net' }, [
      t('table.poker.net'),
      ' ',
      last.net.map((chips, seat) => `${name(seat)} ${signedChips(chips)}`).join(' · '),
    ]),
  );
  section.dataset.deal = String(last.number);
}
