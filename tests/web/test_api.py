"""The JSON API through FastAPI's TestClient, on SQLite and PostgreSQL, with `random` bots
(thinking in threads here; one test runs the real process pool)."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import socket
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from httpx import Response
from sqlalchemy import func, select

import cardavia
from cardavia import tricks
from cardavia.games.tractor.rules import card_rules
from cardavia.web.app import CSP, MAX_BODY_BYTES, create_app, tcp_listener
from cardavia.web.bots import BotPool, bot_seed
from cardavia.web.store import MatchRow, hash_token

CARD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|BJ|RJ)\b")


def make_client(url: str) -> TestClient:
    return TestClient(create_app(url, bot_workers=1, bots_in_process=True))


@pytest.fixture
def url(database_url: str) -> str:
    """Every test on the client runs on SQLite and on PostgreSQL (tests/web/conftest.py),
    except the long playouts marked SQLITE_ONLY: they ask the store nothing the others do
    not, and would double the file's time."""
    return database_url


SQLITE_ONLY = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


@pytest.fixture
def client(url: str) -> Iterator[TestClient]:
    with make_client(url) as client:
        yield client


def create(
    client: TestClient, game: str = "doudizhu", level: str = "random", *, to_you: bool = True
) -> dict[str, Any]:
    """A new match; with ``to_you``, after the AI moves before seat 0's turn (as the page
    asks for them, one at a time)."""
    response = client.post("/api/matches", json={"game": game, "level": level})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return until_you(client, created) if to_you else created


def act(client: TestClient, match: dict[str, Any], action: str, version: int) -> Response:
    return client.post(
        f"/api/matches/{match['id']}/actions",
        json={"action": action, "version": version},
        headers={"X-Match-Token": match["token"]},
    )


def advance(
    client: TestClient, match: dict[str, Any], version: int, *, quick: bool = False
) -> Response:
    return client.post(
        f"/api/matches/{match['id']}/advance",
        json={"version": version, "quick": quick},
        headers={"X-Match-Token": match["token"]},
    )


def until_you(client: TestClient, match: dict[str, Any], *, quick: bool = False) -> dict[str, Any]:
    """``match`` with its version and view after every AI move up to seat 0's turn or the
    end, one ``advance`` each (each answer is exactly one decision)."""
    for _ in range(5_000):
        if match["view"]["current_player"] in (0, None):
            return match
        response = advance(client, match, match["version"], quick=quick)
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["version"] == match["version"] + 1
        if not quick:  # one decision: one seat's events, then whatever the rules deal next
            assert (
                answer["view"]["events"][: len(match["view"]["events"])] == match["view"]["events"]
            )
        match = {**match, **answer}
    raise AssertionError("the AI seats never gave the turn back")


def read(client: TestClient, match: dict[str, Any]) -> Response:
    return client.get(f"/api/matches/{match['id']}", headers={"X-Match-Token": match["token"]})


def full_state(client: TestClient, match_id: str) -> cardavia.State:
    stored = client.app.state.store.load(match_id)  # type: ignore[attr-defined]
    return cardavia.new_game(stored.game).state_from_json(stored.state_json)


def hidden_cards(client: TestClient, match_id: str, view: dict[str, Any]) -> set[str]:
    """The cards seats 1 and 2 hold that seat 0 may not know."""
    state = full_state(client, match_id)
    hands: list[list[str]] = state.hands  # type: ignore[attr-defined]
    public = set(view.get("bottom") or [])  # Dou Dizhu shows the landlord's bottom cards
    return {card for seat in (1, 2) for card in hands[seat]} - public


def assert_nothing_hidden_leaks(client: TestClient, match_id: str, response: Response) -> None:
    view = response.json()["view"]
    if view["current_player"] is None:
        return  # the deal is over: what is left in hands may be shown
    leaked = set(CARD.findall(response.text)) & hidden_cards(client, match_id, view)
    assert not leaked, f"hidden cards in the response: {sorted(leaked)}"


# --- games, create, read, act ---------------------------------------------------------


def test_games_lists_all_eight(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [game["name"] for game in games] == [
        "doudizhu",
        "runfast",
        "guandan",
        "tractor",
        "holdem",
        "onepoker",
        "bridge",
        "tarot",
    ]
    playable = {game["name"] for game in games if game["playable"]}
    assert playable == set(cardavia.game_names())
    assert {game["name"]: game["players"] for game in games}["doudizhu"] == 3


def test_create_read_act(client: TestClient) -> None:
    match = create(client, "doudizhu")
    assert set(match) == {"id", "token", "game", "level", "version", "view"}
    assert len(match["id"]) >= 20 and len(match["token"]) >= 30
    assert (match["game"], match["level"]) == ("doudizhu", "random")
    view = match["view"]
    assert view["seat"] == 0 and view["current_player"] == 0  # the AI moves were asked for
    again = read(client, match)
    assert again.status_code == 200
    assert again.json() == {key: match[key] for key in ("id", "game", "level", "version", "view")}
    played = act(client, match, view["legal_actions"][0], match["version"])
    assert played.status_code == 200, played.text
    body = played.json()
    assert set(body) == {"version", "view"} and body["version"] == match["version"] + 1
    assert len(body["view"]["events"]) > len(view["events"])
    assert read(client, match).json()["view"] == body["view"]


def test_unplayable_game_and_unknown_level(client: TestClient) -> None:
    missing = [name for name in ("tarot", "bridge") if name not in cardavia.game_names()]
    for name in missing:
        response = client.post("/api/matches", json={"game": name})
        assert response.status_code == 400
    assert (
        client.post("/api/matches", json={"game": "doudizhu", "level": "expert"}).status_code == 422
    )
    assert client.post("/api/matches", json={"game": "chess"}).status_code == 422


def test_default_level_is_basic_and_strong_is_accepted(client: TestClient) -> None:
    response = client.post("/api/matches", json={"game": "runfast"})
    assert response.status_code == 201 and response.json()["level"] == "basic"
    url = client.app.state.store.url  # type: ignore[attr-defined]
    app = create_app(url, bot_budget=0.05, bots_in_process=True)
    with TestClient(app) as strong_client:
        response = strong_client.post("/api/matches", json={"game": "runfast", "level": "strong"})
        assert response.status_code == 201 and response.json()["level"] == "strong"


def test_illegal_action_is_400_and_changes_nothing(client: TestClient) -> None:
    match = create(client)
    before = read(client, match).json()
    for action in ("play 3S 3S 3S 3S 3S", "fly away", "bid 9"):
        response = act(client, match, action, match["version"])
        assert response.status_code == 400
        detail = response.json()["detail"]
        assert isinstance(detail, str) and detail
    assert read(client, match).json() == before


def test_illegal_message_is_the_engines(client: TestClient) -> None:
    match = create(client)
    state = full_state(client, match["id"])
    with pytest.raises(cardavia.IllegalAction) as error:
        state.apply("fly away")
    assert act(client, match, "fly away", match["version"]).json() == {"detail": str(error.value)}


def test_missing_or_wrong_token_is_403(client: TestClient) -> None:
    match = create(client)
    path = f"/api/matches/{match['id']}"
    body = {"action": match["view"]["legal_actions"][0], "version": match["version"]}
    for headers in ({}, {"X-Match-Token": "wrong"}, {"X-Match-Token": match["token"] + "x"}):
        assert client.get(path, headers=headers).status_code == 403
        assert client.get(f"{path}/hint", headers=headers).status_code == 403
        assert client.post(f"{path}/actions", json=body, headers=headers).status_code == 403
        advanced = client.post(f"{path}/advance", json={"version": 1}, headers=headers)
        assert advanced.status_code == 403
    other = create(client)
    assert client.get(path, headers={"X-Match-Token": other["token"]}).status_code == 403
    assert read(client, match).json()["version"] == match["version"]


def test_unknown_match_is_404(client: TestClient) -> None:
    headers = {"X-Match-Token": "whatever"}
    for match_id in ("doesnotexist", "x" * 64, "x" * 65, "not.an.id", "%20"):
        assert client.get(f"/api/matches/{match_id}", headers=headers).status_code == 404
        body = {"action": "pass", "version": 1}
        response = client.post(f"/api/matches/{match_id}/actions", json=body, headers=headers)
        assert response.status_code == 404
        response = client.post(
            f"/api/matches/{match_id}/advance", json={"version": 1}, headers=headers
        )
        assert response.status_code == 404
        assert client.get(f"/api/matches/{match_id}/hint", headers=headers).status_code == 404


def test_stale_version_is_409_two_tabs(client: TestClient) -> None:
    match = create(client)
    tab_one = read(client, match).json()
    tab_two = read(client, match).json()
    first = act(client, match, tab_one["view"]["legal_actions"][0], tab_one["version"])
    assert first.status_code == 200
    after_first = read(client, match).json()
    second = act(client, match, tab_two["view"]["legal_actions"][-1], tab_two["version"])
    assert second.status_code == 409
    assert read(client, match).json() == after_first


def test_a_save_that_loses_the_race_is_409(client: TestClient) -> None:
    """Another worker saves between this request's load and its save: this request's
    conditional UPDATE finds no row at its version, saves nothing and answers 409."""
    match = create(client)
    store = client.app.state.store  # type: ignore[attr-defined]
    real_save = store.save

    def save_after_a_rival(match_id: str, version: int, state: str) -> int | None:
        store.save = real_save
        assert real_save(match_id, version, "the other worker's state") == version + 1
        return real_save(match_id, version, state)

    store.save = save_after_a_rival
    version = match["version"]
    response = act(client, match, match["view"]["legal_actions"][0], version)
    assert response.status_code == 409
    stored = store.load(match["id"])
    assert (stored.version, stored.state_json) == (version + 1, "the other worker's state")


def test_body_over_16_kb_is_413(client: TestClient) -> None:
    match = create(client)
    path = f"/api/matches/{match['id']}/actions"
    headers = {"X-Match-Token": match["token"], "Content-Type": "application/json"}
    big = json.dumps({"action": "pass", "version": 1, "pad": "x" * MAX_BODY_BYTES}).encode()
    response = client.post(path, content=big, headers=headers)
    assert response.status_code == 413
    assert response.headers["content-security-policy"] == CSP

    def chunks() -> Iterator[bytes]:  # streamed, without a Content-Length
        yield b'{"action": "pass", "version": 1, "pad": "'
        for _ in range(20):
            yield b"x" * 1024
        yield b'"}'

    response = client.post(path, content=chunks(), headers=headers)
    assert response.status_code == 413
    assert client.post("/api/matches", content=big, headers=headers).status_code == 413
    assert read(client, match).json()["version"] == match["version"]


def test_malformed_bodies_are_422(client: TestClient) -> None:
    match = create(client)
    path = f"/api/matches/{match['id']}/actions"
    headers = {"X-Match-Token": match["token"]}
    bodies: list[Any] = [
        {"action": "pass"},
        {"version": 1},
        {"action": "x" * 201, "version": 1},
        {"action": "", "version": 1},
        {"action": 7, "version": 1},
        {"action": "pass", "version": "one"},
        {"action": "pass", "version": -1},
        {"action": "pass", "version": 1, "extra": True},
        ["pass", 1],
    ]
    for body in bodies:
        assert client.post(path, json=body, headers=headers).status_code == 422, body
    response = client.post(
        path, content=b"{not json", headers={**headers, "Content-Type": "application/json"}
    )
    assert response.status_code == 422
    assert read(client, match).json()["version"] == match["version"]


def seeded_match(
    client: TestClient, game: str, level: str, state: cardavia.State
) -> dict[str, Any]:
    """``state`` stored as a new match, as the API would have created it."""
    match_id, token = f"seeded-{game}-{len(state.events)}", "a-test-token-of-some-length"
    store = client.app.state.store  # type: ignore[attr-defined]
    store.create(match_id, hash_token(token), game, level, state.to_json())
    return {"id": match_id, "token": token, "version": 1, "view": state.view(0)}


# --- the AI moves, one decision per request ----------------------------------------------


def your_move_made(client: TestClient, game: str = "doudizhu") -> dict[str, Any]:
    """A seeded match right after seat 0's first move, with an AI seat to act."""
    state = cardavia.new_game(game).new_state(seed=11)
    match = until_you(client, seeded_match(client, game, "random", state))
    legal = match["view"]["legal_actions"]
    action = "pass" if "pass" in legal else legal[0]
    response = act(client, match, action, match["version"])
    assert response.status_code == 200, response.text
    match = {**match, **response.json()}
    assert match["view"]["current_player"] not in (0, None)
    return match


def test_a_new_match_and_your_move_are_answered_without_any_ai(client: TestClient) -> None:
    """The pool is made to fail: creating a match and answering seat 0's move never ask it."""
    bots = client.app.state.bots  # type: ignore[attr-defined]
    real_act = bots.act

    async def no_ai(*_args: Any) -> str:
        raise AssertionError("a request waited for an AI")

    bots.act = no_ai
    created = create(client, "holdem", to_you=False)  # the first to act preflop is an AI
    assert created["view"]["current_player"] != 0 and created["version"] == 1
    bots.act = real_act
    match = until_you(client, created)
    bots.act = no_ai
    version = match["version"]
    answer = act(client, match, match["view"]["legal_actions"][0], version)
    assert answer.status_code == 200 and answer.json()["version"] == version + 1


def test_advance_plays_exactly_the_bots_one_decision(client: TestClient) -> None:
    match = your_move_made(client)
    expected = full_state(client, match["id"])
    seat = expected.current_player
    assert seat is not None
    seed = bot_seed(match["id"], len(expected.events))
    expected.apply(cardavia.new_bot("doudizhu", "random", seed).act(expected.view(seat)))
    response = advance(client, match, match["version"])
    assert response.status_code == 200, response.text
    assert response.json() == {"version": match["version"] + 1, "view": expected.view(0)}
    assert full_state(client, match["id"]).to_json() == expected.to_json()


def test_advance_when_no_ai_is_to_act_is_409_and_changes_nothing(client: TestClient) -> None:
    match = create(client)
    before = read(client, match).json()
    response = advance(client, match, match["version"])
    assert response.status_code == 409 and "your turn" in response.json()["detail"]
    assert advance(client, match, match["version"] + 1).status_code == 409  # from the future
    assert read(client, match).json() == before


def test_an_advance_asked_twice_plays_the_move_once(client: TestClient) -> None:
    """Two tabs (or two workers) ask for the same AI move: one move is played; the second
    caller gets the stored match, which it shows from where it was."""
    match = your_move_made(client)
    first = advance(client, match, match["version"])
    second = advance(client, match, match["version"])
    assert first.status_code == second.status_code == 200
    stored = read(client, match).json()
    assert second.json() == first.json() == {"version": stored["version"], "view": stored["view"]}
    assert stored["version"] == match["version"] + 1


def test_an_advance_that_loses_the_race_answers_the_stored_move(client: TestClient) -> None:
    match = your_move_made(client)
    store = client.app.state.store  # type: ignore[attr-defined]
    real_save = store.save

    def rival_saves_first(match_id: str, version: int, state: str) -> int | None:
        store.save = real_save
        assert real_save(match_id, version, state) == version + 1  # the other worker
        return real_save(match_id, version, state)

    store.save = rival_saves_first
    response = advance(client, match, match["version"])
    assert response.status_code == 200
    assert response.json()["version"] == match["version"] + 1
    assert store.load(match["id"]).version == match["version"] + 1


def test_quick_advance_is_only_for_a_match_you_are_out_of(client: TestClient) -> None:
    match = your_move_made(client)
    before = read(client, match).json()
    response = advance(client, match, match["version"], quick=True)
    assert response.status_code == 400 and "out of" in response.json()["detail"]
    assert read(client, match).json() == before


@SQLITE_ONLY
def test_a_lost_holdem_match_plays_out_to_the_result(client: TestClient) -> None:
    """You are all-in in the small blind with seven-deuce, and the big blind pairs: you are
    out after one hand. The AIs play on one decision per request; Skip (quick) is allowed
    then and the match ends with one winner holding every chip."""
    deal = {
        "hands": [["2C", "7D"], ["9C", "8C"], ["6H", "5H"], ["JC", "3S"]],
        "board": ["AD", "KD", "QD", "9S", "4H"],
        "button": 3,
        "stacks": [10, 1000, 1000, 990],
    }
    state = cardavia.new_game("holdem").new_state(seed=3, deal=deal)
    match = seeded_match(client, "holdem", "basic", state)
    out = {"type": "eliminated", "seat": 0}
    for _ in range(50):  # the first hand, one AI decision at a time
        if out in match["view"]["events"]:
            break
        assert advance(client, match, match["version"], quick=True).status_code == 400
        match = {**match, **advance(client, match, match["version"]).json()}
    assert out in match["view"]["events"]
    assert match["view"]["current_player"] not in (0, None)  # the AIs play on without you
    match = until_you(client, match, quick=True)
    final = match["view"]["events"][-1]
    assert final["type"] == "match_over" and match["view"]["current_player"] is None
    assert final["scores"][0] == 0 and sorted(final["scores"])[:3] == [0, 0, 0]
    assert sum(final["scores"]) == 3000


def test_a_restart_between_ai_moves_resumes_where_it_stopped(url: str) -> None:
    with make_client(url) as client:
        match = your_move_made(client, "runfast")
        response = advance(client, match, match["version"])
        match = {**match, **response.json()}
        before = read(client, match).json()
    with make_client(url) as client:  # the server restarted in the middle of the AI turns
        assert read(client, match).json() == before
        resumed = until_you(client, match)
        assert (
            resumed["view"]["events"][: len(before["view"]["events"])] == before["view"]["events"]
        )


# --- what leaves the server -----------------------------------------------------------


@SQLITE_ONLY
@pytest.mark.parametrize("game", ["doudizhu", "runfast"])
def test_a_whole_deal_through_the_api(client: TestClient, game: str) -> None:
    """Seat 0 picks random legal actions until the match is over; no response ever
    carries a card seats 1 and 2 still hide."""
    rng = random.Random(game)
    match = create(client, game)
    response = read(client, match)
    assert_nothing_hidden_leaks(client, match["id"], response)
    body = response.json()
    for _ in range(300):
        view = body["view"]
        if view["current_player"] is None:
            break
        assert view["current_player"] == 0 and view["legal_actions"]
        response = act(client, match, rng.choice(view["legal_actions"]), body["version"])
        assert response.status_code == 200, response.text
        assert_nothing_hidden_leaks(client, match["id"], response)
        body = response.json()
        while body["view"]["current_player"] not in (0, None):
            response = advance(client, match, body["version"])
            assert response.status_code == 200, response.text
            assert_nothing_hidden_leaks(client, match["id"], response)
            body = response.json()
    assert body["view"]["current_player"] is None
    assert sum(body["view"]["scores"]) == 0 or game != "doudizhu"
    assert full_state(client, match["id"]).is_over
    after = act(client, match, "pass", body["version"])
    assert after.status_code == 400
    assert (
        client.get(
            f"/api/matches/{match['id']}/hint", headers={"X-Match-Token": match["token"]}
        ).status_code
        == 409
    )


def test_only_view_zero_leaves(client: TestClient) -> None:
    match = create(client)
    state = full_state(client, match["id"])
    assert match["view"] == json.loads(json.dumps(state.view(0)))
    assert "hands" not in read(client, match).text


def stored_matches(client: TestClient) -> int:
    store = client.app.state.store  # type: ignore[attr-defined]
    with store.engine.connect() as connection:
        count: int = connection.execute(select(func.count()).select_from(MatchRow)).scalar_one()
    return count


@pytest.mark.skipif("bridge" not in cardavia.game_names(), reason="no bridge engine")
def test_bridge_vulnerability_is_chosen_at_creation(client: TestClient) -> None:
    """SI-14: the vulnerability of the request is the deal's (engine deal["vulnerability"]),
    none by default; the four hands are a whole seeded deal."""
    for vulnerability in ("none", "ns", "ew", "both"):
        response = client.post(
            "/api/matches",
            json={"game": "bridge", "level": "random", "vulnerability": vulnerability},
        )
        assert response.status_code == 201, response.text
        match = response.json()
        assert match["view"]["vulnerability"] == vulnerability
        deal = next(event for event in match["view"]["events"] if event["type"] == "deal")
        assert deal["vulnerability"] == vulnerability
        assert read(client, match).json()["view"]["vulnerability"] == vulnerability
        state = full_state(client, match["id"])
        hands: list[list[str]] = state.hands  # type: ignore[attr-defined]
        assert sorted(len(hand) for hand in hands) == [13] * 4
        assert len({card for hand in hands for card in hand}) == 52
    assert create(client, "bridge")["view"]["vulnerability"] == "none"


def test_vulnerability_is_refused_outside_bridge(client: TestClient) -> None:
    before = stored_matches(client)
    response = client.post(
        "/api/matches", json={"game": "holdem", "level": "random", "vulnerability": "both"}
    )
    assert response.status_code == 400
    assert "vulnerability" in response.json()["detail"]
    for value in ("all", "NS", "", 1, ["ns"]):
        body = {"game": "bridge", "level": "random", "vulnerability": value}
        assert client.post("/api/matches", json=body).status_code == 422, value
    assert stored_matches(client) == before


# --- persistence, headers, docs -------------------------------------------------------


def test_a_restart_loses_nothing(url: str) -> None:
    with make_client(url) as client:
        match = create(client, "runfast")
        body = read(client, match).json()
        for _ in range(3):
            if body["view"]["current_player"] is None:
                break
            response = act(client, match, body["view"]["legal_actions"][0], body["version"])
            body = until_you(client, {**match, **response.json()})
        before = read(client, match).json()
    with make_client(url) as client:  # a new app and engine on the same file
        assert read(client, match).json() == before
        if before["view"]["current_player"] == 0:
            action = before["view"]["legal_actions"][0]
            assert act(client, match, action, before["version"]).status_code == 200


def test_security_headers_on_every_response(client: TestClient) -> None:
    match = create(client)
    responses = [
        client.get("/api/games"),
        read(client, match),
        client.get("/api/matches/nope", headers={"X-Match-Token": "x"}),
        client.get("/no/such/page"),
        act(client, match, "fly away", match["version"]),
        client.post("/api/matches", json={}),
        client.get("/openapi.json"),
    ]
    for response in responses:
        assert response.headers["content-security-policy"] == CSP
        assert "script-src 'self';" in CSP and "frame-ancestors 'none'" in CSP
        assert response.headers["x-content-type-options"] == "nosniff"
        assert response.headers["referrer-policy"] == "same-origin"
        assert response.headers["x-frame-options"] == "DENY"


def test_openapi_documents_the_api(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert {
        "/api/games",
        "/api/matches",
        "/api/matches/{match_id}",
        "/api/matches/{match_id}/actions",
        "/api/matches/{match_id}/advance",
        "/api/matches/{match_id}/hint",
    } <= set(schema["paths"])
    for page in ("/docs", "/redoc"):
        response = client.get(page)
        assert response.status_code == 200
        csp = response.headers["content-security-policy"]
        assert "https://cdn.jsdelivr.net" in csp and "frame-ancestors 'none'" in csp
        assert response.headers["x-frame-options"] == "DENY"


def test_bots_think_in_a_process_pool() -> None:
    pool = BotPool(workers=1, budget=0.05)
    state = cardavia.new_game("runfast").new_state(seed=5)
    view = state.view(state.current_player or 0)
    try:
        action = asyncio.run(pool.act("runfast", "random", 1, view))
        again = asyncio.run(pool.act("runfast", "random", 1, view))
    finally:
        pool.shutdown()
    assert action in view["legal_actions"] and action == again


def test_a_broken_bot_pool_is_replaced() -> None:
    pool = BotPool(workers=1)
    state = cardavia.new_game("doudizhu").new_state(seed=2)
    view = state.view(state.current_player or 0)
    try:
        first = asyncio.run(pool.act("doudizhu", "random", 3, view))
        executor = pool.executor
        assert isinstance(executor, ProcessPoolExecutor)
        for pid in list(executor._processes):  # a worker dies (killed, out of memory)
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.2)
        assert asyncio.run(pool.act("doudizhu", "random", 3, view)) == first
        assert pool.executor is not executor
    finally:
        pool.shutdown()


def test_the_multi_worker_listener_is_tcp() -> None:
    """So that asyncio sets TCP_NODELAY on every connection (no 40 ms delayed-ACK wait)."""
    listener = tcp_listener(socket.socket(socket.AF_INET, socket.SOCK_STREAM))
    try:
        assert listener.proto == socket.IPPROTO_TCP
    finally:
        listener.close()


def test_tractor_at_basic_plays_a_deal_through_the_api(client: TestClient) -> None:
    """The web's default opponents for Tractor (basic) answer one decision an advance;
    seat 0's bury and follow of several cards go in as one action each, and a bad one is
    a 400 that changes nothing."""
    match = create(client, "tractor", "basic")
    for _ in range(200):
        view = match["view"]
        if view["deal_number"] > 1 or view["current_player"] is None:
            break
        legal = view["legal_actions"]
        refused = act(client, match, "play RJ RJ RJ", match["version"])
        assert refused.status_code == 400 and refused.json()["detail"]
        assert read(client, match).json()["view"] == view
        action = legal[-1] if view["phase"] == "declare" else legal[0]
        if view["phase"] == "bury":
            action = "bury " + " ".join(view["hand"][-view["to_bury"] :])
        elif view["phase"] == "play" and view["to_follow"] > 1:
            hand, committed = list(view["hand"]), []
            while len(committed) < view["to_follow"]:
                card = legal_follow(view, hand, committed)
                hand.remove(card)
                committed.append(card)
            action = "play " + " ".join(committed)
        answer = act(client, match, action, match["version"])
        assert answer.status_code == 200, (action, answer.text)
        match = until_you(client, {**match, **answer.json()})
    result = [e for e in match["view"]["events"] if e["type"] == "deal_result"]
    assert result and result[0]["points"] % 5 == 0


def legal_follow(view: dict[str, Any], hand: list[str], committed: list[str]) -> str:
    rules = card_rules(view["level"], view["trump"])
    mine = next((e["cards"] for e in view["trick"] if e["seat"] == 0), [])
    return tricks.follow_choices(hand, [*mine, *committed], view["lead"]["cards"], rules)[0]
