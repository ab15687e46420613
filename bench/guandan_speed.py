"""Guandan speed: random deals per second and legal-play generation per call, beside the
Dou Dizhu figures measured in the same run.

Usage::

    .venv/bin/python bench/guandan_speed.py [--seconds S] [--hands N] [--calls C]

Single-threaded. Deals per second are wall time (``time.perf_counter``); the time of one
generation call is the thread's CPU time (``time.thread_time_ns``), so that the other jobs
of a shared machine, which preempt us for a few milliseconds at a time, do not make the
tail (p95) of sub-millisecond calls:

1. Random-playout full deals per second, for ``--seconds`` each (default 5): Guandan
   ``new_game('guandan', deals=1).new_state(seed=i)`` (the match's first deal, no
   tribute) and Dou Dizhu ``new_game('doudizhu').new_state(seed=i)`` (with its auction),
   then ``state.apply(rng.choice(state.legal_actions()))`` until ``state.is_over``.

2. Legal-play generation, p50 and p95 per call, on a pool of ``--hands`` random hands
   (default 300), each measured ``--calls`` times in all (default 1,200, the pool cycled).
   Guandan: 27-card hands holding both wild cards, the level drawn per hand (2 … A but
   not 5, 7 or 9, so that the tops hold no level card), a
   lead (the full list) and a follow against four tops (a single 7, a pair of 7s, a
   straight 5-9 of mixed suits, a four-card bomb of 9s), each timed for
   ``climbing.wild_plays(hand, rules, top)`` (combinations) and for
   ``state.legal_actions()`` (canonical strings, on a state where seat 3 has just made
   that play). Dou Dizhu: 20-card hands, ``climbing.plays(counts, rules, top)`` for a lead
   and the same four kinds of top.

Goal (issue 12): Guandan lead list < 5 ms p95, follow < 1 ms p95 (``legal_actions``).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from typing import Any

from _common import attempt, deals_per_second, load, machine, timed

LEAD_GOAL_MS = 5.0
FOLLOW_GOAL_MS = 1.0
SEED = 12
GD_TOPS = {
    "single": ["7S"],
    "pair": ["7S", "7D"],
    "straight": ["5S", "6D", "7C", "8S", "9D"],
    "bomb": ["9S", "9D", "9C", "9S"],
}
DDZ_TOPS = {
    "single": ["7S"],
    "pair": ["7S", "7D"],
    "straight": ["5S", "6D", "7C", "8S", "9D"],
    "bomb": ["9S", "9H", "9D", "9C"],
}


# --------------------------------------------------------------------------------------
# 1. Random playouts
# --------------------------------------------------------------------------------------


# --------------------------------------------------------------------------------------
# 2. Generation
# --------------------------------------------------------------------------------------


class GuandanCase:
    """A hand with both wilds, the rules of its level, and states ready to act on it."""

    def __init__(self, rng: random.Random, top: list[str] | None) -> None:
        import cardavia
        from cardavia.climbing import classify_printed
        from cardavia.games.guandan.rules import LEVEL_RANKS, pack_108, rules_at

        level = rng.choice([lv for lv in range(2, 15) if LEVEL_RANKS[lv] not in "579"])
        self.rules = rules_at(level)
        wild = self.rules.wild
        assert wild is not None
        pack = Counter(pack_108())
        pack -= Counter([wild, wild, *(top or [])])
        rest = list(pack.elements())
        rng.shuffle(rest)
        self.hand = [wild, wild, *rest[:25]]
        others = rest[25:]
        top_hand = [*(top or []), *others[: 27 - len(top or [])]]
        others = others[27 - len(top or []) :]
        hands = [self.hand, others[:27], others[27:54], top_hand]
        game = cardavia.new_game("guandan", deals=1)
        first = 3 if top else 0
        deal = {"hands": hands, "levels": [level, level], "first_leader": first}
        self.state = game.new_state(seed=1, deal=deal)
        self.top = None
        if top:
            self.state.apply("play " + " ".join(top))
            assert self.state.current_player == 0
            self.top = classify_printed(top, self.rules)[0]


def guandan_generation(hands: int, calls: int) -> dict[str, tuple[float, float, float]]:
    """Per situation: (wild_plays p50, p95, legal_actions p50, p95, mean list length)."""
    from cardavia.climbing import wild_plays

    results: dict[str, Any] = {}
    for label, top in [("lead", None), *GD_TOPS.items()]:
        rng = random.Random(SEED)
        pool = [GuandanCase(rng, top) for _ in range(hands)]
        combos = timed(calls, pool, lambda c: wild_plays(c.hand, c.rules, c.top))
        strings = timed(calls, pool, lambda c: c.state.legal_actions())
        length = sum(len(c.state.legal_actions()) for c in pool) / len(pool)
        results[label] = (*combos, *strings, length)
    return results


def doudizhu_generation(hands: int, calls: int) -> dict[str, tuple[float, float, float]]:
    from cardavia import climbing
    from cardavia.cards import pack_54
    from cardavia.games.doudizhu import RULES

    results: dict[str, Any] = {}
    for label, top in [("lead", None), *DDZ_TOPS.items()]:
        rng = random.Random(SEED)
        combo = None if top is None else climbing.classify(RULES.counts(top), RULES)
        pool = []
        for _ in range(hands):
            cards = [c for c in pack_54() if c not in (top or [])]
            pool.append(RULES.counts(rng.sample(cards, 20)))
        p50, p95 = timed(
            calls, pool, lambda counts, combo=combo: climbing.plays(counts, RULES, combo)
        )
        length = sum(len(climbing.plays(c, RULES, combo)) for c in pool) / len(pool)
        results[label] = (p50, p95, length)
    return results


# --------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per playout loop")
    parser.add_argument("--hands", type=int, default=300, help="hands per generation pool")
    parser.add_argument("--calls", type=int, default=1200, help="timed calls per figure")
    args = parser.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)
    s: float = args.seconds

    print("Guandan speed benchmark (beside Dou Dizhu, same run)")
    print(
        "rerun: .venv/bin/python bench/guandan_speed.py [--seconds S] [--hands N] [--calls C]"
        "  (or: make bench-guandan)"
    )
    print(f"machine: {machine()}; single-threaded; load {load()}")
    print(
        f"settings: {s:g} s per playout loop; {args.hands} hands per pool, "
        f"{args.calls} timed calls per figure"
    )
    print(f"goal: Guandan lead < {LEAD_GOAL_MS:g} ms p95, follow < {FOLLOW_GOAL_MS:g} ms p95")
    print()

    gd = attempt("Guandan deals", lambda: deals_per_second("guandan", s, SEED, deals=1))
    dd = attempt("Dou Dizhu deals", lambda: deals_per_second("doudizhu", s, SEED))
    print("1. Random-playout full deals per second")
    print(f"   {'game':<40} {'deals/s':>9} {'actions/deal':>13}")
    for name, res in (("Guandan (one deal, 4 seats)", gd), ("Dou Dizhu (with the auction)", dd)):
        if res is None:
            print(f"   {name:<40} {'n/a':>9}")
        else:
            print(f"   {name:<40} {res[0]:9,.1f} {res[1]:13.1f}")
    print()

    gg = attempt("Guandan generation", lambda: guandan_generation(args.hands, args.calls))
    dg = attempt("Dou Dizhu generation", lambda: doudizhu_generation(args.hands, args.calls))
    print("2. Legal-play generation per call, ms (p50 / p95); 'plays' = mean list length")
    print(
        f"   {'situation':<10} {'Guandan wild_plays':>19} {'Guandan legal_actions':>22}"
        f" {'plays':>6}   {'Dou Dizhu plays':>16} {'plays':>6}"
    )
    verdicts: list[str] = []
    for label in ("lead", *GD_TOPS):
        cells = []
        if gg is not None:
            c50, c95, s50, s95, n = gg[label]
            cells.append(f"{c50:8.3f} / {c95:7.3f} {s50:9.3f} / {s95:9.3f} {n:6.0f}")
            goal = LEAD_GOAL_MS if label == "lead" else FOLLOW_GOAL_MS
            met = "met" if s95 < goal else "NOT met"
            verdicts.append(f"{label} {s95:.2f} ms ({met})")
        else:
            cells.append(f"{'n/a':>49}")
        if dg is not None:
            d50, d95, dn = dg[label]
            cells.append(f"{d50:7.3f} / {d95:6.3f} {dn:6.0f}")
        else:
            cells.append(f"{'n/a':>23}")
        top = "lead" if label == "lead" else f"on {label}"
        print(f"   {top:<10} {cells[0]}   {cells[1]}")
    print()
    print("goal (legal_actions p95; lead < 5 ms, follow < 1 ms): " + "; ".join(verdicts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
