// Run Fast 48 (Zheng Shangyou): the 3♥ opens, you must beat the table when you can,
// a response bomb that stands earns a bonus.
import { actionCards } from './base.js';
import { climbing, rankKey, signed } from './climbing.js';

const OPENING_CARD = '3H';

export default {
  ...climbing,
  game: 'runfast',
  handSize: 16,

  matches(selected, action, view) {
    if (rankKey(selected) !== rankKey(actionCards(action))) return false;
    const opening = (view.plays_made ?? []).every((count) => count === 0);
    return !(opening && actionCards(action).includes(OPENING_CARD) && !selected.includes(OPENING_CARD));
  },

  describeEvent(event, context) {
    const { name, say } = context;
    if (event.type === 'bonus') {
      const amounts = event.amounts.map((amount, seat) => `${name(seat)} ${signed(amount)}`).join(', ');
      return { seat: event.seat, content: say('event.bonus', event.seat, { amounts }) };
    }
    return climbing.describeEvent.call(this, event, context);
  },

  selectionNotice(view, table, { i18n }) {
    if (view.current_player !== 0) return null;
    const legal = view.legal_actions ?? [];
    if ((view.plays_made ?? []).every((count) => count === 0) && view.hand.includes(OPENING_CARD)) {
      return i18n.t('msg.opening_3h');
    }
    if (table.top && !legal.includes('pass')) return i18n.t('msg.must_beat');
    return null;
  },

  resultHeadline(event, { i18n, name }) {
    return i18n.t('event.result.winner', { player: name(event.winner) });
  },

  resultBreakdown(event, { i18n, name }) {
    const { penalties, bonuses } = event.breakdown;
    const lines = Object.entries(penalties).map(([seat, p]) => {
      const parts = [i18n.t('result.penalty.cards', { count: p.cards })];
      if (p.doubled) parts.push(i18n.t('result.penalty.doubled'));
      if (p.two_of_spades) parts.push(i18n.t('result.penalty.two_of_spades'));
      if (p.bombs) parts.push(i18n.t('result.penalty.bombs', { n: p.bombs }));
      return i18n.said('result.penalty', Number(seat), name(Number(seat)), { total: p.total, details: parts.join(', ') });
    });
    if (bonuses.some((amount) => amount !== 0)) {
      lines.push(
        i18n.t('result.bonuses', {
          list: bonuses.map((amount, seat) => `${name(seat)} ${signed(amount)}`).join(', '),
        }),
      );
    }
    return lines;
  },
};
