// Dou Dizhu: the auction (bid 1-3 or pass), the landlord and the public bottom cards.
import { climbing } from './climbing.js';

export default {
  ...climbing,
  game: 'doudizhu',
  handSize: 17,
  hasAuction: true,

  initialTable(players) {
    return { ...climbing.initialTable.call(this, players), phase: 'auction', bid: 0, landlord: null, bottom: null };
  },

  applyEvent(table, event) {
    switch (event.type) {
      case 'bid':
        table.bid = Number(event.action.split(' ')[1]);
        table.last = { ...table.last, [event.seat]: { kind: 'bid', bid: table.bid } };
        table.turn = (event.seat + 1) % table.players;
        break;
      case 'void_deal':
        table.last = {};
        break;
      case 'landlord':
        table.phase = 'play';
        table.landlord = event.seat;
        table.bid = event.bid;
        table.bottom = event.bottom;
        table.sizes[event.seat] += event.bottom.length;
        table.last = {};
        table.turn = event.seat;
        break;
      default:
        climbing.applyEvent.call(this, table, event);
    }
  },

  syncTable(table, view) {
    climbing.syncTable.call(this, table, view);
    table.phase = view.phase === 'auction' ? 'auction' : 'play';
    table.landlord = view.landlord ?? null;
    table.bottom = view.bottom ?? null;
    table.bid = view.bid ?? 0;
    table.bombs = view.bombs ?? table.bombs;
  },

  roles(table) {
    if (table.landlord === null || table.landlord === undefined) return [];
    return Array.from({ length: table.players }, (_, seat) => (seat === table.landlord ? 'landlord' : 'farmer'));
  },

  describeEvent(event, context) {
    const { i18n, say } = context;
    switch (event.type) {
      case 'bid':
        return { seat: event.seat, content: say('event.bid', event.seat, { bid: event.action.split(' ')[1] }) };
      case 'void_deal':
        return { seat: null, content: i18n.t('event.void_deal'), kind: 'deal' };
      case 'landlord':
        return { seat: event.seat, content: say('event.landlord', event.seat, { bid: event.bid, cards: event.bottom }) };
      default:
        return climbing.describeEvent.call(this, event, context);
    }
  },

  centreInfo(table, { i18n }) {
    if (table.phase === 'auction') {
      return table.bid ? i18n.t('table.current_bid', { bid: table.bid }) : i18n.t('table.no_bid');
    }
    return `${i18n.t('table.current_bid', { bid: table.bid })} · ${i18n.t('table.multiplier', { n: 2 ** table.bombs })}`;
  },

  resultHeadline(event, { i18n, name, table }) {
    if (event.landlord_won) return i18n.t('event.result.landlord', { player: name(event.winner) });
    return i18n.t('event.result.farmers', { player: name(table?.landlord ?? 0) });
  },

  resultBreakdown(event, { i18n }) {
    const b = event.breakdown;
    const lines = [i18n.t('result.bid', { bid: b.bid }), i18n.t('result.bombs', { n: b.bombs })];
    if (b.spring) lines.push(i18n.t('result.spring'));
    if (b.reverse_spring) lines.push(i18n.t('result.reverse_spring'));
    lines.push(i18n.t('result.multiplier', { n: b.multiplier }), i18n.t('result.unit', { unit: b.unit }));
    return lines;
  },
};
