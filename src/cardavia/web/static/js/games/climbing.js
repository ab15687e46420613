// Shared by the climbing games (Dou Dizhu, Run Fast; later Guandan): suits never matter
// for equivalent plays, so a selection matches a legal play by its multiset of ranks.
import { rankOf } from '../cards.js';
import { actionCards, base } from './base.js';

export const rankKey = (cards) => cards.map(rankOf).sort().join(' ');

export const climbing = {
  ...base,

  applyEvent(table, event) {
    const next = (seat) => (seat + 1) % table.players;
    switch (event.type) {
      case 'deal': {
        Object.assign(table, this.initialTable(table.players));
        table.turn = event.first_bidder ?? event.opener ?? null;
        break;
      }
      case 'pass':
        table.last = { ...table.last, [event.seat]: { kind: 'pass' } };
        table.turn = next(event.seat);
        break;
      case 'play':
        table.top = { seat: event.seat, cards: event.cards, kind: event.kind };
        table.sizes[event.seat] = event.left;
        table.last = { ...table.last, [event.seat]: { kind: 'play', cards: event.cards } };
        table.turn = next(event.seat);
        table.plays += 1;
        if (this.bombKinds.includes(event.kind)) table.bombs += 1;
        break;
      case 'round_end':
        table.top = null;
        table.last = {};
        table.turn = event.leader;
        break;
      case 'result':
        table.over = true;
        table.turn = null;
        break;
      default:
        break;
    }
  },

  initialTable(players) {
    return { ...base.initialTable.call(this, players), plays: 0, bombs: 0 };
  },

  bombKinds: ['bomb', 'rocket', 'ace_bomb', 'sky_bomb'],

  matches(selected, action) {
    return rankKey(selected) === rankKey(actionCards(action));
  },

  describeEvent(event, context) {
    const { i18n, name, say, table } = context;
    const { t, fmt } = i18n;
    switch (event.type) {
      case 'deal': {
        const first = event.first_bidder ?? event.opener;
        const key = i18n.has(`event.deal.${this.game}`) ? `event.deal.${this.game}` : 'event.deal.other';
        return { seat: null, content: fmt(key, { player: name(first) }), kind: 'deal' };
      }
      case 'pass':
        return { seat: event.seat, content: say(table.phase === 'auction' ? 'event.pass_bid' : 'event.pass', event.seat) };
      case 'play': {
        const content = say('event.play', event.seat, { kind: t(`kind.${event.kind}`), cards: event.cards });
        if (event.left > 0 && event.left <= 2) content.append(' — ', t('event.left', { count: event.left }));
        return { seat: event.seat, content };
      }
      case 'round_end':
        return { seat: null, content: t('event.round_end', { player: name(event.leader) }), kind: 'round' };
      case 'result':
        return {
          seat: null,
          kind: 'result',
          content: `${this.resultHeadline(event, { i18n, name, table })} — ${t('event.scores', {
            scores: event.scores.map((score, seat) => `${name(seat)} ${signed(score)}`).join(', '),
          })}`,
        };
      default:
        return base.describeEvent.call(this, event, context);
    }
  },

  topInfo(table, { i18n, name }) {
    if (table.top) return { label: i18n.t('table.top_play', { player: name(table.top.seat) }), cards: table.top.cards };
    if (table.turn === null) return { label: '', cards: [] };
    return { label: `${i18n.t('table.table_empty')} ${i18n.t('table.leads', { player: name(table.turn) })}`, cards: [] };
  },
};

export const signed = (value) => (value > 0 ? `+${value}` : value < 0 ? `−${-value}` : '0');
