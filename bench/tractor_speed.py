"""Tractor speed: random deals per second and follow generation per call, beside
OpenSpiel's C++ trick-taking games (Hearts, Spades) measured in the same run when
``open_spiel`` is available.

Usage::

    .venv/bin/python bench/tractor_speed.py [--seconds S] [--hands N] [--calls C]
        [--open-spiel-python PATH]

Single-threaded. Deals per second are wall time (``time.perf_counter``); the time of one
generation call is the thread's CPU time (``time.thread_time_ns``), so that the other jobs
of a shared machine do not make the tail (p95) of sub-millisecond calls:

1. Random-playout full deals per second, for ``--seconds`` each (default 5): Tractor
   ``new_game('tractor', deals=1).new_state(seed=i)`` (declaring, burying the kitty, 25
   tricks' worth of cards, the deal's result), then
   ``state.apply(rng.choice(state.legal_actions()))`` until ``state.is_over``. A follower
   plays one card per action (spec §6b) and the dealer buries one card per action, so the
   actions per deal (printed) count cards more than tricks; actions per second are
   printed too, the fairer figure beside games of 52 cards.

   - **OpenSpiel** ``hearts`` and ``spades`` (C++ games driven from Python: chance nodes
     deal, then Hearts' pass or Spades' bids, then 13 tricks), the same random loop.
     ``open_spiel`` is not a project dependency: it is measured live when ``pyspiel``
     imports here or ``--open-spiel-python`` (env ``OPEN_SPIEL_PYTHON``) names an
     interpreter that has it (``python3 -m venv /tmp/os && /tmp/os/bin/pip install
     open_spiel``); otherwise the report says it was not measured.

2. Generation per call, p50 and p95, on a pool of ``--hands`` random deals (default 300),
   each figure ``--calls`` calls in all (default 1,200, the pool cycled). Hearts are trump
   at a level drawn per deal; Bot 3 deals, buries eight cards at random and leads; seat 0
   (25 cards) is to follow:

   - following a **pair** (Bot 3's lowest pair in a plain suit) and a **tractor** of two
     pairs (its first plain-suit tractor, else a trump one): ``tricks.follow_choices(hand,
     [], lead, rules)`` (the cards that can start a legal follow) and
     ``state.legal_actions()`` (the same as canonical strings);
   - for scale, the **lead** list of a 25-card hand: ``tricks.lead_combinations``.
"""

from __future__ import annotations

import argparse
import random
import sys

from _common import (
    add_open_spiel_option,
    attempt,
    deals_per_second,
    line_buffered,
    load,
    machine,
    open_spiel_available,
    open_spiel_rate,
    print_playouts,
    timed,
)

SEED = 14
OPEN_SPIEL_GAMES = ("hearts", "spades")


# --------------------------------------------------------------------------------------
# 2. Generation
# --------------------------------------------------------------------------------------


class FollowCase:
    """A deal where Bot 3 has led ``kind`` ("pair" or "tractor") and seat 0 follows."""

    def __init__(self, rng: random.Random, kind: str, seed: int) -> None:
        import cardavia
        from cardavia import tricks
        from cardavia.games.tractor.rules import card_rules

        level = rng.randrange(2, 15)
        game = cardavia.new_game("tractor", deals=1)
        deal = {"dealer": 3, "trump": "H", "levels": [level, level]}
        self.state = game.new_state(seed=seed, deal=deal)
        self.rules = card_rules(level, "H")
        while self.state.view(3)["phase"] == "bury":
            self.state.apply(rng.choice(self.state.legal_actions()))
        leads = [
            cards
            for cards in tricks.lead_combinations(self.state.view(3)["hand"], self.rules)
            if (len(cards) == 2 if kind == "pair" else len(cards) == 4)
        ]
        if not leads:
            raise LookupError("no such lead")
        plain = [cards for cards in leads if self.rules.suit_of(cards[0]) != "T"]
        self.lead = (plain or leads)[-1 if kind == "pair" else 0]
        self.state.apply("play " + " ".join(self.lead))
        assert self.state.current_player == 0
        self.hand = list(self.state.view(0)["hand"])


def follow_pool(kind: str, hands: int) -> list[FollowCase]:
    rng = random.Random(SEED)
    pool: list[FollowCase] = []
    seed = 0
    while len(pool) < hands:
        seed += 1
        try:
            pool.append(FollowCase(rng, kind, seed))
        except LookupError:
            continue  # Bot 3 holds no tractor this time
    return pool


def generation(hands: int, calls: int) -> dict[str, tuple[float, ...]]:
    """Per situation: (generator p50, p95, legal_actions p50, p95, mean list length)."""
    from cardavia import tricks

    results: dict[str, tuple[float, ...]] = {}
    for kind in ("pair", "tractor"):
        pool = follow_pool(kind, hands)
        raw = timed(calls, pool, lambda c: tricks.follow_choices(c.hand, [], c.lead, c.rules))
        strings = timed(calls, pool, lambda c: c.state.legal_actions())
        length = sum(len(c.state.legal_actions()) for c in pool) / len(pool)
        results[kind] = (*raw, *strings, length)
    pool = follow_pool("pair", hands)
    lead = timed(calls, pool, lambda c: tricks.lead_combinations(c.hand, c.rules))
    length = sum(len(tricks.lead_combinations(c.hand, c.rules)) for c in pool) / len(pool)
    results["lead"] = (*lead, float("nan"), float("nan"), length)
    return results


# --------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per playout loop")
    parser.add_argument("--hands", type=int, default=300, help="deals per generation pool")
    parser.add_argument("--calls", type=int, default=1200, help="timed calls per figure")
    add_open_spiel_option(parser)
    args = parser.parse_args(argv)
    line_buffered()
    s: float = args.seconds

    print("Tractor speed benchmark (beside OpenSpiel's C++ Hearts and Spades, same run)")
    print(
        "rerun: .venv/bin/python bench/tractor_speed.py [--seconds S] [--hands N] [--calls C]"
        " [--open-spiel-python PATH]  (or: make bench-tractor)"
    )
    print(f"machine: {machine()}; single-threaded; load {load()}")
    print(
        f"settings: {s:g} s per playout loop; {args.hands} deals per pool, "
        f"{args.calls} timed calls per figure"
    )
    print()

    rows: list[tuple[str, tuple[float, float] | None]] = []
    rows.append(
        (
            "Cardavia tractor (one deal, 4 seats)",
            attempt("Tractor deals", lambda: deals_per_second("tractor", s, SEED, deals=1)),
        )
    )
    where = open_spiel_available(args.open_spiel_python)
    if where is not None:
        for name in OPEN_SPIEL_GAMES:
            measured = attempt(
                f"OpenSpiel {name}", lambda n=name: open_spiel_rate(n, s, args.open_spiel_python)
            )
            rows.append((f"OpenSpiel {name} C++ via pyspiel (live)", measured))
    not_measured = None
    if where is None:
        not_measured = (
            "OpenSpiel hearts / spades: not measured — open_spiel is not installed in this"
            " Python (not a project dependency);"
        )
    print_playouts(rows, not_measured)

    gen = attempt("Tractor generation", lambda: generation(args.hands, args.calls))
    print("2. Generation per call, ms (p50 / p95); 'list' = mean list length")
    print(
        f"   {'situation':<22} {'tricks.* generator':>20} {'state.legal_actions':>22} {'list':>6}"
    )
    labels = {
        "pair": ("follow a pair", "follow_choices"),
        "tractor": ("follow a tractor (2p)", "follow_choices"),
        "lead": ("lead, 25 cards", "lead_combinations"),
    }
    for key, (label, _) in labels.items():
        if gen is None:
            print(f"   {label:<22} {'n/a':>20}")
            continue
        g50, g95, s50, s95, n = gen[key]
        state_cells = f"{'-':>22}" if s50 != s50 else f"{s50:10.3f} / {s95:9.3f}"
        print(f"   {label:<22} {g50:8.3f} / {g95:9.3f} {state_cells} {n:6.1f}")
    print("   (generators: tricks.follow_choices(hand, [], lead, rules) and")
    print("    tricks.lead_combinations(hand, rules); legal_actions on the state to act)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
