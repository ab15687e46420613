"""The bridge table in a real browser: a whole deal by clicks. You open 7NT, the highest
bid, so whatever the AI call afterwards You are the declarer (the first of your side to
name no trump) and every card of South and of the dummy North is yours to click. Checked
on the way: the bidding box at the first call (Pass and the 35 bids, no Double or
Redouble), your call in the auction grid under S, North's cards hidden during the auction
and face up from the opening lead, the dummy's cards selectable only when the dummy is to
play (SI-15), one click plays a card, and with the confirm setting select → change →
Confirm sends one play (SI-07), the last trick on demand, the records and the score
breakdown adding up to the score (SI-16), no hidden card in any response (SI-17). Then
the table in French and on a 375 px phone.

The AI level is ``random`` (set before the page loads): fast, and available even while
the bridge ``basic`` bot is being written."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, Locator, Page, expect

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
    posts,
    screenshot,
    sent_actions,
    table_attr,
    text,
    token,
    wait_ready,
)

BIDS = [f"{level}{strain}" for level in range(1, 8) for strain in ("C", "D", "H", "S", "NT")]
MAX_PLAYS = 40  # You play 26 cards (South's and the dummy's); a bound with room to spare


def open_bridge(page: Page, lang: str = "en", vulnerability: str | None = None) -> None:
    """Opens a new bridge table with random AI (the level picker's remembered choice):
    the vulnerability dialog first (SI-14), answered with ``vulnerability`` or the
    default None."""
    page.add_init_script("localStorage.setItem('cardavia.level', 'random')")
    page.goto(f"/{lang}/play/bridge")
    deal(page, vulnerability)
    expect(page.get_by_test_id("bridge")).to_be_visible()
    wait_ready(page)


def deal(page: Page, vulnerability: str | None = None) -> None:
    """Answers the vulnerability dialog: picks ``vulnerability`` (if given) and deals."""
    dialog = page.get_by_test_id("options-dialog")
    expect(dialog).to_be_visible()
    if vulnerability is not None:
        dialog.get_by_test_id(f"option-vulnerability-{vulnerability}").click()
    dialog.get_by_test_id("options-start").click()
    expect(dialog).to_be_hidden()


def current_view(server: Server, page: Page) -> dict[str, Any]:
    view: dict[str, Any] = server.api(f"/api/matches/{match_id(page)}", token(page))["view"]
    return view


def data_cards(locator: Locator) -> list[str]:
    return [str(card) for card in locator.evaluate_all("nodes => nodes.map(n => n.dataset.card)")]


def call_button(page: Page, call: str) -> Locator:
    """The bidding box's button that sends ``call``: for a bid, its strain once its level
    is chosen (the box is a row of levels and a row of strains)."""
    if not call[0].isdigit():
        return page.get_by_test_id(f"call-{call}")
    level = page.get_by_test_id(f"call-level-{call[0]}")
    if level.get_attribute("aria-pressed") != "true":
        level.click()
    expect(level).to_have_attribute("aria-pressed", "true")
    return page.get_by_test_id(f"call-strain-{call[1:]}")


def enabled_calls(page: Page) -> set[str]:
    """Every call the bidding box offers: the enabled strains of each enabled level, and
    Pass, Double, Redouble when enabled."""
    box = page.get_by_test_id("bidding-box")
    actions = "ns => ns.map(n => n.dataset.action)"
    calls = {str(a) for a in box.locator(".bd-others button:enabled").evaluate_all(actions)}
    levels = box.locator("button[data-level]:enabled")
    for level in [str(n) for n in levels.evaluate_all("ns => ns.map(n => n.dataset.level)")]:
        call_button(page, f"{level}C")  # chooses the level
        strains = box.locator("button[data-strain][data-action]:enabled")
        calls |= {str(a) for a in strains.evaluate_all(actions)}
    return calls


def enabled_cards(page: Page, testid: str) -> list[str]:
    return data_cards(page.locator(f"button[data-testid={testid}]:enabled"))


def test_bridge_whole_deal_by_clicks(page: Page, server: Server) -> None:
    log = ApiLog()
    log.attach(page)
    sent = posts(page)
    open_bridge(page)
    view = current_view(server, page)
    assert view["phase"] == "auction" and view["dealer"] == 0 and view["current_player"] == 0

    # The first call: Pass and the 35 bids, nothing else (BR-01).
    box = page.get_by_test_id("bidding-box")
    expect(box).to_be_visible()
    assert enabled_calls(page) == {"pass", *BIDS}
    expect(page.get_by_test_id("call-double")).to_be_disabled()
    expect(page.get_by_test_id("call-redouble")).to_be_disabled()
    expect(page.get_by_test_id("call-pass")).to_have_text(text("en", "table.bridge.pass"))
    expect(call_button(page, "3H")).to_have_attribute("aria-label", "3 hearts")
    expect(call_button(page, "7NT")).to_contain_text(text("en", "table.bridge.nt"))
    # Four hands: yours face up, the other three as 13 backs each.
    assert data_cards(page.get_by_test_id("hand-card")) == view["hand"]
    for seat in (1, 2, 3):
        seat_box = page.get_by_test_id(f"bd-seat-{seat}")
        assert seat_box.locator("[data-card]").count() == 0
        expect(seat_box.locator(".card.back")).to_have_count(13)
        expect(page.get_by_test_id(f"bd-count-{seat}")).to_have_attribute("data-count", "13")
    expect(page.get_by_test_id("vulnerability")).to_have_attribute("data-vulnerability", "none")
    screenshot(page, "bridge-auction")

    # 7NT: You declare whatever follows; then Pass whenever asked.
    state = click_and_wait(page, call_button(page, "7NT"))
    assert sent_actions(sent) == ["7NT"]
    first = page.get_by_test_id("auction-call").first
    expect(first).to_have_attribute("data-seat", "0")
    expect(first).to_have_attribute("data-call", "7NT")
    grid = page.get_by_test_id("auction-grid")
    heads = grid.locator("th").all_text_contents()
    assert heads == [text("en", f"table.bridge.seat_short.{seat}") for seat in (1, 2, 3, 0)]
    assert grid.locator("tbody tr").first.locator("td").nth(3).get_attribute("data-call") == "7NT"
    for _ in range(10):
        if state != "turn" or table_attr(page, "phase") != "auction":
            break
        # North's cards stay hidden while the auction lasts.
        assert page.get_by_test_id("bd-seat-2").locator("[data-card]").count() == 0
        assert "7NT" not in enabled_calls(page) and "pass" in enabled_calls(page)
        state = click_and_wait(page, page.get_by_test_id("call-pass"))
    view = current_view(server, page)
    assert view["contract"] is not None, "the auction did not end"
    assert view["contract"]["declarer"] == 0 and view["contract"]["level"] == 7
    expect(page.get_by_test_id("contract")).to_have_attribute("data-declarer", "0")
    expect(page.get_by_test_id("bd-role-0")).to_have_text(text("en", "table.bridge.role.declarer"))
    expect(page.get_by_test_id("bd-role-2")).to_have_text(text("en", "table.bridge.role.dummy"))
    expect(box).to_be_hidden()

    # West led; the dummy is face up now, as in the record (dummy after the lead).
    types = page.get_by_test_id("record").evaluate_all("ns => ns.map(n => n.dataset.type)")
    assert types.index("play") < types.index("dummy")
    dummy = page.get_by_test_id("dummy")
    expect(dummy).to_be_visible()
    assert sorted(data_cards(dummy.locator("[data-card]"))) == sorted(view["dummy"])
    assert len(view["dummy"]) == 13
    screenshot(page, "bridge-play")

    plays = 0
    checked_switch = checked_last = False
    while state == "turn":
        assert plays < MAX_PLAYS, f"the deal is not over after {MAX_PLAYS} plays by You"
        view = current_view(server, page)
        due = view["turn_hand"]
        assert due in (0, 2), f"You are asked to play for seat {due}"
        legal = [action.split()[1] for action in view["legal_actions"]]
        own, other = ("hand-card", "dummy-card") if due == 0 else ("dummy-card", "hand-card")
        # SI-15: only the hand due has selectable cards, exactly its legal ones.
        assert sorted(enabled_cards(page, own)) == sorted(legal)
        assert enabled_cards(page, other) == []
        confirm = page.get_by_test_id("play-confirm")
        card = legal[-1]
        target = page.locator(f"[data-testid={own}][data-card='{card}']")
        before = len(sent)
        if not checked_switch and len(legal) > 1:
            # SI-07, with the setting that asks to confirm each card: select, deselect,
            # select another, Confirm: one play, the last selection.
            page.get_by_test_id("confirm-cards").check()
            expect(confirm).to_be_disabled()
            page.locator(f"[data-testid={own}][data-card='{legal[0]}']").click()
            expect(confirm).to_be_enabled()
            page.locator(f"[data-testid={own}][data-card='{legal[0]}']").click()
            expect(confirm).to_be_disabled()
            target.click()
            expect(target).to_have_attribute("aria-pressed", "true")
            expect(confirm).to_be_enabled()
            assert len(sent) == before, "a card was sent before Confirm"
            state = click_and_wait(page, confirm)
            page.get_by_test_id("confirm-cards").uncheck()
            checked_switch = True
        else:
            # By default one click plays the card.
            expect(confirm).to_be_hidden()
            state = click_and_wait(page, target)
        assert sent_actions(sent)[before:] == [f"play {card}"]
        plays += 1
        if not checked_last and state == "turn":
            view = current_view(server, page)
            if view["last_trick"]:
                check_last_trick(page, view)
                checked_last = True
    assert state == "over", "the deal did not end"
    assert plays == 26, f"You played {plays} cards for South and the dummy, not 26"
    assert checked_switch and checked_last

    # The end: 13 tricks, every call and trick in the records, a breakdown that adds up.
    view = current_view(server, page)
    score = next(event for event in view["events"] if event["type"] == "score")
    assert sum(view["tricks"]) == 13
    expect(page.get_by_test_id("tricks-ns")).to_have_attribute("data-count", str(view["tricks"][0]))
    expect(page.get_by_test_id("tricks-ew")).to_have_attribute("data-count", str(view["tricks"][1]))
    records = page.get_by_test_id("record")
    types = records.evaluate_all("ns => ns.map(n => n.dataset.type)")
    calls = [event for event in view["events"] if event["type"] == "call"]
    assert types.count("call") == len(calls) and types.count("trick") == 13
    assert types.count("play") == 52 and types[-1] == "score"
    result = page.get_by_test_id("result")
    expect(result).to_be_visible()
    parts = result.get_by_test_id("score-part")
    points = [int(value) for value in parts.evaluate_all("ns => ns.map(n => n.dataset.points)")]
    total = int(result.get_by_test_id("score-total").get_attribute("data-points") or "x")
    assert sum(points) == total == score["ns"], (points, total, score)
    expect(result.get_by_test_id("score-ns")).to_have_attribute("data-points", str(score["ns"]))
    expect(result.get_by_test_id("score-ew")).to_have_attribute("data-points", str(score["ew"]))
    expect(result.get_by_test_id("score-tricks")).to_have_attribute(
        "data-tricks", str(score["tricks"])
    )
    names = parts.evaluate_all("ns => ns.map(n => n.dataset.part)")
    made = score["undertricks"] == 0
    assert names == (
        ["trick_points", "game_bonus", "slam_bonus", "insult_bonus", "overtricks"]
        if made
        else ["undertricks"]
    )
    if made:  # 7NT bid and made: the grand slam bonus
        assert score["slam_bonus"] in (1000, 1500) and points[2] == score["slam_bonus"]
    breakdown = result.get_by_test_id("result-breakdown").inner_text()
    assert text("en", "table.bridge.score.ns").split(":")[0] in breakdown
    assert not RAW_KEY.findall(page.locator("body").inner_text())
    screenshot(page, "bridge-result")

    log.drain()
    check_hidden(log, server, match_id(page))


def created_matches(page: Page) -> list[dict[str, Any]]:
    """The bodies of the page's create requests, from now on."""
    bodies: list[dict[str, Any]] = []
    page.on(
        "request",
        lambda request: (
            bodies.append(json.loads(request.post_data or "{}"))
            if request.method == "POST" and request.url.endswith("/api/matches")
            else None
        ),
    )
    return bodies


def test_bridge_vulnerability_chosen_before_the_deal(page: Page, server: Server) -> None:
    """SI-14: Start game offers None, North–South, East–West and Both before any card is
    dealt (no match created yet, no card on the page); Both is then the deal's
    vulnerability, in the table, the records and the match's view(0). Restart asks again
    (a game is in progress: the question too), Cancel keeps the deal, East–West deals anew."""
    created = created_matches(page)
    page.add_init_script("localStorage.setItem('cardavia.level', 'random')")
    page.goto("/en/play/bridge")
    dialog = page.get_by_test_id("options-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_test_id("options-question")).to_be_hidden()
    expect(dialog.get_by_test_id("options-cancel")).to_be_hidden()  # nothing to go back to
    choices = dialog.get_by_role("radio")
    assert [str(value) for value in choices.evaluate_all("ns => ns.map(n => n.value)")] == [
        "none",
        "ns",
        "ew",
        "both",
    ]
    for value in ("none", "ns", "ew", "both"):
        expect(dialog.get_by_test_id(f"option-vulnerability-{value}")).to_have_text(
            text("en", f"table.bridge.vul_choice.{value}")
        )
    expect(
        dialog.get_by_role("radio", name=text("en", "table.bridge.vul_choice.none"))
    ).to_be_checked()
    # Nothing dealt yet: no request, no card, no match in the URL.
    assert created == [] and page.locator("[data-card]").count() == 0
    assert page.url.endswith("/en/play/bridge")
    assert not table_attr(page, "version")
    screenshot(page, "bridge-vulnerability")

    both = dialog.get_by_role("radio", name=text("en", "table.bridge.vul_choice.both"))
    dialog.get_by_test_id("option-vulnerability-both").click()
    expect(both).to_be_checked()
    dialog.get_by_test_id("options-start").click()
    expect(dialog).to_be_hidden()
    wait_ready(page)
    assert created == [{"game": "bridge", "level": "random", "vulnerability": "both"}]
    expect(page.get_by_test_id("vulnerability")).to_have_attribute("data-vulnerability", "both")
    expect(page.get_by_test_id("vulnerability")).to_contain_text(
        text("en", "table.bridge.vul.both")
    )
    expect(page.get_by_test_id("record").first).to_contain_text(text("en", "table.bridge.vul.both"))
    assert current_view(server, page)["vulnerability"] == "both"
    assert server.stored_state(match_id(page)).vulnerability == "both"
    expect(page.get_by_test_id("hand-card")).to_have_count(13)

    # Restart: one dialog with the question and the last choice; Cancel changes nothing.
    first = match_id(page)
    page.get_by_test_id("restart").click()
    expect(dialog).to_be_visible()
    expect(dialog.get_by_test_id("options-question")).to_be_visible()
    expect(both).to_be_checked()
    dialog.get_by_test_id("options-cancel").click()
    expect(dialog).to_be_hidden()
    assert match_id(page) == first and len(created) == 1
    page.get_by_test_id("restart").click()
    deal(page, "ew")
    page.wait_for_function("first => !location.pathname.endsWith(first)", arg=first)
    wait_ready(page)
    assert created[-1]["vulnerability"] == "ew" and match_id(page) != first
    expect(page.get_by_test_id("vulnerability")).to_have_attribute("data-vulnerability", "ew")
    assert current_view(server, page)["vulnerability"] == "ew"


def check_last_trick(page: Page, view: dict[str, Any]) -> None:
    """The last-trick button shows the four cards of view.last_trick, by seat, and hides
    them again."""
    toggle = page.get_by_test_id("last-trick-toggle")
    expect(toggle).to_be_enabled()
    panel = page.get_by_test_id("last-trick")
    expect(panel).to_be_hidden()
    toggle.click()
    expect(panel).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    shown = panel.get_by_test_id("last-trick-card")
    expect(shown).to_have_count(4)
    by_seat = {
        int(seat): card
        for seat, card in shown.evaluate_all("ns => ns.map(n => [n.dataset.seat, n.dataset.card])")
    }
    assert by_seat == {play["seat"]: play["card"] for play in view["last_trick"]}
    tricks = [event for event in view["events"] if event["type"] == "trick"]
    expect(panel).to_have_attribute("data-winner", str(tricks[-1]["winner"]))
    screenshot(page, "bridge-last-trick")
    toggle.click()
    expect(panel).to_be_hidden()


CALL_KEYS = {"call", "action", "legal_actions", "contract"}  # bids like 2S are not cards


def bridge_cards(value: Any, key: str = "") -> set[str]:
    """Every card named in a JSON value: card strings, ``play <card>`` actions; not the
    calls and contracts, whose bids look like cards (``2S``, ``7D``)."""
    if isinstance(value, dict):
        return set().union(set(), *(bridge_cards(item, name) for name, item in value.items()))
    if isinstance(value, list):
        return set().union(set(), *(bridge_cards(item, key) for item in value))
    if isinstance(value, str):
        if value.startswith("play "):
            return card_tokens(value)
        return set() if key in CALL_KEYS else card_tokens(value)
    return set()


def check_hidden(log: ApiLog, server: Server, match: str) -> None:
    """SI-17: no response names a card of West or East before it is played, nor a card
    of North before the dummy is laid down."""
    state = server.stored_state(match)
    events = state.events
    played = {
        seat: {e["card"] for e in events if e["type"] == "play" and e["seat"] == seat}
        for seat in range(4)
    }
    dealt = {seat: set(state.hands[seat]) | played[seat] for seat in range(4)}
    views = 0
    for url, body in log.bodies:
        named = bridge_cards(body)
        view = body.get("view") if isinstance(body, dict) else None
        if view is None:
            assert not named, f"{url} names cards {named}"
            continue
        views += 1
        assert view["seat"] == 0 and not {"hands", "deck"} & set(view)
        seen = {e["card"] for e in view["events"] if e["type"] == "play"}
        exposed = any(e["type"] == "dummy" for e in view["events"])
        known = dealt[0] | seen | (dealt[2] if exposed else set())
        assert (view["dummy"] is not None) == exposed
        leaked = named - known
        assert not leaked, f"{url} names cards seat 0 cannot know: {leaked}"
    assert views >= 3
    assert bridge_cards({"legal_actions": ["2S", "play 2S"], "contract": "2H by E"}) == {"2S"}


def test_bridge_in_french(page: Page) -> None:
    """The table in French: bidding box, seats, auction and records translated."""
    open_bridge(page, "fr")
    keys = [
        "table.bridge.pass",
        "table.bridge.double",
        "table.bridge.redouble",
        "table.bridge.bidding_box",
        "table.bridge.turn.call",
    ]
    assert_translated(page, "fr", keys)
    expect(page.get_by_test_id("call-pass")).to_have_text(text("fr", "table.bridge.pass"))
    expect(page.get_by_test_id("call-double")).to_have_text(text("fr", "table.bridge.double"))
    expect(call_button(page, "1NT")).to_contain_text(text("fr", "table.bridge.nt"))
    expect(call_button(page, "2S")).to_have_attribute("aria-label", "2 pique")
    click_and_wait(page, call_button(page, "1C"))
    grid = page.get_by_test_id("auction-grid")
    heads = grid.locator("th").all_text_contents()
    assert heads == ["O", "N", "E", "S"]
    expect(page.get_by_test_id("record").first).to_contain_text("Nouvelle donne")
    assert not RAW_KEY.findall(page.locator("body").inner_text())


def test_bridge_on_a_phone(browser: Browser, server: Server) -> None:
    """375 × 740: the bidding box and your hand fit the width; nothing scrolls sideways,
    also once the dummy is face up."""
    page = new_page(browser, server, viewport=PHONE)
    try:
        open_bridge(page)

        def fits(label: str) -> None:
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"{label}: the page scrolls sideways ({width} px)"
            for testid in ("bidding-box", "bd-hand", "dummy", "trick", "auction-grid"):
                locator = page.get_by_test_id(testid)
                if locator.count() != 1 or not locator.is_visible():
                    continue
                found = locator.bounding_box()
                assert found is not None
                assert found["x"] >= 0 and found["x"] + found["width"] <= PHONE["width"], (
                    label,
                    testid,
                    found,
                )

        fits("auction")
        screenshot(page, "bridge-phone-auction")
        state = click_and_wait(page, call_button(page, "7NT"))
        for _ in range(10):
            if state != "turn" or table_attr(page, "phase") != "auction":
                break
            state = click_and_wait(page, page.get_by_test_id("call-pass"))
        expect(page.get_by_test_id("dummy")).to_be_visible()
        fits("play")
        screenshot(page, "bridge-phone-play")
        # One card by a tap.
        buttons = page.locator("button[data-card]:enabled")
        if state == "turn" and buttons.count():
            click_and_wait(page, buttons.first)
            fits("after a play")
    finally:
        close_page(page)
