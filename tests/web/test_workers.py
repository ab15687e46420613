"""Real ``cardavia serve`` processes on SQLite and PostgreSQL: two uvicorn workers on one
port, or two servers on one database, racing for the same move play it once
(docs/web-contract.md); a worker killed mid-traffic loses no acknowledged move; a database
the server cannot reach or write stops ``serve`` at start with one line."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

import cardavia
from cardavia.web.store import Store, hash_token

RACERS = 8
TOKEN = "raced-token"
HEADERS = {"X-Match-Token": TOKEN}
START_SECONDS = 120  # generous: a loaded 2-core machine starts workers slowly


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def serve_command(url: str, port: int, workers: int) -> list[str]:
    command = [sys.executable, "-m", "cardavia.cli", "serve", "--port", str(port)]
    return [*command, "--database-url", url, "--workers", str(workers)]


SERVER_ENV = {**os.environ, "CARDAVIA_BOT_WORKERS": "1", "CARDAVIA_BOT_BUDGET": "0.05"}


def wait_until_serving(server: subprocess.Popen[bytes], base: str, log: Path) -> None:
    deadline = time.monotonic() + START_SECONDS
    while True:
        assert server.poll() is None, log.read_text()
        try:
            if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.1)


@contextmanager
def servers(url: str, logs: Path, counts: list[int]) -> Iterator[list[tuple[str, int]]]:
    """One ``cardavia serve`` per entry of ``counts`` (its number of workers), all started
    at once on ``url``, each on its own port; yields (base address, server pid) each."""
    with ExitStack() as stack:
        started = []
        for index, workers in enumerate(counts):
            port = free_port()
            log_path = logs / f"server{index}.log"
            log = stack.enter_context(log_path.open("wb"))
            server = subprocess.Popen(
                serve_command(url, port, workers),
                stdout=log,
                stderr=subprocess.STDOUT,
                env=SERVER_ENV,
            )
            stack.callback(stop, server)
            started.append((server, f"http://127.0.0.1:{port}", log_path))
        for server, base, log_path in started:
            wait_until_serving(server, base, log_path)
        yield [(base, server.pid) for server, base, _ in started]


def stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def store_match(url: str, match_id: str, game: str, state: cardavia.State) -> None:
    store = Store(url)
    try:
        store.create(match_id, hash_token(TOKEN), game, "random", state.to_json())
    finally:
        store.dispose()


def load(url: str, match_id: str) -> Any:
    store = Store(url)
    try:
        return store.load(match_id)
    finally:
        store.dispose()


def race(bases: list[str], path: str, bodies: list[dict[str, Any]]) -> list[tuple[int, Any]]:
    """``bodies`` posted at once, racer i to ``bases[i % len(bases)]``, each on a fresh
    connection (so that one server's requests spread over its workers)."""

    def racer(index: int) -> tuple[int, Any]:
        base = bases[index % len(bases)]
        response = httpx.post(f"{base}{path}", json=bodies[index], headers=HEADERS, timeout=30)
        return response.status_code, response.json()

    with ThreadPoolExecutor(len(bodies)) as pool:
        return list(pool.map(racer, range(len(bodies))))


def assert_advance_played_once(url: str, bases: list[str]) -> None:
    state = cardavia.new_game("holdem").new_state(seed=5)  # preflop: an AI seat acts first
    assert state.current_player != 0
    store_match(url, "advanced", "holdem", state)
    answers = race(bases, "/api/matches/advanced/advance", [{"version": 1}] * RACERS)
    stored = load(url, "advanced")
    assert stored is not None and stored.version == 2  # one move, whoever made it
    assert {status for status, _ in answers} == {200}
    assert all(body["version"] == 2 for _, body in answers)
    replayed = cardavia.new_game("holdem").state_from_json(stored.state_json)
    assert all(body["view"] == replayed.view(0) for _, body in answers)
    assert len(replayed.events) == len(state.events) + 1


def assert_action_played_once(url: str, bases: list[str]) -> None:
    """Racers send different bids for seat 0 at version 1: one is saved, every other is
    refused with 409, and the stored match is the deal with the winner's bid applied."""
    game = cardavia.new_game("doudizhu")
    state = game.new_state(seed=1)
    assert state.current_player == 0
    store_match(url, "acted", "doudizhu", state)
    actions = state.legal_actions()
    bodies = [{"action": actions[i % len(actions)], "version": 1} for i in range(RACERS)]
    answers = race(bases, "/api/matches/acted/actions", bodies)
    winners = [i for i, (status, _) in enumerate(answers) if status == 200]
    assert len(winners) == 1, answers
    assert sorted(status for status, _ in answers) == [200] + [409] * (RACERS - 1)
    stored = load(url, "acted")
    assert stored is not None and stored.version == 2
    replay = state.clone()
    replay.apply(bodies[winners[0]]["action"])
    assert stored.state_json == replay.to_json()
    assert answers[winners[0]][1] == {"version": 2, "view": replay.view(0)}


@pytest.fixture
def two_workers(database_url: str, tmp_path: Path) -> Iterator[tuple[str, int]]:
    """``cardavia serve --workers 2`` on 127.0.0.1; (base address, supervisor pid)."""
    with servers(database_url, tmp_path, [2]) as [server]:
        yield server


def test_racing_moves_across_two_workers_play_each_once(
    database_url: str, two_workers: tuple[str, int]
) -> None:
    """Racing advances (the AI's move) and racing actions (yours, from two tabs)."""
    assert_advance_played_once(database_url, [two_workers[0]])
    assert_action_played_once(database_url, [two_workers[0]])


def test_two_servers_on_one_database_play_each_move_once(database_url: str, tmp_path: Path) -> None:
    """Two ``cardavia serve`` processes started together on one database (both migrate
    it at once), each racer going to one or the other."""
    with servers(database_url, tmp_path, [1, 1]) as started:
        bases = [base for base, _ in started]
        assert_action_played_once(database_url, bases)
        assert_advance_played_once(database_url, bases)


# --- a worker killed mid-traffic ---------------------------------------------------------


def children(pid: int) -> set[int]:
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        with suppress(FileNotFoundError):
            found |= {int(child) for child in (task / "children").read_text().split()}
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` exists and is not a zombie waiting for whoever adopted it."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def worker_pids(supervisor: int) -> set[int]:
    """uvicorn's worker processes: the supervisor's children started by multiprocessing's
    spawn (its resource tracker, if any, is not one)."""
    workers = set()
    for pid in children(supervisor):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except FileNotFoundError:
            continue  # exited meanwhile
        if b"spawn_main" in command:
            workers.add(pid)
    return workers


@dataclass
class Player:
    """A client playing Run Fast matches over and over through one server, like the page:
    your move, else one AI decision. Remembers the last acknowledged answer per match."""

    base: str
    acknowledged: dict[str, tuple[int, list[Any]]] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    acks: int = 0
    failures: int = 0
    stop: threading.Event = field(default_factory=threading.Event)

    error: BaseException | None = None

    def play(self) -> None:
        try:
            self.play_until_stopped()
        except BaseException as error:
            self.error = error
            raise

    def play_until_stopped(self, max_requests: int = 20_000, seconds: float = 300) -> None:
        deadline = time.monotonic() + seconds
        match: dict[str, Any] | None = None
        # No keep-alive: each request's connection goes to either worker.
        limits = httpx.Limits(max_keepalive_connections=0)
        with httpx.Client(base_url=self.base, timeout=10, limits=limits) as client:
            for _ in range(max_requests):
                if self.stop.is_set() or time.monotonic() > deadline:
                    return
                try:
                    match = self.step(client, match)
                except httpx.TransportError:  # the worker died under this request
                    self.failures += 1
                    match = self.reload(client, match)

    def step(self, client: httpx.Client, match: dict[str, Any] | None) -> dict[str, Any] | None:
        if match is None or match["view"]["current_player"] is None:
            response = client.post("/api/matches", json={"game": "runfast", "level": "random"})
            if response.status_code != 201:
                return None
            created: dict[str, Any] = response.json()
            self.tokens[created["id"]] = created["token"]
            self.ack(created["id"], response.json())
            return created
        headers = {"X-Match-Token": match["token"]}
        if match["view"]["current_player"] == 0:
            path = f"/api/matches/{match['id']}/actions"
            body = {"action": match["view"]["legal_actions"][0], "version": match["version"]}
        else:
            path, body = f"/api/matches/{match['id']}/advance", {"version": match["version"]}
        response = client.post(path, json=body, headers=headers)
        if response.status_code != 200:
            return self.reload(client, match)
        self.ack(match["id"], response.json())
        return {**match, **response.json()}

    def reload(self, client: httpx.Client, match: dict[str, Any] | None) -> dict[str, Any] | None:
        """The stored match after an error (the move may or may not have been saved)."""
        if match is None:
            return None
        try:
            response = client.get(
                f"/api/matches/{match['id']}", headers={"X-Match-Token": match["token"]}
            )
        except httpx.TransportError:
            self.failures += 1
            return match
        return {**match, **response.json()} if response.status_code == 200 else match

    def ack(self, match_id: str, answer: dict[str, Any]) -> None:
        self.acknowledged[match_id] = (answer["version"], answer["view"]["events"])
        self.acks += 1

    def wait_for(self, acks: int, seconds: float = 180) -> None:
        deadline = time.monotonic() + seconds
        while self.acks < acks:
            assert self.error is None, f"the client failed: {self.error!r}"
            assert time.monotonic() < deadline, (
                f"only {self.acks} answers acknowledged ({self.failures} requests failed)"
            )
            time.sleep(0.05)


def test_a_worker_killed_mid_traffic_loses_no_acknowledged_move(
    database_url: str, two_workers: tuple[str, int]
) -> None:
    base, supervisor = two_workers
    workers = worker_pids(supervisor)
    assert len(workers) == 2
    player = Player(base)
    orphans: set[int] = set()
    thread = threading.Thread(target=player.play)
    thread.start()
    try:
        player.wait_for(20)
        # A worker that has started its bot pool (under load the traffic so far may all
        # have gone to the other one).
        deadline = time.monotonic() + START_SECONDS
        while not any(children(pid) for pid in workers):
            assert time.monotonic() < deadline, "no worker started its bot pool"
            time.sleep(0.1)
        victim = min(pid for pid in workers if children(pid))
        orphans = children(victim)  # its bot pool, which nobody will shut down
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + START_SECONDS
        while len(worker_pids(supervisor) - {victim}) < 2:  # the supervisor starts another
            assert time.monotonic() < deadline, "the killed worker was not replaced"
            time.sleep(0.1)
        restarted = player.acks
        player.wait_for(restarted + 20)  # traffic goes on
        assert orphans, "the killed worker had no bot pool to leave behind"
        deadline = time.monotonic() + START_SECONDS
        while any(map(running, orphans)):  # each sees its parent gone and exits
            assert time.monotonic() < deadline, "the killed worker's bot pool outlived it"
            time.sleep(0.2)
    finally:
        player.stop.set()
        thread.join(timeout=60)
        for pid in orphans:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
    store = Store(database_url)
    try:
        for match_id, (version, events) in player.acknowledged.items():
            stored = store.load(match_id)
            assert stored is not None and stored.version >= version
            replayed = cardavia.new_game(stored.game).state_from_json(stored.state_json)
            assert replayed.view(0)["events"][: len(events)] == events
    finally:
        store.dispose()


# --- a database serve cannot use --------------------------------------------------------


def serve_once(url: str, **settings: str) -> subprocess.CompletedProcess[str]:
    command = serve_command(url, free_port(), 1)
    env = {**SERVER_ENV, **settings}
    return subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)


def assert_stopped_with_one_line(result: subprocess.CompletedProcess[str], start: str) -> None:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(start), result.stderr
    assert "is running" not in result.stdout


def test_serve_stops_at_once_on_a_read_only_sqlite_database(tmp_path: Path) -> None:
    """Root writes through file permissions, so the file is opened read-only by its URL."""
    path = tmp_path / "cardavia.sqlite3"
    Store(f"sqlite:///{path}").dispose()
    url = f"sqlite:///file:{path}?mode=ro&uri=true"
    result = serve_once(url)
    assert_stopped_with_one_line(result, f"cardavia serve: cannot write to the database {url}: ")
    assert "readonly database" in result.stderr


@pytest.mark.parametrize(
    ("name", "value", "meaning"),
    [
        ("CARDAVIA_CREATE_EVERY", "0", "a number above 0"),
        ("CARDAVIA_CREATE_BURST", "lots", "a whole number above 0"),
        ("CARDAVIA_BOT_WORKERS", "1.5", "a whole number above 0"),
        ("CARDAVIA_BOT_BUDGET", "nan", "a number above 0"),
        ("CARDAVIA_PRUNE_AFTER", "soon", "a duration such as 12h or 30d, or off"),
    ],
)
def test_serve_stops_at_once_on_a_wrong_setting(
    tmp_path: Path, name: str, value: str, meaning: str
) -> None:
    """A wrong setting is one line from ``serve``, not a traceback from every worker that
    the supervisor would restart forever."""
    result = serve_once(f"sqlite:///{tmp_path / 'cardavia.sqlite3'}", **{name: value})
    assert_stopped_with_one_line(result, f"cardavia serve: {name} must be {meaning}, not ")


def test_serve_stops_at_once_on_an_unreachable_database() -> None:
    url = f"postgresql+psycopg://postgres:secret@127.0.0.1:{free_port()}/cardavia"
    result = serve_once(url)
    shown = url.replace(":secret@", ":***@")
    assert_stopped_with_one_line(result, f"cardavia serve: cannot reach the database {shown}: ")
    assert "secret" not in result.stderr
