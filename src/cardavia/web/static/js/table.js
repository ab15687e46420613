// The game table: one client for every game, with a small adapter per game
// (static/js/games/). It creates or loads the match through the JSON API, draws view(0),
// lets the player select cards and confirm, and replays new events one at a time. The AI
// seats act one decision per request (``drive``), each shown as soon as it is saved.
import { advanceMatch, ApiError, createMatch, fetchHint, loadMatch, sendAction } from './api.js';
import { cardSVG, cardText, rankOf } from './cards.js';
import { loadAdapter } from './games/index.js';
import { actionCards } from './games/base.js';
import { makeI18n } from './i18n.js';
import { cue } from './motion.js';

// How long each AI move stays in sight (ms). A page opened with ``?pace=N`` (0 … 5000)
// sets it: the browser tests that play whole deals by clicks use 0, every move still
// drawn as it happens, without waiting for a person's eyes.
const STEP_MS = pageSetting('pace', 600, 5000);
const RETRY_MS = 1500;

function pageSetting(name, usual, most) {
  const given = new URLSearchParams(window.location.search).get(name);
  const value = given === null || given.trim() === '' ? NaN : Number(given);
  return Number.isFinite(value) && value >= 0 && value <= most ? value : usual;
}
const RETRIES = 5;
const LOCAL_ACTION = 'ui:'; // an adapter's button that changes only the page (see host)
const LEVEL_KEY = 'cardavia.level';
const HAND_ORDER_KEY = 'cardavia.handOrder';

const data = JSON.parse(document.getElementById('page-data').textContent);
const i18n = makeI18n(data.texts, data.lang);
const { t } = i18n;
const $ = (id) => document.getElementById(id);

const ui = {
  table: $('table'),
  opponents: $('opponents'),
  bottom: $('bottom'),
  bottomCards: $('bottom-cards'),
  auctionInfo: $('auction-info'),
  topLabel: $('top-play-label'),
  topCards: $('top-play-cards'),
  turn: $('turn'),
  hand: $('hand'),
  handSort: $('hand-sort'),
  selection: $('selection'),
  message: $('message'),
  bids: $('bids'),
  confirm: $('confirm'),
  pass: $('pass'),
  hint: $('hint'),
  generic: $('generic-actions'),
  chooser: $('chooser'),
  interlude: $('interlude'),
  records: $('records'),
  result: $('result'),
  resultHeadline: $('result-headline'),
  resultBreakdown: $('result-breakdown'),
  resultScores: $('result-scores'),
  newGame: $('new-game'),
  level: $('level'),
  levelNote: $('level-note'),
  restart: $('restart'),
  restartDialog: $('restart-dialog'),
  optionsDialog: $('options-dialog'),
  optionsForm: $('options-form'),
  optionsFields: $('options-fields'),
  optionsQuestion: $('options-question'),
  optionsCancel: $('options-cancel'),
  rulesOpen: $('rules-open'),
  rulesDialog: $('rules-dialog'),
  watchOffer: $('watch-offer'),
  watchText: $('watch-text'),
  watch: $('watch'),
  skip: $('skip'),
  watchNew: $('watch-restart'),
};

const state = {
  adapter: null,
  match: null, // { id, level, version, view }
  table: null, // what is drawn, derived from the events
  shown: 0, // events already drawn and recorded
  selected: new Set(), // indices into view.hand
  focus: 0,
  keyCard: null, // { index, card } of the card the keyboard was last on
  busy: true,
  hinted: null,
  generation: 0, // bumped by each new or reloaded match: an older replay stops
  options: null, // the last choices of the adapter's matchOptions, offered again
  thinking: null, // the AI seat whose decision is being asked for
  watching: null, // once You are out: null (not chosen yet), 'live' or 'skip'
  driving: null, // the generation whose AI moves are being asked for
  handOrder: storedHandOrder(), // 'rank' (as dealt) or 'sets' (pairs, triples, bombs first)
  choosing: null, // the readings offered for the selected cards (see ``selectedActions``)
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const name = (seat) => (seat === 0 ? t('table.you') : t('table.ai', { n: seat }));
const whoNode = (seat) => {
  const who = document.createElement('span');
  who.className = 'who';
  who.textContent = name(seat);
  return who;
};
// ``say(key, seat, params)``: the catalog's whole sentence about ``seat`` (see i18n.said).
const say = (key, seat, params) => i18n.said(key, seat, whoNode(seat), params);
const context = () => ({ i18n, name, say, table: state.table, view: view() });
const view = () => state.match?.view;
const players = () => view()?.hand_sizes?.length ?? view()?.scores?.length ?? 3;

// Optional adapter hooks (the poker tables use them; the climbing games need none):
// ``mount(host)`` once, to build its own felt (the table gets data-custom="true" and CSS
// hides the generic seats); ``draw(host)`` instead of the generic drawing; ``pause(event,
// host)`` the delay after an event while replaying (ms, or a promise such as a choice);
// ``turnText(host)`` a turn line of its own (or null); ``showHint(action, host)`` shows a
// suggestion and returns its label; ``finalEvent`` the event type of the match result
// ('result' by default); ``scoreText(score)`` how a final score is written;
// ``actionsFor(cards, view, table, context)`` the actions the selected cards may send, each
// ``{ action, label? }`` (label: a Node or string naming the reading; several make Confirm
// offer a choice; default: the play of those very cards when ``matches`` finds it);
// ``selectionLine(cards, actions, host)`` the line under the hand (or null for the usual);
// ``decorateCard(node, card, table, { position, shown, i18n })`` marks a drawn card (Guandan's
// wild cards); ``seatNote(seat, table, context)`` a short badge beside a seat's name;
// ``centreInfo`` may return a Node;
// ``actionButtons(view, table, context)`` buttons of its own in the row of the controls
// (Tractor's declarations): null, or ``{ title?, label, buttons: [{ action, label, aria?,
// testid }], confirm? }`` (a title shown before them; confirm false hides Confirm); an action of ``actionsFor`` may be
// a list of actions, sent one after the other in order by one Confirm (Tractor's burial);
// an action of ``actionButtons`` that starts with ``ui:`` is not sent: it goes to
// ``localAction(action, host)``, which may change the selection through ``host.selectCards``
// (Tarot's poignée: choose a size, the trumps are picked, then Confirm sends them all);
// ``finalScores(result)`` the scores of the final event (default ``result.scores``);
// ``passLabel(view, context)`` the Pass button's text (or null for the usual);
// ``keepHandOrder`` the hand is drawn as the view orders it (no sort button);
// ``matchOptions`` the choices made before each new match (Bridge: the vulnerability), a
// list of ``{ key, label, note?, choices: [{ value, label }], default }`` (label and note
// are text keys): a dialog offers them before any card is dealt and each becomes the field
// ``key`` of the create request.
// What such an adapter gets: the texts, the view, whether You may act now, and a way to
// send one action.
function host() {
  const v = view();
  return {
    ...context(),
    view: v,
    busy: state.busy,
    quick: state.watching === 'skip',
    thinking: state.thinking,
    myTurn: Boolean(v) && v.current_player === 0 && !state.busy && !state.table?.over,
    hinted: state.hinted,
    act,
    restart,
    selectCards,
    showMessage,
    interlude,
    step: STEP_MS,
  };
}

// --- level picker ---------------------------------------------------------------

function storedLevel() {
  try {
    const level = localStorage.getItem(LEVEL_KEY);
    return data.levels.includes(level) ? level : data.defaultLevel;
  } catch {
    return data.defaultLevel;
  }
}

function showLevelNote() {
  const current = state.match ? t('table.level_current', { level: t(`table.level.${state.match.level}`) }) : '';
  ui.levelNote.textContent = [current, t('table.level_note')].filter(Boolean).join(' · ');
}

// --- choices before a new match -------------------------------------------------

function optionField(option, current) {
  const set = document.createElement('fieldset');
  set.className = 'match-option';
  set.dataset.testid = `option-${option.key}`;
  const legend = document.createElement('legend');
  legend.textContent = t(option.label);
  const choices = document.createElement('div');
  choices.className = 'segmented';
  for (const choice of option.choices) {
    const label = document.createElement('label');
    label.className = 'segment';
    label.dataset.testid = `option-${option.key}-${choice.value}`;
    const input = document.createElement('input');
    input.type = 'radio';
    input.name = option.key;
    input.value = choice.value;
    input.checked = choice.value === current;
    const text = document.createElement('span');
    text.textContent = t(choice.label);
    label.append(input, text);
    choices.append(label);
  }
  set.append(legend, choices);
  if (option.note) {
    const note = document.createElement('p');
    note.className = 'match-option-note';
    note.textContent = t(option.note);
    set.append(note);
  }
  return set;
}

// The adapter's choices for the next match: ``{}`` when it has none, ``null`` when the
// player cancels (only where ``cancellable``: at the start there is no match to go back to,
// so closing the dialog deals with what it shows). ``question``: a game is in progress.
function chooseOptions({ cancellable, question = false }) {
  const options = state.adapter.matchOptions ?? [];
  const current = (option) => {
    const last = state.options?.[option.key];
    return option.choices.some((choice) => choice.value === last) ? last : option.default;
  };
  const defaults = Object.fromEntries(options.map((option) => [option.key, current(option)]));
  if (!options.length || typeof ui.optionsDialog.showModal !== 'function') return Promise.resolve(defaults);
  if (ui.optionsDialog.open) return Promise.resolve(null); // already being asked
  ui.optionsFields.replaceChildren(...options.map((option) => optionField(option, current(option))));
  ui.optionsQuestion.hidden = !question;
  ui.optionsCancel.hidden = !cancellable;
  ui.optionsDialog.returnValue = '';
  return new Promise((resolve) => {
    const onCancel = (event) => {
      if (!cancellable) event.preventDefault();
    };
    ui.optionsDialog.addEventListener('cancel', onCancel);
    ui.optionsDialog.addEventListener(
      'close',
      () => {
        ui.optionsDialog.removeEventListener('cancel', onCancel);
        if (cancellable && ui.optionsDialog.returnValue !== 'start') {
          resolve(null);
          return;
        }
        const fields = ui.optionsForm.elements;
        const chosen = Object.fromEntries(
          options.map((option) => [option.key, fields.namedItem(option.key)?.value || defaults[option.key]]),
        );
        state.options = chosen;
        resolve(chosen);
      },
      { once: true },
    );
    ui.optionsDialog.showModal();
    ui.optionsFields.querySelector('input:checked')?.focus();
  });
}

// A new match after the adapter's choices (if any; nothing happens when they are cancelled).
async function startMatch({ cancellable = Boolean(state.match), question = false } = {}) {
  const options = await chooseOptions({ cancellable, question });
  if (options !== null) await newMatch(options);
}

// --- messages -------------------------------------------------------------------

function showMessage(text) {
  ui.message.textContent = text;
  ui.message.hidden = !text;
}

function showError(error) {
  if (!(error instanceof ApiError)) throw error;
  if (error.status === 400) showMessage(t('msg.illegal', { detail: error.detail ?? '' }));
  else if (error.status === 403 || error.status === 404) showMessage(t('msg.not_found'));
  else if (error.status === 409) showMessage(t('msg.stale'));
  else if (error.status === 413) showMessage(t('msg.too_long'));
  else if (error.status === 429) showMessage(t('msg.slow_down', { seconds: error.retryAfter ?? 5 }));
  else if (error.status === 503) showMessage(t('msg.busy'));
  else showMessage(t('msg.network'));
}

// A pause in the replay (Guandan's deal result): ``content`` in the middle of the table with
// one button (``label``, Enter presses it); resolves when it is pressed.
function interlude(content, label) {
  return new Promise((resolve) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button primary';
    button.dataset.key = 'confirm';
    button.dataset.testid = 'interlude-next';
    button.textContent = label;
    const body = document.createElement('div');
    body.className = 'interlude-body';
    body.append(content);
    ui.interlude.replaceChildren(body, button);
    ui.interlude.hidden = false;
    ui.table.dataset.interlude = 'true';
    button.addEventListener(
      'click',
      () => {
        ui.interlude.hidden = true;
        ui.interlude.replaceChildren();
        ui.table.dataset.interlude = 'false';
        resolve();
      },
      { once: true },
    );
    button.focus({ preventScroll: true });
  });
}

// --- drawing --------------------------------------------------------------------

function cardsRow(container, cards, { small = false } = {}) {
  container.replaceChildren(
    ...cards.map((card) => {
      const wrap = document.createElement('span');
      wrap.className = small ? 'card small' : 'card';
      wrap.dataset.card = card;
      wrap.setAttribute('role', 'img');
      wrap.setAttribute('aria-label', cardText(card));
      wrap.append(cardSVG(card));
      return wrap;
    }),
  );
}

function lastActionNode(last) {
  const span = document.createElement('span');
  span.className = 'last-action';
  if (!last) return span;
  if (last.kind === 'pass') span.textContent = t(state.table.phase === 'auction' ? 'table.pass_bid' : 'table.pass');
  else if (last.kind === 'bid') span.textContent = t('event.bid', { bid: last.bid });
  else if (last.kind === 'play') span.textContent = last.cards.map(cardText).join(' ');
  else span.textContent = last.action ?? '';
  span.classList.add(`is-${last.kind}`);
  return span;
}

function drawOpponents() {
  const { table, adapter } = state;
  const roles = adapter.roles(table);
  const seats = [];
  for (let seat = 1; seat < table.players; seat += 1) {
    const box = document.createElement('div');
    const position = adapter.seatPosition(seat, table.players);
    box.className = `seat opponent seat-${position}`;
    box.classList.toggle('is-turn', table.turn === seat && !table.over);
    box.dataset.seat = String(seat);
    box.dataset.testid = `seat-${seat}`;

    const head = document.createElement('div');
    head.className = 'seat-head';
    const label = document.createElement('span');
    label.className = 'seat-name';
    label.textContent = name(seat);
    const where = document.createElement('span');
    where.className = 'seat-where';
    where.textContent = position === 'right' ? t('table.seat_right') : position === 'left' ? t('table.seat_left') : '';
    head.append(label, where);
    if (roles[seat]) {
      const role = document.createElement('span');
      role.className = `role role-${roles[seat]}`;
      role.dataset.testid = `role-${seat}`;
      role.textContent = t(`table.role.${roles[seat]}`);
      head.append(role);
    }
    const note = adapter.seatNote?.(seat, table, context());
    if (note) {
      const badge = document.createElement('span');
      badge.className = 'seat-note';
      badge.dataset.testid = `note-${seat}`;
      badge.textContent = note;
      head.append(badge);
    }
    const count = document.createElement('span');
    count.className = 'count';
    count.dataset.testid = `count-${seat}`;
    count.dataset.count = String(table.sizes[seat] ?? 0);
    count.textContent = t('table.cards', { count: table.sizes[seat] ?? 0 });

    const backs = document.createElement('div');
    backs.className = 'backs';
    backs.setAttribute('aria-hidden', 'true');
    for (let i = 0; i < Math.min(table.sizes[seat] ?? 0, 20); i += 1) {
      const back = document.createElement('span');
      back.className = 'card back';
      back.append(cardSVG(null));
      backs.append(back);
    }
    const last = lastActionNode(table.last[seat]);
    last.dataset.testid = `last-${seat}`;
    box.append(head, count, backs, last);
    seats.push(box);
  }
  ui.opponents.replaceChildren(...seats);
}

function drawTurn() {
  const { table } = state;
  let turn = state.adapter.turnText?.(host()) ?? null;
  if (state.thinking !== null) turn = t('table.turn.other', { player: name(state.thinking) });
  else if (waitingForWatchChoice()) turn = ''; // the Watch offer says what happens next
  else if (turn !== null) turn = String(turn);
  else if (table.over) turn = t('table.turn.over');
  else if (table.turn === 0 && !state.busy) turn = t('table.turn.you');
  else if (table.turn === null || table.turn === undefined) turn = t('table.turn.loading');
  else if (table.turn === 0) turn = t('table.turn.you');
  else turn = t('table.turn.other', { player: name(table.turn) });
  ui.turn.textContent = turn;
  ui.turn.classList.toggle('is-you', table.turn === 0 && !table.over);
}

function drawCentre() {
  const { table, adapter } = state;
  const ctx = context();
  ui.bottom.hidden = !table.bottom;
  if (table.bottom) cardsRow(ui.bottomCards, table.bottom, { small: true });
  ui.auctionInfo.replaceChildren(adapter.centreInfo(table, ctx));
  const top = adapter.topInfo?.(table, ctx) ?? { label: '', cards: [] };
  ui.topLabel.textContent = top.label;
  cardsRow(ui.topCards, top.cards);
  if (adapter.decorateCard) {
    [...ui.topCards.children].forEach((node, position) =>
      adapter.decorateCard(node, top.cards[position], table, { position, shown: top.cards, i18n }),
    );
  }
  ui.topCards.parentElement.dataset.seat = table.top ? String(table.top.seat) : '';

  drawTurn();

  const roles = adapter.roles(table);
  const role = $('role-0');
  role.hidden = !roles[0];
  role.textContent = roles[0] ? t(`table.role.${roles[0]}`) : '';
  role.className = roles[0] ? `role role-${roles[0]}` : 'role';
  $('count-0').textContent = t('table.cards', { count: view().hand.length });
  const note = adapter.seatNote?.(0, table, ctx) ?? '';
  $('note-0').textContent = note;
  $('note-0').hidden = !note;
  $('last-0').replaceChildren(...lastActionNode(table.last[0]).childNodes);
  $('seat-0').classList.toggle('is-turn', table.turn === 0 && !table.over);
}

function drawHand() {
  const hand = view().hand;
  state.focus = Math.min(state.focus, Math.max(hand.length - 1, 0));
  const order = shownOrder(hand);
  const shown = order.map((index) => hand[index]);
  ui.hand.replaceChildren(
    ...order.map((index, position) => {
      const card = hand[index];
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'card hand-card';
      button.dataset.card = card;
      button.dataset.index = String(index);
      button.dataset.testid = 'hand-card';
      button.setAttribute('aria-label', cardText(card));
      button.setAttribute('aria-pressed', String(state.selected.has(index)));
      button.tabIndex = position === state.focus ? 0 : -1;
      button.disabled = state.table.over;
      button.append(cardSVG(card));
      state.adapter.decorateCard?.(button, card, state.table, { position, shown, i18n });
      return button;
    }),
  );
  ui.hand.classList.toggle('is-long', hand.length > 12);
  // One row: the CSS overlaps the cards more as the hand grows (see .hand-card).
  ui.hand.style.setProperty('--count', String(Math.max(hand.length, 1)));
  const sortLabel = t(`table.layout.sort.${state.handOrder}`);
  ui.handSort.textContent = sortLabel;
  ui.handSort.setAttribute('aria-label', `${t('table.layout.sort')}: ${sortLabel}`);
  ui.handSort.hidden = hand.length < 3 || Boolean(state.adapter.keepHandOrder);
}

// --- the order of the hand ------------------------------------------------------------

function storedHandOrder() {
  try {
    return localStorage.getItem(HAND_ORDER_KEY) === 'sets' ? 'sets' : 'rank';
  } catch {
    return 'rank';
  }
}

// Indices into ``hand`` in the order shown: as dealt (by rank), or the bigger sets first
// (a bomb, then triples, pairs, singles; each set together, by rank within its size).
function shownOrder(hand) {
  const indices = hand.map((_, index) => index);
  if (state.handOrder !== 'sets' || state.adapter.keepHandOrder) return indices;
  const sizes = new Map();
  for (const card of hand) sizes.set(rankOf(card), (sizes.get(rankOf(card)) ?? 0) + 1);
  const size = (index) => sizes.get(rankOf(hand[index]));
  return indices.sort((a, b) => size(b) - size(a) || a - b);
}

function toggleHandOrder() {
  state.handOrder = state.handOrder === 'sets' ? 'rank' : 'sets';
  try {
    localStorage.setItem(HAND_ORDER_KEY, state.handOrder);
  } catch {
    // not remembered
  }
  drawHand();
}

// Selects exactly ``cards`` in the hand (each copy once) and draws the table again.
function selectCards(cards) {
  const hand = view().hand;
  const chosen = new Set();
  for (const card of cards) {
    const index = hand.findIndex((c, i) => c === card && !chosen.has(i));
    if (index >= 0) chosen.add(index);
  }
  state.selected = chosen;
  state.choosing = null;
  draw(); // the turn line may change with the adapter's choice (Tarot's poignée)
}

function selectedCards() {
  const hand = view().hand;
  return [...state.selected].sort((a, b) => a - b).map((index) => hand[index]);
}

function matchingAction() {
  const cards = selectedCards();
  if (!cards.length) return null;
  const plays = (view().legal_actions ?? []).filter((action) => action.startsWith('play '));
  return plays.find((action) => state.adapter.matches(cards, action, view(), state.table)) ?? null;
}

// What Confirm may send for the selected cards: ``[{ action, label? }]`` (empty: nothing).
function selectedActions() {
  const cards = selectedCards();
  if (!cards.length) return [];
  if (state.adapter.actionsFor) return state.adapter.actionsFor(cards, view(), state.table, context());
  return matchingAction() ? [{ action: `play ${cards.join(' ')}` }] : [];
}

function confirmSelection() {
  const actions = selectedActions();
  if (actions.length === 1) act(actions[0].action);
  else if (actions.length > 1) {
    state.choosing = actions;
    drawControls();
    ui.chooser.querySelector('button')?.focus({ preventScroll: true });
  }
}

// Several readings of one selection (Guandan's wild cards): one button each, and Cancel.
function drawChooser(myTurn) {
  const options = myTurn ? state.choosing : null;
  ui.chooser.hidden = !options;
  ui.confirm.hidden = ui.confirm.hidden || Boolean(options);
  ui.selection.hidden = Boolean(options); // the chooser says it all
  if (!options) {
    ui.chooser.replaceChildren();
    return;
  }
  const title = document.createElement('span');
  title.className = 'chooser-title';
  title.textContent = t('table.chooser.title');
  const buttons = options.map(({ action, label }) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button chooser-option';
    button.dataset.testid = 'chooser-option';
    button.dataset.choice = action;
    const text = document.createElement('span');
    text.append(label ?? action);
    button.append(text);
    button.addEventListener('click', () => {
      state.choosing = null;
      act(action);
    });
    return button;
  });
  const cancel = document.createElement('button');
  cancel.type = 'button';
  cancel.className = 'button';
  cancel.dataset.testid = 'chooser-cancel';
  cancel.textContent = t('table.cancel');
  cancel.addEventListener('click', () => {
    state.choosing = null;
    drawControls();
  });
  ui.chooser.replaceChildren(title, ...buttons, cancel);
}

function drawControls() {
  const v = view();
  const legal = new Set(v.legal_actions ?? []);
  const myTurn = v.current_player === 0 && !state.busy && !state.table.over;
  const auction = Boolean(state.adapter.hasAuction) && state.table.phase === 'auction';

  ui.bids.hidden = !auction;
  for (const button of ui.bids.querySelectorAll('button')) {
    button.disabled = !myTurn || !legal.has(button.dataset.action);
    button.classList.toggle('is-hinted', state.hinted === button.dataset.action);
  }
  const actions = myTurn ? selectedActions() : [];
  ui.confirm.hidden = auction;
  ui.confirm.disabled = !myTurn || actions.length === 0;
  drawChooser(myTurn);
  ui.pass.disabled = !myTurn || !legal.has('pass');
  ui.pass.textContent = state.adapter.passLabel?.(v, context()) ?? t(auction ? 'table.pass_bid' : 'table.pass');
  ui.pass.classList.toggle('is-hinted', state.hinted === 'pass');
  ui.hint.disabled = !myTurn;

  const cards = selectedCards();
  const notice = myTurn && !auction ? state.adapter.selectionNotice(v, state.table, context()) : null;
  const own = myTurn && !auction ? (state.adapter.selectionLine?.(cards, actions, host()) ?? null) : null;
  if (!myTurn || auction) ui.selection.textContent = '';
  else if (own !== null) ui.selection.textContent = own;
  else if (!cards.length) ui.selection.textContent = notice ?? t('table.selection_none');
  else if (actions.length) ui.selection.textContent = t('table.selection_ok');
  else ui.selection.textContent = [t('table.selection_invalid'), notice].filter(Boolean).join(' ');

  const extra = state.adapter.actionButtons?.(v, state.table, context()) ?? null;
  if (extra) {
    ui.confirm.hidden = ui.confirm.hidden || extra.confirm === false;
    ui.generic.hidden = false;
    ui.generic.setAttribute('aria-label', extra.label ?? '');
    const title = document.createElement('span');
    title.className = 'generic-title';
    title.textContent = extra.title ?? '';
    title.hidden = !extra.title;
    ui.generic.replaceChildren(
      title,
      ...extra.buttons.map(({ action, label, aria, testid }) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'button';
        button.dataset.action = action;
        if (testid) button.dataset.testid = testid;
        if (aria) button.setAttribute('aria-label', aria);
        button.append(label ?? action);
        button.disabled = !myTurn || !(legal.has(action) || action.startsWith(LOCAL_ACTION));
        button.classList.toggle('is-hinted', state.hinted === action);
        return button;
      }),
    );
  } else if (state.adapter.actionButtons) {
    ui.generic.hidden = true;
    ui.generic.replaceChildren();
  }
  // Games without an adapter: every non-play action as a button.
  if (state.adapter.generic) {
    ui.generic.hidden = false;
    ui.generic.replaceChildren(
      ...[...legal]
        .filter((action) => !action.startsWith('play ') && action !== 'pass')
        .map((action) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'button';
          button.dataset.action = action;
          button.textContent = action;
          button.disabled = !myTurn;
          return button;
        }),
    );
  }

  drawTableData();
}

// The controls again (a table drawn by its adapter is drawn whole: it is small).
function refreshControls() {
  if (state.adapter.draw) draw();
  else drawControls();
}

function drawTableData() {
  const v = view();
  ui.table.dataset.busy = String(state.busy);
  ui.table.setAttribute('aria-busy', String(state.busy));
  ui.table.dataset.turn = String(v.current_player ?? '');
  ui.table.dataset.phase = state.table.phase ?? '';
  ui.table.dataset.over = String(state.table.over);
  ui.table.dataset.version = String(state.match.version);
}

function drawResult() {
  const events = view().events.slice(0, state.shown);
  const final = state.adapter.finalEvent ?? 'result';
  const result = state.table.over ? events.findLast((event) => event.type === final) : null;
  ui.result.hidden = !result;
  if (!result) return;
  const ctx = context();
  // Points games score You above or below zero; chip games say who holds the chips.
  const you = state.adapter.outcome?.(result) ?? Math.sign(result.scores[0]);
  ui.resultHeadline.textContent = `${state.adapter.resultHeadline(result, ctx)} — ${t(you > 0 ? 'result.you_won' : you < 0 ? 'result.you_lost' : 'result.tie')}`;
  ui.resultBreakdown.replaceChildren(
    ...state.adapter.resultBreakdown(result, ctx).map((line) => {
      const li = document.createElement('li');
      li.append(line);
      return li;
    }),
  );
  const scores = state.adapter.finalScores?.(result) ?? result.scores;
  ui.resultScores.replaceChildren(
    ...scores.map((score, seat) => {
      const row = document.createElement('tr');
      const who = document.createElement('th');
      who.scope = 'row';
      who.textContent = name(seat);
      const value = document.createElement('td');
      value.textContent = state.adapter.scoreText?.(score) ?? (score > 0 ? `+${score}` : String(score));
      value.dataset.testid = `score-${seat}`;
      row.append(who, value);
      return row;
    }),
  );
}

function draw() {
  if (state.adapter.draw) {
    // The adapter draws the whole felt; the turn line and the hint stay the table's.
    drawTurn();
    ui.hint.disabled = !host().myTurn;
    state.adapter.draw(host());
    drawTableData();
  } else {
    drawOpponents();
    drawCentre();
    drawHand();
    drawControls();
  }
  drawResult();
  drawWatch();
  markThinking();
}

// The seat whose decision is being asked for says so (the seats are drawn anew each time).
function markThinking() {
  const seat = state.thinking === null ? '' : String(state.thinking);
  ui.table.dataset.thinking = seat;
  for (const node of ui.table.querySelectorAll('[data-seat]')) {
    node.classList.toggle('is-thinking', seat !== '' && node.dataset.seat === seat);
  }
}

// Once You are out of a match that goes on: Watch, Skip to the result or New match.
function drawWatch() {
  const out = Boolean(state.match) && youAreOut() && !state.table.over;
  ui.watchOffer.hidden = !out;
  if (!out) return;
  const key = { live: 'table.watch.watching', skip: 'table.watch.skipping' }[state.watching] ?? 'table.watch.out';
  ui.watchText.textContent = t(key);
  ui.watch.hidden = state.watching !== null;
  ui.skip.hidden = state.watching === 'skip';
}

// --- records and events -----------------------------------------------------------

// One line per event: the adapter writes the whole sentence, its subject inside.
// The newest record in sight: the list scrolls inside itself, never the page.
function scrollRecords() {
  ui.records.scrollTop = ui.records.scrollHeight;
}

function record(event) {
  const line = state.adapter.describeEvent(event, context());
  const li = document.createElement('li');
  li.className = `record record-${line.kind ?? event.type}`;
  li.dataset.testid = 'record';
  li.dataset.type = event.type;
  if (typeof line.seat === 'number') li.dataset.seat = String(line.seat);
  const what = document.createElement('span');
  what.className = 'what';
  what.append(line.content);
  li.append(what);
  ui.records.append(li);
  if (state.watching !== 'skip') scrollRecords(); // once at the end while skipping
}

function applyEvent(event) {
  record(event); // described against the table before the event
  state.adapter.applyEvent(state.table, event);
}

// Replays the events from ``from`` one at a time, pausing after each AI move (not while
// skipping to the result). The caller releases the table (``settle``).
async function replay(from) {
  const events = view().events;
  const generation = state.generation;
  state.busy = true;
  draw();
  for (let index = from; index < events.length; index += 1) {
    const event = events[index];
    applyEvent(event);
    state.shown = index + 1;
    if (state.watching === 'skip') continue; // no motion and no pause while skipping
    cue(event); // its motion, once the table is redrawn
    const aiMove = typeof event.seat === 'number' && event.seat !== 0;
    const usual = aiMove || event.type === 'landlord' || event.type === 'void_deal' ? STEP_MS : 0;
    // An adapter may pace its own events: a delay in ms, or a promise (e.g. a choice).
    const pause = state.adapter.pause ? state.adapter.pause(event, { ...host(), events, index }) : usual;
    if (pause) {
      draw();
      await (typeof pause === 'number' ? sleep(pause) : pause);
      if (generation !== state.generation) return; // another match meanwhile
    }
  }
  state.adapter.syncTable(state.table, view());
  scrollRecords();
  draw();
}

// The table is the player's again (or the match is over, or You choose Watch or Skip).
function settle() {
  state.thinking = null;
  state.busy = false;
  draw();
}

// --- the AI seats, one decision per request -----------------------------------------

// Judged from the events shown so far: the offer waits until Your elimination is seen.
const youAreOut = () =>
  view().events.slice(0, state.shown).some((event) => event.type === 'eliminated' && event.seat === 0);

const waitingForWatchChoice = () =>
  Boolean(state.match) && youAreOut() && state.watching === null && !state.table?.over;

function aiToAct() {
  const seat = view()?.current_player;
  return typeof seat === 'number' && seat !== 0;
}

// Asks for the AI moves one at a time and shows each as soon as it is saved, until You
// must act or the match is over. Nothing lives only here: a reload resumes from the store.
async function drive() {
  const generation = state.generation;
  if (state.driving === generation) return; // already asking (a Watch choice mid-way)
  state.driving = generation;
  try {
    await askTheAIs(generation);
  } finally {
    if (state.driving === generation) state.driving = null;
  }
}

async function askTheAIs(generation) {
  let failures = 0;
  while (generation === state.generation && aiToAct()) {
    if (waitingForWatchChoice()) break; // the Watch offer waits for You
    const quick = state.watching === 'skip';
    state.thinking = quick ? null : view().current_player;
    state.busy = true;
    draw();
    let answer;
    try {
      answer = await advanceMatch(state.match.id, state.match.version, quick);
    } catch (error) {
      if (generation !== state.generation) return;
      state.thinking = null;
      if (error instanceof ApiError && error.status === 409) {
        state.driving = null;
        await openMatch(state.match.id); // moved on elsewhere: draw what is stored
        return;
      }
      // A dropped connection or a busy database: the move was not made, ask again.
      const transient = error instanceof ApiError && (error.status === 0 || error.status === 503);
      if (transient && failures < RETRIES) {
        failures += 1;
        showMessage(t('msg.retrying'));
        await sleep(Math.max(RETRY_MS, (error.retryAfter ?? 0) * 1000));
        continue;
      }
      settle();
      showError(error);
      return;
    }
    if (generation !== state.generation) return;
    failures = 0;
    showMessage('');
    state.thinking = null;
    const from = state.shown;
    state.match = { ...state.match, version: answer.version, view: answer.view };
    await replay(from);
  }
  if (generation === state.generation) settle();
}

function watch(mode) {
  state.watching = mode;
  draw();
  drive(); // the loop already running (Skip while watching) takes the new mode
}

// Draws a whole view at once (a reload, a refresh after a conflict).
function drawAll() {
  state.generation += 1;
  state.table = state.adapter.initialTable(players());
  ui.records.replaceChildren();
  for (const event of view().events) applyEvent(event);
  state.shown = view().events.length;
  state.adapter.syncTable(state.table, view());
  state.selected.clear();
  state.choosing = null;
  settle();
}

// --- match lifecycle ----------------------------------------------------------------

function matchUrl(id) {
  return `/${data.lang}/play/${data.game}/${encodeURIComponent(id)}`;
}

async function newMatch(options = {}) {
  state.busy = true;
  showMessage('');
  ui.turn.textContent = t('table.turn.loading');
  try {
    const match = await createMatch(data.game, ui.level.value, options);
    state.generation += 1;
    history.replaceState(null, '', matchUrl(match.id));
    state.match = match;
    state.table = state.adapter.initialTable(players());
    state.selected.clear();
    state.hinted = null;
    state.watching = null;
    ui.records.replaceChildren();
    showLevelNote();
    await replay(0);
    await drive();
  } catch (error) {
    state.busy = false;
    showError(error);
    if (state.match) draw();
  }
}

async function openMatch(id) {
  try {
    const again = state.match?.id === id; // a refresh after a conflict keeps Watch or Skip
    state.match = await loadMatch(id);
    if (!again) state.watching = null;
    showLevelNote();
    drawAll();
  } catch (error) {
    showError(error);
    ui.turn.textContent = '';
    ui.table.dataset.busy = 'false';
    return;
  }
  await drive(); // a reload in the middle of the AI turns goes on from where it stopped
}


// ``action``: one action, or a list sent one after the other (each at the version the one
// before it left), as one confirmed choice (Tractor's eight buried cards).
async function act(action) {
  if (state.busy || !state.match) return;
  state.busy = true;
  state.hinted = null;
  state.choosing = null;
  showMessage('');
  refreshControls();
  try {
    for (const one of Array.isArray(action) ? action : [action]) {
      const answer = await sendAction(state.match.id, one, state.match.version);
      const from = state.shown;
      state.match = { ...state.match, version: answer.version, view: answer.view };
      state.selected.clear();
      await replay(from);
    }
    await drive();
  } catch (error) {
    state.busy = false;
    if (error instanceof ApiError && error.status === 409) {
      await openMatch(state.match.id);
    } else if (state.match) {
      refreshControls();
    }
    showError(error);
  }
}

async function hint() {
  if (state.busy || !state.match) return;
  try {
    const { action, reason: key, params } = await fetchHint(state.match.id);
    // The reason's numbers come language-neutral: written here in the page's language.
    const lang = document.documentElement.lang || 'en';
    const shown = Object.fromEntries(
      Object.entries(params ?? {}).map(([name, value]) => [
        name,
        typeof value === 'number' ? value.toLocaleString(lang) : value,
      ]),
    );
    const reason = key ? t(key, shown) : '';
    if (state.adapter.showHint) {
      state.hinted = action;
      showMessage(t('hint.for', { action: state.adapter.showHint(action, host()), reason }));
    } else if (['play ', 'return ', 'bury '].some((verb) => action.startsWith(verb))) {
      const hand = view().hand;
      const chosen = new Set();
      for (const card of actionCards(action)) {
        let index = hand.findIndex((c, i) => c === card && !chosen.has(i));
        if (index < 0) index = hand.findIndex((c, i) => c.slice(0, -1) === card.slice(0, -1) && !chosen.has(i));
        if (index >= 0) chosen.add(index);
      }
      state.selected = chosen;
      state.hinted = null;
      drawHand();
      showMessage(t('hint.selected', { reason }));
    } else {
      state.hinted = action;
      const button = [...document.querySelectorAll('[data-action]')].find((b) => b.dataset.action === action);
      showMessage(t('hint.for', { action: button?.textContent.trim() || action, reason }));
    }
    refreshControls();
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) showMessage(t('msg.no_hint'));
    else showError(error);
  }
}

function restart() {
  const inProgress = Boolean(state.match) && view().current_player !== null;
  if (state.adapter.matchOptions?.length) {
    // One dialog: the question (in progress) and the choices.
    startMatch({ question: inProgress });
  } else if (inProgress && typeof ui.restartDialog.showModal === 'function') {
    ui.restartDialog.returnValue = '';
    ui.restartDialog.showModal();
  } else {
    newMatch();
  }
}

// --- input ------------------------------------------------------------------------

function toggleCard(index) {
  if (state.selected.has(index)) state.selected.delete(index);
  else state.selected.add(index);
  state.choosing = null;
  const button = ui.hand.querySelector(`[data-index="${index}"]`);
  state.focus = Math.max(0, [...ui.hand.children].indexOf(button)); // a place in the row
  button?.setAttribute('aria-pressed', String(state.selected.has(index)));
  drawControls();
}

function moveFocus(to) {
  const buttons = [...ui.hand.querySelectorAll('button')];
  if (!buttons.length) return;
  const index = Math.max(0, Math.min(buttons.length - 1, to));
  buttons[state.focus]?.setAttribute('tabindex', '-1');
  state.focus = index;
  buttons[index].setAttribute('tabindex', '0');
  buttons[index].focus();
}

// --- keyboard: Enter confirms, P passes, H asks for a hint, arrows and Space pick cards ------
// Every table marks its controls with data-key ("confirm", "pass", "fold": the fallback of
// P where checking is not possible) and its selectable cards with the class hand-card, so
// one listener serves every game. Keys do nothing while a dialog is open or a field has
// the focus; Enter and Space keep their own meaning on any other focused button.

const KEY_ARROWS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

const usable = (node) => !node.matches(':disabled') && !node.hidden && node.getClientRects().length > 0;

function pressKey(kind) {
  const control = [...ui.table.querySelectorAll(`[data-key="${kind}"]`)].find(usable);
  control?.click();
  return Boolean(control);
}

function handButtons() {
  return [...ui.table.querySelectorAll('button.hand-card')].filter(usable);
}

// The card button the keyboard is on: the focused one, else the one it left (a table
// drawn again replaces its buttons), matched by index in the hand or by card.
function keyboardCard(buttons) {
  const focused = buttons.indexOf(document.activeElement);
  if (focused >= 0) return focused;
  const last = state.keyCard;
  if (!last) return -1;
  return buttons.findIndex((b) => (last.index ? b.dataset.index === last.index : b.dataset.card === last.card));
}

function focusCard(button) {
  if (!button) return;
  state.keyCard = { index: button.dataset.index, card: button.dataset.card };
  if (button.dataset.index !== undefined && ui.hand.contains(button)) moveFocus(Number(button.dataset.index));
  else button.focus();
}

function stepCard(delta) {
  const buttons = handButtons();
  if (!buttons.length) return false;
  const at = keyboardCard(buttons);
  const next = at < 0 ? (delta > 0 ? 0 : buttons.length - 1) : Math.max(0, Math.min(buttons.length - 1, at + delta));
  focusCard(buttons[next]);
  return true;
}

function toggleKeyboardCard() {
  const buttons = handButtons();
  const at = keyboardCard(buttons);
  const button = buttons[at < 0 ? 0 : at];
  if (!button) return false;
  state.keyCard = { index: button.dataset.index, card: button.dataset.card };
  button.click();
  focusCard(handButtons()[keyboardCard(handButtons())]); // the table may have drawn it anew
  return true;
}

function onKey(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (document.querySelector('dialog[open]')) return;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return;
  const onControl = Boolean(target?.closest('button, a, summary')) && !target.closest('button.hand-card');
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  let handled = false; // otherwise the key keeps its meaning (arrows and Space scroll)
  // Enter on a card confirms, never toggles it (that is Space).
  if (key === 'Enter' && !onControl) handled = pressKey('confirm') || Boolean(target?.closest('button.hand-card'));
  else if (key === ' ' && !onControl) handled = toggleKeyboardCard();
  else if (key === 'p') handled = pressKey('pass') || pressKey('fold');
  else if (key === 'h' && usable(ui.hint)) {
    ui.hint.click();
    handled = true;
  } else if (key in KEY_ARROWS) handled = stepCard(KEY_ARROWS[key]);
  if (handled) event.preventDefault();
}

// The rules open at their top (the dialog would otherwise scroll to its focused Close).
function openRules() {
  ui.rulesDialog.showModal();
  ui.rulesDialog.scrollTop = 0;
}

function wire() {
  ui.hand.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-index]');
    if (button && !button.disabled) toggleCard(Number(button.dataset.index));
  });
  ui.hand.addEventListener('keydown', (event) => {
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (event.key in keys) moveFocus(state.focus + keys[event.key]);
    else if (event.key === 'Home') moveFocus(0);
    else if (event.key === 'End') moveFocus(Infinity);
    else return;
    event.preventDefault();
  });
  ui.confirm.addEventListener('click', confirmSelection);
  ui.pass.addEventListener('click', () => act('pass'));
  ui.bids.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-action]');
    if (button && !button.disabled) act(button.dataset.action);
  });
  ui.generic.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-action]');
    if (!button || button.disabled) return;
    if (button.dataset.action.startsWith(LOCAL_ACTION)) state.adapter.localAction?.(button.dataset.action, host());
    else act(button.dataset.action);
  });
  ui.hint.addEventListener('click', hint);
  ui.watch.addEventListener('click', () => watch('live'));
  ui.skip.addEventListener('click', () => watch('skip'));
  ui.watchNew.addEventListener('click', () => restart());
  ui.handSort.addEventListener('click', toggleHandOrder);
  // The newest record stays in sight when the panel shrinks (a result appears beside it).
  new ResizeObserver(scrollRecords).observe(ui.records);
  ui.restart.addEventListener('click', restart);
  ui.newGame.addEventListener('click', () => startMatch());
  ui.restartDialog.addEventListener('close', () => {
    if (ui.restartDialog.returnValue === 'yes') newMatch();
  });
  ui.rulesOpen.addEventListener('click', openRules);
  document.addEventListener('keydown', onKey);
  ui.level.value = storedLevel();
  ui.level.addEventListener('change', () => {
    try {
      localStorage.setItem(LEVEL_KEY, ui.level.value);
    } catch {
      // not remembered
    }
  });
}

async function start() {
  state.adapter = await loadAdapter(data.game);
  if (state.adapter.mount) {
    ui.table.dataset.custom = 'true';
    state.adapter.mount({ ...context(), root: ui.table, ui, restart, act });
  }
  wire();
  showLevelNote();
  if (data.matchId) await openMatch(data.matchId);
  else await startMatch({ cancellable: false });
}

start();
