"""Bridge bot quality against double-dummy analysis: tricks the declarer throws away, and
IMPs between the contract reached and the deal's par.

Usage::

    .venv/bin/python bench/bridge_report.py [--level strong|basic|both] [--deals N]
        [--budget S] [--workers W] [--seed K] [--per-deal]

``--deals`` random deals (default 500; deal ``i`` comes from seed ``K + i``; vulnerability
rotates none, ns, ew, both; dealer South), each played by four bots of the level (strong
NS against strong EW, basic against basic), the same deals for every level. Per deal:

(a) **Declarer's double-dummy loss**: before each card the declaring side plays (the
    declarer's own and the dummy's), ``cardavia.dds.solve_cards`` on the real deal gives
    every legal card's double-dummy tricks; the loss is the best card's tricks minus the
    chosen card's, summed over the deal. Averaged over the deals that were played (not
    passed out). 0 means the declarer never gave a trick away against perfect defence;
    it is not a measure of the defence.
(a2) **Declarer's result against double dummy**: the declaring side's double-dummy
    tricks once the opening lead is on the table (what perfect play from there takes
    against perfect defence) minus the tricks it took. Defenders' later mistakes count
    in the declarer's favour here, as they do at the table; (a) is the stricter figure.
(a3) **Declarer's result against the double-dummy result of the contract**: the
    contract's entry in the deal's double-dummy table (the tricks the declarer takes
    with perfect play by all four hands from the start, opening lead included) minus
    the tricks taken. This is what a double-dummy table says the contract makes; the
    defenders' mistakes, the opening lead's too, count in the declarer's favour.
(b) **IMPs against par**: the NS score of the deal as played (contract reached and tricks
    taken) minus the NS double-dummy par score (``cardavia.dds.par``, DDS's dealer par),
    converted with the standard IMP scale (``cardavia.ai.bridge_strong.imps``). Reported
    signed (NS's view; both sides are the same bots, so it should be near 0) and absolute
    (how far from par the deal ended, the quality figure).

Means come with a 95 % confidence interval (normal approximation, 1.96 standard errors).
``--workers`` spreads the deals over processes (each DDS call stays single-threaded in
its process).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import platform
import random
import sys
import time
from typing import Any

from _common import cpu_model

VULNERABILITIES = ("none", "ns", "ew", "both")


def deal_of(seed: int) -> dict[str, Any]:
    from cardavia.cards import pack_52

    cards = pack_52()
    random.Random(seed).shuffle(cards)
    hands = [cards[i * 13 : (i + 1) * 13] for i in range(4)]
    return {"hands": hands, "vulnerability": VULNERABILITIES[seed % 4]}


def play(task: tuple[int, str, float, int]) -> dict[str, Any]:
    """Play deal ``seed`` with four bots of ``level``; what (a) and (b) need."""
    seed, level, budget, base = task
    import cardavia
    from cardavia import dds
    from cardavia.ai.bridge_strong import imps
    from cardavia.games.bridge import BridgeState

    start = time.perf_counter()
    deal = deal_of(seed)
    game = cardavia.new_game("bridge")
    state = game.new_state(seed=seed, deal=deal)
    assert isinstance(state, BridgeState)
    options: dict[str, Any] = {"budget": budget} if level == "strong" else {}
    bots = [
        cardavia.new_bot("bridge", level, seed=base + 4 * seed + seat, **options)
        for seat in range(4)
    ]
    loss = decisions = 0
    after_lead: int | None = None
    before_lead: int | None = None
    while not state.is_over:
        player = state.current_player
        assert player is not None
        action = bots[player].act(state.view(player))
        if state.phase == "play" and before_lead is None:  # the opening leader's turn
            before_lead = 13 - max(dds.solve_cards(state).values())
        if state.phase == "play" and state.turn in (state.declarer, state.dummy):
            scores = dds.solve_cards(state)
            if after_lead is None:  # the first declaring-side card: trick 1, second seat
                after_lead = max(scores.values())
            loss += max(scores.values()) - scores[action.split()[1]]
            decisions += 1
        state.apply(action)
    par = dds.par(deal["hands"], deal["vulnerability"], 0)
    ns = state.scores[0]
    score_event = state.events[-1]
    return {
        "seed": seed,
        "level": level,
        "passed_out": bool(score_event.get("passed_out")),
        "contract": score_event.get("contract", "pass"),
        "tricks": score_event.get("tricks"),
        "ns": ns,
        "par": par.ns_score,
        "par_contracts": " ".join(str(c) for c in par.contracts) or "pass",
        "imps": imps(ns - par.ns_score),
        "loss": loss,
        "shortfall": None if after_lead is None else after_lead - score_event["tricks"],
        "table_shortfall": None if before_lead is None else before_lead - score_event["tricks"],
        "decisions": decisions,
        "seconds": time.perf_counter() - start,
    }


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % confidence interval."""
    if not values:
        return math.nan, math.nan
    mean = sum(values) / len(values)
    if len(values) < 2:
        return mean, math.nan
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return mean, 1.96 * math.sqrt(variance / len(values))


def summary(level: str, rows: list[dict[str, Any]], budget: float) -> None:
    played = [row for row in rows if not row["passed_out"]]
    name = f"{level} (budget {budget:g} s)" if level == "strong" else level
    print(f"{name}: {len(rows)} deals, {len(rows) - len(played)} passed out")
    loss, loss_ci = mean_ci([row["loss"] for row in played])
    per_card = sum(row["loss"] for row in played) / max(1, sum(r["decisions"] for r in played))
    print(
        f"  (a) declarer's DD loss per played deal: {loss:.3f} ± {loss_ci:.3f} tricks"
        f"   ({per_card:.4f} per declarer card; deals with no loss:"
        f" {sum(1 for row in played if row['loss'] == 0)}/{len(played)})"
    )
    shortfall, shortfall_ci = mean_ci([row["shortfall"] for row in played])
    print(
        f"  (a2) declarer's tricks short of double dummy after the lead: "
        f"{shortfall:+.3f} ± {shortfall_ci:.3f}"
    )
    table, table_ci = mean_ci([row["table_shortfall"] for row in played])
    print(
        f"  (a3) declarer's tricks short of the contract's double-dummy result: "
        f"{table:+.3f} ± {table_ci:.3f}"
    )
    signed, signed_ci = mean_ci([row["imps"] for row in rows])
    absolute, absolute_ci = mean_ci([abs(row["imps"]) for row in rows])
    print(f"  (b) IMPs vs par, NS view, signed:  {signed:+.2f} ± {signed_ci:.2f}")
    print(f"      IMPs vs par, absolute:         {absolute:.2f} ± {absolute_ci:.2f}")
    at_par = sum(1 for row in rows if row["imps"] == 0)
    print(f"      deals at par (0 IMP): {at_par}/{len(rows)}")
    seconds = sum(row["seconds"] for row in rows)
    print(f"  time: {seconds:.0f} s of worker time, {seconds / max(1, len(rows)):.1f} s per deal")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", choices=("strong", "basic", "both"), default="both")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--budget", type=float, default=1.0, help="strong bot s per decision")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0, help="deal i uses seed K + i")
    parser.add_argument("--per-deal", action="store_true", help="print every deal")
    args = parser.parse_args(argv)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(line_buffering=True)
    levels = ("strong", "basic") if args.level == "both" else (args.level,)
    tasks = [
        (args.seed + index, level, args.budget, 1000)
        for index in range(args.deals)
        for level in levels
    ]
    print("Bridge bots against double-dummy analysis (cardavia.dds / endplay DDS)")
    print(
        f"machine: {cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()};"
        f" load average at start: {' '.join(f'{v:.2f}' for v in os.getloadavg())}"
    )
    print(
        f"settings: --level {args.level} --deals {args.deals} --budget {args.budget:g}"
        f" --workers {args.workers} --seed {args.seed}"
    )
    print()
    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    if args.workers > 1:
        context = multiprocessing.get_context("spawn")
        with context.Pool(args.workers) as pool:
            for row in pool.imap_unordered(play, tasks):
                results.append(row)
                print(f"  {len(results)}/{len(tasks)}", file=sys.stderr, flush=True)
    else:
        for task in tasks:
            results.append(play(task))
            print(f"  {len(results)}/{len(tasks)}", file=sys.stderr, flush=True)
    results.sort(key=lambda row: (row["seed"], row["level"]))
    if args.per_deal:
        print(
            f"{'seed':>6} {'level':<7} {'contract':<12} {'tricks':>6} {'NS':>6}"
            f" {'par':>6} {'IMPs':>5} {'loss':>4}  par contract(s)"
        )
        for row in results:
            print(
                f"{row['seed']:6d} {row['level']:<7} {row['contract']:<12}"
                f" {row['tricks'] if row['tricks'] is not None else '-':>6} {row['ns']:6d}"
                f" {row['par']:6d} {row['imps']:5d} {row['loss']:4d}  {row['par_contracts']}"
            )
        print()
    for level in levels:
        summary(level, [row for row in results if row["level"] == level], args.budget)
        print()
    if len(levels) == 2:
        by_seed = {(row["seed"], row["level"]): row for row in results}
        gaps = [
            abs(by_seed[(seed, "basic")]["imps"]) - abs(by_seed[(seed, "strong")]["imps"])
            for seed in sorted({row["seed"] for row in results})
        ]
        gap, gap_ci = mean_ci([float(value) for value in gaps])
        print(f"strong closer to par than basic by {gap:+.2f} ± {gap_ci:.2f} IMPs per deal")
        print()
    print(f"wall time {time.perf_counter() - start:.0f} s")
    print(
        "rerun: .venv/bin/python bench/bridge_report.py"
        f" --level {args.level} --deals {args.deals} --budget {args.budget:g}"
        f" --workers {args.workers} --seed {args.seed}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
