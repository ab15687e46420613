"""Dou Dizhu speed: Cardavia against DouZero, rlcard and OpenSpiel, measured in one run.

Usage::

    .venv/bin/python bench/doudizhu_speed.py [--seconds S] [--open-spiel-python PATH]

Two figures, each measured for a fixed wall time per engine (default 5 s) with
``time.perf_counter``, single-threaded:

1. Random-playout deals per second: deal, play to the end with uniformly random legal
   actions, repeat.

   - **DouZero GameEnv** (``douzero.env.game.GameEnv`` with three random players). This is
     DouZero's rules engine: on every step it generates the legal moves and builds (and
     deep-copies) the acting player's info set; nothing else. It is the fair reference for
     a rules engine, and the one the goal is measured against.
   - **DouZero Env** (``douzero.env.env.Env``): the gym-style wrapper DouZero trains with;
     it also encodes every observation into numpy feature arrays.
   - **rlcard** ``rlcard.make('doudizhu')`` with ``RandomAgent`` s and ``env.run``; it also
     encodes observations.
   - **OpenSpiel** ``dou_dizhu`` (C++ game driven from Python; chance nodes deal the cards,
     then the auction, then play). ``open_spiel`` is not a project dependency: it is
     measured live when ``pyspiel`` imports here or ``--open-spiel-python`` names an
     interpreter that has it (``python3 -m venv /tmp/os && /tmp/os/bin/pip install
     open_spiel``); otherwise a fixed figure measured elsewhere is shown.
   - **Cardavia**: ``cardavia.new_game('doudizhu').new_state(seed=i)``, then
     ``state.apply(rng.choice(state.legal_actions()))`` until ``state.is_over``. This
     includes Cardavia's auction, which DouZero and rlcard do not play (their landlord is
     fixed by the deal).

2. Lead generation per second for 20-card hands: DouZero's
   ``MovesGener(hand).gen_moves()`` against Cardavia's ``plays_for(hand, None)``, on the
   same pool of random 20-card hands (cycled; each call starts from the raw hand, nothing
   is cached between calls). The average number of moves per hand is printed so that the
   two outputs can be compared: DouZero's list has duplicates and a few leads that
   spec/doudizhu.md forbids (see tests/test_doudizhu_oracle.py).

Goal: Cardavia at least 3x DouZero (GameEnv) on both figures.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from _common import attempt, machine, open_spiel_deals

GOAL = 3.0
HAND_POOL = 2000
OPEN_SPIEL_REFERENCE = 1200.0  # deals/s, C++ dou_dizhu, measured elsewhere

DZ_DECK = [r for r in range(3, 15) for _ in range(4)] + [17] * 4 + [20, 30]
RANKS = "3456789TJQKA2"
DZ_TO_CARD = {v: r for v, r in zip([*range(3, 15), 17], RANKS, strict=True)}


# --------------------------------------------------------------------------------------
# Measurement
# --------------------------------------------------------------------------------------


class Result:
    def __init__(self, count: int, elapsed: float, extra: dict[str, float] | None = None):
        self.count = count
        self.elapsed = elapsed
        self.rate = count / elapsed
        self.extra = extra or {}


def run_for(seconds: float, once: Callable[[int], object], batch: int = 1) -> tuple[int, float]:
    """Call ``once(i)`` for i = 0, 1, … until ``seconds`` have passed (checked every batch)."""
    i = 0
    start = time.perf_counter()
    while True:
        for _ in range(batch):
            once(i)
            i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return i, elapsed


# --------------------------------------------------------------------------------------
# 1. Random playouts
# --------------------------------------------------------------------------------------


def douzero_gameenv_deals(seconds: float) -> Result:
    from douzero.env.game import GameEnv

    rng = random.Random(1)

    class RandomPlayer:
        def act(self, infoset: Any) -> list[int]:
            moves: list[list[int]] = infoset.legal_actions
            return rng.choice(moves)

    player = RandomPlayer()
    env = GameEnv({"landlord": player, "landlord_up": player, "landlord_down": player})
    steps = 0

    def deal(_: int) -> None:
        nonlocal steps
        deck = DZ_DECK.copy()
        rng.shuffle(deck)
        env.reset()
        env.card_play_init(
            {
                "landlord": sorted(deck[:20]),
                "landlord_up": sorted(deck[20:37]),
                "landlord_down": sorted(deck[37:54]),
                "three_landlord_cards": sorted(deck[17:20]),
            }
        )
        while not env.game_over:
            env.step()
        steps += len(env.card_play_action_seq)

    n, el = run_for(seconds, deal)
    return Result(n, el, {"actions/deal": steps / n})


def douzero_env_deals(seconds: float) -> Result:
    import numpy as np
    from douzero.env.env import Env

    np.random.seed(2)
    rng = random.Random(2)
    env = Env("adp")
    steps = 0

    def deal(_: int) -> None:
        nonlocal steps
        env.reset()
        done = False
        while not done:
            _, _, done, _ = env.step(rng.choice(env.infoset.legal_actions))
            steps += 1

    n, el = run_for(seconds, deal)
    return Result(n, el, {"actions/deal": steps / n})


def rlcard_deals(seconds: float) -> Result:
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("doudizhu", config={"seed": 3})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    steps = 0

    def deal(_: int) -> None:
        nonlocal steps
        trajectories, _ = env.run(is_training=False)
        steps += sum((len(t) - 1) // 2 for t in trajectories)

    n, el = run_for(seconds, deal)
    return Result(n, el, {"actions/deal": steps / n})


def open_spiel_result(seconds: float, python: str | None) -> Result | None:
    """Live OpenSpiel ``dou_dizhu``, or None when pyspiel is not available."""
    measured = open_spiel_deals("dou_dizhu", seconds, python)
    if measured is None:
        return None
    n, el, per = measured
    return Result(n, el, {"actions/deal": per})


def cardavia_deals(seconds: float) -> Result:
    import cardavia

    game = cardavia.new_game("doudizhu")
    rng = random.Random(5)
    steps = 0

    def deal(i: int) -> None:
        nonlocal steps
        state = game.new_state(seed=i)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1

    n, el = run_for(seconds, deal)
    return Result(n, el, {"actions/deal": steps / n})


# --------------------------------------------------------------------------------------
# 2. Lead generation
# --------------------------------------------------------------------------------------


def hand_pool(size: int) -> list[list[int]]:
    rng = random.Random(6)
    pool: set[tuple[int, ...]] = set()
    while len(pool) < size:
        pool.add(tuple(sorted(rng.sample(DZ_DECK, 20))))
    return [list(h) for h in sorted(pool)]


def to_cards(hand: list[int]) -> list[str]:
    """DouZero ints to Cardavia cards (suits assigned in order; they never matter)."""
    cards: list[str] = []
    seen: dict[int, int] = {}
    for v in hand:
        if v == 20:
            cards.append("BJ")
        elif v == 30:
            cards.append("RJ")
        else:
            k = seen.get(v, 0)
            seen[v] = k + 1
            cards.append(DZ_TO_CARD[v] + "SHDC"[k])
    return cards


def douzero_leads(seconds: float, hands: list[list[int]]) -> Result:
    from douzero.env.move_generator import MovesGener

    raw = sum(len(MovesGener(list(h)).gen_moves()) for h in hands) / len(hands)
    distinct = sum(
        len({tuple(sorted(m)) for m in MovesGener(list(h)).gen_moves()}) for h in hands
    ) / len(hands)
    m = len(hands)

    def once(i: int) -> None:  # MovesGener never modifies the hand it is given
        MovesGener(hands[i % m]).gen_moves()

    n, el = run_for(seconds, once, batch=50)
    return Result(n, el, {"moves/hand": raw, "distinct/hand": distinct})


def cardavia_leads(seconds: float, hands: list[list[int]]) -> Result:
    from cardavia.games.doudizhu import plays_for

    card_hands = [to_cards(h) for h in hands]
    m = len(card_hands)
    average = sum(len(plays_for(h, None)) for h in card_hands) / m

    def once(i: int) -> None:
        plays_for(card_hands[i % m], None)

    n, el = run_for(seconds, once, batch=50)
    return Result(n, el, {"moves/hand": average, "distinct/hand": average})


# --------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per measured loop")
    parser.add_argument(
        "--open-spiel-python",
        default=os.environ.get("OPEN_SPIEL_PYTHON"),
        help="a Python interpreter with open_spiel installed (env OPEN_SPIEL_PYTHON)",
    )
    args = parser.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):  # keep the report and the progress lines in order
        sys.stdout.reconfigure(line_buffering=True)
    s: float = args.seconds

    print("Dou Dizhu speed benchmark (Cardavia vs DouZero, rlcard, OpenSpiel)")
    print("rerun: .venv/bin/python bench/doudizhu_speed.py [--seconds S]")
    print(f"machine: {machine()}; single-threaded; {s:g} s per loop")
    print(f"goal: Cardavia >= {GOAL:g}x DouZero on both figures")
    print()

    dz = attempt("DouZero GameEnv", lambda: douzero_gameenv_deals(s))
    dz_env = attempt("DouZero Env", lambda: douzero_env_deals(s))
    rl = attempt("rlcard", lambda: rlcard_deals(s))
    osp = attempt("OpenSpiel", lambda: open_spiel_result(s, args.open_spiel_python))
    cv = attempt("Cardavia", lambda: cardavia_deals(s))

    print("1. Random-playout full deals per second")
    print(f"   {'engine':<52} {'deals/s':>9} {'actions/deal':>13} {'Cardavia / it':>14}")
    rows: list[tuple[str, float | None, float | None]] = [
        ("DouZero GameEnv, random players (goal reference)", *_fig(dz)),
        ("DouZero Env (gym wrapper, + numpy observations)", *_fig(dz_env)),
        ("rlcard env.run, RandomAgent (+ observations)", *_fig(rl)),
    ]
    if osp is not None:
        rows.append(("OpenSpiel dou_dizhu C++ via pyspiel (live)", *_fig(osp)))
    else:
        name = "OpenSpiel C++ dou_dizhu (fixed, measured elsewhere)"
        rows.append((name, OPEN_SPIEL_REFERENCE, None))
    rows.append(("Cardavia (includes the auction)", *_fig(cv)))
    for name, rate, per in rows:
        _row(name, rate, per, cv.rate if cv else None)
    print()

    hands = hand_pool(HAND_POOL)
    dz_l = attempt("DouZero MovesGener", lambda: douzero_leads(s, hands))
    cv_l = attempt("Cardavia plays_for", lambda: cardavia_leads(s, hands))
    print(f"2. Lead generation, {HAND_POOL} random 20-card hands cycled (calls/s)")
    header = f"   {'generator':<52} {'hands/s':>9} {'moves/hand':>11} {'distinct':>9}"
    print(f"{header} {'Cardavia / it':>14}")
    for name, res in (
        ("DouZero MovesGener(hand).gen_moves()", dz_l),
        ("Cardavia plays_for(hand, None)", cv_l),
    ):
        if res is None:
            print(f"   {name:<52} {'n/a':>9}")
            continue
        ratio = f"{cv_l.rate / res.rate:13.2f}x" if cv_l else f"{'n/a':>14}"
        print(
            f"   {name:<52} {res.rate:9,.0f} {res.extra['moves/hand']:11.1f}"
            f" {res.extra['distinct/hand']:9.1f} {ratio}"
        )
    print()

    verdicts = []
    for label, ours, theirs in (("deals", cv, dz), ("leads", cv_l, dz_l)):
        if ours is None or theirs is None:
            verdicts.append(f"{label}: n/a")
        else:
            times = ours.rate / theirs.rate
            met = "met" if times >= GOAL else "NOT met"
            verdicts.append(f"{label}: {times:.2f}x ({met})")
    print(f"goal (>= {GOAL:g}x DouZero): " + "; ".join(verdicts))
    return 0


def _fig(res: Result | None) -> tuple[float | None, float | None]:
    if res is None:
        return None, None
    return res.rate, res.extra.get("actions/deal")


def _row(name: str, rate: float | None, per: float | None, ours: float | None) -> None:
    rate_s = f"{rate:9,.0f}" if rate is not None else f"{'n/a':>9}"
    per_s = f"{per:13.1f}" if per is not None else f"{'-':>13}"
    ratio_s = f"{ours / rate:13.2f}x" if ours is not None and rate else f"{'n/a':>14}"
    print(f"   {name:<52} {rate_s} {per_s} {ratio_s}")


if __name__ == "__main__":
    sys.exit(main())
