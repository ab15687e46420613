"""The table in a real browser: whole Dou Dizhu and Run Fast deals by clicks alone from the
hub, no AI hidden card in any response (SI-17), Confirm only for a legal selection and one
action sent (SI-07), settings and language kept mid-game (SI-05), a server restart
mid-deal, and the whole hand on a 375 px phone."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from cardavia.locale import catalog

from .conftest import (
    PHONE,
    RAW_KEY,
    SETTINGS,
    ApiLog,
    Server,
    after_action,
    assert_translated,
    card_tokens,
    close_page,
    hand,
    is_over,
    match_id,
    new_page,
    play_turn,
    play_until_over,
    public_cards,
    restart_match,
    screenshot,
    table_attr,
    token,
    wait_idle,
)

TABLE_KEYS = ["table.pass", "table.hint", "table.records", "table.restart", "table.rules"]


def table_keys(page: Page) -> list[str]:
    """The table's labels shown now (Confirm is hidden during the auction)."""
    confirm = page.get_by_test_id("confirm").is_visible()
    return [*TABLE_KEYS, "table.confirm"] if confirm else TABLE_KEYS


def records(page: Page) -> list[str]:
    return page.get_by_test_id("record").all_inner_texts()


def record_types(page: Page) -> list[str]:
    return page.get_by_test_id("record").evaluate_all(
        "nodes => nodes.map(node => node.dataset.type)"
    )


def start_from_hub(page: Page, game: str) -> None:
    page.goto("/")
    page.get_by_test_id("tradition-french54").locator("a").click()
    page.get_by_test_id(f"start-{game}").click()
    expect(page).to_have_url(re.compile(rf"/en/play/{game}/[\w-]+$"))
    wait_idle(page)


def check_hidden_cards(log: ApiLog, server: Server, match: str) -> None:
    """SI-17: every /api/ response carries view(0) only; no card of the AI hands that was
    not yet shown ever appears in one, and none of the cards they still hold at the end
    (read from the server's database) during the last deal (a void Dou Dizhu deal is
    dealt again: its cards are shuffled anew)."""
    state = server.stored_state(match)
    assert state.is_over
    # The cards the AI still hold, less the Dou Dizhu bottom cards that everyone saw.
    still_hidden = (set(state.hands[1]) | set(state.hands[2])) - public_cards(state.view(0))
    assert still_hidden, "the AI hands are empty at the end?"
    last_deal = deal_number(state.view(0))
    views = 0
    for url, body in log.bodies:
        named = card_tokens(body)
        view = body.get("view") if isinstance(body, dict) else None
        if view is None or deal_number(view) == last_deal:
            assert not named & still_hidden, f"{url} names AI cards {named & still_hidden}"
        if view is None:
            continue
        views += 1
        assert view["seat"] == 0, f"{url} sent the view of seat {view['seat']}"
        assert "hands" not in view
        leaked = named - public_cards(view)
        assert not leaked, f"{url} names cards seat 0 cannot know: {leaked}"
    assert views >= 3, f"only {views} views were seen"
    # The page's last view is the server's public record.
    final = next(body["view"] for _url, body in reversed(log.bodies) if "view" in body)
    assert final["events"] == state.view(0)["events"]


def deal_number(view: dict[str, Any]) -> int:
    return max(event["deal"] for event in view["events"] if event["type"] == "deal")


@pytest.mark.parametrize("game", ["doudizhu", "runfast"])
def test_whole_deal_by_clicks(page: Page, server: Server, game: str) -> None:
    """From the hub, a whole deal with Hint then Confirm (or the suggested bid / Pass):
    the result with its breakdown, every bid and play in the records."""
    log = ApiLog()
    log.attach(page)
    start_from_hub(page, game)
    log.drain()
    assert len(hand(page)) in (16, 17)

    played = []

    def each() -> None:
        log.drain()
        played.append(1)
        if game == "doudizhu" and len(played) == 3 and not is_over(page):
            screenshot(page, "table-desktop")

    turns = play_until_over(page, each=each)
    log.drain()
    assert turns >= 1
    match = match_id(page)
    view = server.api(f"/api/matches/{match}", token(page))["view"]
    assert view["current_player"] is None

    result = page.get_by_test_id("result")
    expect(result).to_be_visible()
    expect(page.get_by_test_id("result-headline")).not_to_be_empty()
    breakdown = page.get_by_test_id("result-breakdown").locator("li")
    assert breakdown.count() >= 1
    shown = [int(page.get_by_test_id(f"score-{seat}").inner_text()) for seat in range(3)]
    assert shown == view["scores"] and sum(shown) == 0 and any(shown)
    expect(page.get_by_test_id("turn")).to_have_text(catalog("en")["table.turn.over"])
    for card in page.get_by_test_id("hand-card").all():
        expect(card).to_be_disabled()

    # The records: one line per event of the public record, bids and plays included.
    events = view["events"]
    assert record_types(page) == [event["type"] for event in events]
    lines = records(page)
    for event, line in zip(events, lines, strict=True):
        if event["type"] == "play":
            assert len(line.strip()) > 0
    plays = [event for event in events if event["type"] == "play"]
    assert plays and sum(len(event["cards"]) for event in plays) > 0
    if game == "doudizhu":
        assert any(event["type"] in ("bid", "pass") for event in events[:4])
        assert "landlord" in record_types(page)
        expect(page.get_by_test_id("role-0")).to_be_visible()
    assert not RAW_KEY.findall(page.locator("body").inner_text())

    check_hidden_cards(log, server, match)


def legal_single_and_illegal_pair(view: dict[str, Any]) -> tuple[list[str], tuple[str, str]]:
    """Cards You may play alone now, and two cards that together are no legal play."""
    legal = [action.split()[1:] for action in view["legal_actions"] if action.startswith("play ")]
    singles = [cards[0] for cards in legal if len(cards) == 1]
    ranks = {tuple(sorted(card[0] for card in cards)) for cards in legal}
    hand_cards = view["hand"]
    pairs = [
        (a, b)
        for i, a in enumerate(hand_cards)
        for b in hand_cards[i + 1 :]
        if tuple(sorted((a[0], b[0]))) not in ranks
    ]
    return singles, pairs[0] if pairs else ("", "")


def click_card(page: Page, card: str) -> None:
    page.locator(f"[data-testid=hand-card][data-card='{card}']").click()


def test_confirm_only_legal_and_sends_one_action(page: Page, server: Server) -> None:
    """SI-07: Confirm is disabled until the selection is a legal play; select a card,
    deselect it, select another and Confirm: exactly one action, the last selection."""
    page.goto("/en/play/runfast")
    wait_idle(page)
    confirm = page.get_by_test_id("confirm")
    for _ in range(60):
        if is_over(page):  # the deal ended first: a new one
            restart_match(page)
            wait_idle(page)
        view = server.api(f"/api/matches/{match_id(page)}", token(page))["view"]
        opening = all(count == 0 for count in view["plays_made"])
        singles, (bad_a, bad_b) = legal_single_and_illegal_pair(view)
        if len(singles) >= 2 and bad_a and not opening:
            break
        play_turn(page)
    else:
        pytest.fail("no turn with two legal singles in 60 turns")

    expect(confirm).to_be_disabled()
    click_card(page, bad_a)
    click_card(page, bad_b)
    expect(confirm).to_be_disabled()
    # Said so (or why: a notice such as "you must beat the table" takes its place).
    expect(page.get_by_test_id("selection")).not_to_have_text(catalog("en")["table.selection_ok"])
    expect(page.get_by_test_id("selection")).not_to_be_empty()
    click_card(page, bad_a)
    click_card(page, bad_b)
    expect(confirm).to_be_disabled()

    first, last = singles[0], singles[-1]
    sent: list[Request] = []
    page.on("request", lambda request: sent.append(request) if request.method == "POST" else None)
    click_card(page, first)
    expect(confirm).to_be_enabled()
    click_card(page, first)
    expect(confirm).to_be_disabled()
    click_card(page, last)
    expect(confirm).to_be_enabled()
    expect(page.locator(f"[data-card='{last}'][aria-pressed=true]")).to_have_count(1)
    assert page.locator("[data-testid=hand-card][aria-pressed=true]").count() == 1
    version = table_attr(page, "version")
    assert not sent, "something was sent before Confirm"
    confirm.click()
    after_action(page, version)
    actions = [request for request in sent if request.url.endswith("/actions")]
    assert len(actions) == 1, [request.url for request in sent]
    assert json.loads(actions[0].post_data or "{}") == {
        "action": f"play {last}",
        "version": int(version),
    }
    assert last not in hand(page)
    assert first in hand(page)


def test_settings_and_language_kept_mid_game(page: Page) -> None:
    """SI-05: mid-game, Grain 0 % and Čeština, then reload: Grain 0 %, the others 50 %, the
    whole page in Czech, the game unchanged."""
    page.goto("/en/play/doudizhu")
    wait_idle(page)
    play_turn(page)  # the auction has begun at least
    before_hand, before_records = hand(page), len(records(page))
    version = table_attr(page, "version")
    url = page.url

    page.get_by_test_id("setting-grain").focus()
    page.keyboard.press("Home")
    expect(page.get_by_test_id("setting-grain-value")).to_have_text("0%")
    page.get_by_test_id("language").select_option("cs")
    expect(page).to_have_url(url.replace("/en/", "/cs/"))
    for reload in (False, True):
        if reload:
            page.reload()
        wait_idle(page)
        expect(page.get_by_test_id("setting-grain-value")).to_have_text("0%")
        for name in SETTINGS:
            if name != "grain":
                expect(page.get_by_test_id(f"setting-{name}-value")).to_have_text("50%")
        assert hand(page) == before_hand
        assert len(records(page)) == before_records
        assert table_attr(page, "version") == version
        assert_translated(page, "cs", table_keys(page))
    screenshot(page, "table-cs")
    # And the game goes on in Czech.
    play_turn(page)
    assert table_attr(page, "version") != version


@pytest.mark.parametrize("lang", ["fr", "cs", "id", "zh"])
def test_table_translated(page: Page, lang: str) -> None:
    """A table mid-deal in each language: labels, turn line, records and controls
    translated, no catalog key showing."""
    page.goto(f"/{lang}/play/doudizhu")
    wait_idle(page)
    for _ in range(3):
        if is_over(page):
            break
        play_turn(page)
    assert len(records(page)) >= 2
    assert_translated(page, lang, table_keys(page))
    # The page's script got this language's texts, none of them an English stand-in.
    texts = json.loads(page.locator("#page-data").text_content() or "{}")["texts"]
    own = catalog(lang)
    assert texts and all(key in own for key in texts), set(texts) - set(own)
    assert texts == {key: own[key] for key in texts}
    page.get_by_test_id("rules-open").click()
    dialog = page.get_by_test_id("rules-dialog")
    expect(dialog).to_be_visible()
    rules = dialog.inner_text()
    assert catalog(lang)["game.doudizhu.section.objective.title"] in rules
    assert not RAW_KEY.findall(rules)
    page.get_by_test_id("rules-close").click()
    expect(dialog).to_be_hidden()


def test_whole_hand_on_a_phone(browser: Browser, server: Server) -> None:
    """375 × 740: every card of the hand lies within the width, can be scrolled into
    view, and its corner is not covered by another card; nothing scrolls sideways."""
    page = new_page(browser, server, viewport=PHONE)
    try:
        page.goto("/en/play/doudizhu")
        wait_idle(page)
        for _ in range(8):  # into the play phase, where the landlord holds 20 cards
            if is_over(page) or table_attr(page, "phase") == "play":
                break
            play_turn(page)
        cards = page.get_by_test_id("hand-card")
        count = cards.count()
        assert count >= 15
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"the page scrolls sideways ({width} px)"
        for index in range(count):
            card = cards.nth(index)
            card.scroll_into_view_if_needed()
            box = card.bounding_box()
            assert box is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (index, box)
            assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (index, box)
            assert box["width"] >= 30, f"card {index} is {box['width']} px wide"
            # The top-left corner (rank and suit) shows: that point belongs to this card.
            on_top = page.evaluate(
                """([x, y]) => document.elementFromPoint(x, y)?.closest('.hand-card')
                    ?.dataset.index ?? null""",
                [box["x"] + 4, box["y"] + 6],
            )
            assert on_top == str(index), f"card {index} is covered at its corner"
        page.get_by_test_id("hand").scroll_into_view_if_needed()
        screenshot(page, "table-phone")
        # Playable there too: one turn by taps.
        if not is_over(page):
            play_turn(page)
    finally:
        close_page(page)


def test_server_restart_mid_deal(browser: Browser, tmp_path: Path) -> None:
    """Stop the server mid-deal and start it again on the same database: the page reloads
    into the same hand and record, and the deal goes on."""
    server = Server(tmp_path)
    server.start()
    page = new_page(browser, server)
    try:
        page.goto("/en/play/runfast")
        wait_idle(page)
        for _ in range(2):
            play_turn(page)
        assert not is_over(page)
        url, before_hand, before_records = page.url, hand(page), records(page)
        version = table_attr(page, "version")
        stored = server.stored_state(match_id(page))

        server.stop()
        # While it is down, a hint fails with a message and nothing changes.
        page.get_by_test_id("hint").click()
        expect(page.get_by_test_id("message")).to_have_text(catalog("en")["msg.network"])
        assert hand(page) == before_hand

        server.start()
        page.reload()
        wait_idle(page)
        assert page.url == url
        assert hand(page) == before_hand
        assert records(page) == before_records
        assert table_attr(page, "version") == version
        assert server.stored_state(match_id(page)).to_json() == stored.to_json()
        for _ in range(2):
            if is_over(page):
                break
            play_turn(page)
        assert int(table_attr(page, "version")) > int(version)
    finally:
        close_page(page)
        server.stop()
