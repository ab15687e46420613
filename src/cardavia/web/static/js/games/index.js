// Per-game adapters. A game without one gets the generic table (hand + legal actions).
const ADAPTERS = {
  doudizhu: () => import('./doudizhu.js'),
  runfast: () => import('./runfast.js'),
  guandan: () => import('./guandan.js'),
  tractor: () => import('./tractor.js'),
  holdem: () => import('./holdem.js'),
  onepoker: () => import('./onepoker.js'),
  bridge: () => import('./bridge.js'),
  tarot: () => import('./tarot.js'),
};

export async function loadAdapter(game) {
  const load = ADAPTERS[game] ?? (() => import('./generic.js'));
  const module = await load();
  return module.default;
}
