// Texts of the page language, handed over by the server in the page's JSON data block.
import { cardChip } from './cards.js';

const PLACEHOLDER = /\{(\w+)\}/g;

export function makeI18n(texts) {
  const raw = (key) => {
    const value = texts[key];
    if (value === undefined) return key;
    return Array.isArray(value) ? value.join(' ') : value;
  };

  // Plain text with {placeholders} filled in.
  const t = (key, params = {}) =>
    raw(key).replace(PLACEHOLDER, (match, name) => (name in params ? String(params[name]) : match));

  // A DocumentFragment: array parameters are cards (rendered as chips), nodes are kept.
  const fmt = (key, params = {}) => {
    const fragment = document.createDocumentFragment();
    const template = raw(key);
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

  const has = (key) => key in texts;
  return { t, fmt, has };
}
