"""Bridge speed: double-dummy solving through Cardavia (``cardavia.dds``) beside endplay
called directly on the same deals in the same run, and the strong bot's decision times.

Usage::

    .venv/bin/python bench/bridge_speed.py [--deals N] [--bot-deals M] [--budget S]

1. **Opening-lead solve** (every legal card of the opening leader, DDS ``SolveBoard``):
   ``--deals`` random deals (seeded), each with a contract of a random strain by South
   (West on lead). Cardavia: ``cardavia.dds.solve_cards(state)`` on the engine's
   ``BridgeState`` (the state → endplay conversion and the result → ``{card: tricks}``
   conversion are both timed). endplay: ``endplay.dds.solve_board(deal)`` on a ``Deal`` built
   beforehand from a PBN string, the result iterated into a list. DDS reuses its search
   memory when it solves the same deal twice in a row, so a deal never follows itself.
   The two alternate deal by deal (Cardavia the even deals and endplay the odd ones, then
   the other way round; all twice), so that both meet the same machine load. The
   conversions are also timed alone, without DDS: the noise-free part of the overhead.
2. **Double-dummy table** (20 strain × declarer results): ``cardavia.dds.dd_table(hands)``
   against ``endplay.dds.calc_dd_table(deal)``, the same way.
3. **Strong bot decisions**: ``--bot-deals`` whole deals, four ``StrongBot(budget=S)``
   (auction and play); the wall time of every ``act`` call, split into calls and cards
   (and the cards that searched, i.e. not answered by a shortcut), p50 / p95 / max.

Overhead is (Cardavia − endplay) / endplay of the mean times. Everything is single
process; DDS may use its own threads. Figures on a shared machine are noisy: the load
average is printed with them.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from _common import cpu_model, load

SEED = 2024
STRAINS = ("C", "D", "H", "S", "NT")


def random_deals(count: int) -> list[tuple[list[list[str]], str]]:
    from cardavia.cards import pack_52

    rng = random.Random(SEED)
    deals = []
    for _ in range(count):
        cards = pack_52()
        rng.shuffle(cards)
        deals.append(([cards[i * 13 : (i + 1) * 13] for i in range(4)], rng.choice(STRAINS)))
    return deals


def pbn(hands: Sequence[Sequence[str]]) -> str:
    """endplay's PBN of a deal, starting with North (Cardavia seat 2), clockwise."""

    def hand(cards: Sequence[str]) -> str:
        order = "AKQJT98765432"
        return ".".join(
            "".join(sorted((c[0] for c in cards if c[1] == suit), key=order.index))
            for suit in "SHDC"
        )

    return "N:" + " ".join(hand(hands[seat]) for seat in (2, 3, 0, 1))


def timed_passes(
    items: Sequence[Any], ours: Callable[[Any], object], theirs: Callable[[Any], object]
) -> tuple[float, float]:
    """Mean seconds per item of ``ours`` and ``theirs``. The two alternate item by item (so
    the machine's load falls on both alike) and never solve the same deal twice in a row
    (DDS would reuse its search memory): pass 1 gives the even items to ``ours`` and the
    odd ones to ``theirs``, pass 2 the other way round; then both passes again."""
    totals = {"ours": 0.0, "theirs": 0.0}
    for repeat in range(4):
        for index, item in enumerate(items):
            name = "ours" if (index + repeat) % 2 == 0 else "theirs"
            fn = ours if name == "ours" else theirs
            start = time.perf_counter()
            fn(item)
            totals[name] += time.perf_counter() - start
    return totals["ours"] / (2 * len(items)), totals["theirs"] / (2 * len(items))


def conversion_seconds(states: Sequence[Any]) -> float:
    """Mean seconds of Cardavia's own work around one solve, without DDS: the state to an
    endplay position, and a DDS result (solved once beforehand) back to ``{card: tricks}``."""
    from endplay.dds import solve_board

    from cardavia import dds

    results = [solve_board(dds.deal_from_state(state))._data for state in states]
    start = time.perf_counter()
    for _ in range(20):
        for state, result in zip(states, results, strict=True):
            dds.deal_from_state(state)
            dds._scores(result)
    return (time.perf_counter() - start) / (20 * len(states))


def name(card: Any) -> str:
    """Cardavia's name of an endplay ``Card`` (rank bit 0x4 is the 2; Denom 0 is spades)."""
    return "23456789TJQKA"[int(card.rank).bit_length() - 3] + "SHDC"[int(card.suit)]


def solve_comparison(
    deals: list[tuple[list[list[str]], str]],
) -> tuple[float, float, bool, float]:
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player

    import cardavia
    from cardavia import dds

    game = cardavia.new_game("bridge")
    states = []
    for hands, strain in deals:
        state = game.new_state(seed=1, deal={"hands": hands})
        for call in (f"1{strain}", "pass", "pass", "pass"):
            state.apply(call)
        states.append(state)
    endplay_deals = [
        Deal(pbn(hands), first=Player.west, trump=Denom.find(strain[0])) for hands, strain in deals
    ]
    ours, theirs = timed_passes(
        list(range(len(deals))),
        lambda i: dds.solve_cards(states[i]),
        lambda i: list(solve_board(endplay_deals[i])),
    )
    agree = all(
        dds.solve_cards(state) == {name(card): tricks for card, tricks in solve_board(d)}
        for state, d in zip(states[:5], endplay_deals[:5], strict=True)
    )
    return ours, theirs, agree, conversion_seconds(states)


def table_comparison(deals: list[tuple[list[list[str]], str]]) -> tuple[float, float, bool]:
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    from cardavia import dds

    endplay_deals = [Deal(pbn(hands)) for hands, _ in deals]
    ours, theirs = timed_passes(
        list(range(len(deals))),
        lambda i: dds.dd_table(deals[i][0]),
        lambda i: calc_dd_table(endplay_deals[i]).to_list(),
    )
    table = dds.dd_table(deals[0][0])
    direct = calc_dd_table(endplay_deals[0])
    agree = all(
        table[strain][seat] == direct[Denom.find(strain[0]), Player((seat + 2) % 4)]
        for strain in STRAINS
        for seat in range(4)
    )
    return ours, theirs, agree


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bot_times(deals: int, budget: float) -> dict[str, list[float]]:
    import cardavia
    from cardavia.ai.bridge_strong import StrongBot

    game = cardavia.new_game("bridge")
    times: dict[str, list[float]] = {"calls": [], "cards": [], "searched cards": []}
    for index in range(deals):
        print(f"  bot deal {index + 1}/{deals} …", file=sys.stderr, flush=True)
        state = game.new_state(seed=SEED + index)
        bots = [StrongBot(seed=seat, budget=budget) for seat in range(4)]
        while not state.is_over:
            player = state.current_player
            assert player is not None
            view = state.view(player)
            start = time.perf_counter()
            action = bots[player].act(view)
            elapsed = time.perf_counter() - start
            if view["phase"] == "auction":
                times["calls"].append(elapsed)
            else:
                times["cards"].append(elapsed)
                if bots[player].last_samples:
                    times["searched cards"].append(elapsed)
            state.apply(action)
    return times


def ms(seconds: float) -> str:
    return f"{seconds * 1000:9.1f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30, help="deals for the DDS comparison")
    parser.add_argument("--bot-deals", type=int, default=4, help="whole deals for the bot")
    parser.add_argument("--budget", type=float, default=1.0, help="bot seconds per decision")
    args = parser.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)
    import endplay

    print("Bridge speed benchmark (Cardavia's DDS wrapper vs endplay direct; strong bot)")
    print(
        f"machine: {cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()}"
        f" ({platform.system()} {platform.machine()}); endplay {endplay.__version__}"
    )
    print(f"load average before: {load()} (a shared machine: other jobs add noise)")
    print()
    deals = random_deals(args.deals)
    ours, theirs, agree, own = solve_comparison(deals)
    print(f"1. Opening-lead solve, every legal card ({args.deals} random deals, seed {SEED})")
    print(f"   {'solver':<58} {'ms/solve':>9}")
    print(f"   {'endplay solve_board(deal) (Deal built beforehand)':<58} {ms(theirs)}")
    print(f"   {'Cardavia dds.solve_cards(state) (conversions included)':<58} {ms(ours)}")
    print(f"   Cardavia overhead: {(ours - theirs) / theirs * 100:+.1f} % (goal < 10 %)")
    print(
        f"   Cardavia's own conversions alone (no DDS): {own * 1e6:.0f} µs per solve,"
        f" {own / theirs * 100:.2f} % of endplay's solve"
    )
    print(f"   same results on the first five deals: {agree}")
    print()
    table_deals = deals[: max(1, args.deals // 2)]
    ours, theirs, agree = table_comparison(table_deals)
    print(f"2. Double-dummy table, 5 strains x 4 declarers ({len(table_deals)} deals)")
    print(f"   {'solver':<58} {'ms/table':>9}")
    print(f"   {'endplay calc_dd_table(deal)':<58} {ms(theirs)}")
    print(f"   {'Cardavia dds.dd_table(hands)':<58} {ms(ours)}")
    print(f"   Cardavia overhead: {(ours - theirs) / theirs * 100:+.1f} % (goal < 10 %)")
    print(f"   same table on the first deal: {agree}")
    print()
    print(f"3. Strong bot decision time, budget {args.budget:g} s ({args.bot_deals} whole deals)")
    times = bot_times(args.bot_deals, args.budget)
    print(f"   {'decisions':<28} {'count':>6} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9}")
    for name, values in times.items():
        if not values:
            continue
        print(
            f"   {name:<28} {len(values):6d} {ms(statistics.median(values))}"
            f" {ms(percentile(values, 0.95))} {ms(max(values))}"
        )
    print(f"   goal: at most {args.budget:g} s per card (max above)")
    print(f"load average after: {load()}")
    print()
    print("rerun: .venv/bin/python bench/bridge_speed.py [--deals N] [--bot-deals M] [--budget S]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
