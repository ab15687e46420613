"""The Guandan table in a real browser (issue 12): the return after a tribute by clicks (a
card that may not go back says why), the chooser when one selection has two readings
(a straight or a straight flush with the wild card), and the end of a deal by clicks at
1366 × 768 and at 375 × 800: the deal's result and the match standing until Next deal,
then the next deal with its tribute shown. Every phase fits one screen, and no /api/
response names a card seat 0 may not know.

Every deal is fixed: the tribute and chooser deals are built here; the phone plays a
seeded deal 1 whole by clicks, the laptop its end, reached by playing the seeded deal in
Python (every seat taking its longest play) and storing the state as the match."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import cardavia

from .conftest import (
    CARD,
    SIZES,
    ApiLog,
    Server,
    click_card,
    close_page,
    current_view,
    fits_at_sizes,
    new_page,
    open_seeded_match,
    posts,
    sent,
    sent_actions,
    table_attr,
    wait_for_you,
)

PACK = [f"{rank}{suit}" for rank in "23456789TJQKA" for suit in "SHDC"] + ["BJ", "RJ"]
# On screen in every phase: the seats, your cards, the levels, the cards on the table and
# every control You may use.
NEEDED = [
    "[data-testid=table] [data-seat]",
    "[data-testid^=count-]",
    "[data-testid=hand-card]",
    "[data-testid=gd-levels]",
    "[data-testid=gd-tribute]",
    "[data-testid=gd-places]",
    "[data-testid=top-play]",
    "[data-testid=turn]",
    "[data-testid=table] button:enabled",
    "[data-testid=interlude]:not([hidden])",
    "[data-testid=chooser]:not([hidden])",
    "[data-testid=selection]",
]


def deal_with(mine: list[str], seed: int) -> list[list[str]]:
    """Four hands of 27 from two packs: ``mine`` and 27 - len(mine) more for seat 0."""
    rest = PACK * 2
    for card in mine:
        rest.remove(card)
    random.Random(seed).shuffle(rest)
    hand0 = mine + rest[: 27 - len(mine)]
    rest = rest[27 - len(mine) :]
    return [hand0, rest[:27], rest[27:54], rest[54:81]]


def one_screen(page: Page, phase: str, sizes: list[str] | None = None) -> None:
    """At each size: no page scroll, every needed element inside the viewport; a
    screenshot of each. The page is left at the first size."""
    fits_at_sizes(page, sizes or list(SIZES), f"guandan {phase}", f"guandan-{phase}", NEEDED)


# --- waiting and acting --------------------------------------------------------------------


def select(page: Page, cards: list[str]) -> None:
    """Clicks ``cards`` in your hand (each a card not clicked yet; by rank when the very
    card is not there)."""
    buttons = page.locator("[data-testid=hand-card]")
    shown = buttons.evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    taken: set[int] = set()
    for card in cards:
        at = next((i for i, c in enumerate(shown) if c == card and i not in taken), None)
        if at is None:
            at = next(i for i, c in enumerate(shown) if c[0] == card[0] and i not in taken)
        taken.add(at)
        click_card(buttons.nth(at))


def play_cards(action: str) -> list[str]:
    words = action.split()[1:]
    return words[: words.index("as")] if "as" in words else words


def longest(legal: list[str]) -> str:
    """The legal play with the most cards (the first listed of those), else pass."""
    plays = [action for action in legal if action.startswith("play ")]
    if not plays:
        return "pass"
    return max(plays, key=lambda action: len(play_cards(action)))


def my_turn(page: Page, server: Server, match: str) -> str:
    """One turn of You by clicks: the longest play (its cards, Confirm, the first reading
    if the chooser asks), else Pass."""
    view = current_view(page, server, match)
    version = table_attr(page, "version")
    action = longest(view["legal_actions"])
    if action == "pass":
        page.get_by_test_id("pass").click()
        return sent(page, version)
    select(page, play_cards(action))
    expect(page.get_by_test_id("confirm")).to_be_enabled()
    page.get_by_test_id("confirm").click()
    chooser = page.get_by_test_id("chooser")
    if chooser.is_visible():
        page.get_by_test_id("chooser-option").first.click()
    return sent(page, version)


# --- hidden cards -----------------------------------------------------------------------------


def named(value: Any, skip_as: bool = True) -> set[str]:
    """The cards named in a JSON value, less the readings of wild cards (the part after
    ``as`` in an action, an ``as`` field: cards a wild stands for, held by nobody)."""
    if isinstance(value, dict):
        return set().union(
            set(), *(named(item) for key, item in value.items() if not (skip_as and key == "as"))
        )
    if isinstance(value, list):
        return set().union(set(), *(named(item) for item in value))
    if isinstance(value, str):
        words = value.split()
        if skip_as and "as" in words:
            words = words[: words.index("as")]
        return {word for word in words if CARD.match(word)}
    return set()


def known_to_you(view: dict[str, Any]) -> set[str]:
    """Your hand, every card shown in the record, the tribute and your own return."""
    known = set(view["hand"])
    for event in view["events"]:
        known |= set(event.get("cards") or [])
        if event.get("card"):
            known.add(event["card"])
    tribute = view.get("tribute") or {}
    for payment in tribute.get("payments", []):
        known.add(payment["card"])
    for ret in tribute.get("returns", []):
        if ret.get("card"):
            assert 0 in (ret["from"], ret["to"]), f"a return of two AIs is shown: {ret}"
            known.add(ret["card"])
    return known


def check_hidden(log: ApiLog) -> None:
    views = log.views()
    for url, view in views:
        assert view["seat"] == 0 and "hands" not in view, url
        leaked = named(view) - known_to_you(view)
        assert not leaked, f"{url} names cards seat 0 cannot know: {leaked}"
    assert len(views) >= 2, f"only {len(views)} views seen"


# --- fixtures ---------------------------------------------------------------------------------


@pytest.fixture
def laptop(browser: Browser, server: Server) -> Iterator[Page]:
    page = new_page(browser, server, viewport=SIZES["laptop"])
    yield page
    close_page(page)


@pytest.fixture
def phone(browser: Browser, server: Server) -> Iterator[Page]:
    page = new_page(browser, server, viewport=SIZES["phone"])
    yield page
    close_page(page)


# --- the tests --------------------------------------------------------------------------------

RETURN_HAND = ["5H", "KS", "QD", "7S", "BJ"]


def test_return_after_tribute(laptop: Page, server: Server) -> None:
    """The previous deal ended You, AI 1, AI 2, AI 3: AI 3 pays You its best card, shown to
    all; You give a card back by selecting it and confirming. A wild card or a king may
    not go back, and the page says why."""
    page = laptop
    log = ApiLog()
    log.attach(page)
    hands = deal_with(RETURN_HAND, seed=11)
    game = cardavia.new_game("guandan")
    state = game.new_state(
        seed=5,
        deal={"hands": hands, "levels": [5, 3], "level_team": 0, "previous_places": [0, 1, 2, 3]},
    )
    match = open_seeded_match(page, server, state, "basic", "guandan-return")
    assert wait_for_you(page) == "turn"
    assert table_attr(page, "phase") == "return"
    view = current_view(page, server, match)
    payment = view["tribute"]["payments"][0]
    assert (payment["payer"], payment["receiver"]) == (3, 0)
    tribute = page.get_by_test_id("gd-tribute")
    expect(tribute).to_contain_text("AI 3 → You")
    expect(tribute).to_contain_text("to choose")
    expect(page.get_by_test_id("turn")).to_have_text("Your turn: give a card back to AI 3")
    # The wild card (badge, level 5: 5♥) may not go back, nor a king.
    wilds = page.locator("[data-testid=hand-card][data-wild=true]")
    assert wilds.count() >= 1
    wild = wilds.first
    expect(wild.locator(".wild-badge")).to_be_visible()
    selection = page.get_by_test_id("selection")
    click_card(wild)
    expect(selection).to_have_text("A wild card cannot be given back.")
    expect(page.get_by_test_id("confirm")).to_be_disabled()
    one_screen(page, "return")
    click_card(wild)
    select(page, ["KS"])
    expect(selection).to_have_text("Give back a card from 2 to 10 (not a wild card).")
    expect(page.get_by_test_id("confirm")).to_be_disabled()
    select(page, ["KS"])  # put back
    sent_posts = posts(page)
    select(page, ["7S"])
    expect(selection).to_have_text("Press Confirm to give 7♠ back to AI 3.")
    version = table_attr(page, "version")
    page.get_by_test_id("confirm").click()
    sent(page, version)
    assert sent_actions(sent_posts)[0] == "return 7S"
    expect(tribute).to_contain_text("You → AI 3: 7♠")
    records = page.get_by_test_id("records")
    expect(records).to_contain_text("AI 3 pays")
    expect(records).to_contain_text("You give 7♠ back to AI 3")
    expect(records).to_contain_text("AI 3 leads")
    check_hidden(log)


CHOOSER_HAND = ["3C", "4C", "6C", "7C", "5H"]


def test_chooser_for_two_readings(laptop: Page, server: Server) -> None:
    """Level 5, You lead with 3♣ 4♣ 6♣ 7♣ and the wild 5♥: Confirm offers the straight
    flush (5♥ as 5♣) and the plain straight; the straight is sent as chosen and shown
    with its kind. Both wild cards together (a pair of any rank) offer no choice: the
    strongest reading of each kind is the one offered."""
    page = laptop
    hands = deal_with(CHOOSER_HAND, seed=12)
    game = cardavia.new_game("guandan")
    state = game.new_state(
        seed=6, deal={"hands": hands, "levels": [5, 2], "level_team": 0, "first_leader": 0}
    )
    open_seeded_match(page, server, state, "basic", "guandan-chooser")
    assert wait_for_you(page) == "turn"
    expect(page.get_by_test_id("gd-levels")).to_contain_text("Deal 1 · level 5 (your team)")
    # Two wild cards are a pair of any rank: only the best reading, no choice to make.
    wilds = page.locator("[data-testid=hand-card][data-wild=true]")
    expect(wilds).to_have_count(2)
    click_card(wilds.nth(0))
    click_card(wilds.nth(1))
    expect(page.get_by_test_id("selection")).to_have_text("Press Confirm to play these cards.")
    click_card(wilds.nth(0))
    click_card(wilds.nth(1))
    sent_posts = posts(page)
    select(page, CHOOSER_HAND)
    expect(page.get_by_test_id("selection")).to_contain_text("can be played in 2 ways")
    page.get_by_test_id("confirm").click()
    chooser = page.get_by_test_id("chooser")
    expect(chooser).to_be_visible()
    options = page.get_by_test_id("chooser-option")
    expect(options).to_have_count(2)
    texts = [" ".join(text.split()) for text in options.all_inner_texts()]
    assert any(text.startswith("Straight flush: 3♣ 4♣ 5♣ 6♣ 7♣") for text in texts), texts
    assert any(text.startswith("Straight: ") and "5♥" in text for text in texts), texts
    one_screen(page, "chooser")
    # Cancel, then choose the plain straight.
    page.get_by_test_id("chooser-cancel").click()
    expect(chooser).to_be_hidden()
    page.get_by_test_id("confirm").click()
    version = table_attr(page, "version")
    options.filter(has_text=re.compile(r"^Straight: ")).click()
    sent(page, version)
    action = sent_actions(sent_posts)[0]
    assert action.startswith("play ") and "as 3C 4C 5C 6C 7C" not in action, action
    expect(page.get_by_test_id("records")).to_contain_text("You play")
    expect(
        page.get_by_test_id("records").locator("li").filter(has_text="You play")
    ).to_contain_text("Straight")


def near_the_end(seed: int) -> cardavia.State:
    """Deal 1 of ``seed`` played by every seat taking its longest play, stopped when You
    are to play with a few cards left and the others hold few."""
    game = cardavia.new_game("guandan")
    for attempt in range(seed, seed + 40):
        state = game.new_state(seed=attempt)
        rng = random.Random(attempt)
        for _ in range(400):
            view = state.view(state.current_player) if state.current_player is not None else None
            if view is None or any(e["type"] == "deal_result" for e in state.events):
                break
            sizes = view["hand_sizes"]
            if (
                state.current_player == 0
                and 2 <= sizes[0] <= 3
                and sum(sizes[1:]) <= 8
                and view["phase"] == "play"
            ):
                return state
            legal = view["legal_actions"]
            action = longest(legal) if rng.random() < 0.8 else rng.choice(legal)
            state.apply(action)
    raise AssertionError("no seed gives a deal near its end with You to play")


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_end_of_deal_and_next_deal(browser: Browser, server: Server, size: str) -> None:
    """Deal 1 by clicks (on the phone the whole deal from its first lead, on the laptop
    its last plays), the places as players go out, the deal's result with the standing
    until Next deal, then deal 2 with its tribute shown to all."""
    page = new_page(browser, server, viewport=SIZES[size])
    try:
        log = ApiLog()
        log.attach(page)
        whole = size == "phone"
        state = cardavia.new_game("guandan").new_state(seed=21) if whole else near_the_end(21)
        match = open_seeded_match(page, server, state, "basic", f"guandan-end-{size}")
        outcome = wait_for_you(page)
        assert outcome == "turn"
        one_screen(page, "play", [size])
        for _ in range(80):
            if outcome != "turn":
                break
            if page.get_by_test_id("gd-places").count():
                one_screen(page, "places", [size])
            outcome = my_turn(page, server, match)
        assert outcome == "next", f"no deal result after eighty turns ({outcome})"
        interlude = page.get_by_test_id("interlude")
        expect(interlude.get_by_test_id("deal-result")).to_contain_text("Deal 1:")
        expect(interlude.get_by_test_id("standing")).to_contain_text("Levels now: you")
        for seat in range(4):
            expect(page.get_by_test_id(f"note-{seat}")).not_to_be_empty()
        one_screen(page, "deal-result", [size])
        page.get_by_test_id("interlude-next").click()
        expect(interlude).to_be_hidden()
        view = current_view(page, server, match)
        assert view["deal_number"] == 2
        expect(page.get_by_test_id("gd-levels")).to_contain_text("Deal 2")
        tribute = view["tribute"]
        assert tribute is not None
        if tribute["cancelled"]:
            expect(page.get_by_test_id("gd-tribute")).to_contain_text("No tribute")
        else:
            expect(page.get_by_test_id("gd-tribute")).to_contain_text("Tribute")
        outcome = wait_for_you(page)
        assert outcome == "turn"
        one_screen(page, "deal-2", [size])
        records = page.get_by_test_id("records")
        expect(records).to_contain_text("Deal 1:")
        expect(records).to_contain_text("Deal 2 at level")
        check_hidden(log)
        # The result and its reading of the record stay consistent with the server.
        result = next(e for e in view["events"] if e["type"] == "deal_result")
        assert json.dumps(result["places"]) and len(result["places"]) == 4
    finally:
        close_page(page)
