"""The French Tarot table in a real browser (issue 14 part 4): a whole seeded deal by clicks at
1366 × 768 and at 375 × 800, opened with ``pace=0`` (every AI move still drawn).

- Taking: You bid Garde (only the higher bids enabled), every AI passes; the chien is turned up;
  your 24 cards in one fan; a king is refused for the écart with its reason; six cards
  selected and confirmed once go as six ``discard`` actions in order; the chelem question
  (No); before your first card a simple poignée: its ten trumps picked, confirmed once, sent
  as ``declare poignee simple`` and ten ``show``; the tricks by seat with their winner;
  the breakdown at the end.
- Defending: You pass, an AI takes with a Prise or a Garde and the chien is shown to You too;
  You play your 18 cards.

Every phase fits one screen; no /api/ response names a card seat 0 may not know. The AI seats
are ``random`` bots (the tarot bots come from another branch); the match id seeds their
decisions, and each test finds (by replaying the server's own seeding here) a match id whose
AIs let the deal go the way the test needs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import cardavia
from cardavia.games.tarot import rules as tr
from cardavia.web.bots import bot_seed

from .conftest import (
    SIZES,
    ApiLog,
    Server,
    click_card,
    close_page,
    current_view,
    fits,
    new_page,
    open_seeded_match,
    posts,
    sent,
    sent_actions,
    table_attr,
    wait_for_you,
)

LEVEL = "random"
NEEDED = [
    "[data-testid=table] [data-seat]",
    "[data-testid^=count-]",
    "[data-testid=hand-card]",
    "[data-testid=ta-deal]",
    "[data-testid=ta-contract]",
    "[data-testid=ta-chien]",
    "[data-testid=ta-ecart]",
    "[data-testid=ta-poignee]",
    "[data-testid=ta-trick]",
    "[data-testid=turn]",
    "[data-testid=table] button:enabled",
    "[data-testid=selection]",
    "[data-testid=result]",
]
TAROT_CARD = set(tr.pack())


def one_screen(page: Page, phase: str, size: str) -> None:
    fits(page, f"tarot {phase} {size}", f"tarot-{phase}-{size}", NEEDED)


# --- the deals -------------------------------------------------------------------------------

SUIT_CARDS = ["KS", "QS", "5S", "4H", "3H", "2D", "1C"]


def taking_deal() -> dict[str, Any]:
    """You (seat 0) hold eleven trumps (21 … 11) and speak first (dealer 3)."""
    mine = [tr.trump(n) for n in range(21, 10, -1)] + SUIT_CARDS
    rest = [card for card in tr.pack() if card not in mine]
    # The chien: six low suit cards, so that the écart needs no trump.
    chien = ["6S", "7S", "6H", "7H", "6D", "7D"]
    rest = [card for card in rest if card not in chien]
    return {"hands": [mine, rest[:18], rest[18:36], rest[36:54]], "chien": chien, "dealer": 3}


def ecart_of(hand: list[str]) -> list[str]:
    """The six cards the test puts aside: the last six suit cards other than kings."""
    plain = [c for c in hand if not tr.is_trump(c) and c != tr.EXCUSE and not c.startswith("K")]
    return plain[-6:]


def poignee_of(hand: list[str]) -> list[str]:
    """The ten trumps the page picks for a simple poignée: the lowest ten."""
    return [c for c in hand if tr.is_trump(c)][-10:]


def you_act(view: dict[str, Any], taking: bool) -> list[str]:
    """What the test's clicks send for You in ``view`` (the same choices as the page)."""
    legal = view["legal_actions"]
    if view["phase"] == "bidding":
        return ["bid garde"] if taking else ["pass"]
    if view["phase"] == "ecart":
        return [f"discard {card}" for card in ecart_of(view["hand"])]
    if view["phase"] == "chelem":
        return ["pass"]
    if "declare poignee simple" in legal:
        return ["declare poignee simple", *(f"show {c}" for c in poignee_of(view["hand"]))]
    return [next(action for action in legal if action.startswith("play "))]


def replay(
    state: cardavia.State, match_id: str, taking: bool, until: Callable[[Any], bool]
) -> cardavia.State:
    """The match as the server would play it (random bots seeded by the match id)."""
    while not state.is_over and not until(state):
        seat = state.current_player
        if seat == 0:
            for action in you_act(state.view(0), taking):
                state.apply(action)
            continue
        seed = bot_seed(match_id, len(state.events))
        state.apply(cardavia.new_bot("tarot", LEVEL, seed).act(state.view(seat)))
    return state


def find_match(name: str, make: Callable[[], cardavia.State], wanted: Callable[[Any], bool]) -> str:
    """The first ``<name>-<k>`` whose bots lead the deal where the test wants it."""
    for k in range(200):
        match_name = f"{name}-{k}"
        state = replay(
            make(), f"seeded-{match_name}", name.startswith("tarot-take"), lambda s: False
        )
        if wanted(state):
            return match_name
    raise AssertionError(f"no match id for {name}")


def taken_by_you(state: Any) -> bool:
    return any(
        e["type"] == "contract" and e["taker"] == 0 and e["contract"] == "garde"
        for e in state.events
    )


def taken_by_an_ai(state: Any) -> bool:
    contracts = [e for e in state.events if e["type"] == "contract"]
    redeals = [e for e in state.events if e["type"] == "redeal"]
    return (
        bool(contracts)
        and not redeals
        and contracts[0]["taker"] != 0
        and contracts[0]["contract"] in ("prise", "garde")
    )


# --- acting by clicks ---------------------------------------------------------------------------


def select(page: Page, cards: list[str]) -> None:
    buttons = page.locator("[data-testid=hand-card]")
    shown = buttons.evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    for card in cards:
        click_card(buttons.nth(shown.index(card)))


def selected(page: Page) -> list[str]:
    cards: list[str] = page.locator("[data-testid=hand-card][aria-pressed=true]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)"
    )
    return cards


def confirm(page: Page) -> str:
    version = table_attr(page, "version")
    expect(page.get_by_test_id("confirm")).to_be_enabled()
    page.get_by_test_id("confirm").click()
    return sent(page, version)


def click(page: Page, testid: str) -> str:
    version = table_attr(page, "version")
    page.get_by_test_id(testid).click()
    return sent(page, version)


def play_card(page: Page, server: Server, match: str, checks: dict[str, bool], size: str) -> str:
    """One card by clicks: the first playable one (after, once, an illegal one refused)."""
    view = current_view(page, server, match)
    legal = [a.split()[1] for a in view["legal_actions"] if a.startswith("play ")]
    illegal = [c for c in view["hand"] if c not in legal]
    if illegal and not checks["illegal"]:
        select(page, illegal[:1])
        expect(page.get_by_test_id("confirm")).to_be_disabled()
        expect(page.get_by_test_id("selection")).to_contain_text("must")
        select(page, illegal[:1])
        checks["illegal"] = True
    if view["trick"] and not checks["trick"]:
        seats = [str(play["seat"]) for play in view["trick"]]
        rows = page.locator("[data-testid=ta-play]")
        assert rows.evaluate_all("nodes => nodes.map(n => n.dataset.seat)") == seats
        winner = page.locator("[data-testid=ta-play][data-winning=true]")
        expect(winner).to_have_attribute("data-seat", str(view["winning"]))
        one_screen(page, "trick", size)
        checks["trick"] = True
    select(page, legal[:1])
    sent_posts = posts(page)
    outcome = confirm(page)
    assert sent_actions(sent_posts) == [f"play {legal[0]}"]
    return outcome


def play_out(page: Page, server: Server, match: str, size: str, outcome: str) -> dict[str, bool]:
    checks = {"illegal": False, "trick": False}
    for _ in range(19):
        if outcome != "turn":
            break
        outcome = play_card(page, server, match, checks, size)
    assert outcome == "over", f"the deal is not over ({outcome})"
    return checks


def check_hidden(log: ApiLog) -> None:
    """No view names a card seat 0 may not know: only its hand, the public chien, the
    poignées, plays and tricks, its own écart as taker, and everything once the deal is over."""
    views = log.views()
    assert len(views) >= 2
    for url, view in views:
        if view["phase"] == "over":
            continue
        known = set(view["hand"]) | set(view.get("chien") or []) | set(view.get("ecart") or [])
        for event in view["events"]:
            for key in ("cards",):
                known |= set(event.get(key) or [])
            if event.get("card"):
                known.add(event["card"])
            for play in event.get("plays") or []:
                known.add(play["card"])
        named = {w for w in str(view).replace("'", " ").split() if w in TAROT_CARD}
        leaked = named - known
        assert not leaked, f"{url} names cards seat 0 cannot know: {leaked}"


# --- the tests ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_taking_a_whole_deal_by_clicks(browser: Browser, server: Server, size: str) -> None:
    def make() -> cardavia.State:
        return cardavia.new_game("tarot").new_state(seed=7, deal=taking_deal())

    name = find_match(f"tarot-take-{size}", make, taken_by_you)
    page = new_page(browser, server, viewport=SIZES[size])
    try:
        log = ApiLog()
        log.attach(page)
        match = open_seeded_match(page, server, make(), LEVEL, name, pace=0)
        assert wait_for_you(page) == "turn"
        expect(page.locator("[data-testid=hand-card]")).to_have_count(18)
        view = current_view(page, server, match)
        assert (
            page.locator("[data-testid=hand-card]").evaluate_all(
                "nodes => nodes.map(n => n.dataset.card)"
            )
            == view["hand"]
        )
        # Bidding: all four bids offered (none above yet), Pass; Confirm is not in the way.
        for contract in tr.CONTRACTS:
            expect(page.get_by_test_id(f"bid-{contract}")).to_be_enabled()
        expect(page.get_by_test_id("pass")).to_be_enabled()
        expect(page.get_by_test_id("confirm")).to_be_hidden()
        expect(page.get_by_test_id("turn")).to_have_text("Your turn: bid or pass")
        one_screen(page, "bidding", size)
        sent_posts = posts(page)
        assert click(page, "bid-garde") == "turn"
        assert sent_actions(sent_posts) == ["bid garde"]
        # The écart: 24 cards, the chien face up, kings and bouts refused with the reason.
        view = current_view(page, server, match)
        assert view["phase"] == "ecart" and len(view["hand"]) == 24
        expect(page.locator("[data-testid=hand-card]")).to_have_count(24)
        expect(page.get_by_test_id("ta-chien-cards").locator(".card")).to_have_count(6)
        expect(page.get_by_test_id("ta-contract")).to_contain_text("Garde (×2) — taker You")
        expect(page.get_by_test_id("turn")).to_have_text("Your turn: put 6 cards in the écart")
        select(page, ["KS"])
        expect(page.get_by_test_id("selection")).to_have_text(
            "K♠ is a king: kings never go to the écart."
        )
        expect(page.get_by_test_id("confirm")).to_be_disabled()
        select(page, ["KS"])
        chosen = ecart_of(view["hand"])
        select(page, chosen[:5])
        expect(page.get_by_test_id("selection")).to_contain_text("(5 selected)")
        expect(page.get_by_test_id("confirm")).to_be_disabled()
        select(page, chosen[5:])
        expect(page.get_by_test_id("selection")).to_have_text(
            "Press Confirm to put these 6 cards in the écart."
        )
        one_screen(page, "ecart", size)
        order = selected(page)
        sent_posts = posts(page)
        assert confirm(page) == "turn"
        assert sent_actions(sent_posts) == [f"discard {card}" for card in order]
        # The chelem question: two buttons.
        expect(page.get_by_test_id("chelem-yes")).to_be_enabled()
        expect(page.get_by_test_id("pass")).to_have_text("No chelem")
        one_screen(page, "chelem", size)
        assert click(page, "pass") == "turn"
        # The poignée: the ten lowest trumps picked, confirmed once.
        view = current_view(page, server, match)
        assert "declare poignee simple" in view["legal_actions"]
        page.get_by_test_id("poignee-simple").click()
        expect(page.get_by_test_id("selection")).to_have_text(
            "Press Confirm to show these 10 cards, then play your card."
        )
        expect(page.get_by_test_id("turn")).to_have_text("Your turn: your poignée")
        picked = poignee_of(view["hand"])
        assert sorted(selected(page)) == sorted(picked)
        one_screen(page, "poignee", size)
        sent_posts = posts(page)
        assert confirm(page) == "turn"
        shown = sent_actions(sent_posts)
        assert shown[0] == "declare poignee simple" and len(shown) == 11
        assert sorted(a.split()[1] for a in shown[1:]) == sorted(picked)
        expect(page.get_by_test_id("ta-poignee")).to_contain_text("You show a simple poignée")
        expect(page.get_by_test_id("ta-ecart")).to_contain_text("Your écart")
        checks = play_out(page, server, match, size, "turn")
        assert checks["trick"]
        result = page.get_by_test_id("result")
        expect(result).to_be_visible()
        breakdown = page.get_by_test_id("result-breakdown")
        expect(breakdown).to_contain_text("Garde (×2) by You")
        expect(breakdown).to_contain_text("target")
        expect(breakdown).to_contain_text("Poignée simple (You): ")
        expect(breakdown).to_contain_text("Total T = ")
        final = current_view(page, server, match)
        for seat, score in enumerate(final["scores"]):
            expect(page.get_by_test_id(f"score-{seat}")).to_have_text(
                f"+{score}" if score > 0 else (f"−{-score}" if score < 0 else "0")
            )
        one_screen(page, "result", size)
        check_hidden(log)
    finally:
        close_page(page)


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_defending_a_whole_deal_by_clicks(browser: Browser, server: Server, size: str) -> None:
    def make() -> cardavia.State:
        return cardavia.new_game("tarot").new_state(seed=14)  # dealer: You

    name = find_match(f"tarot-defend-{size}", make, taken_by_an_ai)
    page = new_page(browser, server, viewport=SIZES[size])
    try:
        log = ApiLog()
        log.attach(page)
        match = open_seeded_match(page, server, make(), LEVEL, name, pace=0)
        assert wait_for_you(page) == "turn"
        view = current_view(page, server, match)
        assert view["phase"] == "bidding"
        bids = [b["bid"] for b in view["bids"] if b["bid"] != "pass"]
        for contract in tr.CONTRACTS:
            button = page.get_by_test_id(f"bid-{contract}")
            higher = not bids or tr.CONTRACTS.index(contract) > tr.CONTRACTS.index(bids[-1])
            expect(button).to_be_enabled() if higher else expect(button).to_be_disabled()
        one_screen(page, "defend-bidding", size)
        outcome = click(page, "pass")
        view = current_view(page, server, match)
        taker = view["taker"]
        assert taker not in (None, 0) and view["chien"] is not None
        expect(page.get_by_test_id(f"role-{taker}")).to_have_text("Taker")
        expect(page.get_by_test_id("records")).to_contain_text("The chien is turned up")
        play_out(page, server, match, size, outcome)
        expect(page.get_by_test_id("result-breakdown")).to_contain_text("Total T = ")
        one_screen(page, "defend-result", size)
        check_hidden(log)
    finally:
        close_page(page)
