"""``GET /api/matches/{id}/hint``: the strong bot's move with its reason, computed in the bot
pool within min(pool budget, 0.5 s), through FastAPI's TestClient like test_api.py."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import cardavia
from cardavia.ai.hints import HINT_BUDGET, REASON, REASONS, suggest
from cardavia.locale import LANGUAGES, catalog, placeholders
from cardavia.web import bots
from cardavia.web.app import create_app
from cardavia.web.bots import BotPool, bot_seed

from .test_api import create, full_state, read

POOL_BUDGET = 0.2


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    url = f"sqlite:///{tmp_path / 'cardavia.sqlite3'}"
    app = create_app(url, bot_budget=POOL_BUDGET, bot_workers=1, bots_in_process=True)
    with TestClient(app) as client:
        yield client


def get_hint(client: TestClient, match: dict[str, Any]) -> Any:
    return client.get(f"/api/matches/{match['id']}/hint", headers={"X-Match-Token": match["token"]})


@pytest.mark.parametrize("game", ["doudizhu", "runfast", "holdem", "onepoker", "bridge", "tarot"])
def test_the_hint_is_the_strong_suggestion_with_its_reason(client: TestClient, game: str) -> None:
    match = create(client, game)
    response = get_hint(client, match)
    assert response.status_code == 200, response.text
    body = response.json()
    assert set(body) == {"action", "reason", "params"}
    state = full_state(client, match["id"])
    seed = bot_seed(match["id"], len(state.events))
    expected = suggest(game, state.view(0), seed, POOL_BUDGET)
    assert body == {"action": expected.action, "reason": expected.reason, "params": expected.params}
    assert body["action"] in match["view"]["legal_actions"]
    key = body["reason"].removeprefix(REASON)
    assert set(body["params"]) == set(REASONS[key])
    for lang in LANGUAGES:  # the page can render it in every language
        assert placeholders(str(catalog(lang)[body["reason"]])) == set(body["params"])
    assert read(client, match).json()["version"] == match["version"]  # a hint changes nothing


def test_the_same_position_gets_the_same_hint(client: TestClient) -> None:
    match = create(client, "doudizhu")
    assert get_hint(client, match).json() == get_hint(client, match).json()


def test_no_hint_when_it_is_not_your_turn(client: TestClient) -> None:
    """Right after seat 0's move an AI is to act (the page has not asked for it yet)."""
    match = create(client, "runfast")
    response = client.post(
        f"/api/matches/{match['id']}/actions",
        json={"action": match["view"]["legal_actions"][0], "version": match["version"]},
        headers={"X-Match-Token": match["token"]},
    )
    assert response.status_code == 200
    assert full_state(client, match["id"]).current_player not in (0, None)
    assert get_hint(client, match).status_code == 409


def test_the_hint_budget_is_capped_at_half_a_second(monkeypatch: pytest.MonkeyPatch) -> None:
    budgets: list[float] = []

    def fake_hint(game: str, seed: int, budget: float, view: dict[str, Any]) -> dict[str, Any]:
        budgets.append(budget)
        return {"action": "pass", "reason": REASON + "only_action", "params": {}}

    monkeypatch.setattr(bots, "hint", fake_hint)
    view = cardavia.new_game("runfast").new_state(seed=5).view(0)
    for budget in (3.0, 0.1):
        pool = BotPool(workers=1, budget=budget, in_process=True)
        try:
            asyncio.run(pool.hint("runfast", 1, view))
        finally:
            pool.shutdown()
    assert budgets == [HINT_BUDGET, 0.1]


def test_hints_run_in_the_process_pool() -> None:
    pool = BotPool(workers=1, budget=0.05)
    state = cardavia.new_game("holdem").new_state(seed=5)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    try:
        answer = asyncio.run(pool.hint("holdem", 1, view))
    finally:
        pool.shutdown()
    expected = suggest("holdem", view, 1, 0.05)
    assert answer == {
        "action": expected.action,
        "reason": expected.reason,
        "params": expected.params,
    }
