"""One screen (issue 10): at 1366 × 768 and at 375 × 800 every phase of every game shows
the whole table without scrolling the page: every seat with its last play, the cards on
the table, your hand and each enabled control of the phase lie inside the viewport, and
the page itself never scrolls (the records panel scrolls inside itself). The hand is one
row, a triple in it stays together. A screenshot of each game, phase and size goes to
tests/browser/screenshots/ (ignored by git).

Every deal is fixed: this module's own server runs with ``CARDAVIA_DEAL_SEED`` and the
``basic`` bots, which are deterministic; You act through fixed choices or the hint (the
``basic`` bot too), so each phase is reached the same way on every run. With seed 29 You
bid first in Dou Dizhu and hold the 3♥ in Run Fast, both hands with a triple."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

import cardavia

from .conftest import (
    SIZES,
    Server,
    click_and_wait,
    close_page,
    fits_at_sizes,
    is_over,
    new_page,
    open_seeded_match,
    outside,
    play_turn,
    table_attr,
    wait_ready,
)
from .test_poker import LOSING_DEAL, check_or_call, shove_or_call

DEAL_SEED = "29"
# What must be on screen in every phase: the seats (and their last plays), the table's
# middle, your cards and every control You may use now.
ALWAYS = [
    "[data-testid=table] [data-seat]",
    "[data-testid^=last-]",
    "[data-testid=hand-card]",
    "[data-testid=table] button:enabled",
    "[data-testid=result]:not([hidden])",
    "[data-testid=new-game]",
    "[data-testid=turn]",
]
CENTRES = {
    "doudizhu": ["[data-testid=top-play]", "[data-testid=bottom]:not([hidden])"],
    "runfast": ["[data-testid=top-play]"],
    "guandan": ["[data-testid=top-play]", "[data-testid=gd-levels]"],
    "holdem": ["[data-testid=board]", "[data-testid=pot]", "[data-testid=bet-control]"],
    "onepoker": ["[data-testid=locks]", "[data-testid=signal-0]", "[data-testid=signal-1]"],
    "bridge": [
        "[data-testid=trick]",
        "[data-testid=auction-grid]",
        "[data-testid=dummy]",
        "[data-testid=contract]",
    ],
}


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDAVIA_DEAL_SEED", DEAL_SEED)
        server = Server(tmp_path_factory.mktemp("seeded"))
        server.start()
    yield server
    server.stop()


@pytest.fixture
def laptop(browser: Browser, seeded_server: Server) -> Iterator[Page]:
    page = new_page(browser, seeded_server, viewport=SIZES["laptop"])
    yield page
    close_page(page)


def one_screen(page: Page, game: str, phase: str) -> None:
    """At both sizes: no page scroll needed (nor scrolled), the table's key elements in the
    viewport, one screenshot each; the page is left at the laptop size."""
    label, shot = f"{game} {phase}", f"layout-{game}-{phase}"
    fits_at_sizes(page, list(SIZES), label, shot, ALWAYS + CENTRES[game], at_top=True)


def hand_in_one_row(page: Page) -> list[str]:
    """Your cards in the order shown, after checking that they share one row."""
    cards = page.get_by_test_id("hand-card").evaluate_all(
        "nodes => nodes.map(n => ({ card: n.dataset.card, top: n.getBoundingClientRect().top,"
        " pressed: n.getAttribute('aria-pressed') === 'true' }))"
    )
    tops = [card["top"] for card in cards if not card["pressed"]]
    assert tops and max(tops) - min(tops) <= 3, f"the hand is not one row: {tops}"
    return [str(card["card"]) for card in cards]


def assert_triples_together(shown: list[str]) -> None:
    ranks = [card[0] if card not in ("BJ", "RJ") else card for card in shown]
    groups = [rank for rank, count in Counter(ranks).items() if count >= 3]
    assert groups, f"the seeded hand has no triple: {shown}"
    for rank in groups:
        places = [index for index, shown_rank in enumerate(ranks) if shown_rank == rank]
        assert places == list(range(places[0], places[0] + len(places))), (rank, shown)


def cards_to_beat(page: Page) -> bool:
    """An AI's play lies on the table and You are to answer it."""
    top = page.get_by_test_id("top-play")
    shown = top.locator("[data-card]").count() > 0
    return shown and top.get_attribute("data-seat") not in ("", "0") and not is_over(page)


def open_game(page: Page, game: str, lang: str = "en") -> str:
    page.goto(f"/{lang}/play/{game}")
    if game == "bridge":
        page.get_by_test_id("options-start").click()
    return wait_ready(page)


def play_climbing(page: Page, game: str) -> None:
    """The auction (Dou Dizhu), your lead with the whole hand, a turn with cards on the
    table, the result."""
    assert open_game(page, game) == "turn"
    if game == "doudizhu":
        assert table_attr(page, "phase") == "auction"
        one_screen(page, game, "auction")
        assert len(hand_in_one_row(page)) == 17
        click_and_wait(page, page.get_by_test_id("bid-3"))  # You are the landlord
        assert page.get_by_test_id("hand-card").count() == 20
    assert table_attr(page, "phase") == "play"
    assert_triples_together(hand_in_one_row(page))
    page.get_by_test_id("hand-card").first.click()  # a raised card stays on screen
    one_screen(page, game, "lead")
    if game == "doudizhu":  # ... and below your seat's head (the landlord badge)
        raised = page.locator("[data-testid=hand-card][aria-pressed=true]").bounding_box()
        badge = page.get_by_test_id("role-0").bounding_box()
        assert raised and badge and raised["y"] >= badge["y"] + badge["height"], (raised, badge)
    page.get_by_test_id("hand-card").first.click()
    # Sorting by groups keeps every triple together as well.
    page.get_by_test_id("hand-sort").click()
    assert_triples_together(hand_in_one_row(page))
    page.get_by_test_id("hand-sort").click()
    play_turn(page)
    while not cards_to_beat(page):
        assert table_attr(page, "over") != "true", "no AI play to beat before the end"
        play_turn(page)
    one_screen(page, game, "table")
    while table_attr(page, "over") != "true":
        play_turn(page)
    expect(page.get_by_test_id("result")).to_be_visible()
    one_screen(page, game, "result")


@pytest.mark.parametrize("game", ["doudizhu", "runfast"])
def test_climbing_tables_on_one_screen(laptop: Page, game: str) -> None:
    play_climbing(laptop, game)


def test_guandan_on_one_screen(laptop: Page) -> None:
    """Your first decision with 27 cards in one row, a card raised, then sorted by sets
    (the other phases: tests/browser/test_guandan.py)."""
    page = laptop
    assert open_game(page, "guandan") == "turn"
    assert len(hand_in_one_row(page)) == 27
    strip = {"x": 4, "y": 30}  # the part of a card that the next one leaves in sight
    page.get_by_test_id("hand-card").first.click(position=strip)
    one_screen(page, "guandan", "first")
    page.get_by_test_id("hand-card").first.click(position=strip)
    page.get_by_test_id("hand-sort").click()
    assert len(hand_in_one_row(page)) == 27
    one_screen(page, "guandan", "sets")
    page.get_by_test_id("hand-sort").click()


def board_cards(page: Page) -> int:
    return page.get_by_test_id("board-card").count()


def test_holdem_on_one_screen(laptop: Page) -> None:
    """A decision before the flop, one with the flop shown, the last hand's panel beside a
    new decision, and the offer to watch once You are out (all-in at every turn)."""
    page = laptop
    assert open_game(page, "holdem") == "turn"
    one_screen(page, "holdem", "preflop")
    state = "turn"
    while state == "turn" and not board_cards(page):
        state = check_or_call(page)
    assert state == "turn" and board_cards(page) >= 3, "no decision after the flop"
    one_screen(page, "holdem", "flop")
    while state == "turn" and not page.get_by_test_id("last-hand").is_visible():
        state = check_or_call(page)
    assert state == "turn", "the first hand ended the match?"
    one_screen(page, "holdem", "last-hand")
    for _ in range(60):
        if state != "turn":
            break
        state = shove_or_call(page)
    assert state in ("watch", "over"), f"still playing after sixty all-ins ({state})"
    one_screen(page, "holdem", "out" if state == "watch" else "over")


def test_holdem_watch_offer_on_one_screen(laptop: Page, seeded_server: Server) -> None:
    """Out after the first hand: the Watch / Skip / New match offer and the table fit."""
    state = cardavia.new_game("holdem").new_state(seed=3, deal=LOSING_DEAL)
    open_seeded_match(laptop, seeded_server, state, "basic", "layout-watch")
    assert wait_ready(laptop) == "watch"
    one_screen(laptop, "holdem", "watch")
    assert not outside(laptop, ["[data-testid=watch-offer] button"])


def test_onepoker_on_one_screen(laptop: Page) -> None:
    """The lock (a card raised), the bet after both locks, the deal's result beside the
    next lock."""
    page = laptop
    assert open_game(page, "onepoker") == "turn"
    assert table_attr(page, "phase") == "lock"
    page.get_by_test_id("hand-card").first.click()
    one_screen(page, "onepoker", "lock")
    state = click_and_wait(page, page.get_by_test_id("lock-confirm"))
    assert state == "turn" and table_attr(page, "phase") == "bet"
    one_screen(page, "onepoker", "bet")
    while state == "turn" and not page.get_by_test_id("last-deal").is_visible():
        state = check_or_call(page)
    assert state == "turn"
    one_screen(page, "onepoker", "deal-result")


def bridge_call(page: Page, call: str) -> str:
    """One call through the compact bidding box: a bid is its level, then its strain."""
    if call[0].isdigit():
        page.get_by_test_id(f"call-level-{call[0]}").click()
        return click_and_wait(page, page.get_by_test_id(f"call-strain-{call[1:]}"))
    return click_and_wait(page, page.get_by_test_id(f"call-{call}"))


def bridge_play(page: Page) -> str:
    """Your first playable card (yours or the dummy's), selected then confirmed (the
    confirm-each-card setting is on)."""
    page.locator("button[data-card]:enabled").first.click()
    return click_and_wait(page, page.get_by_test_id("play-confirm"))


def test_bridge_on_one_screen(laptop: Page) -> None:
    """The auction (the compact bidding box), the play with the dummy face up and You to
    play from it (a card raised, the auction still shown), halfway, the score."""
    page = laptop
    assert open_game(page, "bridge") == "turn"
    assert table_attr(page, "phase") == "auction"
    # A suggested bid chooses its level: its strain is then one click away.
    page.get_by_test_id("hint").click()
    hinted = page.locator("[data-testid=bidding-box] button.is-hinted[data-action]")
    expect(hinted).to_have_count(1)
    call = str(hinted.get_attribute("data-action"))
    if call[0].isdigit():
        level = page.get_by_test_id(f"call-level-{call[0]}")
        expect(level).to_have_attribute("aria-pressed", "true")
    level_one = page.get_by_test_id("call-level-1")
    if level_one.get_attribute("aria-pressed") != "true":
        level_one.click()  # the strains of level 1 offered
    expect(page.get_by_test_id("call-strain-NT")).to_have_attribute("data-action", "1NT")
    one_screen(page, "bridge", "auction")
    state = bridge_call(page, "7NT")  # You declare whatever follows
    while state == "turn" and table_attr(page, "phase") == "auction":
        state = bridge_call(page, "pass")
    assert state == "turn" and table_attr(page, "phase") == "play"
    expect(page.get_by_test_id("dummy")).to_be_visible()
    expect(page.get_by_test_id("auction-grid")).to_be_visible()
    # With the setting that asks to confirm each card, a click raises the card first.
    page.get_by_test_id("confirm-cards").check()
    page.locator("button[data-card]:enabled").first.click()
    one_screen(page, "bridge", "dummy")
    page.locator("button[data-card]:enabled").first.click()
    halfway = False
    for _ in range(40):
        if state != "turn":
            break
        if not halfway and page.get_by_test_id("hand-card").count() <= 7:
            one_screen(page, "bridge", "halfway")  # the last trick shown, cards on the table
            halfway = True
        state = bridge_play(page)
    assert state == "over" and halfway
    expect(page.get_by_test_id("result")).to_be_visible()
    one_screen(page, "bridge", "result")


@pytest.mark.parametrize("lang", ["fr", "cs", "id", "zh"])
@pytest.mark.parametrize("game", ["doudizhu", "runfast", "guandan", "holdem", "onepoker", "bridge"])
def test_first_decision_on_one_screen_in_every_language(laptop: Page, game: str, lang: str) -> None:
    """Longer labels (French, Czech, Indonesian) or other scripts keep the table on one
    screen: the first decision of each game, at both sizes."""
    assert open_game(laptop, game, lang) == "turn"
    one_screen(laptop, game, f"first-{lang}")
