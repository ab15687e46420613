// Shared by the poker tables (Texas Hold'em, One Poker): small DOM helpers, cards, seat
// badges and the bet control (fold / check / call, and a bet or raise whose amount is the
// total for this betting round, chosen with a slider, a number field or quick sizes).
import { cardSVG, cardText } from '../cards.js';

// An element: ``props`` are properties (className, textContent…) except ``dataset``,
// ``attrs`` and ``testid``; ``children`` are nodes or strings.
export function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  const { dataset, attrs, testid, ...rest } = props;
  Object.assign(node, rest);
  if (dataset) Object.assign(node.dataset, dataset);
  if (testid) node.dataset.testid = testid;
  for (const [name, value] of Object.entries(attrs ?? {})) node.setAttribute(name, String(value));
  node.append(...children.filter((child) => child !== null && child !== undefined && child !== false));
  return node;
}

// One card face (``card`` null: a face-down card).
export function cardNode(card, { small = false, testid = null, className = '' } = {}) {
  const node = el('span', {
    className: ['card', small ? 'small' : '', card === null ? 'back' : '', className].filter(Boolean).join(' '),
    testid,
  });
  if (card !== null) {
    node.dataset.card = card;
    node.setAttribute('role', 'img');
    node.setAttribute('aria-label', cardText(card));
  } else {
    node.setAttribute('aria-hidden', 'true');
  }
  node.append(cardSVG(card));
  return node;
}

export const signedChips = (value) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '±0');

export const clamp = (value, low, high) => Math.min(high, Math.max(low, value));

// A betting action as the page says it ("Raise to 60", "Call", "Fold").
// A chip match ends with the chips as scores: You won when You alone hold the most, lost
// when someone else does (1, -1; 0 for a shared lead).
export function chipsOutcome(event) {
  const best = Math.max(...event.scores);
  const leaders = event.scores.filter((chips) => chips === best).length;
  if (event.scores[0] !== best) return -1;
  return leaders === 1 ? 1 : 0;
}

export function actionLabel(action, { t }, { toCall = 0 } = {}) {
  const [verb, amount] = action.split(' ');
  if (verb === 'bet') return t('table.poker.bet_to', { amount });
  if (verb === 'raise') return t('table.poker.raise_to', { amount });
  if (verb === 'call') return toCall > 0 ? t('table.poker.call_amount', { amount: toCall }) : t('table.poker.call');
  if (verb === 'lock') return t('table.onepoker.lock_card', { card: cardText(amount) });
  return t(`table.poker.${verb}`);
}

// A recorded betting action ({action, total, all_in}) for the records and the seats.
export function describeAction(event, { t }) {
  const verb = event.action.split(' ')[0];
  let text;
  if (verb === 'bet') text = t('event.poker.bet', { amount: event.total });
  else if (verb === 'raise') text = t('event.poker.raise', { amount: event.total });
  else if (verb === 'call') text = t('event.poker.call', { amount: event.total });
  else text = t(`event.poker.${verb}`);
  return event.all_in ? `${text} — ${t('table.poker.all_in')}` : text;
}

// The same action as a sentence of the records, about its seat ("You call (40 this
// round)", "AI 2 raises to 60 — All-in"); ``say`` as the table gives it.
export function recordAction(event, { t }, say) {
  const verb = event.action.split(' ')[0];
  const sentence = say(`event.poker.${verb}`, event.seat, { amount: event.total });
  if (event.all_in) sentence.append(` — ${t('table.poker.all_in')}`);
  return sentence;
}

let controlCount = 0;

// The bet control. ``update`` redraws it for the view ({legal_actions, bet_range, to_call})
// without losing an amount being typed; ``suggest`` shows a hint; every button sends
// exactly one action through ``onAct``.
export function betControl({ i18n, onAct }) {
  const { t } = i18n;
  controlCount += 1;
  const id = `bet-amount-${controlCount}`;
  const root = el('div', { className: 'bet-control', testid: 'bet-control' });
  const moves = el('div', { className: 'bet-moves' });
  // data-key: the table's keyboard (P checks, or folds when checking is not possible).
  const keys = { check: 'pass', fold: 'fold' };
  const button = (verb, extra = '') =>
    el('button', { type: 'button', className: `button ${extra}`.trim(), testid: verb, dataset: { action: verb, key: keys[verb] ?? '' } });
  const fold = button('fold');
  const check = button('check');
  const call = button('call');
  moves.append(fold, check, call);

  const fieldset = el('fieldset', { className: 'bet-amount', testid: 'bet-amount-group' });
  const legend = el('legend', { className: 'bet-legend' });
  const number = el('input', {
    type: 'number',
    id,
    step: 1,
    inputMode: 'numeric',
    className: 'bet-number',
    testid: 'bet-amount',
  });
  const numberLabel = el('label', { htmlFor: id, className: 'bet-number-label' });
  const slider = el('input', { type: 'range', step: 1, className: 'bet-slider', testid: 'bet-slider' });
  const limits = el('p', { className: 'bet-limits' });
  const minText = el('span', { testid: 'bet-min' });
  const maxText = el('span', { testid: 'bet-max' });
  limits.append(minText, ' · ', maxText);
  const quick = el('div', { className: 'bet-quick', attrs: { role: 'group' } });
  const quickButton = (size) => el('button', { type: 'button', className: 'button small', testid: `quick-${size}`, dataset: { size } });
  const half = quickButton('half');
  const pot = quickButton('pot');
  const allIn = quickButton('allin');
  quick.append(half, pot, allIn);
  const error = el('p', { className: 'bet-error', testid: 'bet-error', hidden: true, attrs: { 'aria-live': 'polite' } });
  const confirm = el('button', { type: 'button', className: 'button primary', testid: 'bet-confirm', dataset: { key: 'confirm' } });
  fieldset.append(legend, el('div', { className: 'bet-inputs' }, [numberLabel, number, slider]), limits, quick, error, confirm);
  root.append(moves, fieldset);

  let current = null; // { range, key, myTurn, pot, currentBet, toCall }
  let amount = null; // the total chosen for the current decision
  let hinted = null;
  let appliedHint = null; // a suggested amount is set once, then the player may change it

  // The amount typed, checked against the legal range: a number, or null with a message.
  function checked() {
    const range = current?.range;
    if (!range) return null;
    const raw = number.value.trim();
    const value = Number(raw);
    let problem = null;
    if (raw === '' || !Number.isInteger(value)) problem = t('table.poker.amount_whole');
    else if (value < range.minimum) problem = t(`table.poker.amount_min.${range.verb}`, { amount: range.minimum });
    else if (value > range.maximum) problem = t('table.poker.amount_max', { amount: range.maximum });
    error.hidden = !problem;
    error.textContent = problem ?? '';
    number.setAttribute('aria-invalid', String(Boolean(problem)));
    return problem ? null : value;
  }

  function confirmLabel(value) {
    const range = current?.range;
    if (!range) return t('table.poker.raise');
    if (value === null) return t(`table.poker.${range.verb}`);
    if (value === range.maximum) return t('table.poker.all_in_amount', { amount: value });
    return t(range.verb === 'bet' ? 'table.poker.bet_to' : 'table.poker.raise_to', { amount: value });
  }

  function refreshConfirm() {
    const value = checked();
    confirm.disabled = !current?.myTurn || !current?.range || value === null;
    confirm.textContent = confirmLabel(value);
    confirm.dataset.action = value === null || !current?.range ? '' : `${current.range.verb} ${value}`;
    confirm.classList.toggle('is-hinted', Boolean(hinted) && hinted === confirm.dataset.action);
  }

  function setAmount(value) {
    amount = value;
    number.value = String(value);
    slider.value = String(value);
    refreshConfirm();
  }

  // Quick sizes: a fraction of the pot after calling (a pot-sized raise is the call plus
  // the pot it makes), clamped to the legal range.
  function quickAmount(size) {
    const { range, pot: inPot, currentBet, toCall } = current;
    if (size === 'allin') return range.maximum;
    const fraction = size === 'half' ? 0.5 : 1;
    const target = currentBet + Math.round(fraction * (inPot + toCall));
    return clamp(target, range.minimum, range.maximum);
  }

  number.addEventListener('input', () => {
    const value = checked();
    if (value !== null) {
      amount = value;
      slider.value = String(value);
    }
    refreshConfirm();
  });
  number.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !confirm.disabled) confirm.click();
  });
  slider.addEventListener('input', () => setAmount(Number(slider.value)));
  quick.addEventListener('click', (event) => {
    const target = event.target.closest('button[data-size]');
    if (target && !target.disabled && current?.range) setAmount(quickAmount(target.dataset.size));
  });
  moves.addEventListener('click', (event) => {
    const target = event.target.closest('button[data-action]');
    if (target && !target.disabled) onAct(target.dataset.action);
  });
  confirm.addEventListener('click', () => {
    const value = checked();
    if (!confirm.disabled && value !== null) onAct(`${current.range.verb} ${value}`);
  });

  // ``pot``: every chip in the middle, this round's bets included.
  function update({ view, myTurn, pot: inPot, key, hint = null }) {
    const legal = new Set(myTurn ? view.legal_actions ?? [] : []);
    const range = myTurn ? view.bet_range ?? null : null;
    const toCall = myTurn ? view.to_call ?? 0 : 0;
    const currentBet = Math.max(0, ...(view.bets ?? [0]));
    const fresh = !current || current.key !== key;
    current = { range, key, myTurn, pot: inPot, currentBet, toCall };
    hinted = hint;
    if (!hint) appliedHint = null;
    root.classList.toggle('is-active', myTurn);

    const stack = view.stacks?.[view.seat] ?? 0;
    const callAmount = Math.min(toCall, stack);
    fold.textContent = t('table.poker.fold');
    check.textContent = t('table.poker.check');
    call.textContent = callAmount > 0 ? t('table.poker.call_amount', { amount: callAmount }) : t('table.poker.call');
    if (callAmount > 0 && callAmount === stack) call.textContent = t('table.poker.call_all_in', { amount: callAmount });
    for (const [node, verb] of [[fold, 'fold'], [check, 'check'], [call, 'call']]) {
      node.disabled = !legal.has(verb);
      node.hidden = myTurn && !legal.has(verb) && verb !== 'fold';
      node.classList.toggle('is-hinted', hint === verb);
    }
    // Not your turn: one disabled Check stands for the moves (the layout does not jump).
    if (!myTurn) call.hidden = true;

    fieldset.disabled = !range;
    fieldset.classList.toggle('is-off', !range);
    const verb = range?.verb ?? (currentBet > 0 ? 'raise' : 'bet');
    legend.textContent = t(`table.poker.amount_legend.${verb}`);
    numberLabel.textContent = t('table.poker.amount_label');
    slider.setAttribute('aria-label', t('table.poker.amount_slider'));
    quick.setAttribute('aria-label', t('table.poker.quick_sizes'));
    half.textContent = t('table.poker.quick_half');
    pot.textContent = t('table.poker.quick_pot');
    allIn.textContent = t('table.poker.all_in');
    if (range) {
      number.min = slider.min = String(range.minimum);
      number.max = slider.max = String(range.maximum);
      minText.textContent = t('table.poker.minimum', { amount: range.minimum });
      maxText.textContent = t('table.poker.maximum', { amount: range.maximum });
      minText.dataset.amount = String(range.minimum);
      maxText.dataset.amount = String(range.maximum);
      const onlyAllIn = range.minimum === range.maximum;
      half.hidden = pot.hidden = onlyAllIn;
      half.disabled = pot.disabled = allIn.disabled = false;
      const suggested = hint && hint.startsWith(`${range.verb} `) ? Number(hint.split(' ')[1]) : null;
      if (suggested !== null && hint !== appliedHint) {
        appliedHint = hint;
        setAmount(suggested);
      } else if (fresh || amount === null || amount < range.minimum || amount > range.maximum) setAmount(range.minimum);
      else refreshConfirm();
    } else {
      amount = null;
      number.value = '';
      number.removeAttribute('min');
      number.removeAttribute('max');
      minText.textContent = '';
      maxText.textContent = '';
      delete minText.dataset.amount;
      delete maxText.dataset.amount;
      half.hidden = pot.hidden = false;
      half.disabled = pot.disabled = allIn.disabled = true;
      error.hidden = true;
      refreshConfirm();
    }
  }

  return { root, update };
}
