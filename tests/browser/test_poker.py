"""The poker tables in a real browser: a whole Texas Hold'em hand called down by clicks
with the showdown panel checked against the public record (revealed hole cards, the
winning five, pots), a whole One Poker deal by clicks (lock by selecting a card and
confirming, a bet through the bet control, the reveal and result), the bet control's
limits and quick sizes against ``bet_range``, no hidden card in any response (SI-17), and
both tables on a 375 px phone."""

from __future__ import annotations

import math
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

import cardavia

from .conftest import (
    PHONE,
    RAW_KEY,
    ApiLog,
    Server,
    assert_translated,
    card_tokens,
    click_and_wait,
    close_page,
    match_id,
    new_page,
    open_seeded_match,
    posts,
    screenshot,
    sent_actions,
    table_attr,
    text,
    token,
    wait_ready,
)

HOLDEM_CHIPS = 4000
ONEPOKER_CHIPS = 40


def level_for(game: str) -> str:
    """The page's default level (basic) once the game's basic bot exists, else random."""
    try:
        cardavia.new_bot(game, "basic")
    except ValueError:
        return "random"
    return "basic"


def open_table(page: Page, game: str) -> None:
    """Opens the table: the page creates the match with the level of its level picker."""
    page.goto(f"/en/play/{game}")
    level = level_for(game)
    if level != "basic":
        page.get_by_test_id("level").select_option(level)  # remembered for the next match
        page.goto(f"/en/play/{game}")
    expect(page.get_by_test_id("poker")).to_be_visible()
    assert wait_ready(page) in ("turn", "over", "watch")


def check_or_call(page: Page) -> str:
    for name in ("check", "call"):
        button = page.get_by_test_id(name)
        if button.is_visible() and button.is_enabled():
            return click_and_wait(page, button)
    raise AssertionError("neither Check nor Call is offered on your turn")


def current_view(server: Server, page: Page) -> dict[str, Any]:
    view: dict[str, Any] = server.api(f"/api/matches/{match_id(page)}", token(page))["view"]
    return view


def data_cards(locator: Locator) -> list[str]:
    cards = locator.evaluate_all("nodes => nodes.map(node => node.dataset.card)")
    return [str(card) for card in cards]


def hand_events(events: list[dict[str, Any]], hand: int) -> list[dict[str, Any]]:
    """The events of hand ``hand``: from its deal to its result."""
    start = next(
        i for i, event in enumerate(events) if event["type"] == "deal" and event["hand"] == hand
    )
    end = next(
        i
        for i, event in enumerate(events)
        if event["type"] == "hand_result" and event["hand"] == hand
    )
    return events[start : end + 1]


def check_last_hand(page: Page, events: list[dict[str, Any]]) -> bool:
    """The last-hand panel against the public record; True when it was a showdown."""
    panel = page.get_by_test_id("last-hand")
    expect(panel).to_be_visible()
    hand = int(panel.get_attribute("data-hand") or "0")
    record = hand_events(events, hand)
    board = [card for event in record if event["type"] == "board" for card in event["cards"]]
    assert data_cards(panel.get_by_test_id("last-board").locator("[data-card]")) == board
    pots = [event for event in record if event["type"] == "pot"]
    expect(panel.get_by_test_id("last-pot")).to_have_count(len(pots))
    winners = {seat for pot in pots for seat in pot["winners"]}
    showdown = next((event for event in record if event["type"] == "showdown"), None)
    if showdown is None:
        expect(panel.get_by_test_id("uncontested")).to_be_visible()
        expect(panel.get_by_test_id("showdown-hand")).to_have_count(0)
        return False
    expect(panel.get_by_test_id("showdown-hand")).to_have_count(len(showdown["hands"]))
    for shown in showdown["hands"]:
        row = panel.locator(f"[data-testid=showdown-hand][data-seat='{shown['seat']}']")
        assert data_cards(row.get_by_test_id("shown-card")) == shown["cards"]
        category = text("en", f"table.poker.category.{shown['category']}")
        expect(row.get_by_test_id("category")).to_have_text(category)
        five = "winning-card" if shown["seat"] in winners else "best-card"
        assert data_cards(row.get_by_test_id(five)) == shown["best"]
        assert len(shown["best"]) == 5
    assert winners and page.locator("[data-testid=winning-five]").count() == len(
        winners & {shown["seat"] for shown in showdown["hands"]}
    )
    # The winning five are highlighted (and the winners marked).
    for card in panel.get_by_test_id("winning-card").all():
        assert "is-best" in (card.get_attribute("class") or "")
    return True


START_STACK = 1000


def stack(page: Page, seat: int) -> int:
    return int(page.get_by_test_id(f"stack-{seat}").get_attribute("data-amount") or "0")


def chips_on_table(page: Page, seats: int) -> int:
    stacks = sum(stack(page, seat) for seat in range(seats))
    return stacks + int(page.get_by_test_id("pot").get_attribute("data-amount") or "0")


def test_holdem_whole_hand_by_clicks(page: Page, server: Server) -> None:
    """Hand 1 shows four seats, the button on You and the blinds; You call or check down
    by clicks until hands end; the last-hand panel shows the revealed hole cards, each
    hand's best five with the winning five highlighted, and the pots, as in the record."""
    open_table(page, "holdem")
    view = current_view(server, page)
    assert view["hand_number"] == 1 and view["current_player"] == 0
    for seat in range(4):
        expect(page.get_by_test_id(f"pk-seat-{seat}")).to_be_visible()
    expect(page.get_by_test_id("pk-seat-0").get_by_test_id("badge-dealer")).to_be_visible()
    expect(page.get_by_test_id("pk-seat-1").get_by_test_id("badge-sb")).to_be_visible()
    expect(page.get_by_test_id("pk-seat-2").get_by_test_id("badge-bb")).to_be_visible()
    assert data_cards(page.get_by_test_id("hand-card")) == view["hand"]
    for seat in (1, 2, 3):  # the AI cards are backs
        assert page.get_by_test_id(f"pk-seat-{seat}").locator("[data-card]").count() == 0
    assert chips_on_table(page, 4) == HOLDEM_CHIPS
    expect(page.get_by_test_id("call")).to_contain_text(str(view["to_call"]))
    screenshot(page, "holdem-desktop")

    showdowns = hands = 0
    seen: set[int] = set()
    for _ in range(80):
        state = wait_ready(page)
        panel = page.get_by_test_id("last-hand")
        if panel.is_visible():
            hand = int(panel.get_attribute("data-hand") or "0")
            if hand not in seen:
                seen.add(hand)
                hands += 1
                showdowns += check_last_hand(page, current_view(server, page)["events"])
                if showdowns == 1:
                    screenshot(page, "holdem-showdown")
                if state == "turn":  # the next hand is dealt and waits for You
                    assert int(page.get_by_test_id("poker").get_attribute("data-hand") or 0) > hand
                    assert chips_on_table(page, 4) == HOLDEM_CHIPS
        if showdowns and hands >= 1:
            break
        if state == "watch":
            # Out of chips: Watch (or skip) the AI players finish the match.
            expect(page.get_by_test_id("watch-restart")).to_be_visible()
            page.get_by_test_id("skip").click()
            assert wait_ready(page) == "over"
            break
        if state == "over":
            break
        check_or_call(page)
    assert hands >= 1, "no hand was finished"
    assert showdowns >= 1, "no showdown in the hands played"
    assert not RAW_KEY.findall(page.locator("body").inner_text())
    types = page.get_by_test_id("record").evaluate_all("nodes => nodes.map(n => n.dataset.type)")
    assert "showdown" in types and "pot" in types and "hand_result" in types


def test_holdem_bet_control_and_hidden_cards(page: Page, server: Server) -> None:
    """The amount field, the slider and the limits are bet_range's minimum and maximum; a
    total below the minimum (SI-11) or above the maximum is refused with a message and
    nothing is sent; ½ pot and pot are clamped to the range, all-in is the maximum; Confirm
    sends exactly one action. No response names a card seat 0 may not know (SI-17)."""
    log = ApiLog()
    log.attach(page)
    sent = posts(page)
    open_table(page, "holdem")
    view: dict[str, Any] = {}
    for _ in range(30):
        assert wait_ready(page) == "turn", "no turn with a raise allowed"
        view = current_view(server, page)
        if (
            view["bet_range"] is not None
            and view["bet_range"]["minimum"] + 2 < view["bet_range"]["maximum"]
        ):
            break
        check_or_call(page)
    else:
        raise AssertionError("no turn with a raise allowed")
    allowed = view["bet_range"]
    low, high, verb = allowed["minimum"], allowed["maximum"], allowed["verb"]
    expect(page.get_by_test_id("bet-min")).to_have_attribute("data-amount", str(low))
    expect(page.get_by_test_id("bet-max")).to_have_attribute("data-amount", str(high))
    expect(page.get_by_test_id("bet-min")).to_have_text(
        text("en", "table.poker.minimum").format(amount=low)
    )
    amount = page.get_by_test_id("bet-amount")
    slider = page.get_by_test_id("bet-slider")
    for field in (amount, slider):
        expect(field).to_have_attribute("min", str(low))
        expect(field).to_have_attribute("max", str(high))
    expect(amount).to_have_value(str(low))
    confirm = page.get_by_test_id("bet-confirm")
    expect(confirm).to_be_enabled()

    before = len(sent)
    amount.fill(str(low - 1))
    error = page.get_by_test_id("bet-error")
    expect(error).to_have_text(text("en", f"table.poker.amount_min.{verb}").format(amount=low))
    expect(confirm).to_be_disabled()
    amount.press("Enter")
    amount.fill(str(high + 1))
    expect(error).to_have_text(text("en", "table.poker.amount_max").format(amount=high))
    expect(confirm).to_be_disabled()
    amount.fill(str(low + 1))
    expect(error).to_be_hidden()
    expect(confirm).to_be_enabled()
    expect(slider).to_have_value(str(low + 1))
    assert len(sent) == before, "an amount out of range was sent"

    # Quick sizes: the call plus a share of the pot it makes, within the legal range.
    current_bet, to_call, pot = max(view["bets"]), view["to_call"], sum(view["committed"])
    for size, fraction in (("half", 0.5), ("pot", 1.0)):
        page.get_by_test_id(f"quick-{size}").click()
        wanted = current_bet + math.floor(fraction * (pot + to_call) + 0.5)
        expect(amount).to_have_value(str(min(high, max(low, wanted))))
    page.get_by_test_id("quick-allin").click()
    expect(amount).to_have_value(str(high))
    expect(confirm).to_have_text(text("en", "table.poker.all_in_amount").format(amount=high))
    page.get_by_test_id("quick-half").click()
    chosen = int(amount.input_value())
    assert low <= chosen <= high
    assert len(sent) == before
    click_and_wait(page, confirm)
    assert sent_actions(sent)[before:] == [f"{verb} {chosen}"]

    # A few more decisions, then the responses are checked against what is hidden now.
    for _ in range(6):
        state = wait_ready(page)
        if state != "turn":
            break
        check_or_call(page)
    if wait_ready(page) == "watch":
        page.get_by_test_id("skip").click()
        wait_ready(page)
    log.drain()
    check_holdem_hidden(log, server, match_id(page), page)


def holdem_known(view: dict[str, Any]) -> set[str]:
    return set(view["hand"]) | set(view["board"]) | card_tokens(view["events"])


def check_holdem_hidden(log: ApiLog, server: Server, match: str, page: Page) -> None:
    state = server.stored_state(match)
    final = state.view(0)
    hidden: set[str] = set(state.burns) | set(state.board[len(final["board"]) :])
    for seat in (1, 2, 3):
        hidden |= set(state.hole[seat])
    hidden -= holdem_known(final)  # shown at a showdown that ended the match
    views = 0
    known_anywhere: set[str] = set()
    for url, body in log.bodies:
        named = card_tokens(body)
        view = body.get("view") if isinstance(body, dict) else None
        if view is None:
            assert not named, f"{url} names cards {named}"
            continue
        views += 1
        assert view["seat"] == 0, f"{url} sent the view of seat {view['seat']}"
        assert not {"hole", "burns", "deck"} & set(view)
        leaked = named - holdem_known(view)
        assert not leaked, f"{url} names cards seat 0 cannot know: {leaked}"
        if view["hand_number"] == final["hand_number"]:
            assert not named & hidden, f"{url} names hidden cards {named & hidden}"
        known_anywhere |= holdem_known(view)
    assert views >= 2
    shown = set(data_cards(page.locator("[data-card]")))
    assert shown <= known_anywhere, f"the page shows unknown cards {shown - known_anywhere}"


# --- One Poker ----------------------------------------------------------------------------


def onepoker_public(view: dict[str, Any]) -> set[str]:
    """Cards seat 0 knows without the record: its hand and lock, the reveal, the discards."""
    known = set(view["hand"]) | set(view["discards"]) | {c for c in view["revealed"] if c}
    if view["my_locked"]:
        known.add(view["my_locked"])
    return known


def test_onepoker_whole_deal_by_clicks(page: Page, server: Server) -> None:
    """Deal 1 (You first): both signals shown, no bet control before both locks (SI-12);
    select a card, change your mind, Confirm sends one `lock`; your card lies on the table,
    the kept one is marked, the AI's lock is a back; a bet through the bet control; the
    deal ends with both locked cards revealed and the result, as in the record."""
    log = ApiLog()
    log.attach(page)
    sent = posts(page)
    open_table(page, "onepoker")
    view = current_view(server, page)
    assert view["deal_number"] == 1 and view["phase"] == "lock" and view["current_player"] == 0
    for seat in (0, 1):
        signal = page.get_by_test_id(f"signal-{seat}")
        expect(signal).to_have_attribute("data-up", str(view["signals"][seat]["up"]))
        expect(signal).to_have_attribute("data-down", str(view["signals"][seat]["down"]))
        expect(signal).to_contain_text(text("en", "table.onepoker.up"))
    expect(page.get_by_test_id("first-0")).to_be_visible()
    expect(page.get_by_test_id("bet-control")).to_be_hidden()
    cards = page.get_by_test_id("hand-card")
    assert data_cards(cards) == view["hand"]
    assert page.get_by_test_id("pk-seat-1").locator("[data-card]").count() == 0
    confirm = page.get_by_test_id("lock-confirm")
    expect(confirm).to_be_disabled()
    first, last = view["hand"][0], view["hand"][-1]
    page.locator(f"[data-testid=hand-card][data-card='{first}']").first.click()
    expect(confirm).to_be_enabled()
    page.locator(f"[data-testid=hand-card][data-card='{first}']").first.click()
    expect(confirm).to_be_disabled()
    page.locator(f"[data-testid=hand-card][data-card='{last}']").last.click()
    expect(page.locator("[data-testid=hand-card][aria-pressed=true]")).to_have_count(1)
    expect(confirm).to_contain_text(text("en", "table.onepoker.lock"))
    screenshot(page, "onepoker-lock")
    assert not sent
    state = click_and_wait(page, confirm)
    assert sent_actions(sent) == [f"lock {last}"]

    view = current_view(server, page)
    assert view["deal_number"] == 1 and view["phase"] == "bet" and state == "turn"
    expect(page.get_by_test_id("locked-0")).to_have_attribute("data-card", last)
    locked_ai = page.get_by_test_id("locked-1")
    assert locked_ai.get_attribute("data-card") is None
    assert "back" in (locked_ai.get_attribute("class") or "")
    kept = view["hand"][0]
    expect(page.get_by_test_id("kept-card")).to_have_attribute("data-card", kept)
    for seat in (0, 1):  # the signals did not change with the locks
        signal = page.get_by_test_id(f"signal-{seat}")
        expect(signal).to_have_attribute("data-up", str(view["signals"][seat]["up"]))

    # The bet control: a bet of the minimum plus one.
    expect(page.get_by_test_id("bet-control")).to_be_visible()
    allowed = view["bet_range"]
    assert allowed["verb"] == "bet" and allowed["minimum"] == 1
    expect(page.get_by_test_id("bet-max")).to_have_attribute("data-amount", str(allowed["maximum"]))
    page.get_by_test_id("bet-amount").fill("2")
    screenshot(page, "onepoker-bet")
    click_and_wait(page, page.get_by_test_id("bet-confirm"))
    assert sent_actions(sent)[-1] == "bet 2"
    for _ in range(10):
        if page.get_by_test_id("last-deal").is_visible():
            break
        check_or_call(page)
    panel = page.get_by_test_id("last-deal")
    expect(panel).to_have_attribute("data-deal", "1")
    events = current_view(server, page)["events"]
    reveal = next(event for event in events if event["type"] == "reveal")
    result = next(event for event in events if event["type"] == "result")
    assert reveal["cards"][0] == last
    for seat in (0, 1):
        card = panel.get_by_test_id(f"revealed-{seat}").get_by_test_id("revealed-card")
        expect(card).to_have_attribute("data-card", reveal["cards"][seat])
    expect(page.get_by_test_id("last-result")).not_to_be_empty()
    if result["winner"] is None:
        expect(page.get_by_test_id("last-result")).to_contain_text("Tie")
    screenshot(page, "onepoker-result")
    types = page.get_by_test_id("record").evaluate_all("nodes => nodes.map(n => n.dataset.type)")
    assert "reveal" in types and "result" in types and "lock" in types
    if wait_ready(page) == "turn":
        assert chips_on_table(page, 2) == ONEPOKER_CHIPS
        assert page.get_by_test_id("poker").get_attribute("data-deal") == "2"
    assert not RAW_KEY.findall(page.locator("body").inner_text())

    # A reload shows the same table, the last deal's panel included.
    records = page.get_by_test_id("record").all_inner_texts()
    log.drain()  # the bodies are gone after a navigation
    page.reload()
    wait_ready(page)
    expect(page.get_by_test_id("last-deal")).to_have_attribute("data-deal", "1")
    after = page.get_by_test_id("record").all_inner_texts()
    assert after == records, [(a, b) for a, b in zip(after, records, strict=False) if a != b] or (
        len(after),
        len(records),
    )
    assert page.get_by_test_id("locked-1").get_attribute("data-card") is None

    # No response names a card of the AI that seat 0 has not seen (SI-17).
    log.drain()
    final = server.stored_state(match_id(page))
    views = 0
    for url, body in log.bodies:
        sent_view = body.get("view") if isinstance(body, dict) else None
        if sent_view is None:
            continue
        view = sent_view
        views += 1
        assert view["seat"] == 0 and not {"hands", "stock", "locked_cards"} & set(view)
        assert isinstance(view["locked"], list) and all(isinstance(x, bool) for x in view["locked"])
        named = card_tokens(body)
        known = onepoker_public(view) | card_tokens(view["events"])
        assert not named - known, f"{url} names cards seat 0 cannot know: {named - known}"
        if view["deal_number"] == final.view(0)["deal_number"]:
            # The AI's cards now (in hand, and locked while not revealed).
            secret = set(final.hands[1]) | ({final.locked[1]} if final.locked[1] else set())
            leaked = named & secret - onepoker_public(view)
            assert not leaked, f"{url} names the AI's hidden cards {leaked}"
    assert views >= 3


# --- phones -------------------------------------------------------------------------------


def test_poker_tables_on_a_phone(browser: Browser, server: Server) -> None:
    """375 × 740: both tables fit the width (nothing scrolls sideways), the bet control
    and your cards lie within it, and a turn can be played by taps."""
    page = new_page(browser, server, viewport=PHONE)
    try:
        for game in ("holdem", "onepoker"):
            open_table(page, game)
            if game == "onepoker":
                # Hint selects the suggested card; Confirm locks it.
                page.get_by_test_id("hint").click()
                expect(page.get_by_test_id("message")).to_contain_text("Suggestion")
                expect(page.locator("[data-testid=hand-card][aria-pressed=true]")).to_have_count(1)
                expect(page.get_by_test_id("lock-confirm")).to_have_class(re.compile("is-hinted"))
                click_and_wait(page, page.get_by_test_id("lock-confirm"))
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"{game}: the page scrolls sideways ({width} px)"
            for locator in (page.get_by_test_id("pk-hand"), page.get_by_test_id("bet-control")):
                if not locator.is_visible():
                    continue
                box = locator.bounding_box()
                assert box is not None
                assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (game, box)
            screenshot(page, f"{game}-phone")
            if wait_ready(page) == "turn" and page.get_by_test_id("bet-control").is_visible():
                check_or_call(page)
    finally:
        close_page(page)


def shove_or_call(page: Page) -> str:
    """All-in when a bet or raise is allowed, else check or call: a short match."""
    confirm = page.get_by_test_id("bet-confirm")
    shove = page.get_by_test_id("quick-allin")
    if shove.is_enabled():
        shove.click()
        return click_and_wait(page, confirm)
    return check_or_call(page)


# You are all-in in the small blind (10 chips) with seven-deuce; the big blind pairs its
# nine: You are out after the first hand, with nothing to decide.
LOSING_DEAL = {
    "hands": [["2C", "7D"], ["9C", "8C"], ["6H", "5H"], ["JC", "3S"]],
    "board": ["AD", "KD", "QD", "9S", "4H"],
    "button": 3,
    "stacks": [10, 1000, 1000, 990],
}


def test_holdem_watch_after_elimination(page: Page, server: Server) -> None:
    """SI-10 and issue 10: once You are out the page offers Watch, Skip to the result and
    New match, and nothing waits on You; Watch shows the AI moves one at a time, each seat
    saying when it thinks; Skip plays the rest out quickly; the lost match is headlined with
    its winner and "You lost" (never "a tie"); New match deals four stacks of 1000."""
    state = cardavia.new_game("holdem").new_state(seed=3, deal=LOSING_DEAL)
    open_seeded_match(page, server, state, "basic", "holdem-watch")
    assert wait_ready(page) == "watch"
    offer = page.get_by_test_id("watch-offer")
    expect(offer).to_contain_text(text("en", "table.watch.out"))
    for name in ("watch", "skip", "watch-restart"):
        expect(page.get_by_test_id(name)).to_be_visible()
    expect(page.get_by_test_id("bet-control")).to_be_hidden()
    expect(page.get_by_test_id("status-0")).to_have_text(text("en", "table.poker.out"))
    assert table_attr(page, "busy") == "false"  # no request is pending while You choose
    expect(page.get_by_test_id("turn")).to_have_text("")  # nobody "is thinking" meanwhile
    screenshot(page, "holdem-watch")
    shown = page.get_by_test_id("record").count()
    # Every change of the thinking mark is recorded as it happens (a quick decision shows
    # it only for the few milliseconds of its request).
    page.evaluate(
        """() => {
            window.thinkingSeen = [];
            const table = document.querySelector('[data-testid=table]');
            new MutationObserver(() => {
                const seat = table.dataset.thinking;
                if (!seat) return;
                const marked = [...document.querySelectorAll('.is-thinking')]
                    .map((n) => n.dataset.seat);
                const turn = document.querySelector('[data-testid=turn]').textContent;
                window.thinkingSeen.push({ seat, marked, turn });
            }).observe(table, { attributes: true, attributeFilter: ['data-thinking'] });
        }"""
    )
    page.get_by_test_id("watch").click()
    # The AI hands go on, one decision per request: the seat to act says it is thinking.
    thinking = page.wait_for_function(
        "() => window.thinkingSeen.length ? window.thinkingSeen[0] : null"
    ).json_value()
    assert thinking["seat"] in ("1", "2", "3")
    assert set(thinking["marked"]) == {thinking["seat"]}
    assert thinking["turn"] == f"AI {thinking['seat']} is thinking…"
    page.wait_for_function(
        "count => document.querySelectorAll('[data-testid=record]').length > count",
        arg=shown,
    )
    expect(page.get_by_test_id("bet-control")).to_be_hidden()
    expect(page.get_by_test_id("watch")).to_be_hidden()
    page.get_by_test_id("skip").click()
    expect(page.get_by_test_id("result")).to_be_visible(timeout=120_000)
    final = server.stored_state(match_id(page)).events[-1]
    assert final["type"] == "match_over" and final["scores"][0] == 0
    winner = final["scores"].index(max(final["scores"]))
    headline = page.get_by_test_id("result-headline")
    expect(headline).to_contain_text(f"AI {winner}")
    expect(headline).to_contain_text(text("en", "result.you_lost"))
    expect(headline).not_to_contain_text(text("en", "result.tie"))
    expect(offer).to_be_hidden()
    old = match_id(page)
    page.get_by_test_id("new-game").click()
    page.wait_for_function("old => !location.pathname.endsWith('/' + old)", arg=old)
    assert wait_ready(page) == "turn"
    expect(page.get_by_test_id("record").first).to_contain_text("Hand 1 —")
    view = current_view(server, page)
    assert view["hand_number"] == 1 and view["button"] == 0
    assert view["scores"] == [START_STACK] * 4
    expect(page.get_by_test_id("pk-seat-0").get_by_test_id("badge-dealer")).to_be_visible()
    assert chips_on_table(page, 4) == HOLDEM_CHIPS


@pytest.mark.parametrize(
    ("game", "lang"), [("holdem", "fr"), ("holdem", "zh"), ("onepoker", "cs"), ("onepoker", "id")]
)
def test_poker_tables_translated(page: Page, game: str, lang: str) -> None:
    """The poker tables in another language: labels, controls and records translated, no
    catalog key or placeholder showing."""
    page.goto(f"/{lang}/play/{game}")
    level = level_for(game)
    if level != "basic":
        page.get_by_test_id("level").select_option(level)
        page.goto(f"/{lang}/play/{game}")
    assert wait_ready(page) == "turn"
    if game == "holdem":
        keys = ["table.poker.fold", "table.poker.quick_half", "table.poker.chips"]
        check_or_call(page)
    else:
        keys = ["table.onepoker.lock", "table.onepoker.signal_help", "table.onepoker.up"]
    assert_translated(page, lang, ["table.restart", "table.rules", *keys])
    assert page.get_by_test_id("record").count() >= 2
