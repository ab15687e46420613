"""Two uvicorn workers on one port and one SQLite file: racing requests for the same AI
move play it once (docs/web-contract.md, ``advance``)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

import cardavia
from cardavia.web.store import Store, hash_token

RACERS = 8


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def two_workers(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """``cardavia serve --workers 2`` on 127.0.0.1; (base address, database URL)."""
    url = f"sqlite:///{tmp_path / 'cardavia.sqlite3'}"
    port = free_port()
    command = [sys.executable, "-m", "cardavia.cli", "serve", "--port", str(port)]
    command += ["--database-url", url, "--workers", "2"]
    env = {**os.environ, "CARDAVIA_BOT_WORKERS": "1", "CARDAVIA_BOT_BUDGET": "0.05"}
    log = (tmp_path / "server.log").open("wb")
    server = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert server.poll() is None, (tmp_path / "server.log").read_text()
            try:
                if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        yield base, url
    finally:
        server.terminate()
        server.wait(timeout=20)
        log.close()


def test_racing_advances_across_two_workers_play_the_move_once(
    two_workers: tuple[str, str],
) -> None:
    base, url = two_workers
    state = cardavia.new_game("holdem").new_state(seed=5)  # preflop: an AI seat acts first
    assert state.current_player != 0
    store = Store(url)
    store.create("raced", hash_token("raced-token"), "holdem", "random", state.to_json())
    headers = {"X-Match-Token": "raced-token"}

    def racer(_: int) -> tuple[int, Any]:
        # A fresh connection each: the requests spread over both workers.
        response = httpx.post(
            f"{base}/api/matches/raced/advance", json={"version": 1}, headers=headers, timeout=30
        )
        return response.status_code, response.json()

    with ThreadPoolExecutor(RACERS) as pool:
        answers = list(pool.map(racer, range(RACERS)))
    try:
        stored = store.load("raced")
    finally:
        store.dispose()
    assert stored is not None and stored.version == 2  # one move, whoever made it
    assert {status for status, _ in answers} == {200}
    assert all(body["version"] == 2 for _, body in answers)
    replayed = cardavia.new_game("holdem").state_from_json(stored.state_json)
    assert all(body["view"] == replayed.view(0) for _, body in answers)
    assert len(replayed.events) == len(state.events) + 1
