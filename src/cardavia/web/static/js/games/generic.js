// Fallback for a game whose table has no adapter yet: the hand, the legal actions as
// buttons, records as the engine writes them.
import { base } from './base.js';

export default { ...base, generic: true };
