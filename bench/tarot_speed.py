"""French Tarot speed: random deals per second, ``sample_state`` per view and
``legal_actions`` per call, beside OpenSpiel's C++ Slovenian Tarok measured in the same run
when ``open_spiel`` is available.

Usage::

    .venv/bin/python bench/tarot_speed.py [--seconds S] [--views N] [--calls C]
        [--open-spiel-python PATH]

Single-threaded. Deals per second are wall time (``time.perf_counter``); the time of one
call is the thread's CPU time (``time.thread_time_ns``), so that the other jobs of a shared
machine do not make the tail (p95):

1. Random-playout full deals per second, for ``--seconds`` each (default 5): Tarot
   ``new_game('tarot', deals=1).new_state(seed=i)`` (one bid each, a passed-out deal dealt
   again, the écart as six ``discard`` actions, the chelem question, poignées offered in
   the first trick, 18 tricks, the score), then ``state.apply(rng.choice(
   state.legal_actions()))`` until ``state.is_over``.

   - **OpenSpiel** ``tarok(players=4)`` — Slovenian Tarok, the 54-card cousin (C++ driven
     from Python: chance nodes deal, then bidding, the king call, the talon and its
     exchange, announcements, tricks), the same random loop. Its actions per deal differ
     (a random bid often ends in a short contract such as klop or beggar), so actions per
     second are printed too. ``open_spiel`` is not a project dependency: it is measured
     live when ``pyspiel`` imports here or ``--open-spiel-python`` (env
     ``OPEN_SPIEL_PYTHON``) names an interpreter that has it (``python3 -m venv /tmp/os &&
     /tmp/os/bin/pip install open_spiel``); otherwise the report says it was not measured.

2. ``game.sample_state(view, rng)`` per call, p50 and p95, on ``--views`` views (default
   120) taken from random deals, ``--calls`` calls per figure (default 300, the pool
   cycled): a defender's view before the first card, in the middle of the deal (trick 9)
   and near its end (trick 16), and the taker's view in the middle.

3. ``state.legal_actions()`` per call, p50 and p95, ``--calls`` × 4 calls per figure: the
   auction, the taker's écart (24 cards), leading a trick and following one.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import Any

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
OPEN_SPIEL_GAME = "tarok(players=4)"


# --------------------------------------------------------------------------------------
# 2. and 3. Positions
# --------------------------------------------------------------------------------------


def _advance(state: Any, rng: random.Random, stop: Callable[[Any], bool]) -> bool:
    """Random moves until ``stop(state)``; False when the deal ended first."""
    while not state.is_over:
        if stop(state):
            return True
        state.apply(rng.choice(state.legal_actions()))
    return False


def _played(state: Any) -> int:
    view = state.view(0)
    return int(view["tricks_played"]) if view["phase"] == "play" else -1


def positions(count: int, stop: Callable[[Any], bool], seed: int) -> list[Any]:
    """``count`` states from random deals, each stopped where ``stop`` first holds."""
    import cardavia

    game = cardavia.new_game("tarot", deals=1)
    rng = random.Random(seed)
    pool: list[Any] = []
    deal = 0
    while len(pool) < count:
        deal += 1
        state = game.new_state(seed=deal)
        if _advance(state, rng, stop):
            pool.append(state)
    return pool


def _defender(state: Any) -> int:
    taker = state.view(0)["taker"]
    return next(seat for seat in range(4) if seat != taker)


SAMPLE_CASES: dict[str, tuple[Callable[[Any], bool], Callable[[Any], int]]] = {
    "defender, first card": (lambda s: _played(s) == 0, _defender),
    "defender, trick 9": (lambda s: _played(s) == 8, _defender),
    "defender, trick 16": (lambda s: _played(s) == 15, _defender),
    "taker, trick 9": (lambda s: _played(s) == 8, lambda s: int(s.view(0)["taker"])),
}


def sampling(views: int, calls: int) -> dict[str, tuple[float, float]]:
    """Per situation: sample_state p50 and p95 in ms."""
    results: dict[str, tuple[float, float]] = {}
    for index, (label, (stop, seat_of)) in enumerate(SAMPLE_CASES.items()):
        states = positions(views, stop, SEED + index)
        pool = [(state.game, state.view(seat_of(state))) for state in states]
        rng = random.Random(SEED)
        results[label] = timed(calls, pool, lambda item, r=rng: item[0].sample_state(item[1], r))
    return results


def _phase(name: str) -> Callable[[Any], bool]:
    return lambda state: bool(state.view(0)["phase"] == name)


def _in_trick(cards: int) -> Callable[[Any], bool]:
    return lambda state: _played(state) >= 1 and len(state.view(0)["trick"]) == cards


LEGAL_CASES: dict[str, Callable[[Any], bool]] = {
    "bidding": _phase("bidding"),
    "ecart, 24 cards": _phase("ecart"),
    "lead (trick 2+)": _in_trick(0),
    "follow, 2nd card": _in_trick(1),
}


def legal(views: int, calls: int) -> dict[str, tuple[float, float, float]]:
    """Per situation: legal_actions p50 and p95 in ms, and the mean list length."""
    results: dict[str, tuple[float, float, float]] = {}
    for index, (label, stop) in enumerate(LEGAL_CASES.items()):
        pool = positions(views, stop, SEED + 10 + index)
        p50, p95 = timed(calls, pool, lambda state: state.legal_actions())
        length = sum(len(state.legal_actions()) for state in pool) / len(pool)
        results[label] = (p50, p95, length)
    return results


# --------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------


def _playouts(s: float, python: str | None) -> str | None:
    rows: list[tuple[str, tuple[float, float] | None]] = [
        (
            "Cardavia tarot (one deal, 4 seats)",
            attempt("Tarot deals", lambda: deals_per_second("tarot", s, SEED, deals=1)),
        )
    ]
    where = open_spiel_available(python)
    if where is not None:
        measured = attempt("OpenSpiel tarok", lambda: open_spiel_rate(OPEN_SPIEL_GAME, s, python))
        rows.append(("OpenSpiel tarok(players=4) C++ via pyspiel", measured))
    not_measured = None
    if where is None:
        not_measured = (
            "OpenSpiel tarok: not installed — open_spiel is not in this Python (not a"
            " project dependency);"
        )
    print_playouts(rows, not_measured)
    return where


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per playout loop")
    parser.add_argument("--views", type=int, default=120, help="positions per pool")
    parser.add_argument("--calls", type=int, default=300, help="timed sample_state calls")
    add_open_spiel_option(parser)
    args = parser.parse_args(argv)
    line_buffered()

    print("French Tarot speed benchmark (beside OpenSpiel's C++ Slovenian Tarok, same run)")
    print(
        "rerun: .venv/bin/python bench/tarot_speed.py [--seconds S] [--views N] [--calls C]"
        " [--open-spiel-python PATH]  (or: make bench-tarot)"
    )
    print(f"machine: {machine()}; single-threaded; load {load()}")
    print(
        f"settings: {args.seconds:g} s per playout loop; {args.views} positions per pool, "
        f"{args.calls} timed sample_state calls and {args.calls * 4} legal_actions calls "
        "per figure"
    )
    print()
    _playouts(args.seconds, args.open_spiel_python)

    sampled = attempt("Tarot sample_state", lambda: sampling(args.views, args.calls))
    print("2. game.sample_state(view, rng) per call, ms (p50 / p95)")
    for label in SAMPLE_CASES:
        cell = "n/a" if sampled is None else "{:8.3f} / {:8.3f}".format(*sampled[label])
        print(f"   {label:<24} {cell}")
    print()

    listed = attempt("Tarot legal_actions", lambda: legal(args.views, args.calls * 4))
    print("3. state.legal_actions() per call, ms (p50 / p95); 'list' = mean list length")
    for label in LEGAL_CASES:
        if listed is None:
            print(f"   {label:<24} n/a")
            continue
        p50, p95, length = listed[label]
        print(f"   {label:<24} {p50:8.3f} / {p95:8.3f}   list {length:5.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
