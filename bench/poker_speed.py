"""Poker speed: Cardavia's hand evaluator and hold'em engine against treys, phevaluator,
eval7 and pokerkit, measured in one run.

Usage::

    .venv/bin/python bench/poker_speed.py [--seconds S] [--hands N]

Two figures, single-threaded, timed with ``time.perf_counter``:

1. Seven-card evaluations per second, every library on the same pool of ``--hands``
   random seven-card hands (default 100,000), each converted beforehand into that library's
   own card objects so that only evaluation is timed. Each library passes over the pool
   repeatedly until ``--seconds`` have gone by (at least one pass).

   - **Cardavia** ``evaluate_indices(a, …, g)`` on card indices (the fast path), and
     ``evaluate(cards)`` on a list of card strings (the convenient path, which also checks
     its input).
   - **phevaluator** ``evaluate_cards(a, …, g)`` on its integer card ids (pure Python
     perfect-hash tables).
   - **treys** ``Evaluator().evaluate(board, hole)`` on its integer cards (pure Python).
   - **eval7** ``eval7.evaluate(cards)`` on ``eval7.Card`` objects (a C extension).
   - **pokerkit** ``StandardHighHand.from_game(hole, board)`` on ``Card`` objects; it tries
     the 21 five-card subsets and is slow, so it gets only the first 2,000 hands.

2. Random whole hands per second: four-player no-limit hold'em, stacks 1000, blinds 10/20,
   random cards, every decision a uniformly random legal action, until the hand is over.

   - **Cardavia** ``cardavia.new_game('holdem', hands=1).new_state(seed=i)``, then
     ``state.apply(rng.choice(state.legal_actions()))`` until ``state.is_over``. Skipped,
     with a message, while the ``holdem`` game is not registered.
   - **pokerkit** ``NoLimitTexasHoldem.create_state`` with every automation (blinds, dealing
     from its shuffled deck, showdown, pots); each decision picks uniformly among fold,
     check_or_call and complete_bet_or_raise_to (those allowed), a raise going to a uniform
     amount between the minimum and the maximum.

   The two engines' random players differ (Cardavia's list holds one string per bet size,
   pokerkit's choice is by kind), so the hands differ in length: actions per hand is shown.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from _common import attempt, cpu_model

POKERKIT_HANDS = 2000  # pokerkit is about 300x slower: fewer hands keep the run short
SEED = 11


# --------------------------------------------------------------------------------------
# Measurement
# --------------------------------------------------------------------------------------


class Result:
    def __init__(self, count: int, elapsed: float, extra: dict[str, float] | None = None):
        self.count = count
        self.elapsed = elapsed
        self.rate = count / elapsed
        self.extra = extra or {}


def passes_for(seconds: float, one_pass: Callable[[], int]) -> Result:
    """Repeat ``one_pass`` (which returns how many evaluations it made) for ``seconds``."""
    count = 0
    start = time.perf_counter()
    while True:
        count += one_pass()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return Result(count, elapsed)


def run_for(seconds: float, once: Callable[[int], int]) -> Result:
    """Call ``once(i)`` (returning the actions it took) for i = 0, 1, … for ``seconds``."""
    i = steps = 0
    start = time.perf_counter()
    while True:
        steps += once(i)
        i += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return Result(i, elapsed, {"actions/hand": steps / i})


# --------------------------------------------------------------------------------------
# 1. Seven-card evaluation
# --------------------------------------------------------------------------------------


def hand_pool(size: int) -> list[list[str]]:
    """Random seven-card hands as Cardavia strings; the first two are the hole cards."""
    from cardavia.poker import INDEX_CARD

    rng = random.Random(SEED)
    return [rng.sample(INDEX_CARD, 7) for _ in range(size)]


def pokerkit_style(card: str) -> str:
    return card[0] + card[1].lower()  # "AH" -> "Ah" (treys, phevaluator, eval7, pokerkit)


def cardavia_indices(seconds: float, hands: list[list[str]]) -> Result:
    from cardavia.poker import CARD_INDEX, evaluate_indices

    pool = [tuple(CARD_INDEX[c] for c in hand) for hand in hands]

    def one_pass() -> int:
        ev = evaluate_indices
        for a, b, c, d, e, f, g in pool:
            ev(a, b, c, d, e, f, g)
        return len(pool)

    return passes_for(seconds, one_pass)


def cardavia_strings(seconds: float, hands: list[list[str]]) -> Result:
    from cardavia.poker import evaluate

    def one_pass() -> int:
        ev = evaluate
        for hand in hands:
            ev(hand)
        return len(hands)

    return passes_for(seconds, one_pass)


def phevaluator_cards(seconds: float, hands: list[list[str]]) -> Result:
    from phevaluator import Card, evaluate_cards

    pool = [tuple(Card(pokerkit_style(c)).id_ for c in hand) for hand in hands]

    def one_pass() -> int:
        ev = evaluate_cards
        for a, b, c, d, e, f, g in pool:
            ev(a, b, c, d, e, f, g)
        return len(pool)

    return passes_for(seconds, one_pass)


def treys_cards(seconds: float, hands: list[list[str]]) -> Result:
    from treys import Card, Evaluator

    evaluator = Evaluator()
    pool = [
        (
            [Card.new(pokerkit_style(c)) for c in hand[2:]],
            [Card.new(pokerkit_style(c)) for c in hand[:2]],
        )
        for hand in hands
    ]

    def one_pass() -> int:
        ev = evaluator.evaluate
        for board, hole in pool:
            ev(board, hole)
        return len(pool)

    return passes_for(seconds, one_pass)


def eval7_cards(seconds: float, hands: list[list[str]]) -> Result:
    import eval7

    pool = [[eval7.Card(pokerkit_style(c)) for c in hand] for hand in hands]

    def one_pass() -> int:
        ev = eval7.evaluate
        for hand in pool:
            ev(hand)
        return len(pool)

    return passes_for(seconds, one_pass)


def pokerkit_cards(seconds: float, hands: list[list[str]]) -> Result:
    from pokerkit import Card, StandardHighHand

    def parse(cards: Sequence[str]) -> tuple[Card, ...]:
        return tuple(Card.parse("".join(pokerkit_style(c) for c in cards)))

    pool = [(parse(hand[:2]), parse(hand[2:])) for hand in hands[:POKERKIT_HANDS]]

    def one_pass() -> int:
        ev = StandardHighHand.from_game
        for hole, board in pool:
            ev(hole, board)
        return len(pool)

    return passes_for(seconds, one_pass)


def table_build_seconds() -> tuple[float, float]:
    """Own import time of cardavia.poker in a fresh process (``-X importtime`` self time:
    building its tables, not the modules it imports), and the time to rebuild the
    seven-card rank table alone."""
    code = (
        "import time, cardavia.poker as p\n"
        "t = time.perf_counter()\n"
        "p._build_seven_card_values()\n"
        "print(time.perf_counter() - t)\n"
    )
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True, check=True
    )
    own = max(  # the module appears twice when cardavia's games import it first
        int(line.split("|")[0].split(":")[1])
        for line in done.stderr.splitlines()
        if line.split("|")[-1].strip() == "cardavia.poker"
    )
    return own / 1e6, float(done.stdout)


# --------------------------------------------------------------------------------------
# 2. Random whole hands
# --------------------------------------------------------------------------------------


def holdem_registered() -> bool:
    import cardavia

    return "holdem" in cardavia.game_names()


def cardavia_whole_hands(seconds: float) -> Result:
    import cardavia

    game = cardavia.new_game("holdem", hands=1)
    rng = random.Random(SEED)

    def hand(i: int) -> int:
        state = game.new_state(seed=i)
        steps = 0
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return run_for(seconds, hand)


def pokerkit_whole_hands(seconds: float) -> Result:
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    rng = random.Random(SEED)
    random.seed(SEED)  # pokerkit shuffles its deck with the module-level generator

    def hand(_: int) -> int:
        # ante trimming on, no ante, blinds 10/20, min bet 20, stacks 1000, 4 players
        state: Any = NoLimitTexasHoldem.create_state(automations, True, 0, (10, 20), 20, 1000, 4)
        steps = 0
        while state.status:
            kinds = [
                kind
                for kind, allowed in (
                    ("fold", state.can_fold()),
                    ("call", state.can_check_or_call()),
                    ("raise", state.can_complete_bet_or_raise_to()),
                )
                if allowed
            ]
            kind = rng.choice(kinds)
            if kind == "fold":
                state.fold()
            elif kind == "call":
                state.check_or_call()
            else:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(rng.randint(low, high))
            steps += 1
        return steps

    return run_for(seconds, hand)


# --------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------


def _row(name: str, res: Result | None, ours: Result | None, per: bool = False) -> None:
    if res is None:
        print(f"   {name:<62} {'n/a':>12}")
        return
    ratio = f"{ours.rate / res.rate:13.2f}x" if ours is not None else f"{'n/a':>14}"
    extra = f" {res.extra['actions/hand']:13.1f}" if per else ""
    print(f"   {name:<62} {res.rate:12,.0f}{extra} {ratio}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per measured loop")
    parser.add_argument("--hands", type=int, default=100_000, help="seven-card hand pool size")
    args = parser.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):  # keep the report and the progress lines in order
        sys.stdout.reconfigure(line_buffering=True)
    s: float = args.seconds

    print("Poker speed benchmark (Cardavia vs treys, phevaluator, eval7, pokerkit)")
    print(
        f"machine: {cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()}"
        f" ({platform.system()} {platform.machine()}); single-threaded; {s:g} s per loop"
    )
    print()

    imported, rebuilt = table_build_seconds()
    hands = hand_pool(args.hands)
    fast = attempt("Cardavia evaluate_indices", lambda: cardavia_indices(s, hands))
    slow = attempt("Cardavia evaluate", lambda: cardavia_strings(s, hands))
    phe = attempt("phevaluator", lambda: phevaluator_cards(s, hands))
    tre = attempt("treys", lambda: treys_cards(s, hands))
    ev7 = attempt("eval7", lambda: eval7_cards(s, hands))
    pk = attempt("pokerkit", lambda: pokerkit_cards(s, hands))

    n_pk = min(POKERKIT_HANDS, len(hands))
    print(f"1. Seven-card evaluations per second ({len(hands):,} random hands; pokerkit {n_pk:,})")
    print(f"   {'evaluator':<62} {'evals/s':>12} {'Cardavia / it':>14}")
    for name, res in (
        ("Cardavia evaluate_indices(a, …, g), card indices (fast path)", fast),
        ("Cardavia evaluate(cards), card strings", slow),
        ("phevaluator evaluate_cards(a, …, g), int ids (pure Python)", phe),
        ("treys Evaluator().evaluate(board, hole) (pure Python)", tre),
        ("eval7.evaluate(cards) (C extension)", ev7),
        ("pokerkit StandardHighHand.from_game(hole, board)", pk),
    ):
        _row(name, res, fast)
    print(f"   Cardavia tables: own import time of cardavia.poker {imported * 1000:.0f} ms,")
    print(f"   of which the 49,205-entry seven-card rank table {rebuilt * 1000:.0f} ms")
    print()

    print("2. Random whole hands per second (4 players, NLHE, stacks 1000, blinds 10/20)")
    print(f"   {'engine':<62} {'hands/s':>12} {'actions/hand':>13} {'Cardavia / it':>14}")
    pk_hands = attempt("pokerkit whole hands", lambda: pokerkit_whole_hands(s))
    cv_hands: Result | None = None
    if holdem_registered():
        cv_hands = attempt("Cardavia whole hands", lambda: cardavia_whole_hands(s))
        _row(
            "Cardavia new_game('holdem', hands=1), random legal actions",
            cv_hands,
            cv_hands,
            per=True,
        )
    else:
        print(f"   {'Cardavia: skipped, the holdem game is not registered yet':<62}")
    _row("pokerkit NoLimitTexasHoldem, automations, random actions", pk_hands, cv_hands, per=True)
    print()
    print("rerun: .venv/bin/python bench/poker_speed.py [--seconds S] [--hands N]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
