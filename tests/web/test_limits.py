"""Overload and abuse limits: creations per address (429), the stored state's cap (413),
pruning idle matches (store, ``cardavia prune``, the server's periodic prune) and the strong
bots' pool of their own. Clocks are injected and slow bots wait on events: nothing sleeps."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from cardavia import cli
from cardavia.web import bots
from cardavia.web.api import TOO_LONG
from cardavia.web.app import create_app
from cardavia.web.limits import (
    CreationLimiter,
    Limits,
    Pruner,
    format_duration,
    parse_duration,
    parse_prune_after,
)
from cardavia.web.store import MatchRow, Store, hash_token

from .test_api import act, advance, create

WAIT = 20.0  # seconds an event may take before the test gives up (never reached when right)


class Clock:
    """A monotonic clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cardavia.sqlite3'}"


def make_app(url: str, limits: Limits, **options: Any) -> FastAPI:
    return create_app(
        url, bot_budget=0.05, bot_workers=1, bots_in_process=True, limits=limits, **options
    )


def match_ids(url: str) -> set[str]:
    store = Store(url)
    try:
        with store.engine.connect() as connection:
            return set(connection.scalars(select(MatchRow.id)))
    finally:
        store.dispose()


def post_match(client: TestClient, game: str = "runfast") -> Any:
    return client.post("/api/matches", json={"game": game, "level": "random"})


# --- creations per address ------------------------------------------------------------


def test_creations_past_the_burst_are_429_until_a_token_comes_back(url: str) -> None:
    clock = Clock()
    app = make_app(url, Limits(create_burst=3, create_every=10.0, clock=clock))
    with TestClient(app, client=("1.2.3.4", 123)) as first:
        for _ in range(3):
            assert post_match(first).status_code == 201
        refused = post_match(first)
        assert refused.status_code == 429
        assert refused.headers["retry-after"] == "10"
        assert "too many new matches" in refused.json()["detail"]
        assert len(match_ids(url)) == 3  # nothing created by the refused request

        other = TestClient(app, client=("5.6.7.8", 123))  # the same app, another address
        assert post_match(other).status_code == 201

        clock.now += 4
        assert post_match(first).headers["retry-after"] == "6"
        clock.now += 6
        assert post_match(first).status_code == 201
        assert post_match(first).status_code == 429


def test_only_creation_is_limited(url: str) -> None:
    app = make_app(url, Limits(create_burst=1, create_every=60.0, clock=Clock()))
    with TestClient(app) as client:
        match = create(client, "runfast", to_you=False)
        assert post_match(client).status_code == 429
        headers = {"X-Match-Token": match["token"]}
        for _ in range(3):  # reads, actions and AI moves go on
            assert client.get(f"/api/matches/{match['id']}", headers=headers).status_code == 200
            if match["view"]["current_player"] == 0:
                response = act(client, match, match["view"]["legal_actions"][0], match["version"])
            else:
                response = advance(client, match, match["version"])
            assert response.status_code == 200, response.text
            match = {**match, **response.json()}


def test_refused_requests_spend_no_creation(url: str) -> None:
    app = make_app(url, Limits(create_burst=1, create_every=60.0, clock=Clock()))
    with TestClient(app) as client:
        assert client.post("/api/matches", json={"game": "chess"}).status_code == 422
        too_many = {"game": "tarot", "options": {"deals": 10**6}}
        assert client.post("/api/matches", json=too_many).status_code in (400, 422)
        assert post_match(client).status_code == 201


def test_the_limiter_forgets_idle_clients_and_caps_the_addresses() -> None:
    clock = Clock()
    limiter = CreationLimiter(burst=2, every=5.0, max_clients=3, clock=clock)
    for address in ("a", "b", "c", "d", "e"):
        assert limiter.take(address) == 0
        assert len(limiter) <= 3
    assert limiter.take("e") == 0 and limiter.take("e") == 5
    clock.now += 9  # e's bucket is not full yet (10 s); the others neither
    assert limiter.take("e") == 0 and len(limiter) == 3
    clock.now += 10  # every bucket is full again: all are forgotten but the new one
    assert limiter.take("f") == 0 and len(limiter) == 1
    assert limiter.take("e") == 0 and limiter.take("e") == 0  # a full burst again


# --- the stored state's cap -----------------------------------------------------------


@pytest.mark.parametrize("path", ["actions", "advance"])
def test_a_state_over_the_cap_is_refused_and_nothing_is_saved(url: str, path: str) -> None:
    app = make_app(url, Limits())
    with TestClient(app) as client:
        match = create(client, "runfast")  # seat 0 to act, after the AI moves before
        if path == "advance":
            played = act(client, match, match["view"]["legal_actions"][0], match["version"])
            match = {**match, **played.json()}
            assert match["view"]["current_player"] not in (0, None)
        store: Store = app.state.store
        before = store.load(match["id"])
        assert before is not None
        # A cap below any state: the move is made, then refused at the save. (A cap of
        # today's size was not enough: a long play can shrink the hand more than its event
        # adds, and the deal is random.)
        app.state.limits.max_state_bytes = 1
        if path == "actions":
            response = act(client, match, match["view"]["legal_actions"][0], match["version"])
        else:
            response = advance(client, match, match["version"])
        assert response.status_code == 413
        assert response.json() == {"detail": TOO_LONG}
        assert store.load(match["id"]) == before


def test_a_new_match_over_the_cap_is_not_created(url: str) -> None:
    with TestClient(make_app(url, Limits(max_state_bytes=100))) as client:
        response = post_match(client)
        assert response.status_code == 413 and response.json() == {"detail": TOO_LONG}
    assert match_ids(url) == set()


# --- pruning --------------------------------------------------------------------------


def store_matches(url: str, idle_days: dict[str, float]) -> None:
    """Matches last saved ``idle_days`` ago (updated_at set directly)."""
    store = Store(url)
    try:
        for match_id, days in idle_days.items():
            store.create(match_id, hash_token("t"), "runfast", "random", "{}")
            set_idle(store, match_id, days)
    finally:
        store.dispose()


def set_idle(store: Store, match_id: str, days: float) -> None:
    when = datetime.now(UTC) - timedelta(days=days)
    with store.engine.begin() as connection:
        connection.execute(update(MatchRow).where(MatchRow.id == match_id).values(updated_at=when))


def test_prune_removes_only_the_idle_matches(url: str) -> None:
    store_matches(url, {"old": 31, "older": 400, "recent": 29, "fresh": 0})
    store = Store(url)
    try:
        assert store.prune(timedelta(days=30)) == 2
        assert store.prune(timedelta(days=30)) == 0
    finally:
        store.dispose()
    assert match_ids(url) == {"recent", "fresh"}


def test_a_save_keeps_a_match_from_being_pruned(url: str) -> None:
    store_matches(url, {"played": 31})
    store = Store(url)
    try:
        assert store.save("played", 1, "{}") == 2
        assert store.prune(timedelta(days=30)) == 0
    finally:
        store.dispose()


def test_cardavia_prune_says_how_many_it_removed(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    store_matches(url, {"old": 2, "recent": 0.25})
    assert cli.main(["prune", "--older-than", "12h", "--database-url", url]) == 0
    assert "Removed 1 match idle for more than 12 hours." in capsys.readouterr().out
    assert match_ids(url) == {"recent"}
    assert cli.main(["prune", "--older-than", "90m", "--database-url", url]) == 0
    assert "Removed 1 match idle for more than 90 minutes." in capsys.readouterr().out
    assert match_ids(url) == set()


@pytest.mark.parametrize("age", ["30", "soon", "0d", "-3d", "3w"])
def test_cardavia_prune_refuses_what_is_not_an_age(
    url: str, age: str, capsys: pytest.CaptureFixture[str]
) -> None:
    store_matches(url, {"old": 400})
    with pytest.raises(SystemExit) as exit_:
        cli.main(["prune", f"--older-than={age}", "--database-url", url])
    assert exit_.value.code == 2
    assert "not a duration such as 90m, 12h or 30d" in capsys.readouterr().err
    assert match_ids(url) == {"old"}


def test_durations() -> None:
    assert parse_duration("90m") == timedelta(minutes=90)
    assert parse_duration("12h") == timedelta(hours=12)
    assert parse_duration(" 30D ") == timedelta(days=30)
    assert parse_prune_after("off") is None
    assert [format_duration(parse_duration(t)) for t in ("1d", "48h", "90m", "45s")] == [
        "1 day",
        "2 days",
        "90 minutes",
        "45 seconds",
    ]


def test_the_server_prunes_at_start_and_then_periodically(url: str) -> None:
    store_matches(url, {"old": 31, "young": 1})
    limits = Limits(prune_after=timedelta(days=30), prune_every=0.01)
    app = make_app(url, limits)
    with TestClient(app):
        pruner: Pruner = app.state.pruner
        assert pruner.wait_for_rounds(1, WAIT)
        assert match_ids(url) == {"young"}
        set_idle(app.state.store, "young", 45)  # nobody played it since
        rounds = pruner.rounds
        assert pruner.wait_for_rounds(rounds + 2, WAIT)  # one whole prune after the change
        assert match_ids(url) == set()
        assert pruner.removed == 2


def test_no_pruning_unless_asked(url: str) -> None:
    app = make_app(url, Limits())
    assert app.state.pruner is None


def test_serve_passes_prune_after_to_the_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardavia.web import app

    monkeypatch.setattr(app, "run_server", lambda *args: None)
    monkeypatch.setenv("CARDAVIA_DATABASE_URL", "")
    monkeypatch.setenv("CARDAVIA_PRUNE_AFTER", "")  # serve sets it: restored after the test
    monkeypatch.chdir(tmp_path)
    assert Limits.from_environment().prune_after == timedelta(days=30)  # serve's default
    assert cli.main(["serve", "--prune-after", "12h"]) == 0
    assert os.environ["CARDAVIA_PRUNE_AFTER"] == "12h"
    assert Limits.from_environment().prune_after == timedelta(hours=12)
    assert cli.main(["serve", "--prune-after", "off"]) == 0
    assert Limits.from_environment().prune_after is None
    with pytest.raises(SystemExit):
        cli.main(["serve", "--prune-after", "later"])


def test_limits_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDAVIA_CREATE_BURST", "5")
    monkeypatch.setenv("CARDAVIA_CREATE_EVERY", "0.5")
    monkeypatch.setenv("CARDAVIA_MAX_STATE_BYTES", "4096")
    limits = Limits.from_environment()
    assert (limits.create_burst, limits.create_every, limits.max_state_bytes) == (5, 0.5, 4096)


# --- the strong bots' own pool ----------------------------------------------------------


@pytest.fixture
def slow_strong(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, threading.Event]]:
    """Strong decisions wait for ``release`` (at most WAIT s), then play a random move."""
    events = {name: threading.Event() for name in ("started", "release", "finished")}
    real_decide = bots.decide

    def decide(game: str, level: str, seed: int, budget: float, view: dict[str, Any]) -> str:
        if level == "strong":
            events["started"].set()
            events["release"].wait(WAIT)
            events["finished"].set()
            level = "random"
        return real_decide(game, level, seed, budget, view)

    monkeypatch.setattr(bots, "decide", decide)
    yield events
    events["release"].set()


def ai_to_act(client: TestClient, level: str) -> dict[str, Any]:
    """A new Run Fast match at ``level`` where an AI is to act (seat 0's opening played)."""
    response = client.post("/api/matches", json={"game": "runfast", "level": level})
    match: dict[str, Any] = response.json()
    if match["view"]["current_player"] == 0:
        played = act(client, match, match["view"]["legal_actions"][0], match["version"])
        match = {**match, **played.json()}
    assert match["view"]["current_player"] not in (0, None)
    return match


def test_a_slow_strong_decision_never_delays_a_basic_table(
    url: str, slow_strong: dict[str, threading.Event]
) -> None:
    app = make_app(url, Limits(), strong_bot_workers=1)
    with TestClient(app) as client:
        strong, basic = ai_to_act(client, "strong"), ai_to_act(client, "basic")
        answers: list[int] = []
        thinking = threading.Thread(
            target=lambda: answers.append(advance(client, strong, strong["version"]).status_code)
        )
        thinking.start()
        try:
            assert slow_strong["started"].wait(WAIT)
            # One quick worker and one strong worker: with a single pool the basic move
            # would queue behind the strong one and come after it.
            assert advance(client, basic, basic["version"]).status_code == 200
            assert not slow_strong["finished"].is_set()
        finally:
            slow_strong["release"].set()
            thinking.join(WAIT)
        assert answers == [200]


QUICK, STRONG = "cardavia-bot", "cardavia-strong-bot"


@pytest.mark.parametrize(
    ("work", "pool"),
    [("random", QUICK), ("basic", QUICK), ("quick", QUICK), ("strong", STRONG), ("hint", STRONG)],
)
def test_each_kind_of_work_runs_in_its_pool(
    monkeypatch: pytest.MonkeyPatch, work: str, pool: str
) -> None:
    threads: list[str] = []

    def record(*args: Any) -> Any:
        threads.append(threading.current_thread().name)
        return {}

    for function in ("decide", "play_quickly", "hint"):
        monkeypatch.setattr(bots, function, record)
    bot_pool = bots.BotPool(workers=1, strong_workers=1, in_process=True)
    try:
        if work == "quick":
            asyncio.run(bot_pool.play_quickly("holdem", "m", "{}", 0.25))
        elif work == "hint":
            asyncio.run(bot_pool.hint("runfast", 1, {}))
        else:
            asyncio.run(bot_pool.act("runfast", work, 1, {}))
    finally:
        bot_pool.shutdown()
    assert len(threads) == 1 and threads[0].startswith(pool + "_")
