"""Web speed: the action endpoint under load, with 1 and then 2 uvicorn workers.

Usage::

    .venv/bin/python bench/web_speed.py [--requests N] [--clients C] [--workers 1,2]
                                        [--strong-requests M]

(or ``make bench-web``). For each worker count it starts ``cardavia serve --workers W`` on
127.0.0.1 on a free port, with a fresh SQLite file in a temporary folder, waits until it
answers, then ``C`` concurrent clients (httpx, asyncio) create matches, alternating Dou
Dizhu and Run Fast, and play them as the page does: seat 0's random legal action through
``POST /api/matches/{id}/actions``, then one ``POST /advance`` per AI decision until seat
0 is to act again, until ``N`` human actions in all have been answered (a new match starts
whenever one is over). A warm-up (not counted) first starts every worker's bot pool.

The first runs use ``random`` bots, so the server is measured, not the bots: actions per
second and the p50/p99 latency of the human action (client-measured: one request, one
transaction) and of one AI decision (``advance``). A last run, with ``strong`` bots (1 s a
decision) and 1 worker, ``M`` human actions, shows that the human action no longer waits
for them. It also prints the largest stored state of a finished match.

Goals: human action p99 under 50 ms with random bots and under 100 ms with strong bots; a
finished match's stored size under 64 KB.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from _common import free_port, percentile, start_server, stop_server, wait_until_up

from cardavia.web.store import Store

GAMES = ("doudizhu", "runfast")
P99_GOAL_MS = 50.0
STRONG_P99_GOAL_MS = 100.0
SIZE_GOAL_BYTES = 64 * 1024


@dataclass
class Run:
    remaining: int
    level: str = "random"
    latencies: list[float] = field(default_factory=list)  # the human actions
    decisions: list[float] = field(default_factory=list)  # one AI decision each
    finished: list[str] = field(default_factory=list)
    matches: int = 0


async def ai_moves(
    http: httpx.AsyncClient, run: Run, match_id: str, headers: dict[str, str], played: Any
) -> tuple[int, dict[str, Any]]:
    """The AI decisions up to seat 0's turn, one request each, as the page asks for them."""
    version, view = played["version"], played["view"]
    while view["current_player"] not in (0, None):
        start = time.perf_counter()
        response = await http.post(
            f"/api/matches/{match_id}/advance", json={"version": version}, headers=headers
        )
        run.decisions.append(time.perf_counter() - start)
        response.raise_for_status()
        version, view = response.json()["version"], response.json()["view"]
    return version, view


async def client_loop(http: httpx.AsyncClient, run: Run, rng: random.Random) -> None:
    while run.remaining > 0:
        game = GAMES[run.matches % len(GAMES)]
        run.matches += 1
        response = await http.post("/api/matches", json={"game": game, "level": run.level})
        response.raise_for_status()
        match: dict[str, Any] = response.json()
        headers = {"X-Match-Token": match["token"]}
        version, view = await ai_moves(http, run, match["id"], headers, match)
        while view["current_player"] is not None and run.remaining > 0:
            run.remaining -= 1
            body = {"action": rng.choice(view["legal_actions"]), "version": version}
            start = time.perf_counter()
            response = await http.post(
                f"/api/matches/{match['id']}/actions", json=body, headers=headers
            )
            run.latencies.append(time.perf_counter() - start)
            response.raise_for_status()
            version, view = await ai_moves(http, run, match["id"], headers, response.json())
        if view["current_player"] is None:
            run.finished.append(match["id"])


async def load(base: str, requests: int, clients: int, seed: int, level: str) -> tuple[Run, float]:
    limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=60) as http:
        warm = Run(remaining=max(8, 2 * clients) if level == "strong" else max(40, 10 * clients))
        warm.level = level
        await asyncio.gather(
            *(client_loop(http, warm, random.Random(seed - i)) for i in range(clients))
        )
        run = Run(remaining=requests, level=level)
        start = time.perf_counter()
        await asyncio.gather(
            *(client_loop(http, run, random.Random(seed + i)) for i in range(clients))
        )
        elapsed = time.perf_counter() - start
    run.finished += warm.finished
    return run, elapsed


def bench(
    workers: int, requests: int, clients: int, seed: int, level: str = "random"
) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="cardavia-bench-") as folder:
        url = f"sqlite:///{Path(folder) / 'bench.sqlite3'}"
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        server = start_server(workers, port, url)
        try:
            wait_until_up(base, server)
            run, elapsed = asyncio.run(load(base, requests, clients, seed, level))
        finally:
            stop_server(server)
        store = Store(url)
        sizes = [store.stored_size(match_id) for match_id in run.finished]
        store.dispose()
    latencies = [value * 1000 for value in run.latencies]
    decisions = [value * 1000 for value in run.decisions]
    return {
        "workers": workers,
        "actions": len(latencies),
        "actions_per_s": len(latencies) / elapsed,
        "p50_ms": statistics.median(latencies),
        "p99_ms": percentile(latencies, 0.99),
        "max_ms": max(latencies),
        "decisions": len(decisions),
        "decision_p50_ms": statistics.median(decisions),
        "decision_p99_ms": percentile(decisions, 0.99),
        "finished": len(sizes),
        "max_size": max(sizes, default=0),
        "mean_size": statistics.fmean(sizes) if sizes else 0.0,
    }


def report(label: str, result: dict[str, float]) -> None:
    print(
        f"  {label}: {result['actions_per_s']:7.1f} actions/s   human action p50 "
        f"{result['p50_ms']:5.1f} ms  p99 {result['p99_ms']:6.1f} ms  "
        f"max {result['max_ms']:6.1f} ms"
        f"   one AI decision p50 {result['decision_p50_ms']:6.1f} ms  p99 "
        f"{result['decision_p99_ms']:6.1f} ms   ({int(result['actions'])} actions, "
        f"{int(result['decisions'])} AI decisions)",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=600, help="actions per worker count")
    parser.add_argument("--clients", type=int, default=4, help="concurrent clients")
    parser.add_argument("--workers", default="1,2", help="uvicorn worker counts, e.g. 1,2")
    parser.add_argument(
        "--strong-requests", type=int, default=60, help="human actions with strong bots (0: none)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(
        f"Action endpoint, SQLite, {os.cpu_count()} CPUs, {args.clients} clients, "
        f"{args.requests} human actions per run (after a warm-up); each AI decision is one "
        "POST /advance, as the page asks for them."
    )
    results = []
    for workers in (int(part) for part in args.workers.split(",")):
        result = bench(workers, args.requests, args.clients, args.seed)
        results.append(result)
        report(f"random bots, {workers} worker{'s' if workers > 1 else ' '}", result)
    strong = None
    if args.strong_requests:
        strong = bench(1, args.strong_requests, args.clients, args.seed, level="strong")
        report("strong bots, 1 worker ", strong)
    size = max(int(result["max_size"]) for result in results)
    finished = sum(int(result["finished"]) for result in results)
    mean = statistics.fmean(result["mean_size"] for result in results)
    print(
        f"Stored size of a finished match: at most {size / 1024:.1f} KB, mean {mean / 1024:.1f} KB "
        f"over {finished} finished matches."
    )
    p99 = max(result["p99_ms"] for result in results)
    print(
        f"Goals: p99 < {P99_GOAL_MS:.0f} ms: {'met' if p99 < P99_GOAL_MS else 'NOT met'} "
        f"(worst {p99:.1f} ms); size < 64 KB: "
        f"{'met' if size < SIZE_GOAL_BYTES else 'NOT met'}."
    )
    if strong is not None:
        met = strong["p99_ms"] < STRONG_P99_GOAL_MS
        print(
            f"       human action p99 with strong bots < {STRONG_P99_GOAL_MS:.0f} ms: "
            f"{'met' if met else 'NOT met'} ({strong['p99_ms']:.1f} ms)."
        )
    print(
        "Rerun: .venv/bin/python bench/web_speed.py "
        f"--requests {args.requests} --clients {args.clients} --workers {args.workers} "
        f"--strong-requests {args.strong_requests}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
