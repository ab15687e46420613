"""The Tractor table in a real browser (issue 13 item 4): a whole seeded deal by clicks at
1366 × 768 and at 375 × 800 — You declare first and so deal (spec R4), bury eight of your
33 cards by selecting them and confirming once (sent as eight ``bury`` actions in order),
lead and follow (a follow of several cards selected and confirmed once, sent as one
``play``), see the trick by seat with its winner marked, the attackers' points, the
levels and the dealer; then the deal's result with the kitty and its bonus until Next
deal, and deal 2. Every phase fits one screen; an illegal follow says why and cannot be
confirmed; no /api/ response names a card seat 0 may not know.

The AI seats are ``random`` bots (short, varied deals; the bots have tests of their
own); the match id seeds their decisions, so each run replays the same match."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

import cardavia
from cardavia import tricks
from cardavia.games.tractor import rules as tr
from cardavia.locale import catalog

from .conftest import (
    CARD,
    SIZES,
    ApiLog,
    Server,
    assert_translated,
    click_card,
    close_page,
    current_view,
    fits,
    new_page,
    open_seeded_match,
    posts,
    sent,
    sent_actions,
    store_match,
    table_attr,
    wait_for_you,
)

LEVEL = "random"
# On screen in every phase: the seats, your cards, the levels and trump, the trick, the
# points, the result and every control You may use.
NEEDED = [
    "[data-testid=table] [data-seat]",
    "[data-testid^=count-]",
    "[data-testid=hand-card]",
    "[data-testid=tr-levels]",
    "[data-testid=tr-trump]",
    "[data-testid=tr-points]",
    "[data-testid=tr-trick]",
    "[data-testid=tr-kitty]",
    "[data-testid=tr-buried]",
    "[data-testid=tr-exposed]",
    "[data-testid=turn]",
    "[data-testid=table] button:enabled",
    "[data-testid=interlude]:not([hidden])",
    "[data-testid=selection]",
]


def one_screen(page: Page, phase: str, size: str) -> None:
    """No page scroll, every needed element inside the viewport; a screenshot."""
    fits(page, f"tractor {phase} {size}", f"tractor-{phase}-{size}", NEEDED)


# --- waiting and acting --------------------------------------------------------------------


def select(page: Page, cards: list[str]) -> None:
    """Clicks ``cards`` in your hand, each copy of a card once."""
    buttons = page.locator("[data-testid=hand-card]")
    shown = buttons.evaluate_all("nodes => nodes.map(n => n.dataset.card)")
    pressed = buttons.evaluate_all("nodes => nodes.map(n => n.getAttribute('aria-pressed'))")
    taken = {i for i, state in enumerate(pressed) if state == "true"}
    for card in cards:
        at = next(i for i, c in enumerate(shown) if c == card and i not in taken)
        taken.add(at)
        click_card(buttons.nth(at))


def unselect(page: Page) -> None:
    """Clicks every selected card again (each rises back into the fan)."""
    raised = page.locator("[data-testid=hand-card][aria-pressed=true]")
    while raised.count():
        click_card(raised.first)


def selected(page: Page) -> list[str]:
    cards: list[str] = page.locator("[data-testid=hand-card][aria-pressed=true]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)"
    )
    return cards


def rules_of(view: dict[str, Any]) -> tricks.TrickRules:
    return tr.card_rules(view["level"], view["trump"])


def a_follow(view: dict[str, Any]) -> list[str]:
    """A legal complete follow: card by card, the first card that can still complete one."""
    rules = rules_of(view)
    hand = list(view["hand"])
    mine: list[str] = next((play["cards"] for play in view["trick"] if play["seat"] == 0), [])
    committed = list(mine)
    chosen: list[str] = []
    for _ in range(view["to_follow"]):
        card = tricks.follow_choices(hand, committed, view["lead"]["cards"], rules)[0]
        hand.remove(card)
        committed.append(card)
        chosen.append(card)
    return chosen


def a_wrong_follow(view: dict[str, Any]) -> list[str] | None:
    """As many cards as the follow needs, one of them off the led suit while You still hold
    enough of it (None when the hand allows no such mistake)."""
    rules = rules_of(view)
    suit = view["lead"]["suit"]
    need = view["to_follow"]
    in_suit = [card for card in view["hand"] if rules.suit_of(card) == suit]
    others = [card for card in view["hand"] if rules.suit_of(card) != suit]
    if need < 1 or len(in_suit) < need or not others:
        return None
    return in_suit[: need - 1] + others[:1]


def not_a_lead(view: dict[str, Any]) -> list[str] | None:
    """Two cards of different suits (never a pair or a tractor), if the hand has them."""
    rules = rules_of(view)
    first = view["hand"][0]
    other = next((c for c in view["hand"] if rules.suit_of(c) != rules.suit_of(first)), None)
    return [first, other] if other else None


def confirm(page: Page) -> str:
    version = table_attr(page, "version")
    expect(page.get_by_test_id("confirm")).to_be_enabled()
    page.get_by_test_id("confirm").click()
    return sent(page, version)


# --- hidden cards -----------------------------------------------------------------------------


def named(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set().union(set(), *(named(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(set(), *(named(item) for item in value))
    if isinstance(value, str):
        return {word for word in value.split() if CARD.match(word)}
    return set()


def known_to_you(view: dict[str, Any]) -> set[str]:
    """Your hand, the kitty You took or buried as dealer, the exposed kitty, and every card
    the record shows (declarations, plays, tricks, the kitty at each deal's end)."""
    known = set(view["hand"])
    for key in ("kitty", "taken_kitty", "exposed_kitty"):
        known |= set(view.get(key) or [])
    for event in view["events"]:
        known |= named(event)
    return known


def check_hidden(log: ApiLog) -> None:
    views = log.views()
    for url, view in views:
        assert view["seat"] == 0 and "hands" not in view, url
        if view["kitty"] is not None or view["taken_kitty"] is not None:
            assert view["dealer"] == 0, f"{url}: the kitty shown to a seat that does not deal"
        leaked = named(view) - known_to_you(view)
        assert not leaked, f"{url} names cards seat 0 cannot know: {leaked}"
        for event in view["events"]:
            if event["type"] == "bury":
                assert set(event) == {"type", "seat"}, f"a bury event shows more: {event}"
    assert len(views) >= 2, f"only {len(views)} views seen"


# --- the phases ------------------------------------------------------------------------------


def declare(page: Page, server: Server, match: str, size: str) -> str:
    """Declaring: the box offers exactly the legal declarations (and Pass); You declare
    with the first, then pass whenever asked again."""
    view = current_view(page, server, match)
    assert view["phase"] == "declare" and view["dealer"] == 0
    legal = [action for action in view["legal_actions"] if action.startswith("declare ")]
    assert legal, "the seeded hand has no level card to declare"
    box = page.locator("[data-testid=declare]")
    expect(box).to_have_count(len(legal))
    assert box.evaluate_all("nodes => nodes.map(n => n.dataset.action)") == legal
    expect(page.get_by_test_id("confirm")).to_be_disabled()
    expect(page.get_by_test_id("pass")).to_be_enabled()
    # Selecting a declaration's cards offers it to Confirm as well.
    select(page, legal[-1].split()[1:])
    expect(page.get_by_test_id("selection")).to_have_text(
        "Press Confirm to declare with these cards."
    )
    expect(page.get_by_test_id("confirm")).to_be_enabled()
    unselect(page)
    expect(page.get_by_test_id("tr-trump")).to_contain_text("no declaration yet")
    expect(page.get_by_test_id("turn")).to_have_text("Your turn: declare trumps or pass")
    one_screen(page, "declare", size)
    sent_posts = posts(page)
    version = table_attr(page, "version")
    box.first.click()
    outcome = sent(page, version)
    assert sent_actions(sent_posts)[0] == legal[0]
    records = page.get_by_test_id("records")
    expect(records).to_contain_text("You declare")
    while outcome == "turn" and current_view(page, server, match)["phase"] == "declare":
        version = table_attr(page, "version")
        page.get_by_test_id("pass").click()
        outcome = sent(page, version)
    return outcome


def bury(page: Page, server: Server, match: str, size: str) -> str:
    """The dealer's 33 cards in one fan, trumps first and each suit marked; seven cards
    selected cannot be confirmed, the eighth can, and one Confirm sends eight ``bury``
    actions in the order selected."""
    view = current_view(page, server, match)
    assert view["phase"] == "bury" and view["to_bury"] == 8
    cards = page.locator("[data-testid=hand-card]")
    expect(cards).to_have_count(33)
    assert cards.evaluate_all("nodes => nodes.map(n => n.dataset.card)") == view["hand"]
    groups = cards.evaluate_all("nodes => nodes.map(n => n.dataset.suitGroup)")
    assert groups[0] == "T", "trumps come first"
    starts = page.locator("[data-testid=hand-card].is-group-start")
    changes = sum(1 for a, b in pairwise(groups) if a != b)
    expect(starts).to_have_count(changes)
    expect(page.get_by_test_id("turn")).to_have_text("Your turn: bury 8 cards")
    expect(page.get_by_test_id("tr-kitty")).to_contain_text("From the kitty")
    one_screen(page, "bury", size)
    # The eight weakest-looking cards: the last eight of the fan (plain low cards).
    chosen = view["hand"][-8:]
    select(page, chosen[:7])
    selection = page.get_by_test_id("selection")
    expect(selection).to_contain_text("(7 selected)")
    expect(page.get_by_test_id("confirm")).to_be_disabled()
    select(page, chosen[7:])
    expect(selection).to_have_text("Press Confirm to bury these 8 cards.")
    order = selected(page)
    sent_posts = posts(page)
    outcome = confirm(page)
    assert sent_actions(sent_posts) == [f"bury {card}" for card in order]
    view = current_view(page, server, match)
    assert view["kitty"] is not None and sorted(view["kitty"]) == sorted(order)
    assert len(view["hand"]) == 25
    expect(page.get_by_test_id("records")).to_contain_text("You bury a card (8 of 8)")
    expect(page.get_by_test_id("tr-buried").locator(".card-chip")).to_have_count(8)
    return outcome


def play_turn(page: Page, server: Server, match: str, checks: dict[str, bool], size: str) -> str:
    """One turn of play by clicks: the first listed lead, or a whole follow confirmed once
    (after a wrong follow has shown its reason, the first time one is possible)."""
    view = current_view(page, server, match)
    assert view["phase"] == "play"
    if not view["to_follow"]:
        if not checks["lead"]:
            wrong_lead = not_a_lead(view)
            if wrong_lead:
                select(page, wrong_lead)
                expect(page.get_by_test_id("selection")).to_contain_text("Not a lead")
                expect(page.get_by_test_id("confirm")).to_be_disabled()
                unselect(page)
                checks["lead"] = True
        lead = view["legal_actions"][0].split()[1:]
        select(page, lead)
        return confirm(page)
    need = view["to_follow"]
    if not checks["wrong"]:
        wrong = a_wrong_follow(view)
        if wrong:
            select(page, wrong)
            expect(page.get_by_test_id("selection")).to_have_text(
                "You hold enough cards of the suit led: play only cards of that suit."
            )
            expect(page.get_by_test_id("confirm")).to_be_disabled()
            unselect(page)
            assert not selected(page)
            checks["wrong"] = True
    follow = a_follow(view)
    if need > 1 and not checks["multi"]:
        one_screen(page, "follow", size)
    select(page, follow)
    sent_posts = posts(page)
    outcome = confirm(page)
    assert sent_actions(sent_posts) == [f"play {' '.join(selected_order(view, follow))}"]
    if need > 1:
        checks["multi"] = True
    return outcome


def selected_order(view: dict[str, Any], cards: list[str]) -> list[str]:
    """The follow as the page sends it: the selected cards in the order of the hand."""
    left = list(cards)
    order: list[str] = []
    for card in view["hand"]:
        if card in left:
            left.remove(card)
            order.append(card)
    return order


def check_trick(page: Page, server: Server, match: str) -> None:
    """The trick by seat in play order, the seat winning it marked as the view says."""
    view = current_view(page, server, match)
    trick = page.get_by_test_id("tr-trick")
    expect(trick).to_be_visible()
    rows = page.locator("[data-testid=tr-play]")
    if view["trick"]:
        seats = [str(play["seat"]) for play in view["trick"]]
        assert rows.evaluate_all("nodes => nodes.map(n => n.dataset.seat)") == seats
        if view["winning"] is not None:
            winner = page.locator("[data-testid=tr-play][data-winning=true]")
            expect(winner).to_have_attribute("data-seat", str(view["winning"]))
    points = page.get_by_test_id("tr-points")
    expect(points).to_contain_text(f"{view['points']} points")


# --- fixtures and the test ---------------------------------------------------------------------


def seeded_deal(seed: int) -> cardavia.State:
    """Deal 1 with You as starting dealer, so You declare first (and deal)."""
    return cardavia.new_game("tractor").new_state(seed=seed, deal={"dealer": 0})


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_whole_deal_by_clicks(browser: Browser, server: Server, size: str) -> None:
    page = new_page(browser, server, viewport=SIZES[size])
    try:
        log = ApiLog()
        log.attach(page)
        state = seeded_deal(31)
        match = open_seeded_match(page, server, state, LEVEL, f"tractor-deal-{size}", pace=0)
        assert wait_for_you(page) == "turn"
        expect(page.get_by_test_id("tr-levels")).to_contain_text("Deal 1 · level 2")
        expect(page.locator("[data-testid=hand-card]")).to_have_count(25)
        outcome = declare(page, server, match, size)
        assert outcome == "turn"
        outcome = bury(page, server, match, size)
        expect(page.get_by_test_id("tr-levels")).to_contain_text("dealer You")
        checks = {"wrong": False, "multi": False, "screen": False, "lead": False}
        for _ in range(40):
            if outcome != "turn":
                break
            check_trick(page, server, match)
            if not checks["screen"]:
                one_screen(page, "play", size)
                checks["screen"] = True
            outcome = play_turn(page, server, match, checks, size)
        assert outcome == "next", f"no deal result after forty turns ({outcome})"
        assert checks["wrong"] and checks["multi"] and checks["lead"], checks
        interlude = page.get_by_test_id("interlude")
        expect(interlude.get_by_test_id("deal-result")).to_contain_text("Deal 1:")
        expect(interlude.get_by_test_id("breakdown")).to_contain_text("Trick points")
        expect(page.get_by_test_id("pass")).to_be_hidden()
        expect(interlude.get_by_test_id("kitty")).to_contain_text("Kitty (")
        assert interlude.get_by_test_id("kitty").locator(".card-chip").count() == 8
        expect(interlude.get_by_test_id("standing")).to_contain_text("Levels now: you")
        one_screen(page, "deal-result", size)
        view = current_view(page, server, match)
        result = next(e for e in view["events"] if e["type"] == "deal_result")
        assert result["bonus"] == result["kitty_points"] * result["multiplier"]
        page.get_by_test_id("interlude-next").click()
        expect(interlude).to_be_hidden()
        assert current_view(page, server, match)["deal_number"] == 2
        expect(page.get_by_test_id("tr-levels")).to_contain_text("Deal 2")
        records = page.get_by_test_id("records")
        expect(records).to_contain_text("Deal 1:")
        last = max(e["number"] for e in view["events"] if e["type"] == "trick")
        expect(records).to_contain_text(f"trick {last} (")
        expect(records).to_contain_text("Deal 2 at level")
        outcome = wait_for_you(page)
        assert outcome == "turn"
        one_screen(page, "deal-2", size)
        check_hidden(log)
    finally:
        close_page(page)


@pytest.mark.parametrize("lang", ["fr", "cs", "id", "zh"])
def test_burial_in_every_language(browser: Browser, server: Server, lang: str) -> None:
    """The dealer's 33 cards at 375 × 800 in each language: the turn, the levels, the trump
    and the burial line in the page's language, no catalog key or placeholder shown, one
    screen with 7 and then 8 cards selected; the rules panel has its four sections."""
    page = new_page(browser, server, viewport=SIZES["phone"])
    try:
        state = cardavia.new_game("tractor").new_state(seed=41, deal={"dealer": 0, "trump": "S"})
        match_id, secret = f"seeded-tractor-bury-{lang}", f"token-tractor-{lang}-0123456789"
        store_match(server, match_id, secret, state, LEVEL)
        page.goto(f"/{lang}/")
        page.evaluate(
            "([id, token]) => localStorage.setItem(`cardavia.token.${id}`, token)",
            [match_id, secret],
        )
        page.goto(f"/{lang}/play/tractor/{match_id}")
        assert wait_for_you(page) == "turn"
        expect(page.locator("[data-testid=hand-card]")).to_have_count(33)
        view = current_view(page, server, match_id)
        select(page, view["hand"][-7:])
        assert_translated(page, lang, [])
        turn = catalog(lang)["table.tractor.turn.bury"]
        assert isinstance(turn, dict)
        expect(page.get_by_test_id("turn")).to_have_text(turn["other"].replace("{count}", "8"))
        expect(page.get_by_test_id("confirm")).to_be_disabled()
        one_screen(page, f"bury-{lang}", "phone")
        select(page, view["hand"][:1])
        expect(page.get_by_test_id("confirm")).to_be_enabled()
        assert_translated(page, lang, [])
        one_screen(page, f"bury-8-{lang}", "phone")
        page.get_by_test_id("rules-open").click()
        expect(page.get_by_test_id("rules-dialog").get_by_test_id("rule-section")).to_have_count(4)
    finally:
        close_page(page)


def test_every_declaration_offered_on_a_phone(browser: Browser, server: Server) -> None:
    """A hand that can declare seven ways (each level card, the level pair, both joker
    pairs): the box lists exactly those, all on one screen at 375 × 800, and the strongest
    one is sent as offered."""
    pack = tr.pack_108()
    mine = ["RJ", "RJ", "BJ", "BJ", "2S", "2S", "2H", "2D", "2C"]
    for card in mine:
        pack.remove(card)
    hand = mine + pack[:16]
    rest = pack[16:]
    hands = [hand, rest[:25], rest[25:50], rest[50:75]]
    state = cardavia.new_game("tractor").new_state(
        seed=5, deal={"dealer": 0, "hands": hands, "kitty": rest[75:83]}
    )
    page = new_page(browser, server, viewport=SIZES["phone"])
    try:
        match = open_seeded_match(page, server, state, LEVEL, "tractor-declarations")
        assert wait_for_you(page) == "turn"
        legal = [a for a in current_view(page, server, match)["legal_actions"] if a != "pass"]
        assert len(legal) == 7, legal
        box = page.locator("[data-testid=declare]")
        assert box.evaluate_all("nodes => nodes.map(n => n.dataset.action)") == legal
        expect(box.last).to_have_attribute("aria-label", "Declare JOKER ★ JOKER ★")
        one_screen(page, "declarations", "phone")
        sent_posts = posts(page)
        version = table_attr(page, "version")
        box.last.click()
        sent(page, version)
        assert sent_actions(sent_posts) == ["declare RJ RJ"]
        expect(page.get_by_test_id("tr-trump")).to_contain_text("no trump suit")
    finally:
        close_page(page)
