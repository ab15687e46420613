// Texts of the page language, handed over by the server in the page's JSON data block.
//
// A text is a string, a list of strings (joined), or plural forms: an object keyed by the
// language's plural categories (Intl.PluralRules: "one", "few", "many", "other"), chosen
// by the ``count`` parameter ("other" when a category is missing).
import { cardChip } from './cards.js';

const PLACEHOLDER = /\{(\w+)\}/g;

export function makeI18n(texts, lang = 'en') {
  const plurals = new Intl.PluralRules(lang);
  const raw = (key, params = {}) => {
    const value = texts[key];
    if (value === undefined) return key;
    if (Array.isArray(value)) return value.join(' ');
    if (typeof value === 'object') {
      const count = Number(params.count);
      return value[plurals.select(Number.isFinite(count) ? count : 0)] ?? value.other ?? key;
    }
    return value;
  };

  // Plain text with {placeholders} filled in.
  const t = (key, params = {}) =>
    raw(key, params).replace(PLACEHOLDER, (match, name) => (name in params ? String(params[name]) : match));

  // A DocumentFragment: array parameters are cards (rendered as chips), nodes are kept.
  const fmt = (key, params = {}) => {
    const fragment = document.createDocumentFragment();
    const template = raw(key, params);
    let last = 0;
    for (const match of template.matchAll(PLACEHOLDER)) {
      fragment.append(template.slice(last, match.index));
      last = match.index + match[0].length;
      const value = params[match[1]];
      if (Array.isArray(value)) {
        value.forEach((card, index) => {
          if (index) fragment.append(' ');
          fragment.append(cardChip(card));
        });
      } else if (value instanceof Node) {
        fragment.append(value);
      } else {
        fragment.append(value === undefined ? match[0] : String(value));
      }
    }
    fragment.append(template.slice(last));
    return fragment;
  };

  // A sentence whose subject is a seat, written whole by the catalog in two forms so the
  // verb agrees: ``<key>.you`` for seat 0 (You) and ``<key>.other`` with {player}, here
  // ``player`` (the seat's name, a string or a node).
  const said = (key, seat, player, params = {}) => fmt(`${key}.${seat === 0 ? 'you' : 'other'}`, { ...params, player });

  const has = (key) => key in texts;
  return { t, fmt, said, has };
}
