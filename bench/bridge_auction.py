"""Bridge bidding alone: the strong bot's auction against the basic bot's, both judged by
double-dummy play of the contract they reach.

Usage::

    .venv/bin/python bench/bridge_auction.py [--deals N] [--budget S] [--workers W]
        [--seed K] [--changed]

The deals are ``bench/bridge_report.py``'s (deal ``i`` from seed ``K + i``, vulnerability
rotating, dealer South). Each deal is bid twice, by four basic bots and by four strong bots
(``--budget`` seconds per call; only the close calls use it). The contract reached is
scored with the double-dummy tricks of the deal's table (``cardavia.dds.dd_table``), so
card play does not enter, and compared with the double-dummy par in IMPs. The figure is
how much closer to par the strong auction ends than the basic one, per deal, with a 95 %
confidence interval: above 0 means the double-dummy check of close calls helps.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import sys
import time
from typing import Any

from _common import cpu_model
from bridge_report import deal_of, mean_ci


def auction(task: tuple[int, str, float]) -> dict[str, Any]:
    """The contract four bots of ``level`` reach on deal ``seed``, scored double-dummy."""
    seed, level, budget = task
    import cardavia
    from cardavia import dds
    from cardavia.ai.bridge_strong import imps
    from cardavia.bridge_scoring import score_contract
    from cardavia.games.bridge import BridgeState, contract_text, is_vulnerable, side_of

    deal = deal_of(seed)
    state = cardavia.new_game("bridge").new_state(seed=seed, deal=deal)
    assert isinstance(state, BridgeState)
    options: dict[str, Any] = {"budget": budget} if level == "strong" else {}
    bots = [
        cardavia.new_bot("bridge", level, seed=1000 + 4 * seed + seat, **options)
        for seat in range(4)
    ]
    while state.phase == "auction" and not state.is_over:
        player = state.current_player
        assert player is not None
        state.apply(bots[player].act(state.view(player)))
    contract = state.contract
    par = dds.par(deal["hands"], deal["vulnerability"], 0).ns_score
    ns, name = 0, "pass"
    if contract is not None:
        declarer = contract["declarer"]
        tricks = dds.dd_table(deal["hands"])[contract["strain"]][declarer]
        vulnerable = is_vulnerable(deal["vulnerability"], side_of(declarer))
        score = score_contract(
            contract["level"], contract["strain"], contract["doubling"], vulnerable, tricks
        ).duplicate
        ns = score if side_of(declarer) == 0 else -score
        name = contract_text(contract)
    return {"seed": seed, "level": level, "contract": name, "ns": ns, "imps": imps(ns - par)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--budget", type=float, default=1.0, help="strong bot s per call")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0, help="deal i uses seed K + i")
    parser.add_argument("--changed", action="store_true", help="list the deals that differ")
    args = parser.parse_args(argv)
    tasks = [
        (args.seed + index, level, args.budget)
        for index in range(args.deals)
        for level in ("basic", "strong")
    ]
    print("Bridge auctions, strong against basic, contracts scored double-dummy")
    print(
        f"machine: {cpu_model()}, {os.cpu_count()} cores, Python {platform.python_version()};"
        f" load average at start: {' '.join(f'{v:.2f}' for v in os.getloadavg())}"
    )
    start = time.perf_counter()
    if args.workers > 1:
        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            rows = pool.map(auction, tasks, chunksize=2)
    else:
        rows = [auction(task) for task in tasks]
    by_deal: dict[int, dict[str, dict[str, Any]]] = {}
    for row in rows:
        by_deal.setdefault(row["seed"], {})[row["level"]] = row
    pairs = [(deal["basic"], deal["strong"]) for _, deal in sorted(by_deal.items())]
    changed = [pair for pair in pairs if pair[0]["contract"] != pair[1]["contract"]]
    if args.changed:
        print(f"{'seed':>6}  {'basic':<16} {'IMPs':>5}  {'strong':<16} {'IMPs':>5}")
        for basic, strong in changed:
            print(
                f"{basic['seed']:6d}  {basic['contract']:<16} {basic['imps']:5d}"
                f"  {strong['contract']:<16} {strong['imps']:5d}"
            )
    for level, index in (("basic", 0), ("strong", 1)):
        absolute, ci = mean_ci([abs(pair[index]["imps"]) for pair in pairs])
        print(f"{level:<7} |IMPs vs par| per deal: {absolute:.2f} ± {ci:.2f}")
    gain, gain_ci = mean_ci([abs(b["imps"]) - abs(s["imps"]) for b, s in pairs])
    print(f"contracts that differ: {len(changed)}/{len(pairs)}")
    print(f"strong closer to par than basic by {gain:+.3f} ± {gain_ci:.3f} IMPs per deal")
    print(f"wall time {time.perf_counter() - start:.0f} s")
    print(
        "rerun: .venv/bin/python bench/bridge_auction.py"
        f" --deals {args.deals} --budget {args.budget:g} --workers {args.workers}"
        f" --seed {args.seed}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
