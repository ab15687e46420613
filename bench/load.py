"""Load: N concurrent simulated players against ``cardavia serve``, for a bounded time, with
1 and 2 workers, on SQLite and on PostgreSQL.

Usage::

    .venv/bin/python bench/load.py [--players 16] [--seconds 20] [--workers 1,2]
                                   [--databases sqlite,postgresql] [--database-url URL]

For every configuration (database × worker count) it starts ``cardavia serve --workers W
--database-url URL`` on 127.0.0.1 on a free port with a fresh database (a SQLite file in a
temporary folder; a new database on the PostgreSQL server), waits until it answers, and
lets ``--players`` simulated players (asyncio, one ``httpx.AsyncClient`` each) play as the
page does: create a match (game and level drawn from Dou Dizhu, Run Fast, Hold'em, One
Poker, Bridge and random, basic), ``POST /advance {version}`` while an AI is to act,
seat 0's seeded random choice among the view's ``legal_actions`` through ``POST /actions``
when it is its turn, and a new match once the deal is over. A warm-up (not timed, its
errors counted) first starts every worker's bot pool.

Reported per configuration: human actions/s and AI advances/s, the p50/p99 response time
of both (client-measured), errors (any 5xx or connection error, by status; 409, expected
only with races this bench does not make, and other 4xx apart), and an integrity check
once the server is stopped: every stored match must load, re-serialise to its stored bytes
and replay (its recorded actions, from its seed's deal, give the stored state again), and
``view(0)`` of the matches whose last request was answered must be the last view received.

The server gets ``CARDAVIA_BOT_BUDGET`` small and the match-creation rate limit lifted
(``CARDAVIA_CREATE_BURST`` very high): this measures the server, not the
bots or the limiter. Without ``--database-url`` the PostgreSQL rows use a throwaway cluster
(``initdb`` and ``pg_ctl`` of /usr/lib/postgresql/15/bin, as the ``postgres`` user when run
as root, trust authentication, a free port), stopped and deleted afterwards; without those
binaries the PostgreSQL rows are skipped with a message.

The players run in this process, on the same machine: their CPU use competes with the
server's, which the load average printed before each configuration shows.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from _common import cpu_model, free_port, load, percentile, start_server, stop_server, wait_until_up
from sqlalchemy import create_engine, select, text
from sqlalchemy.engine import make_url

import cardavia
from cardavia.engine import State
from cardavia.web.store import MatchRow, Store

GAMES = ("doudizhu", "runfast", "holdem", "onepoker", "bridge")
LEVELS = ("random", "basic")
HUMAN_SEAT = 0
SERVER_ENV = {
    "CARDAVIA_BOT_BUDGET": "0.05",
    "CARDAVIA_CREATE_BURST": "100000",
}
PG_BIN = Path("/usr/lib/postgresql/15/bin")
REQUEST_TIMEOUT = 30.0
SERVER_START_TIMEOUT = 120.0  # several workers importing at once on a busy machine
WARM_UP_LIMIT = 120.0
WARM_ADVANCES = 3
WARM_ADVANCE_SECONDS = 1.0


# --- the simulated players ------------------------------------------------------------


@dataclass
class Seen:
    """The last answer a player received for a match; ``trusted`` is False once a request
    on it failed without an answer (the store may then hold a later state)."""

    version: int
    view: dict[str, Any]
    trusted: bool = True


@dataclass
class Tally:
    actions: list[float] = field(default_factory=list)  # seconds per POST /actions
    advances: list[float] = field(default_factory=list)  # seconds per POST /advance
    created: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    samples: list[str] = field(default_factory=list)  # the first error messages

    @staticmethod
    def merge(tallies: list[Tally]) -> Tally:
        merged = Tally()
        for tally in tallies:
            merged.actions += tally.actions
            merged.advances += tally.advances
            merged.created += tally.created
            merged.errors += tally.errors
            merged.samples += tally.samples
        return merged


@dataclass
class Clock:
    until: float  # time.monotonic() at which the players stop (the warm-up moves it)


async def post(
    http: httpx.AsyncClient,
    tally: Tally,
    times: list[float] | None,
    path: str,
    body: dict[str, Any],
    headers: dict[str, str] | None = None,
) -> dict[str, Any] | None:
    """The JSON answer, or None (counted by status in ``tally.errors``)."""
    start = time.perf_counter()
    try:
        response = await http.post(path, json=body, headers=headers)
    except httpx.HTTPError as error:
        tally.errors["conn"] += 1
        problem = f"{path}: {type(error).__name__} {error}"
    else:
        if response.is_success:
            if times is not None:
                times.append(time.perf_counter() - start)
            answer: dict[str, Any] = response.json()
            return answer
        tally.errors[str(response.status_code)] += 1
        problem = f"{path}: {response.status_code} {response.text[:200]}"
    if len(tally.samples) < 5:
        tally.samples.append(problem)
    return None


def deal_is_over(view: dict[str, Any]) -> bool:
    """The match is over, or a second deal has begun (poker hands, a void auction)."""
    deals = sum(1 for event in view["events"] if event["type"] == "deal")
    return view["current_player"] is None or deals > 1


async def play_one_deal(
    http: httpx.AsyncClient,
    rng: random.Random,
    clock: Clock,
    tally: Tally,
    seen: dict[str, Seen],
) -> None:
    body = {"game": rng.choice(GAMES), "level": rng.choice(LEVELS)}
    created = await post(http, tally, None, "/api/matches", body)
    if created is None:
        return
    tally.created += 1
    match_id, headers = created["id"], {"X-Match-Token": created["token"]}
    last = seen[match_id] = Seen(created["version"], created["view"])
    while time.monotonic() < clock.until and not deal_is_over(last.view):
        if last.view["current_player"] == HUMAN_SEAT:
            move = {"action": rng.choice(last.view["legal_actions"]), "version": last.version}
            answer = await post(
                http, tally, tally.actions, f"/api/matches/{match_id}/actions", move, headers
            )
        else:
            answer = await post(
                http,
                tally,
                tally.advances,
                f"/api/matches/{match_id}/advance",
                {"version": last.version},
                headers,
            )
        if answer is None:
            last.trusted = False
            return
        last = seen[match_id] = Seen(answer["version"], answer["view"])


async def player(
    base: str, rng: random.Random, clock: Clock, tally: Tally, seen: dict[str, Seen]
) -> None:
    async with httpx.AsyncClient(base_url=base, timeout=REQUEST_TIMEOUT) as http:
        while time.monotonic() < clock.until:
            await play_one_deal(http, rng, clock, tally, seen)


def warmed_up(tally: Tally) -> bool:
    """The player's worker answers AI moves at speed: its bot pool has started."""
    recent = tally.advances[-WARM_ADVANCES:]
    return len(recent) == WARM_ADVANCES and max(recent) < WARM_ADVANCE_SECONDS


async def players(
    base: str, count: int, seconds: float, seed: int, seen: dict[str, Seen], warm_up: bool
) -> tuple[Tally, float]:
    """``count`` players for ``seconds``; the tally and the time they really took (the
    requests under way at the deadline are waited for). A warm-up goes on after
    ``seconds`` until every player is :func:`warmed_up` (at most ``WARM_UP_LIMIT`` s):
    spawning the bot pools takes several seconds on a busy machine."""
    start = time.monotonic()
    clock = Clock(start + (WARM_UP_LIMIT if warm_up else seconds))
    tallies = [Tally() for _ in range(count)]
    rngs = [random.Random(seed * 1000 + index) for index in range(count)]

    async def watch() -> None:
        while time.monotonic() < clock.until:
            await asyncio.sleep(0.1)
            if time.monotonic() - start >= seconds and all(map(warmed_up, tallies)):
                clock.until = time.monotonic()

    tasks = [
        player(base, rng, clock, tally, seen) for rng, tally in zip(rngs, tallies, strict=True)
    ]
    await asyncio.gather(*tasks, *([watch()] if warm_up else []))
    return Tally.merge(tallies), time.monotonic() - start


# --- the integrity check --------------------------------------------------------------


def recorded_actions(state: State) -> list[str]:
    """The actions of ``state.events`` in order. One Poker records a lock without its card
    (the card is secret until the reveal): it comes from the deal's ``reveal`` event, or
    from the state's ``locked`` cards while the deal is not revealed yet."""
    events = state.events
    actions = []
    for index, event in enumerate(events):
        if "action" in event:
            actions.append(str(event["action"]))
        elif event["type"] == "lock":
            seat = int(event["seat"])
            reveal = next((later for later in events[index:] if later["type"] == "reveal"), None)
            card = reveal["cards"][seat] if reveal is not None else state.locked[seat]  # type: ignore[attr-defined]
            actions.append(f"lock {card}")
    return actions


def replays(game: str, state: State) -> bool:
    """Whether the recorded actions, from the deal of the state's seed, give it again."""
    rebuilt = cardavia.new_game(game).new_state(seed=state.seed)
    try:
        for action in recorded_actions(state):
            rebuilt.apply(action)
    except (cardavia.IllegalAction, KeyError, IndexError, AttributeError):
        return False
    return rebuilt.to_json() == state.to_json()


@dataclass
class Integrity:
    matches: int = 0
    views: int = 0  # matches whose view(0) was compared with the last answer
    problems: Counter[str] = field(default_factory=Counter)

    def cell(self) -> str:
        if not self.problems:
            return f"ok ({self.matches} matches, {self.views} views)"
        found = ", ".join(f"{count} {what}" for what, count in self.problems.items())
        return f"FAIL: {found} of {self.matches}"


def check_integrity(url: str, seen: dict[str, Seen]) -> Integrity:
    store = Store(url)
    result = Integrity()
    try:
        with store.engine.connect() as connection:
            rows = connection.execute(
                select(MatchRow.id, MatchRow.game, MatchRow.state_json, MatchRow.version)
            ).all()
    finally:
        store.dispose()
    for row in rows:
        result.matches += 1
        try:
            state = cardavia.new_game(row.game).state_from_json(row.state_json)
        except (ValueError, KeyError, TypeError):
            result.problems["do not load"] += 1
            continue
        if state.to_json() != row.state_json:
            result.problems["do not round-trip"] += 1
        if not replays(row.game, state):
            result.problems["do not replay"] += 1
        last = seen.get(row.id)
        if last is None:
            result.problems["were not created by this run"] += 1
        elif last.trusted:
            result.views += 1
            if last.version != row.version or last.view != state.view(HUMAN_SEAT):
                result.problems["differ from the last answer"] += 1
    missing = len(set(seen) - {row.id for row in rows})
    if missing:
        result.problems["created but not stored"] += missing
    return result


# --- databases ------------------------------------------------------------------------


def as_postgres(url: str) -> str:
    """``url`` with SQLAlchemy's psycopg (3) driver, the one the project installs."""
    parsed = make_url(url)
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


@contextlib.contextmanager
def fresh_postgres_database(server_url: str, name: str) -> Iterator[str]:
    """A new, empty database on the server of ``server_url``; dropped afterwards."""
    admin = create_engine(as_postgres(server_url), isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}"'))
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield (
            make_url(as_postgres(server_url))
            .set(database=name)
            .render_as_string(hide_password=False)
        )
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def run_quietly(command: list[str]) -> None:
    """Run a PostgreSQL tool (as ``postgres`` when we are root: PostgreSQL refuses to run
    as root); its output is shown only if it fails."""
    if os.geteuid() == 0:
        command = ["runuser", "-u", "postgres", "--", *command]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed: {done.stderr.strip()}")


@contextlib.contextmanager
def throwaway_cluster() -> Iterator[str]:
    """A PostgreSQL cluster in a temporary folder (trust authentication, 127.0.0.1 on a
    free port); its server URL. Stopped and deleted on the way out."""
    folder = Path(tempfile.mkdtemp(prefix="cardavia-load-pg-"))
    data, port = folder / "data", free_port()
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    try:
        run_quietly([str(PG_BIN / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"])
        options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1"
        pg_ctl = [str(PG_BIN / "pg_ctl"), "-D", str(data), "-l", str(folder / "logfile")]
        run_quietly([*pg_ctl, "-o", options, "-w", "start"])
        try:
            yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
        finally:
            run_quietly([*pg_ctl, "-m", "fast", "-w", "stop"])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# --- one configuration ----------------------------------------------------------------


@dataclass
class Row:
    label: str
    players: int
    load_before: str
    warm_up: Tally
    warm_up_seconds: float
    tally: Tally
    elapsed: float
    integrity: Integrity


def run_configuration(
    label: str, url: str, workers: int, args: argparse.Namespace, folder: Path
) -> Row | None:
    """One row: the server started, warmed up, timed, stopped, then the store checked.
    None (said, with the server's last log lines) when the server does not start."""
    load_before = load().split()[0]
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    seen: dict[str, Seen] = {}
    log_path = folder / f"server-{workers}.log"
    with log_path.open("wb") as log:
        server = start_server(workers, port, url, env=SERVER_ENV, stderr=log)
        try:
            wait_until_up(base, server, SERVER_START_TIMEOUT)
            warm_up, warm_up_seconds = asyncio.run(
                players(base, args.players, args.warm_up, -args.seed, seen, warm_up=True)
            )
            tally, elapsed = asyncio.run(
                players(base, args.players, args.seconds, args.seed, seen, warm_up=False)
            )
        except RuntimeError as error:
            print(f"{label}: no figures, {error}", flush=True)
            show_log(log_path)
            return None
        finally:
            stop_server(server)
    integrity = check_integrity(url, seen)
    row = Row(label, args.players, load_before, warm_up, warm_up_seconds, tally, elapsed, integrity)
    print_row(row)
    if tally.errors or warm_up.errors:
        for sample in warm_up.samples + tally.samples:
            print(f"    first errors: {sample}", flush=True)
        show_log(log_path)
    return row


def show_log(path: Path) -> None:
    for text_line in path.read_text(errors="replace").strip().splitlines()[-5:]:
        print(f"    server log: {text_line}", flush=True)


# --- the table ------------------------------------------------------------------------

HEADER = (
    "configuration",
    "players",
    "seconds",
    "human actions/s",
    "advances/s",
    "p50/p99 action ms",
    "p50/p99 advance ms",
    "errors (5xx, conn)",
    "409 / other 4xx",
    "load 1m",
    "warm-up s",
    "integrity",
)
WIDTHS = (14, 7, 7, 15, 10, 17, 18, 18, 15, 7, 9, 0)


def table_line(cells: tuple[str, ...]) -> str:
    return " | ".join(cell.ljust(width) for cell, width in zip(cells, WIDTHS, strict=True))


def spread(values: list[float]) -> str:
    if not values:
        return "n/a"
    ms = [value * 1000 for value in values]
    return f"{statistics.median(ms):.1f} / {percentile(ms, 0.99):.1f}"


def error_cells(errors: Counter[str]) -> tuple[str, str]:
    """5xx and connection errors by status; then 409s / any other 4xx."""
    serious = {what: n for what, n in errors.items() if what == "conn" or what.startswith("5")}
    conflicts = errors.get("409", 0)
    other = sum(n for what, n in errors.items() if what not in serious and what != "409")
    shown = " ".join(f"{what}:{n}" for what, n in sorted(serious.items())) or "0"
    return shown, f"{conflicts} / {other}"


def print_row(row: Row) -> None:
    serious, conflicts = error_cells(row.tally.errors + row.warm_up.errors)
    cells = (
        row.label,
        str(row.players),
        f"{row.elapsed:.1f}",
        f"{len(row.tally.actions) / row.elapsed:.1f}",
        f"{len(row.tally.advances) / row.elapsed:.1f}",
        spread(row.tally.actions),
        spread(row.tally.advances),
        serious,
        conflicts,
        row.load_before,
        f"{row.warm_up_seconds:.1f}",
        row.integrity.cell(),
    )
    print(table_line(cells), flush=True)


# --- main -----------------------------------------------------------------------------


def run_database(database: str, args: argparse.Namespace, workers: list[int]) -> list[Row | None]:
    """The rows of one database, one per worker count (None: the server did not start)."""
    rows: list[Row | None] = []
    with tempfile.TemporaryDirectory(prefix="cardavia-load-") as name:
        folder = Path(name)
        if database == "sqlite":
            for count in workers:
                url = f"sqlite:///{folder / f'load-{count}.sqlite3'}"
                rows.append(run_configuration(f"sqlite, {count}w", url, count, args, folder))
            return rows
        with contextlib.ExitStack() as stack:
            server_url = args.database_url or stack.enter_context(throwaway_cluster())
            for count in workers:
                database_name = f"cardavia_load_{os.getpid()}_{count}"
                url = stack.enter_context(fresh_postgres_database(server_url, database_name))
                rows.append(run_configuration(f"postgresql, {count}w", url, count, args, folder))
    return rows


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--players", type=int, default=16, help="concurrent simulated players")
    parser.add_argument("--seconds", type=float, default=20.0, help="timed seconds per row")
    parser.add_argument("--warm-up", type=float, default=3.0, help="untimed seconds first")
    parser.add_argument("--workers", default="1,2", help="uvicorn worker counts, e.g. 1,2")
    parser.add_argument("--databases", default="sqlite,postgresql", help="sqlite,postgresql")
    parser.add_argument(
        "--database-url",
        default=None,
        help="a PostgreSQL server URL (a database is created on it for each row); "
        "default: a throwaway cluster",
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the players' choices")
    args = parser.parse_args(argv)
    unknown = set(args.databases.split(",")) - {"sqlite", "postgresql"}
    if unknown:
        parser.error(f"unknown database {', '.join(sorted(unknown))}: sqlite or postgresql")
    return args


def rerun_command(args: argparse.Namespace) -> str:
    command = (
        f".venv/bin/python bench/load.py --players {args.players} --seconds {args.seconds:g} "
        f"--workers {args.workers} --databases {args.databases}"
    )
    if args.warm_up != 3.0:
        command += f" --warm-up {args.warm_up:g}"
    if args.seed != 1:
        command += f" --seed {args.seed}"
    return command + (" --database-url URL" if args.database_url else "")


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    workers = [int(part) for part in args.workers.split(",")]
    print(
        f"Load: {args.players} simulated players per row on loopback, {args.seconds:g} s timed "
        f"after a {args.warm_up:g} s warm-up; games {', '.join(GAMES)}, levels "
        f"{' and '.join(LEVELS)}; each AI decision is one POST /advance, as the page asks."
    )
    print(f"Machine: {cpu_model()}, {os.cpu_count()} CPUs; load average before: {load()}.")
    print(
        "Server environment: "
        + " ".join(f"{key}={value}" for key, value in SERVER_ENV.items())
        + " (creation rate limit lifted; bot budget small)."
    )
    print(table_line(HEADER), flush=True)
    rows: list[Row | None] = []
    for database in args.databases.split(","):
        if database == "postgresql" and not args.database_url and not (PG_BIN / "initdb").exists():
            print(f"postgresql rows skipped: no {PG_BIN}/initdb and no --database-url given")
            continue
        rows += run_database(database, args, workers)
    failed = [row.label for row in rows if row is not None and row.integrity.problems]
    print(f"Integrity: {'FAILED for ' + ', '.join(failed) if failed else 'ok for every row'}.")
    print(f"Load average after: {load()}. Rerun: {rerun_command(args)}")
    return 1 if failed or None in rows else 0


if __name__ == "__main__":
    sys.exit(main())
