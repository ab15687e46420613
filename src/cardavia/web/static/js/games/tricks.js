// Shared by the trick-taking games of four seats (Tractor, French Tarot): a trick kept on
// the table by seat in play order, the seat winning it (or that won it) marked, drawn in
// the middle of the table; the match's result after a ``deal_result``. A game spreads
// ``tricks`` and names its test ids and catalog keys (``trickTestid``, ``trickKeys``) and
// how one play is drawn (``playCards``) and copied (``copyPlay``).
import { cardText, suitOf, trumpNumber } from '../cards.js';
import { base } from './base.js';
import { signed } from './climbing.js';

// The cards as chips in a line: red suits (and the red joker) red, tarot trumps marked.
export function chips(cards) {
  const span = document.createElement('span');
  span.className = 'tr-cards';
  for (const card of cards) {
    const chip = document.createElement('span');
    const red = card === 'RJ' || ['H', 'D'].includes(suitOf(card));
    chip.className = `card-chip${red ? ' red' : ''}${trumpNumber(card) !== null ? ' trump' : ''}`;
    chip.textContent = cardText(card);
    span.append(chip);
  }
  return span;
}

// A span of the trick's drawing: its class and, when given, its text.
function span(className, text) {
  const node = document.createElement('span');
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

// Whether the next play leads a new trick (none on the table, or the last one finished).
export const leadsTrick = (table) => !table || table.trickDone || !table.trick.length;

export const tricks = {
  ...base,
  finalEvent: 'deal_result',
  keepHandOrder: true,

  // A play after a finished trick begins the next one.
  startTrick(table) {
    table.phase = 'play';
    if (table.trickDone) {
      table.trick = [];
      table.trickDone = false;
      table.winning = null;
    }
  },

  // A ``trick`` event: the trick complete as the engine has it, its winner to lead.
  finishTrick(table, event) {
    table.trick = event.plays.map((play) => this.copyPlay(play));
    table.trickDone = true;
    table.winning = event.winner;
    table.tricks = event.number;
    table.turn = event.winner;
  },

  // The trick from the view: the one in progress with the seat winning it so far, else the
  // last one finished (once). Returns 'live', 'done', or null when neither was taken.
  syncTrick(table, view) {
    const trick = view.trick ?? [];
    if (trick.length) {
      table.trick = trick.map((play) => this.copyPlay(play));
      table.trickDone = false;
      table.winning = view.winning ?? null;
      return 'live';
    }
    if (!table.trickDone && view.last_trick) {
      table.trick = view.last_trick.plays.map((play) => this.copyPlay(play));
      table.trickDone = true;
      table.winning = view.last_trick.winner;
      return 'done';
    }
    return null;
  },

  topInfo() {
    return { label: '', cards: [] };
  },

  // The trick by seat in play order, the seat winning it (or that won it) marked.
  trickNode(table, i18n, name) {
    const { t } = i18n;
    const keys = this.trickKeys;
    const grid = span('tr-trick');
    grid.dataset.testid = `${this.trickTestid}-trick`;
    grid.dataset.done = String(table.trickDone);
    const title = table.trickDone
      ? t(`${keys}.trick_won`, { n: table.tricks })
      : t(`${keys}.trick_now`, { n: table.tricks + 1 });
    grid.append(span('tr-trick-title', title));
    if (!table.trick.length) {
      grid.append(span('tr-play', typeof table.turn === 'number' ? t('table.leads', { player: name(table.turn) }) : ''));
    }
    for (const play of table.trick) {
      const row = span('tr-play');
      row.dataset.testid = `${this.trickTestid}-play`;
      row.dataset.seat = String(play.seat);
      row.append(span('tr-who', name(play.seat)), chips(this.playCards(play)));
      if (play.seat === table.winning) {
        row.classList.add('is-winning');
        row.dataset.winning = 'true';
        row.append(span('tr-badge', t(table.trickDone ? `${keys}.won` : `${keys}.winning`)));
      }
      grid.append(row);
    }
    return grid;
  },

  scoreText(score) {
    return signed(score);
  },
};
