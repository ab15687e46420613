"""Issue 10, the live table: the page asks for the AI moves one decision per request and
shows each; a closed tab in the middle of the AI turns loses nothing."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from playwright.sync_api import Browser, Page

import cardavia

from .conftest import (
    ApiLog,
    Server,
    close_page,
    match_id,
    new_page,
    open_seeded_match,
    play_turn,
    take_hint,
    token,
    wait_ready,
)


def decisions(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The decisions in a view's public record (every event that carries an action)."""
    return [event for event in view["events"] if "action" in event]


def test_each_request_carries_at_most_one_decision(page: Page, server: Server) -> None:
    """Every answer the page gets holds exactly one decision more than the one before it:
    the human's for /actions, one AI seat's for /advance; nothing else adds any."""
    state = cardavia.new_game("runfast").new_state(seed=7)
    log = ApiLog()
    log.attach(page)
    open_seeded_match(page, server, state, "random", "live-one-decision")
    for _ in range(3):
        if wait_ready(page) != "turn":
            break
        play_turn(page)
    wait_ready(page)
    log.drain()
    answers = [(url, body) for url, body in log.bodies if "view" in body]  # not the hints
    assert answers[0][0].endswith(match_id(page))  # the page first read the stored match
    advances = 0
    for (_, before), (url, after) in pairwise(answers):
        if not url.endswith(("/actions", "/advance")):
            continue
        new = decisions(after["view"])[len(decisions(before["view"])) :]
        assert len(new) == 1, f"{url} answered {len(new)} decisions"
        assert after["version"] == before["version"] + 1
        if url.endswith("/advance"):
            advances += 1
            assert new[0]["seat"] != 0
        else:
            assert new[0]["seat"] == 0
    stored = server.stored_state(match_id(page))
    assert advances == sum(1 for event in decisions({"events": stored.events}) if event["seat"])
    assert advances >= 4


def test_a_tab_closed_during_the_ai_turns_resumes(browser: Browser, server: Server) -> None:
    """You play and close the tab at once: the AIs' turns are not lost; a new tab on the
    same address resumes them from the store and gives You the turn back."""
    page = new_page(browser, server)
    state = cardavia.new_game("runfast").new_state(seed=7)
    open_seeded_match(page, server, state, "random", "live-closed-tab")
    assert wait_ready(page) == "turn"
    address, identifier, secret = page.url, match_id(page), token(page)
    assert take_hint(page) == "confirm"
    with page.expect_response(lambda response: response.url.endswith("/actions")):
        page.get_by_test_id("confirm").click()
    close_page(page)
    stored = server.stored_state(identifier)
    assert stored.current_player not in (0, None)  # the AI turns were cut short
    before = list(stored.events)

    again = new_page(browser, server)  # a new tab of the same browser: the token is kept
    try:
        again.goto("/en/")
        again.evaluate(
            "([id, token]) => localStorage.setItem(`cardavia.token.${id}`, token)",
            [identifier, secret],
        )
        again.goto(address)
        assert wait_ready(again) == "turn"
        resumed = server.stored_state(identifier)
        assert resumed.events[: len(before)] == before
        assert resumed.current_player == 0
        shown = again.get_by_test_id("record").count()
        assert shown >= len(resumed.events) - 1  # every move is in the records
    finally:
        close_page(again)


def test_a_busy_server_is_asked_again(page: Page, server: Server) -> None:
    """Issue 11: a 503 (database busy, Retry-After) on an AI move is not an error the
    player must handle: the page waits, asks again, and the AI seats play on."""
    state = cardavia.new_game("holdem").new_state(seed=5)  # preflop: an AI seat acts first
    assert state.current_player != 0
    refused: list[str] = []

    def busy_once(route: Any) -> None:
        if refused:
            route.continue_()
            return
        refused.append(route.request.url)
        route.fulfill(
            status=503,
            headers={"Retry-After": "1"},
            content_type="application/json",
            body='{"detail": "the database is busy: try again"}',
        )

    page.route("**/advance", busy_once)
    open_seeded_match(page, server, state, "random", "live-busy-once")
    assert wait_ready(page) in ("turn", "over")
    assert len(refused) == 1
    stored = server.stored_state(match_id(page))
    assert any(event.get("seat") not in (None, 0) for event in decisions({"events": stored.events}))
    assert page.get_by_test_id("message").is_hidden()  # the retry's notice is gone
